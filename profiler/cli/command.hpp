#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <string_view>

namespace tileprof {

// What runs a command once its arguments are parsed, returning its exit code (base/exit_codes.hpp).
using CommandAction = std::function<int()>;

// A subcommand of tileprof: its name and one-line summary for --help, and `define`, which adds its
// positionals and options to its parser and returns what runs it. Each command's file defines its
// own; main.cpp lists them.
struct Command {
    std::string_view name;
    std::string_view summary;
    CommandAction (*define)(CLI::App& command);
};

extern const Command kRunCommand;      // report_command.cpp
extern const Command kProfileCommand;  // report_command.cpp
extern const Command kTraceCommand;    // trace_command.cpp
extern const Command kLabelsCommand;   // labels_command.cpp
extern const Command kBaselineCommand; // regression_commands.cpp
extern const Command kCheckCommand;    // regression_commands.cpp
extern const Command kDiffCommand;     // regression_commands.cpp
extern const Command kCompareCommand;  // compare_command.cpp
extern const Command kExploreCommand;  // explore_command.cpp
extern const Command kSstCommand;      // sst_command.cpp
extern const Command kRomCommand;      // rom_command.cpp
extern const Command kValidateCommand; // validate_command.cpp
extern const Command kBenchCommand;    // bench_command.cpp
extern const Command kBootCommand;     // boot_command.cpp
extern const Command kPlayCommand;     // play_command.cpp

} // namespace tileprof
