#include "profiler/engine/runner/scenario_runner.hpp"

#include "base/counted.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/runner/collision_machine.hpp"
#include "profiler/engine/runner/entity_motion.hpp"
#include "profiler/engine/runner/invariants.hpp"
#include "profiler/model/scenario/scenario_validator.hpp"
#include "profiler/model/scenario/scenario_writer.hpp"

#include "base/printf_string.hpp"
#include "emu/cartridge/cpu_address.hpp"

#include <algorithm>
#include <tuple>

namespace tileprof {

namespace {

std::string sourceOf(const ProfiledRom& rom, std::uint32_t at)
{
    const std::optional<SourceLine> line = rom.debug.lineAt(at);
    return cpuAddressText(at) + (line ? " (" + line->file + ":" + std::to_string(line->line) + ")" : "");
}

[[noreturn]] void fail(const Scenario& scenario, int line, const std::string& problem)
{
    throw InputError(scenario.path.string() + ":" + std::to_string(line) + ": " + problem);
}

// Hitboxes in records: RAM holds one record a slot; ROM holds only the hitboxes it was built with.
void checkHitboxRecords(const Scenario& scenario, const ProfiledRom& rom)
{
    const HitboxRecords& hitboxRecords = *rom.manifest.hitboxRecords;
    const RoutineAddresses& addresses = rom.addresses;
    const std::string records = rom.manifest.path.string() + ":" + std::to_string(hitboxRecords.line);
    if (!addresses.hitboxRecordsInRom) {
        if (scenario.entities.size() > hitboxRecords.recordCount) {
            fail(scenario, scenario.entities[hitboxRecords.recordCount].line,
                 "the scenario has " + std::to_string(scenario.entities.size()) + " entities; the hitbox records (" + records +
                     ") hold " + std::to_string(hitboxRecords.recordCount));
        }
        return;
    }
    const auto check = [&](const Hitbox& hitbox, int line) {
        if (std::find(addresses.romHitboxes.begin(), addresses.romHitboxes.end(), hitbox) != addresses.romHitboxes.end()) {
            return;
        }
        std::string held;
        for (const Hitbox& record : addresses.romHitboxes) {
            held += "\n  " + hitboxTable(record);
        }
        fail(scenario, line, "the hitbox " + hitboxTable(hitbox) + " is in none of the " + std::to_string(hitboxRecords.recordCount) +
                          " records of " + rom.image.name + " (" + records + "), which hold:" + held);
    };
    for (const EntitySpec& entity : scenario.entities) {
        check(entity.hitbox, entity.line);
        for (const ScriptStep& step : entity.script) {
            if (step.hitbox) {
                check(*step.hitbox, step.line);
            }
        }
    }
}

// What the scenario asks the host to write, against what the manifest lets it: inputs it names,
// buttons only with a controller, velocities only for a routine the host moves, hitboxes the
// entity's fields can hold, and expectations of states the routine reports.
void checkHostValues(const Scenario& scenario, const ProfiledRom& rom)
{
    const Manifest& manifest = rom.manifest;
    const std::string where = manifest.path.string();
    const auto checkInputs = [&](const std::vector<InputValue>& values) {
        for (const InputValue& value : values) {
            const RoutineInput* input = manifest.input(value.name);
            if (input == nullptr) {
                std::string names;
                for (const RoutineInput& known : manifest.inputs) {
                    names += (names.empty() ? "" : ", ") + known.name;
                }
                fail(scenario, value.line, "input \"" + value.name + "\" is not one of " + where + "'s " +
                                               (names.empty() ? "inputs: it has no [inputs]" : "[inputs] (" + names + ")"));
            }
            const std::uint32_t bits = input->bits;
            const std::int64_t top = (std::int64_t{1} << bits) - 1;
            if (value.value < 0 || value.value > top) {
                fail(scenario, value.line, "input \"" + value.name + "\" is " + std::to_string(value.value) + ", which its " +
                                               std::to_string(bits) + " bits do not hold (0.." + std::to_string(top) + ")");
            }
        }
    };
    const auto checkHitbox = [&](const Hitbox& box, int line, const std::vector<InputValue>& inputs) {
        if (const std::optional<ConstantHitboxes>& constant = manifest.constantHitboxes) {
            const RoutineInput* kindInput = constant->kindInput ? manifest.input(*constant->kindInput) : nullptr;
            std::uint32_t kind = kindInput != nullptr ? kindInput->defaultValue : 0;
            for (const InputValue& input : inputs) {
                kind = kindInput != nullptr && input.name == kindInput->name ? static_cast<std::uint32_t>(input.value) : kind;
            }
            const Hitbox* own = constant->of(kind);
            const std::string kindText = kindInput != nullptr ? " of kind " + std::to_string(kind) : "";
            if (own == nullptr) {
                fail(scenario, line, "the entity is" + kindText + ", which has no box in " + where + ":" +
                                         std::to_string(constant->line) + " ([entity.hitbox] boxes)");
            }
            if (box != *own) {
                fail(scenario, line, "the hitbox " + hitboxTable(box) + " is not the routine's: its box" + kindText + " is constant, " +
                                         hitboxTable(*own) + " (" + where + ":" + std::to_string(constant->line) + ")");
            }
        }
        if (manifest.hitboxWidth && (box.left != box.right || box.top != box.height - 1)) {
            fail(scenario, line, "the hitbox " + hitboxTable(box) + " is not one " + where +
                                     " can hold: its hitbox is a width and a height from the feet, so left = right and top = height - 1");
        }
    };
    for (const EntitySpec& entity : scenario.entities) {
        checkInputs(entity.inputs);
        checkHitbox(entity.hitbox, entity.line, entity.inputs);
        for (const ScriptStep& step : entity.script) {
            checkInputs(step.inputs);
            if (step.hitbox && manifest.constantHitboxes) {
                fail(scenario, step.line, "the step changes the hitbox, but " + where + "'s is constants in the routine's code");
            }
            const std::optional<ConstantHitboxes>& constant = manifest.constantHitboxes;
            if (constant && constant->kindInput &&
                std::ranges::any_of(step.inputs, [&](const InputValue& input) { return input.name == *constant->kindInput; })) {
                fail(scenario, step.line, "the step changes input \"" + *constant->kindInput + "\", the entity's kind, which chooses "
                                          "its constant hitbox: give each kind its own entity");
            }
            if (step.hitbox) {
                checkHitbox(*step.hitbox, step.line, entity.inputs);
            }
            if (step.buttons != 0 && !manifest.controller) {
                fail(scenario, step.line, "the step holds buttons, but " + where + " has no [controller] to write them to");
            }
            const bool moves = step.walk != 0 || step.jump || step.walkY || step.gravity;
            if (manifest.movement == Movement::Routine && moves) {
                fail(scenario, step.line, "the step sets a velocity or gravity, but " + where + "'s routine moves the entity itself "
                                          "(movement = \"routine\"): script it with inputs and buttons");
            }
        }
    }
    const StateBits& bits = manifest.stateBits;
    for (const Expectation& x : scenario.expectations) {
        const std::tuple<const std::optional<bool>&, bool, const char*> flags[] = {
            {x.standing, bits.down.reported(), "standing (state_bits.down)"},
            {x.ceiling, bits.up.reported(), "ceiling (state_bits.up)"},
            {x.wallLeft, bits.left.reported(), "wall_left (state_bits.left)"},
            {x.wallRight, bits.right.reported(), "wall_right (state_bits.right)"},
            {x.alive, manifest.alive.has_value(), "alive (entity.alive)"},
        };
        for (const auto& [expected, reported, name] : flags) {
            if (expected && !reported) {
                fail(scenario, x.line, std::string("the expectation checks ") + name + ", which " + where + " does not report");
            }
        }
    }
}

// Each tile the host writes needs an id a cell can hold: with the ROM's own metatile table, a
// metatile of its type.
void checkMapIds(const Scenario& scenario, const ProfiledRom& rom)
{
    const Manifest& manifest = rom.manifest;
    std::vector<bool> written(rom.design.tiles.size());
    for (const TileId tile : scenario.map.tiles) {
        written[tile] = true;
    }
    written[rom.design.outside] = true;
    for (std::size_t type = 0; type < written.size(); ++type) {
        if (!written[type] || rom.mapIdOfType[type]) {
            continue;
        }
        const std::string tiles = "the map needs " + rom.design.describe(static_cast<TileId>(type)) + " tiles" +
                                  (type == rom.design.outside && std::ranges::find(scenario.map.tiles, type) == scenario.map.tiles.end()
                                       ? " (the design's outside, which the host writes around the map)" : "");
        if (!manifest.collisionMap || rom.addresses.romCollisionMap.empty()) {
            fail(scenario, scenario.mapLine, tiles + ", but " + manifest.path.string() + "'s cells hold ids up to " +
                                                 std::to_string(manifest.cell.maxId()) + " ([map] cell)");
        }
        fail(scenario, scenario.mapLine,
             tiles + ", but " + rom.image.name + "'s " + manifest.collisionMap->name + ", its metatile table at " +
                 cpuAddressText(*rom.addresses.collisionMap) + ", has no metatile of value " +
                 printfString("$%02X", rom.design.tiles[type].value) + " among its " +
                 std::to_string(rom.addresses.romCollisionMap.size()) + " entries");
    }
}

} // namespace

void checkScenarioFits(const Scenario& scenario, const ProfiledRom& rom)
{
    const Manifest& manifest = rom.manifest;
    const std::string romName = rom.image.name;
    const auto names = [](const Design& design) {
        std::vector<std::string> tiles;
        for (const TileKind& kind : design.tiles) {
            tiles.push_back(kind.name);
        }
        return tiles;
    };
    if (names(scenario.design) != names(rom.design)) {
        fail(scenario, scenario.mapLine, "the map is read in the design \"" + scenario.design.name + "\" (" + scenario.design.path.string() + "), but "
                               + manifest.path.string() + " names \"" + rom.design.name + "\" (" + rom.design.path.string()
                               + "), whose tile types differ");
    }
    checkMapIds(scenario, rom);
    checkHostValues(scenario, rom);
    if (scenario.map.width > manifest.maxMapWidth || scenario.map.height > manifest.maxMapHeight) {
        fail(scenario, scenario.mapLine,
             "the map is " + std::to_string(scenario.map.width) + " x " + std::to_string(scenario.map.height) + " tiles; " +
                 manifest.path.string() + " allows at most " + std::to_string(manifest.maxMapWidth) + " x " +
                 std::to_string(manifest.maxMapHeight));
    }
    if (scenario.map.width < manifest.minMapWidth || scenario.map.height < manifest.minMapHeight) {
        fail(scenario, scenario.mapLine,
             "the map is " + std::to_string(scenario.map.width) + " x " + std::to_string(scenario.map.height) + " tiles; " +
                 manifest.path.string() + " takes at least " + std::to_string(manifest.minMapWidth) + " x " +
                 std::to_string(manifest.minMapHeight));
    }
    const MapLayout layout = mapLayout(manifest, scenario.map.width, rom.addresses.mapTilesBytes);
    if (static_cast<std::uint32_t>(scenario.map.width) > layout.columns || static_cast<std::uint32_t>(scenario.map.height) > layout.rows) {
        // What the map needs: whole columns of the routine's height, or whole rows of its width.
        const auto width = static_cast<std::uint32_t>(scenario.map.width);
        const auto height = static_cast<std::uint32_t>(scenario.map.height);
        const std::uint64_t needs = layout.byColumn() ? layout.bytesOf(width, std::max(height, layout.rows))
                                                      : layout.bytesOf(std::max(width, layout.columns), height);
        fail(scenario, scenario.mapLine,
             "the map takes " + std::to_string(needs) + " bytes" +
                 (layout.byColumn() ? " (" + std::to_string(width) + " columns of " + std::to_string(layout.rows) + ")" : "") +
                 "; " + romName + "'s " + manifest.mapTiles.name + " holds " + std::to_string(rom.addresses.mapTilesBytes));
    }
    if (scenario.entities.size() > rom.addresses.entitySlotCount) {
        fail(scenario, scenario.entities[rom.addresses.entitySlotCount].line,
             "the scenario has " + std::to_string(scenario.entities.size()) + " entities; " + romName + " has " +
                 std::to_string(rom.addresses.entitySlotCount) + " slots");
    }
    if (manifest.hitboxRecords) {
        checkHitboxRecords(scenario, rom);
    }
}

namespace {

void checkMapRules(const Scenario& scenario, const ProfiledRom& rom)
{
    const std::vector<MapViolation> violations = validateScenario(scenario, {scenario.map, rom.design});
    if (violations.empty()) {
        return;
    }
    std::string message = scenario.path.string() + ":" + std::to_string(scenario.mapLine) +
                          ": the map breaks the slope placement or clearance rules (run anyway with --allow-invalid-map):";
    for (const MapViolation& violation : violations) {
        message += "\n  " + formatViolation(violation, scenario);
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
std::optional<std::string> callProblem(const CallOutcome& outcome, const CallRecord& record, const CallObserver& observer,
                                       const emu::SnesBus& bus, const ProfiledRom& rom)
{
    if (const std::optional<std::uint32_t> at = observer.softwareInterrupt()) {
        return "the routine executed BRK/COP at " + sourceOf(rom, *at);
    }
    for (const emu::BusFault& fault : bus.faults()) {
        const std::string where = sourceOf(rom, instructionAt(record, outcome.start.cycles, fault.cycle));
        if (fault.kind == emu::BusFault::Kind::RomWrite) {
            return "the routine wrote ROM at " + cpuAddressText(fault.address) + ", at " + where;
        }
        return "the routine started DMA (" + cpuAddressText(fault.address) + "), which tileprof does not emulate, at " + where;
    }
    // STP and WAI have moved PC past themselves; the last step is the instruction itself.
    const std::string lastInstruction = record.steps.empty() ? "?" : sourceOf(rom, record.steps.back().address);
    switch (outcome.stop) {
    case emu::StopReason::BreakAddress:
        if (outcome.stackAfter != outcome.stackBefore) {
            return printfString("the routine returned (at %s) with S = $%04X, not $%04X as it was called with",
                                lastInstruction.c_str(), outcome.stackAfter, outcome.stackBefore);
        }
        return std::nullopt;
    case emu::StopReason::CycleLimit:
        return "the routine ran past the manifest's cycle limit (" + std::to_string(rom.manifest.cycleLimit) +
               " cycles) and was stopped at " + sourceOf(rom, outcome.stoppedAt) + ": does it loop forever?";
    case emu::StopReason::Stopped:
        return "the routine executed STP at " + lastInstruction;
    case emu::StopReason::WaitingForever:
        return "the routine waits (WAI) at " + lastInstruction + " with no interrupt to wake it";
    case emu::StopReason::InstructionLimit:
    case emu::StopReason::ClockLimit:
        break;
    }
    return "the routine stopped at " + sourceOf(rom, outcome.stoppedAt);
}

void checkExpectation(const Expectation& expectation, const EntityState& entity, std::optional<int> despawned, const Scenario& scenario,
                      const EntitySpec& spec, const Manifest& manifest, std::vector<Failure>& failures)
{
    const auto failure = [&](std::string message) {
        failures.push_back({scenario.path.string(), expectation.line, expectation.frame, spec.name, std::move(message)});
    };
    if (expectation.alive && *expectation.alive == despawned.has_value()) {
        failure(despawned ? "expected alive = true, but it despawned on frame " + std::to_string(*despawned)
                          : std::string("expected alive = false, but it is alive"));
    }
    if (despawned && (expectation.pos || expectation.standing || expectation.ceiling || expectation.wallLeft || expectation.wallRight)) {
        failure("it despawned on frame " + std::to_string(*despawned) + ": there is no position or state to check");
        return;
    }
    if (expectation.pos) {
        const int px = wholePixel(entity.x, manifest.originX);
        const int py = wholePixel(entity.y, manifest.originY);
        if (px != (*expectation.pos)[0] || py != (*expectation.pos)[1]) {
            failure("expected pos [" + std::to_string((*expectation.pos)[0]) + ", " +
                               std::to_string((*expectation.pos)[1]) + "], got [" + std::to_string(px) + ", " +
                               std::to_string(py) + "]");
        }
    }
    const auto flag = [&](const std::optional<bool>& expected, const StateFlag& bit, const char* name) {
        const bool actual = bit.holds(entity.state);
        if (expected && *expected != actual) {
            failure(std::string("expected ") + name + " = " + (*expected ? "true" : "false") + ", got " +
                               (actual ? "true" : "false"));
        }
    };
    flag(expectation.standing, manifest.stateBits.down, "standing");
    flag(expectation.ceiling, manifest.stateBits.up, "ceiling");
    flag(expectation.wallLeft, manifest.stateBits.left, "wall_left");
    flag(expectation.wallRight, manifest.stateBits.right, "wall_right");
}

} // namespace

namespace {

// Sets `values` (by the manifest's inputs) from a scenario's; checkInputs checked the names.
void setInputs(const Manifest& manifest, const std::vector<InputValue>& given, std::vector<std::uint32_t>& values)
{
    for (const InputValue& input : given) {
        values[manifest.inputIndex(input.name)] = static_cast<std::uint32_t>(input.value);
    }
}

// The observer watches the map where loading it put it.
MapWindow loadMap(CollisionMachine& machine, const TileMap& map)
{
    machine.loadMap(map);
    return machine.mapWindow();
}

} // namespace

struct ScenarioRun::Machine {
    Machine(const Scenario& scenario, const ProfiledRom& rom, const RunOptions& options)
        : machine(rom, options.fastRom),
          observer(machine.caseLabels(), loadMap(machine, scenario.map), options.recordSteps, options.fastRom),
          geometry{{scenario.map, rom.design}, rom.manifest.originX, rom.manifest.originY,
                   rom.manifest.stateBits.down, rom.manifest.stateBits.up}
    {
        observer.countCoverage(options.coverage);
        const Manifest& manifest = rom.manifest;
        for (const EntitySpec& spec : scenario.entities) {
            entities.push_back(startingState(spec, manifest.originX, manifest.originY));
            motions.emplace_back(spec, manifest);
            std::vector<std::uint32_t>& values = inputs.emplace_back();
            for (const RoutineInput& input : manifest.inputs) {
                values.push_back(input.defaultValue);
            }
            setInputs(manifest, spec.inputs, values);
        }
        despawned.resize(scenario.entities.size());
        buttons.resize(scenario.entities.size());
    }

    CollisionMachine machine;
    CallObserver observer;
    CollisionGeometry geometry;
    std::vector<EntityState> entities;
    std::vector<EntityMotion> motions;
    std::vector<std::vector<std::uint32_t>> inputs; // each entity's, by the manifest's inputs
    std::vector<std::uint16_t> buttons;             // what each entity's last call held
    std::vector<std::optional<int>> despawned;      // the frame of the call that despawned it
    int framesRun = 0;
};

ScenarioRun::ScenarioRun(const Scenario& scenario, const ProfiledRom& rom, const RunOptions& options)
    : scenario_(scenario), rom_(rom), options_(options)
{
    checkScenarioFits(scenario, rom);
    if (!options.allowInvalidMap) {
        checkMapRules(scenario, rom);
    }
    machine_ = std::make_unique<Machine>(scenario, rom, options);
    result_.scenario = scenario.path.string();
    result_.budgetCycles = scenario.budgetCycles;
    for (const EntitySpec& spec : scenario.entities) {
        result_.entities.push_back(spec.name);
    }
    for (const CaseLabel& label : rom.manifest.cases) {
        result_.cases.push_back(label.name);
    }
    for (const TileKind& kind : rom.design.tiles) {
        result_.tileTypes.push_back(kind.name);
    }
    result_.calls.reserve(static_cast<std::size_t>(scenario.frames) * scenario.entities.size());
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
    const Manifest& manifest = rom_.manifest;
    for (std::size_t i = 0; i < run.entities.size(); ++i) {
        if (run.despawned[i]) {
            continue;
        }
        const auto slot = static_cast<std::uint32_t>(i);
        EntityState& entity = run.entities[i];
        const EntityMotion::Step now = run.motions[i].beforeCall(frame, entity);
        writeHostValues(frame, slot, now);
        if (frame == 1 && !machine.alive(slot)) {
            fail(s, s.entities[i].line, "entity \"" + s.entities[i].name + "\" is not alive before its first call: its alive field (" +
                                            manifest.path.string() + ") reads 0; set it with the entity's inputs");
        }
        CallRecord& record = result_.calls.emplace_back();
        record.frame = frame;
        record.entity = static_cast<int>(i);
        record.before = entity;
        record.startLine = machine.bus().position(machine.cpuState().time.masterClocks).line;
        run.observer.begin(record, machine.cpuState().time.cycles);
        if (options_.coverage != nullptr) {
            options_.coverage->beginCall(rom_.image, rom_.debug);
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
        if (!record.strayMapReads.empty()) {
            const std::size_t more = record.strayMapReads.size() - 1;
            result_.failures.push_back({s.path.string(), s.entities[i].line, frame, s.entities[i].name,
                                        "read map memory that [map] (" + manifest.path.string() + ") does not describe: " +
                                            record.strayMapReads.front().text() +
                                            (more == 0 ? "" : " (and " + counted(more, "more read") + ")")});
        }
        entity = machine.readEntity(slot, entity, run.inputs[i]);
        record.after = entity;
        if (!machine.alive(slot)) {
            run.despawned[i] = frame;
            result_.despawns.push_back({static_cast<int>(i), frame});
            continue;
        }
        if (const std::optional<std::string> wrong = checkInvariants(entity, run.geometry)) {
            result_.failures.push_back({s.path.string(), s.entities[i].line, frame, s.entities[i].name, *wrong});
        }
    }
    for (const Expectation& x : s.expectations) {
        if (x.frame == frame) {
            const std::size_t i = *findEntity(s, x.entity); // the loader checked the name
            checkExpectation(x, run.entities[i], run.despawned[i], s, s.entities[i], manifest, result_.failures);
        }
    }
}

void ScenarioRun::writeHostValues(int frame, std::uint32_t slot, const EntityMotion::Step& now)
{
    Machine& run = *machine_;
    CollisionMachine& machine = run.machine;
    const Manifest& manifest = rom_.manifest;
    const EntityState& entity = run.entities[slot];
    std::vector<std::uint32_t>& inputs = run.inputs[slot];
    // A routine with physics of its own keeps the entity from call to call: the host writes it once.
    if (manifest.movement == Movement::Host || frame == 1) {
        machine.writeEntity(slot, entity);
    } else if (now.starts && now.step->hitbox) {
        machine.writeHitbox(slot, entity.hitbox);
    }
    if (now.starts) {
        setInputs(manifest, now.step->inputs, inputs);
    }
    for (std::size_t input = 0; input < manifest.inputs.size(); ++input) {
        // A field input is written before the first call and when a step sets it; between, it is the
        // routine's (an enemy turns by flipping its direction). A register is set for every call.
        const bool field = manifest.inputs[input].kind == RoutineInput::Kind::Field;
        const bool stepSets = now.starts && std::ranges::any_of(now.step->inputs, [&](const InputValue& value) {
            return value.name == manifest.inputs[input].name;
        });
        if (!field || frame == 1 || stepSets) {
            machine.writeInput(slot, input, inputs[input]);
        }
    }
    if (manifest.controller) {
        const std::uint16_t held = now.step != nullptr ? now.step->buttons : 0;
        machine.writeButtons(held, run.buttons[slot]);
        run.buttons[slot] = held;
    }
}

ScenarioResult runScenario(const Scenario& scenario, const ProfiledRom& rom, const RunOptions& options)
{
    ScenarioRun run(scenario, rom, options);
    while (!run.finished()) {
        run.runFrame();
    }
    return run.takeResult();
}

} // namespace tileprof
