// Movies replay in sync with the emulator that recorded them: bsnes-mercury driven through the
// libretro host as a frontend drives it (the pads polled once a retro_run), its input written as
// a BizHawk .bk2 and an lsnes .lsmv, and each movie replayed by tileprof, the game's state compared
// frame by frame.

#include "oracle/libretro_core.hpp"

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"
#include "profiler/formats/input/input_movie.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "base/zip_writer.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <utility>
#include <string>
#include <vector>

using namespace tileprof;

namespace {

constexpr int kRuns = 400;

std::uint16_t inputOf(int run)
{
    constexpr std::uint16_t kRight = 0x0100;
    constexpr std::uint16_t kLeft = 0x0200;
    if (run >= 120 && run < 320) {
        return kRight;
    }
    return run >= 340 && run < 370 ? kLeft : 0;
}

struct GameState {
    std::uint16_t marioX;
    std::uint16_t scrollX;
    std::uint16_t pad;
    bool operator==(const GameState&) const = default;
};

const DebugInfo& engineSymbols()
{
    static const DebugInfo symbols = DebugInfo::load(bundledRomPath("c-engine").parent_path() / "c-engine" / "c-engine.dbg");
    return symbols;
}

GameState stateOf(std::span<const std::uint8_t> wram)
{
    const auto word = [&](const char* name) {
        const std::size_t at = engineSymbols().symbol(name, "test").value;
        return static_cast<std::uint16_t>(wram[at] | wram[at + 1] << 8);
    };
    return {word("marioX"), word("scrollX"), word("pad_keys")};
}

// bsnes-mercury's state after each retro_run, the pads polled at the start of each.
std::vector<GameState> oracleRun(const emu::RomImage& image)
{
    const std::string corePath = oracle::defaultCorePath();
    REQUIRE_MESSAGE(std::filesystem::exists(corePath),
                    corePath << " is missing: install libretro-bsnes-mercury-accuracy with scripts/setup.sh --tests");
    oracle::LibretroCore core = oracle::LibretroCore::load(corePath);
    core.loadGame(image.bytes);
    std::vector<GameState> states;
    for (int run = 0; run < kRuns; ++run) {
        core.runFrame(inputOf(run), 0);
        states.push_back(stateOf(core.wram()));
    }
    return states;
}

// tileprof's state as each frame begins (states[f], from frame 1), the movie played.
std::vector<GameState> replay(const emu::RomImage& image, const InputMovie& movie)
{
    emu::Snes snes(image);
    snes.playPads(movie.schedule());
    std::vector<GameState> states(1, stateOf(snes.bus().wram()));
    while (snes.frame() < kRuns) {
        snes.runFrame();
        states.resize(snes.frame() + 1, stateOf(snes.bus().wram()));
    }
    return states;
}

// The frontend's input a line a frame, as BizHawk logs it (its SNES log key, both pads).
std::string bk2Movie()
{
    std::string log = "[Input]\nLogKey:#Reset|Power|#P1 Up|P1 Down|P1 Left|P1 Right|P1 Select|P1 Start|P1 Y|P1 B|P1 X|P1 A|P1 L|P1 R|"
                      "#P2 Up|P2 Down|P2 Left|P2 Right|P2 Select|P2 Start|P2 Y|P2 B|P2 X|P2 A|P2 L|P2 R|\n";
    for (int run = 0; run < kRuns; ++run) {
        std::string pad1 = "............";
        pad1[2] = inputOf(run) & 0x0200 ? 'L' : '.';
        pad1[3] = inputOf(run) & 0x0100 ? 'R' : '.';
        log += "|..|" + pad1 + "|............|\n";
    }
    log += "[/Input]\n";
    return zipArchive({{"Header.txt", "MovieVersion BizHawk v2.0.0\nPlatform SNES\nCore BSNES\nStartsFromSavestate False\n"},
                       {"Input Log.txt", log}});
}

// The same as lsnes writes it: a line a frame, its gamepad's buttons BYsSudlrAXLR.
std::string lsmvMovie()
{
    std::string input;
    for (int run = 0; run < kRuns; ++run) {
        std::string pad1 = "............";
        pad1[6] = inputOf(run) & 0x0200 ? 'l' : '.';
        pad1[7] = inputOf(run) & 0x0100 ? 'r' : '.';
        input += "F.|" + pad1 + "|............\n";
    }
    return zipArchive({{"systemid", "lsnes-rr1\n", false}, {"controlsversion", "0\n", false}, {"gametype", "snes_ntsc\n", false},
                       {"port1", "gamepad\n", false}, {"port2", "gamepad\n", false}, {"input", input}});
}

} // namespace

TEST_CASE("movie sync: a .bk2 or .lsmv of a frontend that polls the pads once a frame replays in step with bsnes-mercury")
{
    const emu::RomImage image = emu::loadRomFile(bundledRomPath("c-engine"));
    const std::vector<GameState> oracle = oracleRun(image);
    REQUIRE(oracle[200].marioX > oracle[100].marioX); // the input moved the player
    for (const auto& [name, bytes] : {std::pair<std::string, std::string>{"oracle.bk2", bk2Movie()},
                                      std::pair<std::string, std::string>{"oracle.lsmv", lsmvMovie()}}) {
        INFO(name);
        const InputMovie movie = parseInput(bytes, name);
        CHECK(movie.frames.size() == kRuns - 1);
        CHECK(movie.padSwitch == emu::PadSwitch::VblankStart);
        const std::vector<GameState> ours = replay(image, movie);
        // tileprof's state as frame N begins is bsnes-mercury's after retro_run N + 1 (counting
        // from 1): both have run the game's V-blank work of frame N - 1 and nothing after it, once
        // the game has settled into its frame loop (the boot's DMAs end in frame 3, and the
        // objects' set-up follows in its picture).
        constexpr int kSettled = 4;
        int agreed = 0;
        for (int frame = kSettled; frame < kRuns; ++frame) {
            INFO("frame " << frame);
            CHECK(ours[frame] == oracle[frame]);
            agreed += ours[frame] == oracle[frame] ? 1 : 0;
        }
        CHECK(agreed == kRuns - kSettled);
        // The same movie read as tileprof's own frames (frame k of the input at frame k's start)
        // is a frame late.
        InputMovie atFrameStart = movie;
        atFrameStart.frames.insert(atFrameStart.frames.begin(), atFrameStart.initial);
        atFrameStart.padSwitch = emu::PadSwitch::FrameStart;
        CHECK(replay(image, atFrameStart)[200] == oracle[199]);
    }
}
