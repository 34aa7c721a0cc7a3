// Input files for `tileprof play`: tileprof's input script and the movies of BizHawk, lsnes, Mesen
// and snes9x, read into the two pads' words frame by frame. tests/data/movies/ holds the same 16
// frames in all five forms (make_movies.py writes the movies, each as its emulator's documentation
// and source lay it out); the movies of the error cases are written here, small, into a zip
// archive by base/zip_writer, each as the reader's comments cite its format; and the movie and
// script tileprof writes, read back.

#include "profiler/formats/input/input_movie.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "base/zip_archive.hpp"
#include "base/zip_writer.hpp"
#include "profiler/formats/input/bizhawk_movie_writer.hpp"
#include "profiler/formats/input/input_script_writer.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace tileprof {
namespace {

namespace fs = std::filesystem;

using test::checkMessage;
using test::replaced;
using test::slurp;
using test::TempDir;

const fs::path kMovies = TILEPROF_TEST_DATA_DIR "/movies";

// The auto-joypad layout's bits.
constexpr std::uint16_t B = 0x8000, Y = 0x4000, Select = 0x2000, Start = 0x1000, Up = 0x0800, Down = 0x0400,
                        Left = 0x0200, Right = 0x0100, A = 0x0080, X = 0x0040, L = 0x0020, R = 0x0010;

// The sequence every file of tests/data/movies/ gives.
const std::vector<PadFrame> kSequence = {
    {0, 0},
    {Right, 0},
    {Right | B, 0},
    {Right | B, 0},
    {Up | Y, Start},
    {Down | Select, Start},
    {Left | A, A | B},
    {X | L, X | Y},
    {R, L | R},
    {Start, Up | Down},
    {Select | Start, Left | Right},
    {B | Y | A | X, Select},
    {L | R, Up},
    {0, Down | Left},
    {Up | Down | Left | Right, B | Y | A | X | L | R | Select | Start},
    {0, 0},
};

// What loading `bytes` as a file named `name` throws, with the temporary directory cut out; "" if
// it loads.
std::string errorOf(const std::string& name, const std::string& bytes)
{
    const TempDir dir;
    const fs::path path = dir.write(name, bytes);
    try {
        loadInput(path);
    } catch (const InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

// A file to refuse: its bytes, where the message points and what it says there.
struct Refusal {
    std::string bytes;
    std::string where;
    std::string words;
};

void checkRefusals(const std::string& name, const std::vector<Refusal>& refusals)
{
    for (const Refusal& each : refusals) {
        checkMessage(errorOf(name, each.bytes), each.where, {each.words});
    }
}

InputMovie load(const std::string& name, const std::string& bytes)
{
    const TempDir dir;
    return loadInput(dir.write(name, bytes));
}

TEST_CASE("each form of the test sequence loads to its 16 frames, the script and four emulators' movies")
{
    const struct {
        const char* file;
        InputFormat format;
        const char* note;
    } forms[] = {
        {"sequence.toml", InputFormat::Script, "input script: 16 frames in 15 steps"},
        // The frontends' first frame, polled before any V-blank, is held through frame 0's picture.
        {"sequence.bk2", InputFormat::BizHawk, "BizHawk bk2 (core BSNES): 17 frames, one a line of \"Input Log.txt\", lag frames included"},
        {"sequence.lsmv", InputFormat::Lsnes, "lsnes lsmv: 17 frames, one a line of \"input\" that starts with F, lag frames included"},
        {"sequence.mmo", InputFormat::Mesen, "Mesen mmo (Mesen 2.0.0): 16 frames, one a line of \"Input.txt\""},
        {"sequence.smv", InputFormat::Snes9x, "snes9x smv (version 5): 16 frames, one a sample after the first (the pads when recording began)"},
    };
    for (const auto& form : forms) {
        CAPTURE(form.file);
        const InputMovie movie = loadInput(kMovies / form.file);
        CHECK(movie.format == form.format);
        CHECK(movie.frames == kSequence);
        REQUIRE_FALSE(movie.notes.empty());
        CHECK(movie.notes.front().starts_with(form.note));
    }
    // lsnes's subframe, the game's second poll in its frame 7, repeats the frame's pads and is merged.
    CHECK(loadInput(kMovies / "sequence.lsmv").notes.at(1) == "1 subframe merged into its frame, whose pads it repeats");
}

TEST_CASE("the BizHawk movie and the input script tileprof writes read back as the frames written, each form's")
{
    // Every button alone on each pad, then together, then a run of the same pads: the script's steps.
    std::vector<PadFrame> frames;
    for (const JoypadButton& button : kJoypadButtons) {
        frames.push_back({button.bit, 0});
        frames.push_back({0, button.bit});
    }
    frames.push_back({0xFFF0, 0xFFF0});
    frames.insert(frames.end(), 5, PadFrame{0x8100, 0});
    const InputMovie movie = load("written.bk2", bizhawkMovie(frames, "A GAME"));
    CHECK(movie.format == InputFormat::BizHawk);
    CHECK(movie.frames == frames);
    const InputMovie script = load("written.toml", inputScriptToml(frames));
    CHECK(script.format == InputFormat::Script);
    CHECK(script.frames == frames);
    CHECK(inputScriptToml(frames).ends_with("[[frame]]\nframes = 5\npad1 = [\"b\", \"right\"]\n"));
    // The walk's movie, which make_walk_bk2.py wrote, holds the same frames as the movie written from its script.
    const std::filesystem::path demo = bundledSourceDirectory() / "demo";
    CHECK(load("walk.bk2", bizhawkMovie(loadInput(demo / "walk.toml").frames, "TILEPROF DEMO")).frames ==
          loadInput(demo / "walk.bk2").frames);
}

TEST_CASE("an input file's form is known by its content, not its name")
{
    const InputMovie movie = load("movie.txt", slurp(kMovies / "sequence.bk2"));
    CHECK(movie.format == InputFormat::BizHawk);
    CHECK(load("movie.bk2", slurp(kMovies / "sequence.smv")).format == InputFormat::Snes9x);
    CHECK(load("movie.smv", slurp(kMovies / "sequence.toml")).frames == kSequence);
    checkMessage(errorOf("a.bin", std::string("\x7F" "ELF\0\0", 6)), "a.bin", {"byte 4 is NUL", "no input script"});
    checkMessage(errorOf("a.zip", zipArchive({{"readme.txt", "hello"}})), "a.zip",
                 {"a zip archive, but no movie tileprof reads", "\"Header.txt\" (BizHawk)", "\"gametype\" (lsnes)",
                  "\"Input.txt\" (Mesen)"});
}

// ---- the input script ----

TEST_CASE("an input script holds its steps' pads for their frames, pad 2 and the count optional")
{
    const InputMovie movie = load("walk.toml", "[[frame]]\nframes = 3\npad1 = [\"Right\", \"b\"]\n"
                                               "[[frame]]\npad2 = [\"START\", \"Select\"]\n");
    CHECK(movie.frames == std::vector<PadFrame>{{Right | B, 0}, {Right | B, 0}, {Right | B, 0}, {0, Start | Select}});
    CHECK(movie.notes == std::vector<std::string>{"input script: 4 frames in 2 steps"});
}

TEST_CASE("an input script's errors name the file, the line and the key")
{
    const std::string valid = "[[frame]]\nframes = 3\npad1 = [\"right\"]\n";
    const struct {
        std::string text;
        std::string where;
        std::vector<std::string> words;
    } cases[] = {
        {replaced(valid, "\"right\"", "\"jump\""), "s.toml:3",
         {"'frame.pad1' holds \"jump\", which is no button: b, y, select, start, up, down, left, right, a, x, l, r (in any case)"}},
        {replaced(valid, "\"right\"", "8"), "s.toml:3", {"'frame.pad1' holds an integer, which is no button"}},
        {replaced(valid, "[\"right\"]", "\"right\""), "s.toml:3", {"'frame.pad1' must be an array of button names"}},
        {replaced(valid, "frames = 3", "frames = 0"), "s.toml:2", {"'frame.frames' must be 1..1000000, not 0"}},
        {replaced(valid, "frames = 3", "frames = -5"), "s.toml:2", {"'frame.frames' must be 1..1000000, not -5"}},
        {replaced(valid, "frames = 3", "frames = 2.5"), "s.toml:2", {"'frame.frames' must be an integer, not a floating-point number"}},
        {valid + "[[frame]]\nframes = 999998\n", "s.toml:4",
         {"the steps up to this one come to more than 1,000,000 frames; an input file gives at most 1,000,000"}},
        {replaced(valid, "pad1", "pad3"), "s.toml:3", {"unknown key 'pad3' in [[frame]]; expected frames, pad1, pad2"}},
        {"frames = 3\n", "s.toml:1", {"unknown key 'frames' in the input script; expected frame"}},
        {"# nothing yet\n", "s.toml:1", {"holds no [[frame]] steps"}},
    };
    for (const auto& each : cases) {
        CAPTURE(each.text);
        const std::string message = errorOf("s.toml", each.text);
        checkMessage(message, each.where, {});
        for (const std::string& word : each.words) {
            CHECK(test::contains(message, word));
        }
    }
    CHECK(errorOf("s.toml", "[[frame]\n").starts_with("s.toml:1:")); // toml++'s own words for a syntax error
    // Exactly the limit is fine.
    CHECK(load("s.toml", valid + "[[frame]]\nframes = 999997\n").frames.size() == 1'000'000);
}

// ---- BizHawk ----

const std::string kBk2Header = "MovieVersion BizHawk v2.0.0\nPlatform SNES\nCore BSNES\nStartsFromSavestate False\n";
const std::string kBk2Key = "LogKey:#Reset|Power|#P1 Up|P1 Down|P1 Left|P1 Right|P1 Select|P1 Start|P1 Y|P1 B|P1 X|P1 A|P1 L|P1 R|"
                            "#P2 Up|P2 Down|P2 Left|P2 Right|P2 Select|P2 Start|P2 Y|P2 B|P2 X|P2 A|P2 L|P2 R|";
const std::string kBk2Log = "[Input]\n" + kBk2Key + "\n|..|...R...B....|............|\n|..|............|.....S......|\n[/Input]\n";

std::string bk2(const std::string& header, const std::string& log, std::vector<ZipEntry> more = {})
{
    more.insert(more.begin(), {{"Header.txt", header}, {"Input Log.txt", log, false}});
    return zipArchive(more);
}

TEST_CASE("a BizHawk movie: a frame a line of the input log, its columns as the log key names them")
{
    // BizHawk polls the pads as its frame begins, at a V-blank: its first frame is held through
    // tileprof's frame 0's picture, its second is what frame 0's V-blank reads.
    const InputMovie logged = load("m.bk2", bk2(kBk2Header, kBk2Log));
    CHECK(logged.initial == PadFrame{Right | B, 0});
    CHECK(logged.frames == std::vector<PadFrame>{{0, Start}});
    CHECK(logged.padSwitch == emu::PadSwitch::VblankStart);
    // Another order of the columns, one pad only: the log key says which character is which.
    const InputMovie movie = load("m.bk2", bk2(kBk2Header, "LogKey:#P1 B|P1 A|#Reset|\n|BA|.|\n|.x|.|\n|..|.|\n"));
    CHECK(movie.initial == PadFrame{B | A, 0});
    CHECK(movie.frames == std::vector<PadFrame>{{A, 0}, {0, 0}});
}

TEST_CASE("a BizHawk movie tileprof cannot play is refused with the member and line")
{
    const std::string header = "m.bk2: zip member \"Header.txt\"";
    const std::string log = "m.bk2: zip member \"Input Log.txt\"";
    checkRefusals("m.bk2", {
        {bk2(replaced(kBk2Header, "StartsFromSavestate False", "StartsFromSavestate True"), kBk2Log), header + " line 4",
         "StartsFromSavestate True: the movie starts from a savestate"},
        {bk2(kBk2Header + "StartsFromSaveRam True\n", kBk2Log), header + " line 5", "the movie starts with save RAM"},
        {bk2(kBk2Header, kBk2Log, {{"Core.bin", "state"}}), "m.bk2", "holds a savestate (zip member \"Core.bin\")"},
        {bk2(kBk2Header, kBk2Log, {{"CoreText.txt", "state"}}), "m.bk2", "holds a savestate (zip member \"CoreText.txt\")"},
        {bk2(kBk2Header, kBk2Log, {{"MovieSaveRam.bin", "sram"}}), "m.bk2", "holds save RAM (zip member \"MovieSaveRam.bin\")"},
        {bk2(replaced(kBk2Header, "Platform SNES", "Platform NES"), kBk2Log), header + " line 2",
         "Platform is \"NES\"; tileprof plays SNES movies"},
        {bk2(replaced(kBk2Header, "Platform SNES\n", ""), kBk2Log), header, "names no Platform"},
        {bk2(kBk2Header + "PAL True\n", kBk2Log), header + " line 5", "recorded on a PAL console"},
        {zipArchive({{"Header.txt", kBk2Header}}), "m.bk2", "has no zip member \"Input Log.txt\", which a BizHawk movie holds"},
        {bk2(kBk2Header, "[Input]\n|..|\n"), log + " line 2", "a frame before the LogKey line"},
        {bk2(kBk2Header, "[Input]\n[/Input]\n"), log, "has no LogKey line"},
        {bk2(kBk2Header, replaced(kBk2Log, "#P2 Up|", "#P3 Up|")), log + " line 2",
         "the log key names \"P3 Up\", no button of the two standard pads tileprof plays (a multitap"},
        {bk2(kBk2Header, "LogKey:#Reset|Power|#P1 Mouse Left|P1 Mouse Right|P1 Mouse X|P1 Mouse Y|\n"), log + " line 1",
         "the log key names \"P1 Mouse Left\""},
        {bk2(kBk2Header, replaced(kBk2Log, "|..|......", "|r.|......")), log + " line 4",
         "frame 1 presses Reset; tileprof plays from power-on without resets"},
        {bk2(kBk2Header, replaced(kBk2Log, "|..|...R", "|.P|...R")), log + " line 3", "frame 0 presses Power"},
        {bk2(kBk2Header, replaced(kBk2Log, "|............|.....S......|", "|............|")), log + " line 4",
         "frame 1 has 2 groups between its pipes where the log key has 3"},
        {bk2(kBk2Header, replaced(kBk2Log, "|...R...B....|", "|...R...B...|")), log + " line 3",
         "frame 0's group 2 has 11 characters where the log key names 12 controls"},
    });
}

// ---- lsnes ----

std::vector<ZipEntry> lsmvMembers(const std::string& input)
{
    return {{"systemid", "lsnes-rr1\n", false},   {"controlsversion", "0\n", false}, {"gametype", "snes_ntsc\n", false},
            {"port1", "gamepad\n", false},        {"port2", "gamepad\n", false},     {"input", input}};
}

const std::string kLsmvInput = "F.|B......r....|............\nF.|............|...S........\n";

std::string lsmv(const std::string& input, const std::function<void(std::vector<ZipEntry>&)>& change = {})
{
    std::vector<ZipEntry> members = lsmvMembers(input);
    if (change) {
        change(members);
    }
    return zipArchive(members);
}

// Replaces the member `name`'s text, or removes it for "".
std::function<void(std::vector<ZipEntry>&)> withMember(const std::string& name, const std::string& text)
{
    return [=](std::vector<ZipEntry>& members) {
        std::erase_if(members, [&](const ZipEntry& member) { return member.name == name; });
        if (!text.empty()) {
            members.push_back({name, text});
        }
    };
}

TEST_CASE("an lsnes movie: a frame a line that starts with F, its subframes merged when they repeat it")
{
    const InputMovie logged = load("m.lsmv", lsmv(kLsmvInput));
    CHECK(logged.initial == PadFrame{B | Right, 0});
    CHECK(logged.frames == std::vector<PadFrame>{{0, Start}});
    CHECK(logged.padSwitch == emu::PadSwitch::VblankStart);
    // Without port members, lsnes's bsnes core has a gamepad in port 1 and nothing in port 2.
    const std::string onePad = lsmv("F.|B...........\n..|B...........\nF. 0 0|.Y..........\n",
                                    [](std::vector<ZipEntry>& members) {
                                        withMember("port1", "")(members);
                                        withMember("port2", "")(members);
                                    });
    const InputMovie movie = load("m.lsmv", onePad);
    CHECK(movie.initial == PadFrame{B, 0});
    CHECK(movie.frames == std::vector<PadFrame>{{Y, 0}});
    CHECK(movie.notes.at(1) == "1 subframe merged into its frame, whose pads it repeats");
}

TEST_CASE("an lsnes movie tileprof cannot play is refused with the member and line")
{
    const std::string input = "m.lsmv: zip member \"input\"";
    checkRefusals("m.lsmv", {
        {lsmv(kLsmvInput, withMember("savestate", "state")), "m.lsmv", "an lsnes savestate (it holds zip member \"savestate\")"},
        {lsmv(kLsmvInput, withMember("savestate.anchor", "state")), "m.lsmv", "starts from a savestate (zip member \"savestate.anchor\")"},
        {lsmv(kLsmvInput, withMember("moviesram.srm", "sram")), "m.lsmv: zip member \"moviesram.srm\"",
         "the movie starts with this save RAM"},
        {lsmv(kLsmvInput, withMember("systemid", "lsnes-rr2\n")), "m.lsmv", "systemid is \"lsnes-rr2\""},
        {lsmv(kLsmvInput, withMember("controlsversion", "1\n")), "m.lsmv", "controlsversion is \"1\""},
        {lsmv(kLsmvInput, withMember("gametype", "snes_pal\n")), "m.lsmv", "recorded on a PAL console"},
        {lsmv(kLsmvInput, withMember("gametype", "sgb_ntsc\n")), "m.lsmv", "gametype is \"sgb_ntsc\"; tileprof plays SNES games"},
        {lsmv(kLsmvInput, withMember("gametype", "")), "m.lsmv", "has no zip member \"gametype\""},
        {lsmv(kLsmvInput, withMember("input", "")), "m.lsmv", "has no zip member \"input\", which an lsnes movie holds"},
        {lsmv(kLsmvInput, withMember("port1", "multitap\n")), "m.lsmv", "port1 is \"multitap\"; tileprof plays standard pads"},
        {lsmv(kLsmvInput, withMember("port2", "superscope\n")), "m.lsmv", "port2 is \"superscope\""},
        {lsmv(replaced(kLsmvInput, "F.|......", "FR|......")), input + " line 2",
         "frame 1 resets the console; tileprof plays from power-on without resets"},
        {lsmv(kLsmvInput + "..|............|...S.......A\n"), input + " line 3",
         "a subframe of frame 1 (line 2) with other pads: tileprof gives the pads one value a frame"},
        {lsmv(".." + kLsmvInput.substr(2)), input + " line 1", "a subframe before the first frame"},
        {lsmv(kLsmvInput + "F.|............\n"), input + " line 3",
         "has 2 fields between pipes where the system and 2 gamepads make 3"},
        {lsmv(kLsmvInput + "F.|............|....\n"), input + " line 3", "port 2's gamepad has 4 characters where a pad has 12"},
    });
}

// ---- Mesen ----

const std::string kMesenSettings = "MesenVersion 2.0.0\nMovieFormatVersion 2\nemu.consoleType Snes\nsnes.region Auto\n"
                                   "snes.port1.type SnesController\nsnes.port2.type SnesController\n";
const std::string kMesenInput = "|..|.B...R......|............\n|..|............|.......T....\n";

std::string mmo(const std::string& settings, const std::string& input, std::vector<ZipEntry> more = {})
{
    more.insert(more.begin(), {{"GameSettings.txt", settings}, {"Input.txt", input}});
    return zipArchive(more);
}

TEST_CASE("a Mesen movie: a frame a line of Input.txt, a field for each port that holds a pad")
{
    CHECK(load("m.mmo", mmo(kMesenSettings, kMesenInput)).frames == std::vector<PadFrame>{{B | R, 0}, {0, Start}});
    const std::string onePad = replaced(kMesenSettings, "snes.port1.type SnesController", "snes.port1.type None");
    CHECK(load("m.mmo", mmo(onePad, "|..|A...........\n")).frames == std::vector<PadFrame>{{0, A}});
}

TEST_CASE("a Mesen movie tileprof cannot play is refused with the member and line")
{
    const std::string settings = "m.mmo: zip member \"GameSettings.txt\"";
    const std::string input = "m.mmo: zip member \"Input.txt\"";
    checkRefusals("m.mmo", {
        {mmo(kMesenSettings, kMesenInput, {{"SaveState.mss", "state"}}), "m.mmo", "holds a savestate (zip member \"SaveState.mss\")"},
        {mmo(kMesenSettings, kMesenInput, {{"Battery.srm", "sram"}}), "m.mmo: zip member \"Battery.srm\"",
         "the movie starts with this save data"},
        {mmo(replaced(kMesenSettings, "consoleType Snes", "consoleType Nes"), kMesenInput), settings + " line 3",
         "emu.consoleType is Nes; tileprof plays SNES movies"},
        {mmo(replaced(kMesenSettings, "MovieFormatVersion 2", "MovieFormatVersion 1"), kMesenInput), settings + " line 2",
         "MovieFormatVersion is \"1\""},
        {mmo(replaced(kMesenSettings, "snes.region Auto", "snes.region Pal"), kMesenInput), settings + " line 4",
         "recorded on a PAL console"},
        {mmo(kMesenSettings + "Cheat ProActionReplay 7E0019:02\n", kMesenInput), settings + " line 7",
         "the movie plays with cheats, which tileprof does not apply"},
        {mmo(replaced(kMesenSettings, "port2.type SnesController", "port2.type Multitap"), kMesenInput), settings + " line 6",
         "snes.port2.type is Multitap; tileprof plays standard pads"},
        {mmo(replaced(kMesenSettings, "snes.port1.type SnesController\n", ""), kMesenInput), settings,
         "names no snes.port1.type"},
        {zipArchive({{"GameSettings.txt", kMesenSettings}}), "m.mmo", "has no zip member \"Input.txt\""},
        {mmo(kMesenSettings, replaced(kMesenInput, "|..|......", "|R.|......")), input + " line 2",
         "frame 1 resets the console"},
        {mmo(kMesenSettings, replaced(kMesenInput, "|..|.B", "|.P|.B")), input + " line 1", "frame 0 power-cycles the console"},
        {mmo(kMesenSettings, kMesenInput + "|..|............\n"), input + " line 3",
         "has 2 fields where the system and 2 pads make 3"},
        {mmo(kMesenSettings, kMesenInput + "|...|............|............\n"), input + " line 3",
         "the system field has 3 characters where Mesen writes 2"},
    });
}

// ---- snes9x ----

std::string smvSequence()
{
    return slurp(kMovies / "sequence.smv");
}

// sequence.smv's layout (make_movies.py): the save RAM at byte 110, the samples at 131184.
constexpr std::size_t kSmvSaveRam = 110;
constexpr std::size_t kSmvData = 131184;

std::string patched(std::string bytes, std::size_t at, std::initializer_list<unsigned char> values)
{
    for (const unsigned char value : values) {
        bytes.at(at++) = static_cast<char>(value);
    }
    return bytes;
}

TEST_CASE("a snes9x movie of version 1: a 32-byte header, joypads 1 and 2 in the ports")
{
    // Version 1 (snes9x 1.43): no save RAM here, the samples right after the header, the first
    // before frame 0; two frames.
    std::string smv("SMV\x1A\x01\0\0\0" "\0\0\0\0" "\0\0\0\0" "\x02\0\0\0" "\x03\x01\0\0" "\x20\0\0\0" "\x20\0\0\0", 32);
    smv += std::string("\0\0\0\0" "\x00\x81\x00\x00" "\x80\x00\x00\x10", 12); // pad 1 B + Right; A, pad 2 Start
    CHECK(load("m.smv", smv).frames == std::vector<PadFrame>{{B | Right, 0}, {A, Start}});
}

TEST_CASE("a snes9x movie tileprof cannot play is refused with the byte")
{
    const std::string smv = smvSequence();
    checkRefusals("m.smv", {
        {patched(smv, 0x15, {0x00}), "m.smv: byte 21 (0x15)", "the movie starts from a snapshot"},
        {patched(smv, 0x15, {0x03}), "m.smv: byte 21 (0x15)", "recorded on a PAL console"},
        {patched(smv, 0x25, {2}), "m.smv: byte 37 (0x25)", "port 2 holds a mouse; tileprof plays standard pads"},
        {patched(smv, 0x24, {5}), "m.smv: byte 36 (0x24)", "port 1 holds a multitap"},
        {patched(smv, 0x14, {0x07}), "m.smv: byte 20 (0x14)", "controller 3 is in use, but in neither port (on a multitap?)"},
        {patched(smv, 0x04, {3}), "m.smv: byte 4 (0x4)", "version 3; tileprof reads versions 1 (snes9x 1.43), 4 (1.51) and 5"},
        {patched(smv, 0x10, {0x41, 0x42, 0x0F}), "m.smv: byte 16 (0x10)",
         "1,000,001 frames: more than 1,000,000 frames; an input file gives at most 1,000,000"},
        {patched(smv, 0x20, {17}), "m.smv: byte 32 (0x20)", "17 input samples for 16 frames"},
        {patched(smv, kSmvSaveRam + 100, {0x42}), "m.smv: byte 210 (0xD2)",
         "the movie starts with save RAM that holds a saved game"},
        {patched(smv, kSmvData + 4 * 3, {0xFF, 0xFF, 0xFF, 0xFF}), "m.smv: byte 131196 (0x2007C)", "frame 2 resets the console"},
        {smv.substr(0, smv.size() - 1), "m.smv: byte 131184 (0x20070)",
         "the controller data (16 frames and the first sample, 68 bytes at byte 131184) runs past the end of the file"},
        {smv.substr(0, 40), "m.smv: byte 40 (0x28)", "the file ends inside the header, which takes 64 bytes in version 5"},
        {patched(smv, 0x18, {0xFF, 0xFF, 0xFF, 0x00}), "m.smv: byte 24 (0x18)", "the save RAM's offset, 16777215, lies past the end"},
    });
    // The reserved bits 3-0 of a word are no buttons.
    CHECK(load("m.smv", patched(smv, kSmvData + 4, {0x0F})).frames == kSequence);
}

// ---- every movie: zip archives, limits ----

TEST_CASE("a movie's zip archive that is corrupt, encrypted or a bomb is refused with the member")
{
    const std::string movie = mmo(kMesenSettings, kMesenInput);
    const std::string where = "m.mmo: zip member \"Input.txt\"";
    // Input.txt's central directory header: the second.
    const std::size_t inputEntry = movie.find("PK\x01\x02", movie.find("PK\x01\x02") + 4);
    checkMessage(errorOf("m.mmo", patched(movie, inputEntry + 16, {0x00, 0x00})), where, {"CRC-32", "where the central directory says"});
    checkMessage(errorOf("m.mmo", movie.substr(0, movie.size() - 30)), "m.mmo",
                 {"not a zip archive: no end of central directory record"});
    checkMessage(errorOf("m.mmo", patched(movie, inputEntry + 8, {0x01})), where, {"is encrypted"});
    checkMessage(errorOf("m.mmo", patched(movie, inputEntry + 10, {12})), where,
                 {"compression method 12; tileprof reads stored (0) and deflated (8) members"});
    checkMessage(errorOf("m.mmo", patched(movie, inputEntry + 42, {0xFF, 0xFF})), where, {"no local file header at byte 65535"});
    checkMessage(errorOf("m.mmo", patched(movie, inputEntry + 20, {0xFF, 0xFF, 0x00})), where, {"run past the end of the archive"});
    checkMessage(errorOf("m.mmo", patched(movie, movie.size() - 6, {0xFF, 0xFF, 0xFF, 0x00})), "m.mmo",
                 {"zip archive is corrupt at byte", "its central directory"});

    // A member that declares more than the limit, and one that declares little and inflates to more.
    const std::string bomb = std::string((64u << 20) + 1, 'x');
    const std::string declared = zipArchive({{"GameSettings.txt", kMesenSettings}, {"Input.txt", bomb}});
    checkMessage(errorOf("m.mmo", declared), where, {"64 MiB + 1 byte; a movie's zip member is at most 64 MiB"});
    const std::size_t bombEntry = declared.find("PK\x01\x02", declared.find("PK\x01\x02") + 4);
    checkMessage(errorOf("m.mmo", patched(declared, bombEntry + 24, {0x10, 0x00, 0x00, 0x00})), where,
                 {"more than 64 MiB inflated; a movie's zip member is at most 64 MiB"});
}

TEST_CASE("every form stops past 1,000,000 frames and refuses a movie of none")
{
    std::string bizhawk = kBk2Key + "\n";
    std::string lsnes;
    std::string mesen;
    for (std::size_t frame = 0; frame <= kMaxInputFrames; ++frame) {
        bizhawk += "|..|............|............|\n";
        lsnes += "F.|............|............\n";
        mesen += "|..|............|............\n";
    }
    const std::string limit = "more than 1,000,000 frames; an input file gives at most 1,000,000";
    checkMessage(errorOf("m.bk2", bk2(kBk2Header, bizhawk)), "m.bk2: zip member \"Input Log.txt\" line 1000002", {limit});
    checkMessage(errorOf("m.lsmv", zipArchive([&] {
                             std::vector<ZipEntry> members = lsmvMembers(lsnes);
                             members.back().deflate = false;
                             return members;
                         }())),
                 "m.lsmv: zip member \"input\" line 1000001", {limit});
    checkMessage(errorOf("m.mmo", zipArchive({{"GameSettings.txt", kMesenSettings}, {"Input.txt", mesen, false}})),
                 "m.mmo: zip member \"Input.txt\" line 1000001", {limit});
    CHECK(load("m.mmo", zipArchive({{"GameSettings.txt", kMesenSettings},
                                    {"Input.txt", mesen.substr(0, mesen.size() - 30), false}}))
              .frames.size() == kMaxInputFrames);

    checkMessage(errorOf("m.bk2", bk2(kBk2Header, kBk2Key + "\n")), "m.bk2", {"gives no frames"});
    const std::string noFrames = patched(smvSequence(), 0x10, {0});
    checkMessage(errorOf("m.smv", noFrames), "m.smv: byte 32 (0x20)", {"16 input samples for 0 frames"});
    checkMessage(errorOf("m.smv", patched(noFrames, 0x20, {0})), "m.smv", {"gives no frames"});
}

TEST_CASE("an input file over its limit is refused before it is read")
{
    const TempDir dir;
    const fs::path big = dir.write("big.bk2", "");
    fs::resize_file(big, (64u << 20) + 1);
    try {
        loadInput(big);
        FAIL("loaded");
    } catch (const InputError& e) {
        CHECK(dir.relative(e.what()) == "big.bk2: 64 MiB + 1 byte; an input file is at most 64 MiB");
    }
    CHECK(errorOf("big.toml", "#" + std::string(16u << 20, 'x')) == "big.toml: 16 MiB + 1 byte; a TOML file is at most 16 MiB");
}

} // namespace
} // namespace tileprof
