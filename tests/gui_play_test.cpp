// tileprof-gui --play shows a play, headless here. The picture's timeline carries the frame budget
// line where the budget is, and its map the selected call's entity where the play puts it as the
// call begins; the figures come from tileprof play's JSON report, not from the GUI.

#include "profiler/gui/palette.hpp"
#include "tests/support/command.hpp"
#include "tests/support/picture.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <string>

namespace tileprof::test {
namespace {

std::string walk()
{
    return (std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms" / "demo" / "walk.play.toml").string();
}

// Whether a pixel of `colour` is within a pixel of (x, y).
bool near(const Picture& picture, int x, int y, gui::Rgb colour)
{
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            if (picture.at(x + dx, y + dy) == colour) {
                return true;
            }
        }
    }
    return false;
}

// Frame 924 of the walk rendered headless, its first call selected, and where its parts went.
struct Shown {
    Picture screen;
    nlohmann::json geometry;
};

Shown showFrame924(const TempDir& dir)
{
    const std::filesystem::path png = dir.file("play.png");
    const std::filesystem::path geometryFile = dir.file("play.json");
    const CommandResult shown = runTileprofGui({"--play", walk(), "--headless", "--frame", "924", "--call", "1", "--screenshot",
                                                png.string(), "--geometry", geometryFile.string(), "--size", "1600x900"});
    REQUIRE_MESSAGE(shown.exitCode == 0, shown.err);
    return {Picture(png), nlohmann::json::parse(slurp(geometryFile))};
}

// The walk's play as `tileprof play` reports it (JSON), run once.
const nlohmann::json& walkReport()
{
    static const nlohmann::json report = [] {
        const CommandResult played = runTileprof({"play", walk(), "--format", "json"});
        REQUIRE(played.exitCode == 0);
        return nlohmann::json::parse(played.out);
    }();
    return report;
}

// The first call of frame 924: entity 0, the player, standing on the ceiling.
const nlohmann::json& firstCallOfFrame924()
{
    for (const auto& call : walkReport()["routines"][0]["calls"]) {
        if (call["frame"] == 924) {
            return call;
        }
    }
    FAIL("frame 924 has no call");
    return walkReport();
}

// Checks that the selected call's entity's hitbox has its top edge in the selected hitbox's
// colour, where its position as the call began puts it on a map drawn from (originX, originY) at
// `scale` screen pixels a map pixel; returns that edge's row and columns.
struct Edge {
    int y;
    int fromX;
    int toX;
};
Edge checkSelectedHitbox(const Picture& screen, double originX, double originY, double scale)
{
    const nlohmann::json& before = firstCallOfFrame924()["before"];
    const double x = std::floor(before["x"].get<double>());
    const double y = std::floor(before["y"].get<double>());
    const auto& box = before["hitbox"];
    const Edge edge{static_cast<int>(std::lround(originY + (y - box["top"].get<double>()) * scale)),
                    static_cast<int>(std::lround(originX + (x - box["left"].get<double>()) * scale)),
                    static_cast<int>(std::lround(originX + (x + box["right"].get<double>()) * scale))};
    REQUIRE(edge.toX - edge.fromX > 6);
    int onEdge = 0;
    for (int px = edge.fromX + 2; px < edge.toX - 2; ++px) {
        onEdge += near(screen, px, edge.y, gui::palette::kSelectedHitbox) ? 1 : 0;
    }
    CHECK(onEdge == edge.toX - edge.fromX - 4);
    return edge;
}

TEST_CASE("the play debugger draws the frame budget line, and the selected call's entity where the play puts it")
{
    const TempDir dir;
    const Shown shown = showFrame924(dir);
    const nlohmann::json& report = walkReport();
    std::uint64_t most = 42000; // the walk's frame budget
    for (std::size_t i = 1; i < report["frames"].size(); ++i) {
        const auto& frame = report["frames"][i];
        most = std::max(most, frame["clocks"].get<std::uint64_t>() - frame["waiting"].get<std::uint64_t>());
    }

    // The budget line, at 42,000 on a scale that reaches 10% above the busiest frame.
    const nlohmann::json& t = shown.geometry["timeline"];
    REQUIRE(t["shown"] == true);
    const double top = t["top"];
    const double bottom = t["bottom"];
    const int budgetY = static_cast<int>(std::floor(bottom - (bottom - top) * 42000.0 / (1.1 * static_cast<double>(most))));
    CHECK(t["budget_y"] == budgetY);
    const int left = t["left"];
    const int right = t["right"];
    int onLine = 0;
    for (int x = left; x < right; ++x) {
        onLine += shown.screen.at(x, budgetY) == gui::palette::kBudgetLine ? 1 : 0;
    }
    CHECK(onLine > 0.8 * (right - left)); // the label and the playhead cross it

    // The selected call's entity on the map.
    CHECK(firstCallOfFrame924()["entity"] == 0);
    const nlohmann::json& m = shown.geometry["map"];
    REQUIRE(m["shown"] == true);
    const double scale = m["scale"];
    const Edge edge = checkSelectedHitbox(shown.screen, m["origin_x"], m["origin_y"], scale);
    // A hitbox not selected is drawn white, not yellow: none of that yellow a box-width above.
    const double height = firstCallOfFrame924()["before"]["hitbox"]["height"];
    int above = 0;
    for (int px = edge.fromX + 2; px < edge.toX - 2; ++px) {
        above += shown.screen.at(px, edge.y - static_cast<int>(height * scale)) == gui::palette::kSelectedHitbox ? 1 : 0;
    }
    CHECK(above == 0);
}

// The picture panel shows the frame as `tileprof boot` draws it: wherever the picture is even
// around a pixel, the screenshot shows that pixel's colour where the geometry places it (but where
// the call's tiles and hitboxes are drawn over it).
TEST_CASE("the play debugger shows the frame's picture as the PPU drew it, and the selected call's entity on it")
{
    const TempDir dir;
    const Shown shown = showFrame924(dir);
    const std::filesystem::path drawn = dir.file("frame924.png");
    const std::string demo = (std::filesystem::path(TILEPROF_BUILD_DIR) / "roms" / "demo.sfc").string();
    const std::string input = (std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms" / "demo" / "walk.toml").string();
    const CommandResult booted = runTileprof({"boot", demo, "--input", input, "--frames", "925", "--picture", drawn.string()});
    REQUIRE_MESSAGE(booted.exitCode == 0, booted.err);
    REQUIRE(contains(booted.out, "frame 924: the last finished"));
    const Picture frame(drawn);
    const nlohmann::json& g = shown.geometry["picture"];
    REQUIRE(g["shown"] == true);
    const double left = g["left"];
    const double top = g["top"];
    const double xScale = (g["right"].get<double>() - left) / frame.width();
    const double yScale = (g["bottom"].get<double>() - top) / frame.height();
    CHECK(yScale == doctest::Approx(2 * xScale)); // a row is a line: twice as high as a column is wide
    int checked = 0;
    int matched = 0;
    for (int y = 3; y < frame.height() - 3; y += 7) {
        for (int x = 6; x < frame.width() - 6; x += 13) {
            bool even = true;
            for (int dy = -2; dy <= 2 && even; ++dy) {
                for (int dx = -4; dx <= 4 && even; ++dx) {
                    even = frame.at(x + dx, y + dy) == frame.at(x, y);
                }
            }
            if (!even) {
                continue;
            }
            matched += shown.screen.at(static_cast<int>(left + (x + 0.5) * xScale), static_cast<int>(top + (y + 0.5) * yScale)) ==
                               frame.at(x, y)
                           ? 1
                           : 0;
            ++checked;
        }
    }
    CHECK(checked > 100);
    CAPTURE(matched);
    CHECK(matched >= 0.95 * checked); // but under the hitboxes, tiles and labels drawn over the picture

    // The selected call's entity over the picture, through BG1's scroll: the demo's VOFS of -1
    // puts the map's row 0 on the picture's row 0; a map pixel is two of the picture's columns.
    REQUIRE(g["map_shown"] == true);
    CHECK(g["map_origin_y"].get<double>() == doctest::Approx(top));
    checkSelectedHitbox(shown.screen, g["map_origin_x"], g["map_origin_y"], 2 * xScale);
}

TEST_CASE("the play debugger refuses a play it cannot run, a frame or a call the play does not have, and bad options")
{
    const TempDir dir;
    const std::filesystem::path png = dir.file("out.png");
    const auto refused = [&](const std::vector<std::string>& args, const std::string& message) {
        const CommandResult r = runTileprofGui(args);
        CHECK(r.exitCode == 2);
        CHECK_MESSAGE(contains(r.err, message), r.err);
        CHECK_FALSE(std::filesystem::exists(png));
    };
    refused({"--play", dir.file("missing.play.toml").string(), "--headless", "--screenshot", png.string()}, "missing.play.toml");
    refused({"--play", walk(), "--headless", "--frame", "5000", "--screenshot", png.string()}, "--frame 5000: the play ran frames 0..1916");
    refused({"--play", walk(), "--headless", "--frame", "10", "--call", "9", "--screenshot", png.string()}, "--call 9: frame 10 has 4 calls");
    refused({"--play", walk(), "--headless"}, "--screenshot");
    refused({"--play", walk(), "--headless", "--ppu-tab", "Nope", "--screenshot", png.string()},
            "--ppu-tab: Nope not in {Picture,Registers,VRAM,Tilemaps,CGRAM,OAM}");
    refused({"--play", walk(), "--headless", "--frame", "-3", "--screenshot", png.string()}, "--frame: '-3' is not a whole number");
}

} // namespace
} // namespace tileprof::test
