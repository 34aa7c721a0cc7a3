// tileprof compare: a tour's scenarios, each on its own ROM, set side by side per design.

#include "base/bundled_files.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "profiler/model/target/routine_footprint.hpp"
#include "tests/support/command.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kTours = fs::path(TILEPROF_SOURCE_DIR) / "roms" / "tours";

const nlohmann::json& designNamed(const nlohmann::json& report, const std::string& rom)
{
    for (const nlohmann::json& design : report["designs"]) {
        if (design["rom"] == rom) {
            return design;
        }
    }
    FAIL("no design " << rom);
    return report;
}

TEST_CASE("compare: the platformer tour's row-table and fixed-height builds, side by side")
{
    const CommandResult json = runTileprof({"compare", "--format", "json", (kTours / "platformer").string()});
    CHECK(json.exitCode == 0);
    const nlohmann::json report = nlohmann::json::parse(json.out);
    CHECK(report["tileprof"] == "compare");
    CHECK(report["not_run"].empty());
    const nlohmann::json& rows = designNamed(report, "tile-collision");
    const nlohmann::json& fixed = designNamed(report, "tile-collision-fixed-height");
    // The same walk: as many calls, each cheaper on the fixed-height map.
    CHECK(rows["every_call"]["calls"] == 484);
    CHECK(fixed["every_call"]["calls"] == 484);
    CHECK(fixed["every_call"]["mean_cycles"].get<double>() < rows["every_call"]["mean_cycles"].get<double>());
    CHECK(fixed["every_call"]["max_cycles"].get<int>() < rows["every_call"]["max_cycles"].get<int>());
    CHECK(rows["failures"] == 0);
    // The row table (512 bytes) and the row length word are what the fixed height no longer reserves.
    CHECK(rows["ram_bytes"].get<int>() - fixed["ram_bytes"].get<int>() == 514);
    CHECK(fixed["rom_bytes"].get<int>() < rows["rom_bytes"].get<int>());
    const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    // CODE and RODATA of the ld65 debug file; 256 + 2 + 2 + 512 bytes of tables in LOWRAM.
    CHECK(rows["rom_bytes"] == footprintOf(rom)->romBytes);
    CHECK(footprintOf(rom)->romBytes == 0x4E2 + 0x200);
    CHECK(footprintOf(rom)->ramBytes == 772);

    const CommandResult table = runTileprof({"compare", (kTours / "platformer").string()});
    CHECK(table.exitCode == 0);
    CHECK(contains(table.out, "tileprof compare: 4 designs, 4 scenarios, 1936 calls\n"));
    // seed002's standing is over the 542-cycle budget on average; the exit is for failures only.
    CHECK(contains(table.out, "\n                            standing              357    659.6 "));
    CHECK(contains(table.out, "   1090    388  OVER BUDGET\n"));
    CHECK(contains(table.out, "\ntile-collision              every call            484 "));
    CHECK_FALSE(contains(table.out, " \n"));
    const CommandResult markdown = runTileprof({"compare", "--format", "markdown", (kTours / "platformer").string()});
    CHECK(contains(markdown.out, "| `tile-collision-fixed-height` | every call | 484 | "));
}

TEST_CASE("compare: a label file has no segments, so its bytes are unknown, not zero")
{
    const ProfiledRom tass = loadProfiledRom(bundledRomPath("tile-collision-64tass"));
    CHECK_FALSE(footprintOf(tass));
}

TEST_CASE("compare: a scenario that cannot be run is listed with its error, and the exit is 2")
{
    const TempDir dir;
    const fs::path broken = dir.write("broken.toml", "name = \"x\"\nframes = 0\n");
    const std::string tour = (kTours / "platformer" / "tile-collision.toml").string();
    const CommandResult table = runTileprof({"compare", tour, broken.string()});
    CHECK(table.exitCode == 2);
    CHECK(contains(table.out, "1 design, 1 scenario, 484 calls, 1 scenario not run"));
    CHECK(contains(table.out, "  not run: " + broken.string() + ":2"));
    const CommandResult json = runTileprof({"compare", "--format", "json", tour, broken.string()});
    CHECK(json.exitCode == 2);
    const nlohmann::json report = nlohmann::json::parse(json.out);
    REQUIRE(report["not_run"].size() == 1);
    CHECK(report["not_run"][0]["scenario"] == broken.string());
    CHECK(contains(report["not_run"][0]["error"].get<std::string>(), "'frames' must be 1..100000, not 0"));
    CHECK(runTileprof({"compare"}).exitCode == 2); // a tour is required
}

TEST_CASE("compare: walks of different lengths are not one tour, and the report says so")
{
    const std::string tour = (kTours / "platformer" / "tile-collision.toml").string();
    const CommandResult table = runTileprof({"compare", tour, (kTours / "top-down").string()});
    CHECK(table.exitCode == 0);
    CHECK(contains(table.out, "warning: the designs made different numbers of calls (tile-collision 484, "
                              "seed001-metatile-walkability 725"));
    CHECK_FALSE(contains(runTileprof({"compare", (kTours / "platformer").string()}).out, "warning"));
}

TEST_CASE("run: a directory stands for every scenario under it")
{
    const CommandResult run = runTileprof({"run", (kTours / "top-down").string()});
    CHECK(run.exitCode == 0);
    CHECK(contains(run.out, "tileprof run: 3 scenarios, 2175 calls\n"));
    // Three ROMs in one run: each case is named by its ROM, none counted with another's.
    CHECK(contains(run.out, "\nseed004-probes: four-nothing-hit "));
    CHECK(contains(run.out, "\nseed004-probes-eight: eight-nothing-hit "));
    CHECK(contains(run.out, "\nseed001-metatile-walkability: right-within-tile    196 "));
}

} // namespace
} // namespace tileprof::test
