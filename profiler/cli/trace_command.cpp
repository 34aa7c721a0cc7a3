// tileprof trace: one call of a scenario, instruction by instruction.

#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "profiler/arguments/count_argument.hpp"
#include "profiler/arguments/format_argument.hpp"
#include "profiler/arguments/rom_arguments.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/reports/trace/trace_report.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

namespace tileprof {

namespace {

struct TraceCommandOptions {
    std::string scenario;
    int frame = 0;
    std::string entity;
    ReportFormat format = ReportFormat::Table;
    std::string out;
    bool allowInvalidMap = false;
    RomArguments rom; // run the scenario on this ROM instead of its own
};

int entityIndex(const Scenario& scenario, const std::string& name)
{
    if (const std::optional<std::size_t> i = findEntity(scenario, name)) {
        return static_cast<int>(*i);
    }
    std::string names;
    for (const EntitySpec& entity : scenario.entities) {
        names += (names.empty() ? "\"" : ", \"") + entity.name + "\"";
    }
    throw InputError(scenario.path.string() + ": no entity \"" + name + "\" (its entities: " + names + ")");
}

int trace(const TraceCommandOptions& o)
{
    try {
        ScenarioOpener opener(o.rom.files());
        const OpenedScenario opened = opener.open(o.scenario);
        const Scenario& scenario = opened.scenario;
        const ProfiledRom& rom = *opened.rom;
        if (o.frame < 1 || o.frame > scenario.frames) {
            throw InputError(scenario.path.string() + ": no frame " + std::to_string(o.frame) +
                                  " (the scenario runs frames 1 to " + std::to_string(scenario.frames) + ")");
        }
        RunOptions options;
        options.allowInvalidMap = o.allowInvalidMap;
        options.trace = CallId{o.frame, entityIndex(scenario, o.entity)};
        ScenarioRun run(scenario, rom, options);
        std::optional<std::string> fault;
        try {
            while (run.framesRun() < o.frame) {
                run.runFrame();
            }
        } catch (const InputError& e) {
            // A call that does not return properly stops the run. If it is the traced call (or one
            // after it in its frame), the trace up to the fault is what the user came for.
            if (!run.result().trace) {
                throw;
            }
            fault = e.what();
        }
        const bool written = writeReport(formatTrace(run.result(), rom.debug, o.format), o.out, "trace");
        if (fault) {
            std::fprintf(stderr, "tileprof trace: the trace stops where the run did: %s\n", fault->c_str());
        }
        return written && !fault ? kExitOk : kExitBadInput;
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof trace: %s\n", e.what());
        return kExitBadInput;
    }
}

CommandAction defineTrace(CLI::App& command)
{
    auto o = std::make_shared<TraceCommandOptions>();
    command.add_option("scenario", o->scenario, "Scenario file (.toml)")->required();
    addCount(command, "--frame", o->frame, "The frame of the call (1-based)", 1, 1 << 30)->required();
    command.add_option("--entity", o->entity, "The entity of the call (its name)")->required();
    addFormatOption(command, o->format, kTraceFormats);
    command.add_option("--out", o->out, "Write the trace to this file instead of stdout");
    command.add_flag("--allow-invalid-map", o->allowInvalidMap, "Run maps that break the slope placement or clearance rules");
    o->rom.addTo(command);
    return [o] { return trace(*o); };
}

} // namespace

// `tileprof trace`: runs the scenario and prints one call instruction by instruction. Exits 0, or 2
// when the scenario, its ROM, the frame or the entity cannot be used.
const Command kTraceCommand{
    "trace", "Run a scenario and show one call instruction by instruction, with registers, costs and tile reads", defineTrace};

} // namespace tileprof
