#include "profiler/model/scenario/scenario_writer.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "base/output_file.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"
#include "profiler/formats/toml/toml_file.hpp"
#include "profiler/formats/toml/toml_string.hpp"
#include "profiler/model/scenario/map_names.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace tileprof {
namespace {

// The shortest text that reads back as the same double, always a TOML float ("2.0", not "2"), so
// that no value is too large for TOML's 64-bit integers.
std::string number(double value)
{
    std::string text = formatNumber(value);
    if (text.find_first_not_of("-0123456789") == std::string::npos) {
        text += ".0";
    }
    return text;
}

std::string gravityString(Gravity gravity)
{
    return "\"" + std::string(gravityName(gravity)) + "\"";
}

std::string boolean(bool value)
{
    return value ? "true" : "false";
}

void writeMap(const TileMap& map, const Design& design, std::string& out)
{
    const std::size_t width = static_cast<std::size_t>(std::max(map.width, 0));
    const std::size_t height = static_cast<std::size_t>(std::max(map.height, 0));
    if (map.tiles.size() != width * height) {
        throw std::invalid_argument("scenarioToml: the map is " + std::to_string(map.width) + " x "
                                    + std::to_string(map.height) + " tiles but holds "
                                    + std::to_string(map.tiles.size()));
    }
    // ASCII rows when every tile has a legend character, else a word a tile.
    const bool ascii = std::ranges::all_of(map.tiles, [&design](TileId tile) { return design[tile].legend != 0; });
    if (!ascii) {
        out += "\n[map]\nnames = \"\"\"\n" + mapNamesText(map, design) + "\"\"\"\n";
        return;
    }
    out += "\n[map]\ntiles = \"\"\"\n";
    for (int row = 0; row < map.height; ++row) {
        for (int column = 0; column < map.width; ++column) {
            out += design[map.at(column, row)].legend;
        }
        out += '\n';
    }
    out += "\"\"\"\n";
}

// "{ direction = 1, speed = 16 }"
std::string inputsTable(const std::vector<InputValue>& inputs)
{
    std::string out;
    for (const InputValue& input : inputs) {
        const bool bare = !input.name.empty() && std::ranges::all_of(input.name, [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
        });
        out += (out.empty() ? "{ " : ", ") + (bare ? input.name : tomlString(input.name)) + " = " + std::to_string(input.value);
    }
    return out + " }";
}

// "[\"right\", \"b\"]"
std::string buttonsArray(std::uint16_t buttons)
{
    std::string out;
    for (const JoypadButton& button : kJoypadButtons) {
        if ((buttons & button.bit) != 0) {
            out += (out.empty() ? "[" : ", ") + tomlString(std::string(button.name));
        }
    }
    return out + "]";
}

std::string scriptStep(const ScriptStep& step)
{
    std::string out = "{ frames = " + std::to_string(step.frames);
    if (step.walk != 0) {
        out += ", walk = " + number(step.walk);
    }
    if (step.walkY) {
        out += ", walk_y = " + number(*step.walkY);
    }
    if (step.jump) {
        out += ", jump = " + number(*step.jump);
    }
    if (step.gravity) {
        out += ", gravity = " + gravityString(*step.gravity);
    }
    if (step.hitbox) {
        out += ", hitbox = " + hitboxTable(*step.hitbox);
    }
    if (!step.inputs.empty()) {
        out += ", inputs = " + inputsTable(step.inputs);
    }
    if (step.buttons != 0) {
        out += ", buttons = " + buttonsArray(step.buttons);
    }
    return out + " }";
}

void writeEntity(const EntitySpec& entity, std::string& out)
{
    const EntitySpec defaults;
    out += "\n[[entity]]\n";
    out += "name = " + tomlString(entity.name) + "\n";
    out += "hitbox = " + hitboxTable(entity.hitbox) + "\n";
    out += "pos = [" + number(entity.x) + ", " + number(entity.y) + "]\n";
    if (entity.gravity != defaults.gravity) {
        out += "gravity = " + gravityString(entity.gravity) + "\n";
    }
    if (entity.gravityWhen) {
        out += "gravity_when = \"" + std::string(gravityWhenName(*entity.gravityWhen)) + "\"\n";
    }
    if (entity.gravityAccel != defaults.gravityAccel) {
        out += "gravity_accel = " + number(entity.gravityAccel) + "\n";
    }
    if (entity.maxFall != defaults.maxFall) {
        out += "max_fall = " + number(entity.maxFall) + "\n";
    }
    if (!entity.inputs.empty()) {
        out += "inputs = " + inputsTable(entity.inputs) + "\n";
    }
    if (!entity.script.empty()) {
        out += "script = [\n";
        for (const ScriptStep& step : entity.script) {
            out += "    " + scriptStep(step) + ",\n";
        }
        out += "]\n";
    }
}

void writeExpectation(const Expectation& expect, std::string& out)
{
    out += "\n[[expect]]\n";
    out += "frame = " + std::to_string(expect.frame) + "\n";
    out += "entity = " + tomlString(expect.entity) + "\n";
    if (expect.pos) {
        out += "pos = [" + std::to_string((*expect.pos)[0]) + ", " + std::to_string((*expect.pos)[1]) + "]\n";
    }
    const std::pair<const char*, const std::optional<bool>&> flags[] = {
        {"standing", expect.standing},
        {"ceiling", expect.ceiling},
        {"wall_left", expect.wallLeft},
        {"wall_right", expect.wallRight},
        {"alive", expect.alive},
    };
    for (const auto& [key, value] : flags) {
        if (value) {
            out += std::string(key) + " = " + boolean(*value) + "\n";
        }
    }
}

} // namespace

std::string hitboxTable(const Hitbox& box)
{
    return "{ left = " + std::to_string(box.left) + ", right = " + std::to_string(box.right)
         + ", top = " + std::to_string(box.top) + ", height = " + std::to_string(box.height) + " }";
}

std::string scenarioToml(const Scenario& scenario)
{
    std::string out = "name = " + tomlString(scenario.name) + "\n";
    if (!scenario.rom.empty() && scenario.rom != kDefaultRom) {
        out += "rom = " + tomlString(scenario.rom) + "\n";
    }
    if (scenario.manifest) {
        out += "manifest = " + tomlString(*scenario.manifest) + "\n";
    }
    out += "frames = " + std::to_string(scenario.frames) + "\n";
    if (scenario.budgetCycles != Scenario{}.budgetCycles) {
        out += "budget_cycles = " + std::to_string(scenario.budgetCycles) + "\n";
    }
    writeMap(scenario.map, scenario.design, out);
    for (const EntitySpec& entity : scenario.entities) {
        writeEntity(entity, out);
    }
    for (const Expectation& expect : scenario.expectations) {
        writeExpectation(expect, out);
    }
    return out;
}

void saveScenario(const Scenario& scenario, const std::filesystem::path& path)
{
    replaceFile(path, scenarioToml(scenario));
}

} // namespace tileprof
