// tileprof: the command line. Each command defines its own options and action (command.hpp); this
// lists them, parses, and runs the one named.

#include "base/build_version.hpp"
#include "base/exit_codes.hpp"
#include "profiler/arguments/parse_arguments.hpp"
#include "profiler/cli/command.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <utility>
#include <vector>

int main(int argc, char** argv)
{
    using namespace tileprof;
    // In the order --help lists them.
    const Command* const commands[] = {&kRunCommand,   &kProfileCommand, &kTraceCommand,   &kLabelsCommand, &kBaselineCommand,
                                       &kCheckCommand, &kDiffCommand,    &kCompareCommand, &kExploreCommand, &kSstCommand,
                                       &kRomCommand,   &kValidateCommand, &kBenchCommand, &kBootCommand,
                                       &kPlayCommand};
    CLI::App app{"tileprof: a cycle-accurate 65816 emulator for profiling SNES code"};
    app.require_subcommand(1);
    app.set_version_flag("--version", versionLine("tileprof"), "Print the version and the commit built from, and exit");
    std::vector<std::pair<CLI::App*, CommandAction>> actions;
    for (const Command* command : commands) {
        CLI::App* parser = app.add_subcommand(std::string(command->name), std::string(command->summary));
        actions.emplace_back(parser, command->define(*parser));
    }
    if (const std::optional<int> exitCode = parseArguments(app, argc, argv)) {
        return *exitCode;
    }
    for (const auto& [parser, action] : actions) {
        if (parser->parsed()) {
            return action();
        }
    }
    return kExitBadInput;
}
