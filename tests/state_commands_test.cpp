// Saved states on the command line: `boot --save` then `boot STATE` is the run straight through (the
// memories, the picture, the input going on from the state's frame), a play file's `start` plays
// the calls the play from power-on plays from that frame on, and states of another ROM, or used
// where they cannot be, are refused.

#include "base/bundled_files.hpp"
#include "base/output_file.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

namespace fs = std::filesystem;

const std::string kDemo = bundledRomPath("demo").string();


// Every memory --dump wrote, by name.
bool sameDumps(const fs::path& a, const fs::path& b)
{
    for (const char* name : {"wram", "vram", "cgram", "oam", "aram", "dsp"}) {
        if (slurp(a / (std::string(name) + ".bin")) != slurp(b / (std::string(name) + ".bin"))) {
            return false;
        }
    }
    return true;
}

// The demo's player walks right, jumps, walks left: frame 160 is in the middle of the jump.
constexpr const char* kWalkFrom160 = R"([[frame]]
frames = 20
pad1 = ["right", "b"]

[[frame]]
frames = 100
pad1 = ["left"]
)";
const std::string kWalk = std::string(R"([[frame]]
frames = 40
pad1 = ["select"]

[[frame]]
frames = 120
pad1 = ["right"]

)") + kWalkFrom160;

TEST_CASE("state commands: boot --save then boot STATE is the run straight through, its input going on from the state's frame")
{
    const TempDir dir;
    replaceFile(dir.path() / "walk.toml", kWalk);
    replaceFile(dir.path() / "tail.toml", kWalkFrom160);
    const std::string state = (dir.path() / "at160.state").string();
    const CommandResult saved = runTileprof({"boot", kDemo, "--input", (dir.path() / "walk.toml").string(), "--frames", "160",
                                             "--save", state});
    REQUIRE(saved.exitCode == 0);
    CHECK(contains(saved.out, "  saved     " + state + " (frame 160)\n"));

    const CommandResult straight = runTileprof({"boot", kDemo, "--input", (dir.path() / "walk.toml").string(), "--frames", "280",
                                                "--dump", (dir.path() / "straight").string(), "--picture",
                                                (dir.path() / "straight.png").string()});
    const CommandResult resumed = runTileprof({"boot", state, "--input", (dir.path() / "tail.toml").string(), "--frames", "120",
                                               "--dump", (dir.path() / "resumed").string(), "--picture",
                                               (dir.path() / "resumed.png").string()});
    REQUIRE(straight.exitCode == 0);
    REQUIRE(resumed.exitCode == 0);
    CHECK(contains(resumed.out, "  from      frame 160 of " + fs::absolute(kDemo).string() + ", as saved\n"));
    // The same machine at the end: its clocks, registers, memories and the last picture.
    const auto fromLine = [](const std::string& out, const std::string& key) { return out.substr(out.find(key)); };
    CHECK(fromLine(resumed.out, "  ran ").substr(0, 200) == fromLine(straight.out, "  ran ").substr(0, 200));
    CHECK(sameDumps(dir.path() / "straight", dir.path() / "resumed"));
    CHECK(slurp(dir.path() / "straight.png") == slurp(dir.path() / "resumed.png"));

    // Without the rest of the input the player stands still: not the same machine.
    CHECK(runTileprof({"boot", state, "--frames", "120", "--dump", (dir.path() / "still").string()}).exitCode == 0);
    CHECK_FALSE(sameDumps(dir.path() / "straight", dir.path() / "still"));
}

// The CSV rows of a play's calls from frame `from` on.
std::vector<std::string> callRowsFrom(const std::string& csv, unsigned from)
{
    std::vector<std::string> rows;
    std::istringstream in(csv);
    std::string row;
    std::getline(in, row); // the header
    while (std::getline(in, row)) {
        const std::size_t frameAt = row.find(',', row.find(',') + 1) + 1;
        if (std::stoul(row.substr(frameAt)) >= from) {
            rows.push_back(row);
        }
    }
    return rows;
}

TEST_CASE("state commands: a play from a state plays the calls the play from power-on plays from its frame on")
{
    const TempDir dir;
    replaceFile(dir.path() / "walk.toml", kWalk);
    replaceFile(dir.path() / "tail.toml", kWalkFrom160);
    REQUIRE(runTileprof({"boot", kDemo, "--input", (dir.path() / "walk.toml").string(), "--frames", "160", "--save",
                         (dir.path() / "at160.state").string()})
                .exitCode == 0);
    const std::string manifest = (bundledSourceDirectory() / "tile-collision" / "manifest.toml").string();
    const std::string routine = "\n[[routine]]\nname = \"MoveEntityAndProcessTileCollisions\"\n";
    replaceFile(dir.path() / "full.play.toml",
                "rom = \"demo\"\nmanifest = \"" + manifest + "\"\ninput = \"walk.toml\"\nframes = 280\n" + routine);
    replaceFile(dir.path() / "tail.play.toml", "rom = \"demo\"\nstart = \"at160.state\"\nmanifest = \"" + manifest +
                                                   "\"\ninput = \"tail.toml\"\nframes = 120\n" + routine);
    const CommandResult full = runTileprof({"play", (dir.path() / "full.play.toml").string(), "--format", "csv"});
    const CommandResult tail = runTileprof({"play", (dir.path() / "tail.play.toml").string(), "--format", "csv"});
    REQUIRE(full.exitCode == 0);
    REQUIRE(tail.exitCode == 0);
    const std::vector<std::string> rows = callRowsFrom(tail.out, 0);
    CHECK(rows.size() == 4 * 120); // four entities a frame
    CHECK(rows == callRowsFrom(full.out, 160));

    const CommandResult table = runTileprof({"play", (dir.path() / "tail.play.toml").string()});
    CHECK(contains(table.out, "play demo: 120 frames from " + (dir.path() / "at160.state").string() + " (frame 160), input "));
    CHECK(contains(table.out, "frames 161-279"));
    // The same from the command line.
    const CommandResult command = runTileprof({"play", kDemo, "--start", (dir.path() / "at160.state").string(), "--input",
                                               (dir.path() / "tail.toml").string(), "--manifest", manifest, "--profile",
                                               "MoveEntityAndProcessTileCollisions", "--format", "csv"});
    CHECK(command.out == tail.out);
}

TEST_CASE("state commands: a state of another ROM, or options a state cannot take, are refused")
{
    const TempDir dir;
    const std::string state = (dir.path() / "demo.state").string();
    REQUIRE(runTileprof({"boot", kDemo, "--frames", "10", "--save", state}).exitCode == 0);

    const CommandResult other = runTileprof({"boot", state, "--rom", bundledRomPath("demo-slowed").string()});
    CHECK(other.exitCode == 2);
    CHECK(contains(other.err, "tileprof boot: " + state + ": a state of another ROM, " + fs::absolute(kDemo).string() +
                                  " (CRC-32 $"));
    const CommandResult fill = runTileprof({"boot", state, "--wram-fill", "0"});
    CHECK(fill.exitCode == 2);
    CHECK(fill.err == "tileprof boot: --wram-fill: a run from a state has the state's work RAM\n");
    const CommandResult romWithRom = runTileprof({"boot", kDemo, "--rom", kDemo});
    CHECK(romWithRom.exitCode == 2);
    CHECK(contains(romWithRom.err, ": only with a state file to run from (" + kDemo + " is not one)"));

    // Its ROM moved: named, and --rom runs it on the ROM where it is now.
    const std::string moved = (dir.path() / "moved.sfc").string();
    fs::copy_file(kDemo, moved);
    const std::string movedState = (dir.path() / "moved.state").string();
    REQUIRE(runTileprof({"boot", moved, "--frames", "10", "--save", movedState}).exitCode == 0);
    fs::remove(moved);
    const CommandResult gone = runTileprof({"boot", movedState});
    CHECK(gone.exitCode == 2);
    CHECK(gone.err == "tileprof boot: " + movedState + ": its ROM " + moved + " is not there; give it with --rom\n");
    CHECK(runTileprof({"boot", movedState, "--rom", kDemo, "--frames", "1"}).exitCode == 0);

    // A play whose ROM is not the state's.
    replaceFile(dir.path() / "p.play.toml",
                "rom = \"demo-slowed\"\nstart = \"demo.state\"\n[[routine]]\nname = \"MoveEntityAndProcessTileCollisions\"\n");
    const CommandResult play = runTileprof({"play", (dir.path() / "p.play.toml").string()});
    CHECK(play.exitCode == 2);
    CHECK(contains(play.err, state + ": a state of another ROM, "));
    replaceFile(dir.path() / "q.play.toml", "rom = \"demo\"\nstart = \"none.state\"\n[[routine]]\nname = \"Main\"\n");
    const CommandResult missing = runTileprof({"play", (dir.path() / "q.play.toml").string()});
    CHECK(missing.exitCode == 2);
    CHECK(contains(missing.err, "start"));
    CHECK(contains(missing.err, "names a file that is not there"));
}

} // namespace
} // namespace tileprof::test
