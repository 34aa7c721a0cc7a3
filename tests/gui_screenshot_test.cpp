// tileprof-gui --headless renders the debugger with SDL2's software renderer. These tests look at
// the pictures: the tiles the selected call read carry their outcome's colour where the map puts
// them, tiles it did not read carry none, and the budget line is drawn where the budget is. The
// expected reads and costs come from running the scenario here, not from the GUI.

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/gui/palette.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/profiled_rom.hpp"
#include "tests/support/command.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/picture.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

using gui::Rgb;

fs::path scenarioPath(const std::string& name)
{
    return bundledScenarioDirectory() / (name + ".toml");
}

struct Shot {
    Picture picture;
    nlohmann::json geometry;
};

Shot headless(const TempDir& dir, const std::string& scenario, int frame, const std::string& size)
{
    const fs::path png = dir.file(scenario + ".png");
    const fs::path geometry = dir.file(scenario + ".json");
    const CommandResult r = runTileprofGui({"--headless", scenarioPath(scenario).string(), "--frame", std::to_string(frame),
                                            "--screenshot", png.string(), "--geometry", geometry.string(), "--size", size});
    REQUIRE_MESSAGE(r.exitCode == 0, r.err);
    return {Picture(png), nlohmann::json::parse(slurp(geometry))};
}

const CallRecord& callOf(const ScenarioResult& result, int frame, int entity)
{
    const std::size_t perFrame = result.entities.size();
    return result.calls.at(static_cast<std::size_t>(frame - 1) * perFrame + static_cast<std::size_t>(entity));
}

ScenarioResult runHere(const std::string& name)
{
    const ProfiledRom& rom = loadedBundledRom("tile-collision");
    return runScenario(loadScenario(scenarioPath(name)), rom);
}

// The share of a tile's highlight border (as the map draws it: whole pixels from the map's
// origin and scale) that has exactly `colour`. The hitbox and the trail may cross the border.
double borderShare(const Shot& shot, int column, int row, Rgb colour)
{
    const nlohmann::json& map = shot.geometry["map"];
    const double ox = map["origin_x"];
    const double oy = map["origin_y"];
    const double scale = map["scale"];
    const int band = map["band"];
    const auto pixel = [](double v) { return static_cast<int>(std::floor(v + 0.5)); };
    const int x0 = pixel(ox + column * 16 * scale);
    const int x1 = pixel(ox + (column + 1) * 16 * scale);
    const int y0 = pixel(oy + row * 16 * scale);
    const int y1 = pixel(oy + (row + 1) * 16 * scale);
    int matching = 0;
    int total = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            const bool inBorder = x < x0 + band || x >= x1 - band || y < y0 + band || y >= y1 - band;
            if (inBorder) {
                ++total;
                matching += shot.picture.at(x, y) == colour ? 1 : 0;
            }
        }
    }
    return static_cast<double>(matching) / total;
}

TEST_CASE("the tiles the selected call read are highlighted in their outcome's colour at their map positions")
{
    TempDir dir;
    const ScenarioResult result = runHere("hill-30-right");
    for (const int frame : {3, 36, 69}) {
        CAPTURE(frame);
        const Shot shot = headless(dir, "hill-30-right", frame, "1280x800");
        CHECK(shot.picture.width() == 1280);
        CHECK(shot.picture.height() == 800);
        REQUIRE(shot.geometry["map"]["shown"] == true);
        const CallRecord& call = callOf(result, frame, 0);
        REQUIRE_FALSE(call.tilesRead.empty());
        for (const TileRead& read : call.tilesRead) {
            CAPTURE(read.column);
            CAPTURE(read.row);
            CHECK(borderShare(shot, read.column, read.row, gui::palette::readColour(gui::readOutcome(test::untechDesign()[read.type]))) > 0.6);
        }
        // The top-left corner tile is never read: no highlight colour there.
        for (const Rgb colour : {gui::palette::kReadClear, gui::palette::kReadBlocking, gui::palette::kReadSlope,
                                 gui::palette::kReadPlatform}) {
            CHECK(borderShare(shot, 0, 0, colour) == 0);
        }
    }
}

TEST_CASE("another engine's map shows its blocks, and the blocks a call read in their outcome's colour")
{
    // The block engine: a design read from the ROM's tables, a Tiled level, a manifest the
    // scenario names; frame 40 is the walker's turn at the foot of the slope.
    TempDir dir;
    const fs::path scenario = fs::path(TILEPROF_SOURCE_DIR) / "roms/block-engine/scenarios/patrol.toml";
    const fs::path png = dir.file("patrol.png");
    const fs::path geometry = dir.file("patrol.json");
    const CommandResult r = runTileprofGui({"--headless", scenario.string(), "--frame", "40", "--entity", "walker",
                                            "--screenshot", png.string(), "--geometry", geometry.string(), "--size", "1280x800"});
    REQUIRE_MESSAGE(r.exitCode == 0, r.err);
    const Shot shot{Picture(png), nlohmann::json::parse(slurp(geometry))};
    REQUIRE(shot.geometry["map"]["shown"] == true);
    ScenarioOpener opener;
    const OpenedScenario opened = opener.open(scenario);
    const ScenarioResult result = runScenario(opened.scenario, *opened.rom);
    const CallRecord& call = callOf(result, 40, 0);
    REQUIRE(call.tilesRead.size() == 2);
    for (const TileRead& read : call.tilesRead) {
        CAPTURE(read.column);
        CAPTURE(read.row);
        CHECK(borderShare(shot, read.column, read.row, gui::palette::readColour(gui::readOutcome(opened.rom->design[read.type]))) > 0.6);
    }
    // A solid block and the air beside it are drawn apart.
    const nlohmann::json& map = shot.geometry["map"];
    const double scale = map["scale"];
    const auto centre = [&](int column, int row) {
        return shot.picture.at(static_cast<int>(map["origin_x"].get<double>() + (column + 0.5) * 16 * scale),
                               static_cast<int>(map["origin_y"].get<double>() + (row + 0.5) * 16 * scale));
    };
    CHECK(centre(0, 0) == centre(15, 7));    // GROUND, GROUND
    CHECK_FALSE(centre(0, 0) == centre(2, 2)); // GROUND, AIR
}

TEST_CASE("the timeline draws the budget line at the budget")
{
    TempDir dir;
    const ScenarioResult result = runHere("walkthrough-12x24");
    const Shot shot = headless(dir, "walkthrough-12x24", 200, "1600x900");
    const nlohmann::json& t = shot.geometry["timeline"];
    REQUIRE(t["shown"] == true);
    const double top = t["top"];
    const double bottom = t["bottom"];
    const int left = t["left"];
    const int right = t["right"];
    std::uint32_t most = 0;
    for (const CallRecord& c : result.calls) {
        most = std::max(most, c.cycles);
    }
    // The plot's scale reaches 15% over the budget, or 10% over the costliest call.
    const double scaleTop = std::max(1.15 * result.budgetCycles, 1.1 * most);
    const int budgetY = static_cast<int>(std::floor(bottom - (bottom - top) * result.budgetCycles / scaleTop));
    CHECK(t["budget_y"] == budgetY);
    int onLine = 0;
    int above = 0;
    for (int x = left; x < right; ++x) {
        onLine += shot.picture.at(x, budgetY) == gui::palette::kBudgetLine ? 1 : 0;
        above += shot.picture.at(x, budgetY - 4) == gui::palette::kBudgetLine ? 1 : 0;
    }
    CHECK(onLine > 0.95 * (right - left)); // call markers may sit on it
    CHECK(above < 0.2 * (right - left));   // only the "budget" label
}

TEST_CASE("the headless renderer refuses bad input with a message and writes no picture")
{
    TempDir dir;
    const fs::path png = dir.file("out.png");
    const auto refused = [&](const std::vector<std::string>& args, const std::string& message) {
        const CommandResult r = runTileprofGui(args);
        CHECK(r.exitCode == 2);
        CHECK_MESSAGE(contains(r.err, message), r.err);
        CHECK_FALSE(fs::exists(png));
    };
    const std::string hill = scenarioPath("hill-30-right").string();
    refused({"--headless", dir.file("missing.toml").string(), "--screenshot", png.string()}, "missing.toml");
    refused({"--headless", hill, "--frame", "141", "--screenshot", png.string()}, "--frame 141");
    refused({"--headless", hill, "--entity", "nobody", "--screenshot", png.string()}, "no entity \"nobody\"");
    refused({"--headless", hill, "--screenshot", png.string(), "--size", "12x"}, "--size 12x");
    refused({"--headless", hill}, "--screenshot");
    refused({"--headless", hill, "--frame", "3", "--instruction", "100000", "--screenshot", png.string()},
            "--instruction 100000");
    const fs::path broken = dir.write("broken.toml", "name = \"broken\"\nframes = 10\n[map]\ntiles = \"\"\"\n#?#\n\"\"\"\n");
    refused({"--headless", broken.string(), "--screenshot", png.string()}, broken.string());
}

} // namespace
} // namespace tileprof::test
