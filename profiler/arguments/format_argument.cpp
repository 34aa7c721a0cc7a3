#include "profiler/arguments/format_argument.hpp"

#include <string>
#include <vector>

namespace tileprof {

void addFormatOption(CLI::App& command, ReportFormat& format, std::span<const ReportFormat> formats)
{
    std::vector<std::string> names;
    for (const ReportFormat f : formats) {
        names.emplace_back(reportFormatName(f));
    }
    command
        .add_option_function<std::string>(
            "--format", [&format, formats](const std::string& name) { format = *reportFormatNamed(name, formats); },
            "Report format")
        ->check(CLI::IsMember(names));
}

} // namespace tileprof
