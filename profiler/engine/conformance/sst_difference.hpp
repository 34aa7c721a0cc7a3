#pragma once

#include "profiler/engine/conformance/sst_runner.hpp"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace tileprof {

// What both vector runners (65816 and SPC700) share: how a difference is worded, and the tally.

inline std::string sstHex(std::uint32_t value, int digits)
{
    char text[16];
    std::snprintf(text, sizeof text, "$%0*X", digits, value);
    return text;
}

// "A: expected $12, got $34", when the register differs.
inline void checkSstRegister(std::vector<std::string>& out, const char* name, unsigned want, unsigned got, int digits)
{
    if (want != got) {
        out.push_back(std::string(name) + ": expected " + sstHex(want, digits) + ", got " + sstHex(got, digits));
    }
}

// Runs every test of `file` with `runTest` (a test's differences, none when it passes).
template <class RunTest>
SstResult tallySstFile(const SstFile& file, RunTest runTest)
{
    SstResult result;
    for (const SstTest& test : file.tests) {
        std::vector<std::string> differences = runTest(test);
        if (differences.empty()) {
            ++result.passed;
        } else {
            result.failures.push_back({test.name, std::move(differences)});
        }
    }
    return result;
}

} // namespace tileprof
