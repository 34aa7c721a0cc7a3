#pragma once

#include "profiler/formats/map/tile_map.hpp"
#include "profiler/model/scenario/gravity.hpp"
#include "profiler/model/scenario/hitbox.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// A value a scenario gives one of the routine's inputs (the manifest's [inputs]), by its name.
struct InputValue {
    std::string name{};
    std::int64_t value = 0;
    int line = 0;
    bool operator==(const InputValue&) const = default;
};

// One step of an entity's movement script, applied by the host before each call.
struct ScriptStep {
    int frames = 0;                   // how many frames the step lasts (>= 1)
    double walk = 0;                  // x velocity during the step, px/frame (absent = 0)
    std::optional<double> jump{};     // y velocity set on the step's first frame, px/frame (< 0 is up)
    std::optional<double> walkY{};    // y velocity on every frame of the step instead of gravity (top-down)
    std::optional<Gravity> gravity{}; // switches the entity's gravity from this step on
    std::optional<Hitbox> hitbox{};   // the entity's hitbox from this step's first frame on
    std::vector<InputValue> inputs{}; // written on the step's first frame
    std::uint16_t buttons = 0;        // the controller word on every frame of the step (joypad_buttons.hpp)
    int line = 0;                     // source line, for messages
};

struct EntitySpec {
    std::string name{};
    Hitbox hitbox{};
    double x = 0; // the origin's starting position in map pixels
    double y = 0;
    Gravity gravity = Gravity::Down;
    std::optional<GravityWhen> gravityWhen; // nothing: as the manifest says
    double gravityAccel = 0.25; // px/frame^2 added towards the gravity each frame the entity does not jump
    double maxFall = 8.0;       // px/frame: the y speed is clamped to +-maxFall
    std::vector<ScriptStep> script{}; // after the last step the entity stands still (walk 0)
    std::vector<InputValue> inputs{}; // written before its first call
    int line = 0;                     // the [[entity]] table's line
};

// Checked after the call of `frame` (1-based). `pos` compares whole pixels; the flags compare the
// collision-state bits: standing = floor below (DOWN), ceiling = UP, wall_left, wall_right.
struct Expectation {
    int frame = 0;
    std::string entity{};
    std::optional<std::array<int, 2>> pos{};
    std::optional<bool> standing{};
    std::optional<bool> ceiling{};
    std::optional<bool> wallLeft{};
    std::optional<bool> wallRight{};
    std::optional<bool> alive{}; // false: despawned by this frame (the manifest's entity.alive)
    int line = 0;
};

struct Scenario {
    std::filesystem::path path{};
    std::string name{};
    std::string rom{}; // a bundled ROM's name, or a path to a .sfc (with .dbg and manifest.toml beside it)
    std::optional<std::string> manifest{}; // the routine's manifest, relative to the scenario; else the ROM's
    int frames = 0;
    int budgetCycles = 542;
    Design design{};                    // the design the map is read in
    TileMap map{};
    std::filesystem::path mapFile{};    // the Tiled map, when the map came from `[map] file`
    std::vector<int> mapRowLines{};     // source line of each ASCII map row; empty for a Tiled map
    int mapLine = 0;                    // the [map] table's line
    std::vector<EntitySpec> entities{};
    std::vector<Expectation> expectations{};

    // The image file `rom` leads to (resolveRomPath from the scenario's folder).
    std::filesystem::path romPath() const;
    // The manifest file `manifest` leads to; nothing for the one beside the ROM.
    std::optional<std::filesystem::path> manifestPath() const;
};

// Where a scenario's `rom` value leads: a bundled ROM by name (bundledRomPath), or a path to a
// .sfc or .smc, relative to `baseDirectory`.
std::filesystem::path resolveRomPath(const std::string& rom, const std::filesystem::path& baseDirectory);
// What is wrong when it leads nowhere: "names no bundled ROM: X (bundled: ...); ..." or "names a
// file that is not there: PATH"; nothing when the image is there.
std::optional<std::string> romNotThere(const std::string& rom, const std::filesystem::path& baseDirectory);

// The index of the entity named `name` in `scenario.entities`; nothing if it has none of that name.
inline std::optional<std::size_t> findEntity(const Scenario& scenario, std::string_view name)
{
    for (std::size_t i = 0; i < scenario.entities.size(); ++i) {
        if (scenario.entities[i].name == name) {
            return i;
        }
    }
    return std::nullopt;
}

// The design of the ROM and manifest a scenario names (romPath(), manifestPath()): what its map is
// read in.
using DesignOfRom = std::function<Design(const Scenario& scenario)>;

// Loads and checks a scenario file, its map read in the design `designOf` gives for the ROM the
// scenario names. Throws InputError with "file:line[:column]: problem" for malformed TOML, unknown
// keys, missing or out-of-range values, unknown legend characters, ragged rows, a bad Tiled map,
// duplicate entity names, expectations naming unknown entities or frames, and entities that start
// outside the map or overlapping a solid tile. To open a scenario on its ROM, see
// model/opening/scenario_opener.hpp.
Scenario loadScenario(const std::filesystem::path& path, const DesignOfRom& designOf);

// The same, the map read in `design` whatever ROM the scenario names.
Scenario loadScenario(const std::filesystem::path& path, const Design& design);

// The same for the text of a scenario read elsewhere: `path` names it in messages, and a Tiled
// map's `file` is relative to its directory.
Scenario parseScenario(const std::filesystem::path& path, std::string text, const Design& design);

} // namespace tileprof
