#include "profiler/reports/markup/junit_suite.hpp"

#include "base/printf_string.hpp"
#include "profiler/reports/markup/xml_text.hpp"

namespace tileprof {

void JunitSuite::add(const std::string& classname, const std::string& name, const std::string& detail, bool failed)
{
    ++tests_;
    cases_ += printfString("    <testcase classname=\"%s\" name=\"%s\">\n", xmlEscaped(classname).c_str(), xmlEscaped(name).c_str());
    if (failed) {
        ++failures_;
        cases_ += printfString("      <failure message=\"%s\"/>\n", xmlEscaped(detail).c_str());
    } else {
        cases_ += printfString("      <system-out>%s</system-out>\n", xmlEscaped(detail).c_str());
    }
    cases_ += "    </testcase>\n";
}

std::string JunitSuite::document(const std::string& suites) const
{
    return printfString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<testsuites name=\"%s\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n"
                        "  <testsuite name=\"%s\" tests=\"%zu\" failures=\"%zu\" errors=\"0\">\n",
                        xmlEscaped(suites).c_str(), tests_, failures_, xmlEscaped(name_).c_str(), tests_, failures_) +
           cases_ + "  </testsuite>\n</testsuites>\n";
}

} // namespace tileprof
