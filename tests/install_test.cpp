// cmake --install: the installed programs find their bundled ROMs, designs and scenarios in
// PREFIX/share/tileprof, wherever they are run from.

#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

TEST_CASE("install: the installed tileprof runs on the bundled material it installed, not the build's")
{
    const TempDir dir;
    const fs::path prefix = dir.file("prefix");
    const CommandResult installed = runProgram("cmake", {"--install", TILEPROF_BUILD_DIR, "--prefix", prefix.string()});
    REQUIRE_MESSAGE(installed.exitCode == 0, installed.err);
    const fs::path data = prefix / "share/tileprof/roms";
    CHECK(fs::exists(data / "tile-collision.sfc"));
    CHECK(fs::exists(data / "tile-collision.dbg"));
    CHECK(fs::exists(data / "tile-collision.manifest.toml"));
    CHECK(fs::exists(data / "tile-collision-frames.sym"));
    CHECK(fs::exists(data / "designs/untech.toml"));
    CHECK(fs::exists(data / "tile-collision/scenarios/fall-and-land.toml"));

    const fs::path tileprof = prefix / "bin/tileprof";
    // The bundled scenarios: the installed ones, as the paths the report gives show.
    const CommandResult run = runProgram(tileprof, {"run"});
    CHECK(run.exitCode == 0);
    CHECK(contains(run.out, "tileprof run: 23 scenarios"));
    CHECK(contains(run.out, (data / "tile-collision/scenarios/").lexically_proximate(fs::current_path()).string()));
    // A design named in a manifest, and a scenario naming its ROM, read from there too.
    const CommandResult seed = runProgram(tileprof, {"run", (data / "seed003-box-and-slopes/scenarios").string()});
    CHECK(seed.exitCode == 0);
    // Scenarios naming their manifests, whose design is a file beside them, on Tiled levels with an
    // external tileset.
    const CommandResult blocks = runProgram(tileprof, {"run", (data / "block-engine/scenarios").string()});
    CHECK(blocks.exitCode == 0);
    CHECK(contains(blocks.out, "tileprof run: 4 scenarios"));
    const CommandResult labels = runProgram(tileprof, {"labels", "--mlb"});
    CHECK(labels.exitCode == 0);
    CHECK(contains(labels.out, "MoveEntityAndProcessTileCollisions"));

    const CommandResult gui = runProgram(prefix / "bin/tileprof-gui",
                                         {"--headless", (data / "tile-collision/scenarios/fall-and-land.toml").string(),
                                          "--screenshot", dir.file("shot.png").string()});
    CHECK(gui.exitCode == 0);
    CHECK(fs::exists(dir.file("shot.png")));
}

} // namespace
} // namespace tileprof::test
