#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace tileprof {

// Every format a tileprof report is written in.
enum class ReportFormat : std::uint8_t { Table, Json, Csv, Markdown, Junit, Callgrind, Folded, Speedscope };

// The name the command line and the docs give a format ("table", "json", ...).
constexpr std::string_view reportFormatName(ReportFormat format)
{
    constexpr std::array<std::string_view, 8> names{"table", "json",     "csv",    "markdown",
                                                    "junit", "callgrind", "folded", "speedscope"};
    return names[static_cast<std::size_t>(format)];
}

// The formats each report comes in, in the order --help lists them.
inline constexpr ReportFormat kRunReportFormats[] = {ReportFormat::Table,    ReportFormat::Json,     ReportFormat::Csv,
                                                     ReportFormat::Markdown, ReportFormat::Junit,    ReportFormat::Callgrind,
                                                     ReportFormat::Folded,   ReportFormat::Speedscope};
inline constexpr ReportFormat kTraceFormats[] = {ReportFormat::Table, ReportFormat::Json, ReportFormat::Csv};
inline constexpr ReportFormat kComparisonFormats[] = {ReportFormat::Table, ReportFormat::Markdown, ReportFormat::Json};
inline constexpr ReportFormat kRegressionFormats[] = {ReportFormat::Table, ReportFormat::Markdown, ReportFormat::Json,
                                                      ReportFormat::Junit};
inline constexpr ReportFormat kExploreFormats[] = {ReportFormat::Table, ReportFormat::Json, ReportFormat::Markdown,
                                                   ReportFormat::Junit};

// The format of one of `formats` by its name; nothing for a name none of them has.
constexpr std::optional<ReportFormat> reportFormatNamed(std::string_view name, std::span<const ReportFormat> formats)
{
    for (const ReportFormat format : formats) {
        if (reportFormatName(format) == name) {
            return format;
        }
    }
    return std::nullopt;
}

} // namespace tileprof
