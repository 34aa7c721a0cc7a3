#pragma once

#include "profiler/reports/markup/report_format.hpp"

#include <CLI/CLI.hpp>

#include <span>

namespace tileprof {

// --format NAME, one of `formats` by its name, into `format` (which keeps its value without one).
void addFormatOption(CLI::App& command, ReportFormat& format, std::span<const ReportFormat> formats);

} // namespace tileprof
