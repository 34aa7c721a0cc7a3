// lsnes's .lsmv, as TASVideos' "LSMV" page describes it and lsnes's bsnes core declares its ports
// (src/emulation/bsnes-legacy/ports.json, portctrl-data.cpp): a zip archive of one-line members
// (systemid "lsnes-rr1", controlsversion "0", gametype, port1, port2, ...) and "input", a line a
// subframe: the system field first, its first character F where a frame begins and its second R
// for a reset, then a field a gamepad, "BYsSudlrAXLR" for its buttons held and '.' for the others
// ("F.|.Y.S....A...|............"). A line without F is a subframe: the pads for the game's next
// poll within the same frame.

#include "base/counted.hpp"
#include "base/input_error.hpp"
#include "base/text_lines.hpp"
#include "profiler/formats/input/movie_reading.hpp"

namespace tileprof {
namespace {

// A gamepad's buttons in the order of lsnes's letters "BYsSudlrAXLR".
const PadColumns kGamepadColumns = padColumns({"b", "y", "select", "start", "up", "down", "left", "right", "a", "x", "l", "r"});

// lsnes reads a button as released for these characters (its read_button_value).
constexpr std::string_view kReleased = ". \t";

// A one-line member's value, without its line end.
std::string oneLine(const MovieText& text)
{
    const std::string_view value = std::string_view(text.text).substr(0, text.text.find('\n'));
    return std::string(value.substr(0, value.find_last_not_of(" \t\r") + 1));
}

std::string requiredLine(const ZipArchive& zip, std::string_view name)
{
    return oneLine(requiredText(zip, name, "an lsnes movie"));
}

// Whether port `name` ("port1", "port2") holds a gamepad: lsnes's bsnes core plugs one into port 1
// and nothing into port 2 unless the movie says otherwise.
bool holdsGamepad(const ZipArchive& zip, std::string_view name, std::string_view otherwise)
{
    const std::optional<MovieText> text = optionalText(zip, name);
    const std::string type = text ? oneLine(*text) : std::string(otherwise);
    if (type != "gamepad" && type != "none") {
        throw InputError(zip.where() + ": " + std::string(name) + " is \"" + type.substr(0, 40)
                         + "\"; tileprof plays standard pads: \"gamepad\" or \"none\"");
    }
    return type == "gamepad";
}

// Refuses a savestate, and a movie that starts from one or with save RAM.
void checkStart(const ZipArchive& zip)
{
    if (zip.find("savestate") != nullptr) {
        throw InputError(zip.where() + ": an lsnes savestate (it holds zip member \"savestate\"), not a movie from power-on");
    }
    if (zip.find("savestate.anchor") != nullptr) {
        throw InputError(zip.where() + ": starts from a savestate (zip member \"savestate.anchor\"); tileprof plays from power-on");
    }
    for (const ZipMember& member : zip.members()) {
        if (member.name.starts_with("moviesram.")) {
            throw InputError(zip.whereOf(member) + ": the movie starts with this save RAM; tileprof starts without");
        }
    }
}

void checkHeader(const ZipArchive& zip)
{
    if (const std::string system = requiredLine(zip, "systemid"); system != "lsnes-rr1") {
        throw InputError(zip.where() + ": systemid is \"" + system.substr(0, 40) + "\" where an lsnes movie has \"lsnes-rr1\"");
    }
    if (const std::string version = requiredLine(zip, "controlsversion"); version != "0") {
        throw InputError(zip.where() + ": controlsversion is \"" + version.substr(0, 40) + "\"; tileprof reads version 0");
    }
    const std::string game = requiredLine(zip, "gametype");
    if (game == "snes_pal") {
        failPal(zip.where());
    }
    if (game != "snes_ntsc") {
        throw InputError(zip.where() + ": gametype is \"" + game.substr(0, 40) + "\"; tileprof plays SNES games (snes_ntsc)");
    }
}

bool held(std::string_view field, std::size_t at)
{
    return at < field.size() && kReleased.find(field[at]) == std::string_view::npos;
}

} // namespace

InputMovie readLsnesMovie(const ZipArchive& zip)
{
    checkStart(zip);
    checkHeader(zip);
    const bool pad1 = holdsGamepad(zip, "port1", "gamepad");
    const bool pad2 = holdsGamepad(zip, "port2", "none");
    const MovieText input = requiredText(zip, "input", "an lsnes movie");
    const std::size_t fieldCount = 1 + (pad1 ? 1 : 0) + (pad2 ? 1 : 0);
    InputMovie movie;
    movie.format = InputFormat::Lsnes;
    std::size_t merged = 0;
    int frameLine = 0;
    forEachLine(input.text, [&](std::string_view line, int number) {
        if (line.empty()) {
            return;
        }
        const std::vector<std::string_view> fields = splitAt(line, '|');
        if (fields.size() != fieldCount) {
            input.fail(number, "has " + std::to_string(fields.size()) + " fields between pipes where the system and "
                                   + (fieldCount == 1 ? "no gamepad" : std::to_string(fieldCount - 1) + " gamepads") + " make "
                                   + std::to_string(fieldCount));
        }
        const bool sync = held(fields[0], 0);
        if (!sync && movie.frames.empty()) {
            input.fail(number, "a subframe before the first frame (a line whose system field starts with F)");
        }
        const std::string frame = "frame " + std::to_string(movie.frames.size() - (sync ? 0 : 1));
        if (held(fields[0], 1)) {
            input.fail(number, frame + " resets the console; tileprof plays from power-on without resets");
        }
        PadFrame pads;
        std::size_t field = 1;
        if (pad1) {
            pads.pad1 = padWord(fields[field++], kGamepadColumns, kReleased, input, number, "port 1's gamepad");
        }
        if (pad2) {
            pads.pad2 = padWord(fields[field], kGamepadColumns, kReleased, input, number, "port 2's gamepad");
        }
        if (sync) {
            checkRoomForFrame(movie.frames.size(), input, number);
            movie.frames.push_back(pads);
            frameLine = number;
            return;
        }
        if (pads != movie.frames.back()) {
            input.fail(number, "a subframe of " + frame + " (line " + std::to_string(frameLine)
                                   + ") with other pads: tileprof gives the pads one value a frame");
        }
        ++merged;
    });
    movie.notes.push_back("lsnes lsmv: " + framesCounted(movie.frames.size())
                          + ", one a line of \"input\" that starts with F, lag frames included");
    if (merged > 0) {
        movie.notes.push_back(merged == 1 ? "1 subframe merged into its frame, whose pads it repeats"
                                          : grouped(merged) + " subframes merged into their frames, whose pads they repeat");
    }
    pollAtVblank(movie);
    return movie;
}

} // namespace tileprof
