#include "profiler/engine/runner/scenario_runner.hpp"

#include "base/input_error.hpp"
#include "profiler/engine/runner/collision_machine.hpp"
#include "profiler/engine/runner/entity_motion.hpp"
#include "profiler/engine/runner/invariants.hpp"
#include "profiler/model/scenario/scenario_validator.hpp"
#include "profiler/model/scenario/scenario_writer.hpp"

#include "base/printf_string.hpp"
#include "emu/cpu_address.hpp"

#include <algorithm>

namespace tileprof {

namespace {

std::string sourceOf(const ProfiledRom& rom, std::uint32_t at)
{
    const std::optional<SourceLine> line = rom.debug.lineAt(at);
    return cpuAddressText(at) + (line ? " (" + line->file + ":" + std::to_string(line->line) + ")" : "");
}

[[noreturn]] void fail(const Scenario& s, int line, const std::string& problem)
{
    throw InputError(s.path.string() + ":" + std::to_string(line) + ": " + problem);
}

// Hitboxes in records: RAM holds one record a slot; ROM holds only the hitboxes it was built with.
void checkHitboxRecords(const Scenario& s, const ProfiledRom& rom)
{
    const HitboxRecords& h = *rom.manifest.hitboxRecords;
    const RoutineAddresses& a = rom.addresses;
    const std::string records = rom.manifest.path.string() + ":" + std::to_string(h.line);
    if (!a.hitboxRecordsInRom) {
        if (s.entities.size() > h.recordCount) {
            fail(s, s.entities[h.recordCount].line,
                 "the scenario has " + std::to_string(s.entities.size()) + " entities; the hitbox records (" + records +
                     ") hold " + std::to_string(h.recordCount));
        }
        return;
    }
    const auto check = [&](const Hitbox& hitbox, int line) {
        if (std::find(a.romHitboxes.begin(), a.romHitboxes.end(), hitbox) != a.romHitboxes.end()) {
            return;
        }
        std::string held;
        for (const Hitbox& record : a.romHitboxes) {
            held += "\n  " + hitboxTable(record);
        }
        fail(s, line, "the hitbox " + hitboxTable(hitbox) + " is in none of the " + std::to_string(h.recordCount) +
                          " records of " + rom.image.name + " (" + records + "), which hold:" + held);
    };
    for (const EntitySpec& entity : s.entities) {
        check(entity.hitbox, entity.line);
        for (const ScriptStep& step : entity.script) {
            if (step.hitbox) {
                check(*step.hitbox, step.line);
            }
        }
    }
}

// With the ROM's own metatile table, each tile the host writes needs a metatile of its type.
void checkMetatiles(const Scenario& s, const ProfiledRom& rom)
{
    const Manifest& m = rom.manifest;
    std::vector<bool> written(rom.design.tiles.size());
    for (const TileId tile : s.map.tiles) {
        written[tile] = true;
    }
    if (m.columnHeight > s.map.height) {
        written[rom.design.outside] = true;
    }
    for (std::size_t type = 0; type < written.size(); ++type) {
        if (written[type] && !rom.mapByteOfType[type]) {
            const TileKind& kind = rom.design.tiles[type];
            fail(s, s.mapLine,
                 "the map needs " + rom.design.describe(static_cast<TileId>(type)) + " tiles" +
                     (type == rom.design.outside && m.columnHeight != 0 ? " (the rows below it in each column too)" : "") +
                     ", but " + rom.image.name + "'s " + m.collisionMap->name + ", its metatile table at " +
                     cpuAddressText(*rom.addresses.collisionMap) + ", has no metatile of value " +
                     printfString("$%02X", kind.value) + " among its " +
                     std::to_string(rom.addresses.romCollisionMap.size()) + " entries");
        }
    }
}

void checkFits(const Scenario& s, const ProfiledRom& rom)
{
    const Manifest& m = rom.manifest;
    const std::string romName = rom.image.name;
    const auto names = [](const Design& design) {
        std::vector<std::string> tiles;
        for (const TileKind& kind : design.tiles) {
            tiles.push_back(kind.name);
        }
        return tiles;
    };
    if (names(s.design) != names(rom.design)) {
        fail(s, s.mapLine, "the map is read in the design \"" + s.design.name + "\" (" + s.design.path.string() + "), but "
                               + m.path.string() + " names \"" + rom.design.name + "\" (" + rom.design.path.string()
                               + "), whose tile types differ");
    }
    checkMetatiles(s, rom);
    if (s.map.width > m.maxMapWidth || s.map.height > m.maxMapHeight) {
        fail(s, s.mapLine,
             "the map is " + std::to_string(s.map.width) + " x " + std::to_string(s.map.height) + " tiles; " +
                 m.path.string() + " allows at most " + std::to_string(m.maxMapWidth) + " x " +
                 std::to_string(m.maxMapHeight));
    }
    if (s.map.width < m.minMapWidth || s.map.height < m.minMapHeight) {
        fail(s, s.mapLine,
             "the map is " + std::to_string(s.map.width) + " x " + std::to_string(s.map.height) + " tiles; " +
                 m.path.string() + " takes at least " + std::to_string(m.minMapWidth) + " x " +
                 std::to_string(m.minMapHeight));
    }
    if (mapBytes(m, s.map.width, s.map.height) > rom.addresses.mapTilesBytes) {
        fail(s, s.mapLine,
             "the map takes " + std::to_string(mapBytes(m, s.map.width, s.map.height)) + " bytes" +
                 (m.columnHeight != 0 ? " (" + std::to_string(s.map.width) + " columns of " + std::to_string(m.columnHeight) + ")" : "") +
                 "; " + romName + "'s " + m.mapTiles.name + " holds " + std::to_string(rom.addresses.mapTilesBytes));
    }
    if (s.entities.size() > rom.addresses.entitySlotCount) {
        fail(s, s.entities[rom.addresses.entitySlotCount].line,
             "the scenario has " + std::to_string(s.entities.size()) + " entities; " + romName + " has " +
                 std::to_string(rom.addresses.entitySlotCount) + " slots");
    }
    if (m.hitboxRecords) {
        checkHitboxRecords(s, rom);
    }
}

void checkMapRules(const Scenario& s, const ProfiledRom& rom)
{
    const std::vector<MapViolation> violations = validateScenario(s, {s.map, rom.design});
    if (violations.empty()) {
        return;
    }
    std::string message = s.path.string() + ":" + std::to_string(s.mapLine) +
                          ": the map breaks the slope placement or clearance rules (run anyway with --allow-invalid-map):";
    for (const MapViolation& v : violations) {
        message += "\n  " + formatViolation(v, s);
    }
    throw InputError(message);
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
            return "the routine wrote ROM at " + cpuAddressText(f.address) + ", at " + where;
        }
        return "the routine started DMA (" + cpuAddressText(f.address) + "), which tileprof does not emulate, at " + where;
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

namespace {

// The observer watches the map where loading it put it.
CallObserver::MapWindow loadMap(CollisionMachine& machine, const TileMap& map)
{
    machine.loadMap(map);
    return machine.mapWindow();
}

} // namespace

struct ScenarioRun::Machine {
    Machine(const Scenario& s, const ProfiledRom& rom, const RunOptions& options)
        : machine(rom, options.fastRom),
          observer(machine.caseLabels(), loadMap(machine, s.map), options.recordSteps, options.fastRom),
          geometry{{s.map, rom.design}, rom.manifest.originX, rom.manifest.originY,
                   rom.manifest.stateBits.down, rom.manifest.stateBits.up}
    {
        observer.countCoverage(options.coverage);
        const Manifest& m = rom.manifest;
        for (const EntitySpec& spec : s.entities) {
            entities.push_back(startingState(spec, m.originX, m.originY));
            motions.emplace_back(spec, m);
        }
    }

    CollisionMachine machine;
    CallObserver observer;
    CollisionGeometry geometry;
    std::vector<EntityState> entities;
    std::vector<EntityMotion> motions;
    int framesRun = 0;
};

ScenarioRun::ScenarioRun(const Scenario& s, const ProfiledRom& rom, const RunOptions& options)
    : scenario_(s), rom_(rom), options_(options)
{
    checkFits(s, rom);
    if (!options.allowInvalidMap) {
        checkMapRules(s, rom);
    }
    machine_ = std::make_unique<Machine>(s, rom, options);
    result_.scenario = s.path.string();
    result_.budgetCycles = s.budgetCycles;
    for (const EntitySpec& spec : s.entities) {
        result_.entities.push_back(spec.name);
    }
    for (const CaseLabel& c : rom.manifest.cases) {
        result_.cases.push_back(c.name);
    }
    for (const TileKind& kind : rom.design.tiles) {
        result_.tileTypes.push_back(kind.name);
    }
    result_.calls.reserve(static_cast<std::size_t>(s.frames) * s.entities.size());
}

ScenarioRun::~ScenarioRun() = default;

int ScenarioRun::framesRun() const
{
    return machine_->framesRun;
}

const std::vector<EntityState>& ScenarioRun::entities() const
{
    return machine_->entities;
}

void ScenarioRun::runFrame()
{
    const Scenario& s = scenario_;
    Machine& run = *machine_;
    CollisionMachine& machine = run.machine;
    const int frame = ++run.framesRun;
    machine.waitForNextFrame();
    for (std::size_t i = 0; i < run.entities.size(); ++i) {
        const auto slot = static_cast<std::uint32_t>(i);
        EntityState& entity = run.entities[i];
        run.motions[i].beforeCall(frame, entity);
        machine.writeEntity(slot, entity);
        CallRecord& record = result_.calls.emplace_back();
        record.frame = frame;
        record.entity = static_cast<int>(i);
        record.before = entity;
        record.startLine = machine.bus().position(machine.cpuState().time.masterClocks).line;
        run.observer.begin(record, machine.cpuState().time.cycles);
        if (options_.coverage != nullptr) {
            options_.coverage->beginCall(rom_);
        }
        CallOutcome outcome{};
        if (options_.trace && options_.trace->frame == frame && options_.trace->entity == static_cast<int>(i)) {
            TraceObserver tracer(run.observer);
            outcome = machine.call(slot, tracer);
            result_.trace = CallTrace{frame, static_cast<int>(i), tracer.takeSteps()};
        } else {
            outcome = machine.call(slot, run.observer);
        }
        record.cycles = static_cast<std::uint32_t>(outcome.end.cycles - outcome.start.cycles);
        record.masterClocks = static_cast<std::uint32_t>(outcome.end.masterClocks - outcome.start.masterClocks);
        if (const std::optional<std::string> problem =
                callProblem(outcome, record, run.observer, machine.bus(), rom_)) {
            if (!options_.recordSteps) {
                // The message names the instruction at fault, which needs the steps: the run is
                // deterministic, so it fails the same way again.
                RunOptions again = options_;
                again.recordSteps = true;
                again.coverage = nullptr; // its calls were counted once already
                ScenarioRun withSteps(s, rom_, again);
                while (withSteps.framesRun() < frame) {
                    withSteps.runFrame();
                }
            }
            fail(s, s.entities[i].line,
                 "frame " + std::to_string(frame) + ", entity \"" + s.entities[i].name + "\": " + *problem);
        }
        entity = machine.readEntity(slot, entity);
        record.after = entity;
        if (const std::optional<std::string> wrong = checkInvariants(entity, run.geometry)) {
            result_.failures.push_back({s.path.string(), s.entities[i].line, frame, s.entities[i].name, *wrong});
        }
    }
    for (const Expectation& x : s.expectations) {
        if (x.frame == frame) {
            const std::size_t i = *findEntity(s, x.entity); // the loader checked the name
            checkExpectation(x, run.entities[i], s, s.entities[i], rom_.manifest, result_.failures);
        }
    }
}

ScenarioResult runScenario(const Scenario& s, const ProfiledRom& rom, const RunOptions& options)
{
    ScenarioRun run(s, rom, options);
    while (!run.finished()) {
        run.runFrame();
    }
    return run.takeResult();
}

} // namespace tileprof
