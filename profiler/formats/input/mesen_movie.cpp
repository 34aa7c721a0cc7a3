// Mesen 2's .mmo, as Mesen writes and plays it (Core/Shared/Movies/MovieRecorder.cpp and
// MesenMovie.cpp, the devices' GetTextState in BaseControlDevice.cpp): a zip archive whose
// "GameSettings.txt" holds "KEY VALUE" lines (MovieFormatVersion, emu.consoleType, the settings
// that shape emulation such as snes.port1.type) and whose "Input.txt" holds a line a frame, taken
// where the SNES's auto-joypad read begins at the start of vertical blank: '|' and the system's
// field ("RP": reset, power), then '|' and a field a port that holds a device, "ABXYLRSTUDLR" for a
// pad's buttons held and '.' for the others ("|..|.B....S.U...|............").

#include "base/input_error.hpp"
#include "base/text_lines.hpp"
#include "profiler/formats/input/movie_reading.hpp"

#include <charconv>

namespace tileprof {
namespace {

// A pad's buttons in the order of Mesen's letters "ABXYLRSTUDLR" (SnesController.cpp's
// GetKeyNames; S is Select, T Start).
const PadColumns kPadColumns = padColumns({"a", "b", "x", "y", "l", "r", "select", "start", "up", "down", "left", "right"});

using Settings = std::map<std::string, KeyValue, std::less<>>;

const KeyValue& setting(const Settings& settings, std::string_view key, const MovieText& text)
{
    const auto found = settings.find(key);
    if (found == settings.end()) {
        text.fail("names no " + std::string(key) + "; Mesen writes it for every SNES movie");
    }
    return found->second;
}

// Whether a port holds a pad: Mesen records a field only for a port that holds a device.
bool holdsPad(const Settings& settings, std::string_view key, const MovieText& text)
{
    const KeyValue& type = setting(settings, key, text);
    if (type.value != "SnesController" && type.value != "None") {
        text.fail(type.line, std::string(key) + " is " + type.value.substr(0, 40)
                                 + "; tileprof plays standard pads: SnesController or None");
    }
    return type.value == "SnesController";
}

// Refuses a movie that is not an NTSC SNES's from power-on without save data or cheats.
void checkSettings(const Settings& settings, const MovieText& text)
{
    const KeyValue& version = setting(settings, "MovieFormatVersion", text);
    int number = 0;
    const auto [end, error] = std::from_chars(version.value.data(), version.value.data() + version.value.size(), number);
    if (error != std::errc() || end != version.value.data() + version.value.size() || number < 2) {
        text.fail(version.line, "MovieFormatVersion is \"" + version.value.substr(0, 40)
                                    + "\"; Mesen 2 plays version 2 and later, and so does tileprof");
    }
    const KeyValue& console = setting(settings, "emu.consoleType", text);
    if (console.value != "Snes") {
        text.fail(console.line, "emu.consoleType is " + console.value.substr(0, 40) + "; tileprof plays SNES movies");
    }
    if (const auto region = settings.find("snes.region"); region != settings.end() && region->second.value == "Pal") {
        failPal(text.where + " line " + std::to_string(region->second.line));
    }
    if (const auto cheat = settings.find("Cheat"); cheat != settings.end()) {
        text.fail(cheat->second.line, "the movie plays with cheats, which tileprof does not apply");
    }
}

void checkStart(const ZipArchive& zip)
{
    if (zip.find("SaveState.mss") != nullptr) {
        throw InputError(zip.where() + ": holds a savestate (zip member \"SaveState.mss\"), which the movie starts from; "
                                       "tileprof plays from power-on");
    }
    for (const ZipMember& member : zip.members()) {
        if (member.name.starts_with("Battery")) {
            throw InputError(zip.whereOf(member) + ": the movie starts with this save data; tileprof starts without");
        }
    }
}

} // namespace

InputMovie readMesenMovie(const ZipArchive& zip)
{
    checkStart(zip);
    const MovieText settingsText = requiredText(zip, "GameSettings.txt", "a Mesen movie");
    const Settings settings = keyValues(settingsText);
    checkSettings(settings, settingsText);
    const bool pad1 = holdsPad(settings, "snes.port1.type", settingsText);
    const bool pad2 = holdsPad(settings, "snes.port2.type", settingsText);
    const MovieText input = requiredText(zip, "Input.txt", "a Mesen movie");
    const std::size_t fieldCount = 1 + (pad1 ? 1 : 0) + (pad2 ? 1 : 0);
    InputMovie movie;
    movie.format = InputFormat::Mesen;
    forEachLine(input.text, [&](std::string_view line, int number) {
        if (!line.starts_with('|')) {
            return; // Mesen plays only the lines that start with '|'
        }
        checkRoomForFrame(movie.frames.size(), input, number);
        const std::vector<std::string_view> fields = splitAt(line.substr(1), '|');
        if (fields.size() != fieldCount) {
            input.fail(number, "has " + std::to_string(fields.size()) + " fields where the system and "
                                   + (fieldCount == 1 ? "no pad" : std::to_string(fieldCount - 1) + " pads") + " make "
                                   + std::to_string(fieldCount));
        }
        const std::string_view system = fields[0];
        if (system.size() != 2) {
            input.fail(number, "the system field has " + std::to_string(system.size()) + " characters where Mesen writes 2 (RP)");
        }
        if (system != "..") {
            input.fail(number, "frame " + std::to_string(movie.frames.size()) + (system[0] != '.' ? " resets" : " power-cycles")
                                   + " the console; tileprof plays from power-on without resets");
        }
        PadFrame pads;
        std::size_t field = 1;
        if (pad1) {
            pads.pad1 = padWord(fields[field++], kPadColumns, ".", input, number, "port 1's pad");
        }
        if (pad2) {
            pads.pad2 = padWord(fields[field], kPadColumns, ".", input, number, "port 2's pad");
        }
        movie.frames.push_back(pads);
    });
    const auto mesen = settings.find("MesenVersion");
    movie.notes.push_back("Mesen mmo (Mesen " + (mesen != settings.end() ? mesen->second.value.substr(0, 40) : "of a version not named")
                          + "): " + framesCounted(movie.frames.size())
                          + ", one a line of \"Input.txt\", read as each frame's vertical blank begins, lag frames included");
    movie.padSwitch = emu::PadSwitch::VblankStart; // Mesen sets a frame's pads as its V-blank begins
    return movie;
}

} // namespace tileprof
