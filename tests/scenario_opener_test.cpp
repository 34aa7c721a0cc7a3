// The one way every command and the debugger open a scenario: on the ROM the command line gives,
// else on the one the scenario names, each ROM loaded once, the map read in that ROM's design.

#include "profiler/model/opening/scenario_opener.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kRoms = fs::path(TILEPROF_SOURCE_DIR) / "roms";

TEST_CASE("scenario opener: each scenario on the ROM it names, each ROM loaded once")
{
    ScenarioOpener opener;
    const OpenedScenario fall = opener.open(bundledScenarioDirectory() / "fall-and-land.toml");
    const OpenedScenario walk = opener.open(bundledScenarioDirectory() / "walk-right-flat.toml");
    const OpenedScenario room = opener.open(kRoms / "seed001-metatile-walkability/scenarios/explorer-room.toml");
    CHECK(fall.rom == walk.rom);
    CHECK(fall.rom != room.rom);
    CHECK(fs::path(fall.rom->image.name) == bundledRomPath("tile-collision"));
    CHECK(opener.nameOf(*fall.rom) == "tile-collision");
    CHECK(opener.nameOf(*room.rom) == "seed001-metatile-walkability");
    // Each map in its ROM's design.
    CHECK(fall.scenario.design.name == "untech");
    CHECK(room.scenario.design.name == room.rom->manifest.design.name);
    CHECK(room.scenario.design.name != "untech");
    CHECK(loadScenario(bundledScenarioDirectory() / "fall-and-land.toml").design.name == "untech");
}

TEST_CASE("scenario opener: a ROM the command line gives runs every scenario, whatever each names")
{
    const RomFiles fixedHeight{bundledRomPath("tile-collision-fixed-height"), std::nullopt, std::nullopt};
    ScenarioOpener opener(fixedHeight);
    const OpenedScenario fall = opener.open(bundledScenarioDirectory() / "fall-and-land.toml");
    const OpenedScenario walk = opener.open(bundledScenarioDirectory() / "walk-right-flat.toml");
    CHECK(fall.rom == walk.rom);
    CHECK(fs::path(fall.rom->image.name) == fixedHeight.image);
    CHECK(fall.scenario.rom == "tile-collision"); // what the file says, kept for writing it back
    CHECK(opener.nameOf(*fall.rom) == "tile-collision-fixed-height");
}

TEST_CASE("scenario opener: a scenario whose ROM cannot be found is refused at its rom key")
{
    const TempDir dir;
    std::string text = slurp(bundledScenarioDirectory() / "fall-and-land.toml");
    text = replaced(text, "frames = 60", "rom = \"missing.sfc\"\nframes = 60");
    const fs::path path = dir.write("s.toml", text);
    ScenarioOpener opener;
    try {
        opener.open(path);
        FAIL("a scenario naming a missing ROM was opened");
    } catch (const InputError& e) {
        checkMessage(e.what(), path.string() + ":" + std::to_string(lineWith(text, "rom = ")),
                     {"'rom' leads to no design for the map", "missing.sfc: cannot open"});
    }
}

TEST_CASE("scenario opener: a scenario may name its own manifest, relative to itself")
{
    const TempDir dir;
    std::string manifest = slurp(fs::path(bundledRomPath("tile-collision")).replace_extension(".manifest.toml"));
    manifest = replaced(manifest, "name = \"falling\"", "name = \"dropping\"");
    dir.write("manifests/other.toml", manifest);
    std::string text = slurp(bundledScenarioDirectory() / "fall-and-land.toml");
    text = replaced(text, "frames = 60", "manifest = \"manifests/other.toml\"\nframes = 60");
    const fs::path path = dir.write("s.toml", text);
    ScenarioOpener opener;
    const OpenedScenario own = opener.open(path);
    const OpenedScenario beside = opener.open(bundledScenarioDirectory() / "fall-and-land.toml");
    CHECK(own.rom != beside.rom); // the same image, loaded once per manifest
    CHECK(own.scenario.manifest == "manifests/other.toml");
    CHECK(own.rom->manifest.cases.front().name == "dropping");
    CHECK(beside.rom->manifest.cases.front().name == "falling");
    CHECK(opener.nameOf(*own.rom) == "tile-collision/other"); // its cases are not the other's
    CHECK(opener.nameOf(*beside.rom) == "tile-collision");

    text = replaced(text, "manifests/other.toml", "manifests/missing.toml");
    const fs::path missing = dir.write("missing.toml", text);
    try {
        opener.open(missing);
        FAIL("a scenario naming a missing manifest was opened");
    } catch (const InputError& e) {
        checkMessage(e.what(), missing.string() + ":" + std::to_string(lineWith(text, "manifest = ")),
                     {"'manifest' leads to no design for the map", "missing.toml"});
    }
}

} // namespace
} // namespace tileprof::test
