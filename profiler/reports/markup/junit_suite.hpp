#pragma once

#include <cstddef>
#include <string>
#include <utility>

namespace tileprof {

// A JUnit file of one test suite, a test case at a time: what CI systems (GitHub's and GitLab's
// test reports, Jenkins) show per check.
class JunitSuite {
public:
    explicit JunitSuite(std::string name) : name_(std::move(name)) {}

    // A test case that failed with `detail` as its message, or passed with it as its output.
    void add(const std::string& classname, const std::string& name, const std::string& detail, bool failed);

    // The whole file; `suites` names the run ("tileprof play").
    std::string document(const std::string& suites) const;

private:
    std::string name_;
    std::string cases_;
    std::size_t tests_ = 0;
    std::size_t failures_ = 0;
};

} // namespace tileprof
