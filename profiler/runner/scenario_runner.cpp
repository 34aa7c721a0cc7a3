#include "profiler/runner/scenario_runner.hpp"

#include "emu/input_error.hpp"
#include "profiler/map/map_validator.hpp"
#include "profiler/runner/collision_machine.hpp"
#include "profiler/runner/entity_motion.hpp"
#include "profiler/runner/invariants.hpp"

#include "profiler/text/printf_string.hpp"

namespace tileprof {

namespace {

std::string address(std::uint32_t a)
{
    return printfString("$%02X:%04X", a >> 16, a & 0xFFFF);
}

std::string sourceOf(const ProfiledRom& rom, std::uint32_t at)
{
    const std::optional<SourceLine> line = rom.debug.lineAt(at);
    return address(at) + (line ? " (" + line->file + ":" + std::to_string(line->line) + ")" : "");
}

[[noreturn]] void fail(const Scenario& s, int line, const std::string& problem)
{
    throw emu::InputError(s.path.string() + ":" + std::to_string(line) + ": " + problem);
}

void checkFits(const Scenario& s, const ProfiledRom& rom)
{
    const Manifest& m = rom.manifest;
    const std::string romName = rom.image.name;
    if (s.map.width > m.maxMapWidth || s.map.height > m.maxMapHeight) {
        fail(s, s.mapLine,
             "the map is " + std::to_string(s.map.width) + " x " + std::to_string(s.map.height) + " tiles; " +
                 m.path.string() + " allows at most " + std::to_string(m.maxMapWidth) + " x " +
                 std::to_string(m.maxMapHeight));
    }
    if (s.map.tiles.size() > rom.addresses.mapTilesBytes) {
        fail(s, s.mapLine,
             "the map has " + std::to_string(s.map.tiles.size()) + " tiles; " + romName + "'s " + m.mapTiles.name +
                 " holds " + std::to_string(rom.addresses.mapTilesBytes));
    }
    if (s.entities.size() > rom.addresses.entitySlotCount) {
        fail(s, s.entities[rom.addresses.entitySlotCount].line,
             "the scenario has " + std::to_string(s.entities.size()) + " entities; " + romName + " has " +
                 std::to_string(rom.addresses.entitySlotCount) + " slots");
    }
}

void checkMapRules(const Scenario& s)
{
    const std::vector<MapViolation> violations = validateMap(s.map);
    if (violations.empty()) {
        return;
    }
    std::string message = s.path.string() + ":" + std::to_string(s.mapLine) +
                          ": the map breaks the slope placement rules (run anyway with --allow-invalid-map):";
    for (const MapViolation& v : violations) {
        message += "\n  " + formatViolation(v, s);
    }
    throw emu::InputError(message);
}

// The instruction of the call that was running at `cycle`: the steps' costs add up from the
// call's first cycle.
std::uint32_t instructionAt(const CallRecord& record, std::uint64_t callStart, std::uint64_t cycle)
{
    std::uint64_t end = callStart;
    for (const StepCost& step : record.steps) {
        end += step.cycles;
        if (cycle < end) {
            return step.address;
        }
    }
    return record.steps.empty() ? 0 : record.steps.back().address;
}

// Why a call did not end by returning properly; nothing if it did.
std::optional<std::string> callProblem(const CallOutcome& o, const CallRecord& record, const CallObserver& observer,
                                       const emu::SnesBus& bus, const ProfiledRom& rom)
{
    if (const std::optional<std::uint32_t> at = observer.softwareInterrupt()) {
        return "the routine executed BRK/COP at " + sourceOf(rom, *at);
    }
    for (const emu::BusFault& f : bus.faults()) {
        const std::string where = sourceOf(rom, instructionAt(record, o.start.cycles, f.cycle));
        if (f.kind == emu::BusFault::Kind::RomWrite) {
            return "the routine wrote ROM at " + address(f.address) + ", at " + where;
        }
        return "the routine started DMA (" + address(f.address) + "), which tileprof does not emulate, at " + where;
    }
    // STP and WAI have moved PC past themselves; the last step is the instruction itself.
    const std::string lastInstruction = record.steps.empty() ? "?" : sourceOf(rom, record.steps.back().address);
    switch (o.stop) {
    case emu::StopReason::BreakAddress:
        if (o.stackAfter != o.stackBefore) {
            return printfString("the routine returned (at %s) with S = $%04X, not $%04X as it was called with",
                                lastInstruction.c_str(), o.stackAfter, o.stackBefore);
        }
        return std::nullopt;
    case emu::StopReason::CycleLimit:
        return "the routine ran past the manifest's cycle limit (" + std::to_string(rom.manifest.cycleLimit) +
               " cycles) and was stopped at " + sourceOf(rom, o.stoppedAt) + ": does it loop forever?";
    case emu::StopReason::Stopped:
        return "the routine executed STP at " + lastInstruction;
    case emu::StopReason::WaitingForever:
        return "the routine waits (WAI) at " + lastInstruction + " with no interrupt to wake it";
    case emu::StopReason::InstructionLimit:
        break;
    }
    return "the routine stopped at " + sourceOf(rom, o.stoppedAt);
}

void checkExpectation(const Expectation& x, const EntityState& e, const Scenario& s, const EntitySpec& spec,
                      const Manifest& m, std::vector<Failure>& failures)
{
    const auto failure = [&](std::string message) {
        failures.push_back({s.path.string(), x.line, x.frame, spec.name, std::move(message)});
    };
    if (x.pos) {
        const int px = wholePixel(e.x, m.originX);
        const int py = wholePixel(e.y, m.originY);
        if (px != (*x.pos)[0] || py != (*x.pos)[1]) {
            failure("expected pos [" + std::to_string((*x.pos)[0]) + ", " +
                               std::to_string((*x.pos)[1]) + "], got [" + std::to_string(px) + ", " +
                               std::to_string(py) + "]");
        }
    }
    const auto flag = [&](const std::optional<bool>& expected, std::uint8_t bit, const char* name) {
        const bool actual = (e.state & bit) != 0;
        if (expected && *expected != actual) {
            failure(std::string("expected ") + name + " = " + (*expected ? "true" : "false") + ", got " +
                               (actual ? "true" : "false"));
        }
    };
    flag(x.standing, m.stateBits.down, "standing");
    flag(x.ceiling, m.stateBits.up, "ceiling");
    flag(x.wallLeft, m.stateBits.left, "wall_left");
    flag(x.wallRight, m.stateBits.right, "wall_right");
}

} // namespace

ScenarioResult runScenario(const Scenario& s, const ProfiledRom& rom, const RunOptions& options)
{
    checkFits(s, rom);
    if (!options.allowInvalidMap) {
        checkMapRules(s);
    }
    const Manifest& m = rom.manifest;
    CollisionMachine machine(rom, options.fastRom);
    machine.loadMap(s.map);
    CallObserver observer(machine.caseLabels(), machine.mapWindow(), options.recordSteps, options.fastRom);
    const CollisionGeometry geometry{s.map, rom.topHeights, rom.bottomHeights, m.originX, m.originY,
                                     m.stateBits.down, m.stateBits.up};

    std::vector<EntityState> entities;
    std::vector<EntityMotion> motions;
    for (const EntitySpec& spec : s.entities) {
        EntityState e;
        e.x = static_cast<std::uint32_t>(toFixed(spec.x) + (std::int32_t{m.originX} << 16));
        e.y = static_cast<std::uint32_t>(toFixed(spec.y) + (std::int32_t{m.originY} << 16));
        e.hitbox = spec.hitbox;
        entities.push_back(e);
        motions.emplace_back(spec);
    }

    ScenarioResult result;
    result.scenario = s.path.string();
    result.budgetCycles = s.budgetCycles;
    for (const EntitySpec& spec : s.entities) {
        result.entities.push_back(spec.name);
    }
    for (const CaseLabel& c : m.cases) {
        result.cases.push_back(c.name);
    }
    result.calls.reserve(static_cast<std::size_t>(s.frames) * s.entities.size());
    for (int frame = 1; frame <= s.frames; ++frame) {
        machine.waitForNextFrame();
        for (std::size_t i = 0; i < entities.size(); ++i) {
            const auto slot = static_cast<std::uint32_t>(i);
            motions[i].beforeCall(frame, entities[i]);
            machine.writeEntity(slot, entities[i]);
            CallRecord& record = result.calls.emplace_back();
            record.frame = frame;
            record.entity = static_cast<int>(i);
            record.startLine = machine.bus().position(machine.cpuState().time.masterClocks).line;
            observer.begin(record, machine.cpuState().time.cycles);
            CallOutcome outcome{};
            if (options.trace && options.trace->frame == frame && options.trace->entity == static_cast<int>(i)) {
                TraceObserver tracer(observer);
                outcome = machine.call(slot, tracer);
                result.trace = CallTrace{frame, static_cast<int>(i), tracer.takeSteps()};
            } else {
                outcome = machine.call(slot, observer);
            }
            if (const std::optional<std::string> problem = callProblem(outcome, record, observer, machine.bus(), rom)) {
                if (!options.recordSteps) {
                    // The message names the instruction at fault, which needs the steps: the run is
                    // deterministic, so it fails the same way again.
                    RunOptions again = options;
                    again.recordSteps = true;
                    return runScenario(s, rom, again);
                }
                fail(s, s.entities[i].line,
                     "frame " + std::to_string(frame) + ", entity \"" + s.entities[i].name + "\": " + *problem);
            }
            record.cycles = static_cast<std::uint32_t>(outcome.end.cycles - outcome.start.cycles);
            record.masterClocks = static_cast<std::uint32_t>(outcome.end.masterClocks - outcome.start.masterClocks);
            entities[i] = machine.readEntity(slot, entities[i]);
            if (const std::optional<std::string> wrong = checkInvariants(entities[i], geometry)) {
                result.failures.push_back({s.path.string(), s.entities[i].line, frame, s.entities[i].name, *wrong});
            }
        }
        for (const Expectation& x : s.expectations) {
            if (x.frame == frame) {
                const std::size_t i = *findEntity(s, x.entity); // the loader checked the name
                checkExpectation(x, entities[i], s, s.entities[i], m, result.failures);
            }
        }
    }
    return result;
}

} // namespace tileprof
