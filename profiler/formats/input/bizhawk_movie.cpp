// BizHawk's .bk2, as TASVideos' "BK2 Format" page describes it and BizHawk writes it
// (Bk2Header.cs, Bk2LogEntryGenerator.cs, Bk2MnemonicLookup.cs, BinaryStateLump.cs): a zip archive
// whose "Header.txt" holds "KEY VALUE" lines and whose "Input Log.txt" holds a log key naming the
// controls, "LogKey:#Reset|Power|#P1 Up|P1 Down|...|", then a line a frame, a group of characters
// a controller between pipes, '.' for a button not held ("|..|.D..s.YB....|............|").

#include "base/input_error.hpp"
#include "base/text_lines.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"
#include "profiler/formats/input/movie_reading.hpp"

#include <vector>

namespace tileprof {
namespace {

// What one character of a frame line stands for.
struct Column {
    enum class Control : std::uint8_t { Reset, Power, Pad1, Pad2 } control;
    std::uint16_t bit = 0; // for a pad
};
using Group = std::vector<Column>;

// The fields between the separators of a line that starts and ends with one ("|a|b|", "#a#b"; the
// last one may be left out).
std::vector<std::string_view> fields(std::string_view line, char separator)
{
    std::vector<std::string_view> pieces = splitAt(line, separator);
    if (pieces.size() > 1 && pieces.back().empty()) {
        pieces.pop_back();
    }
    if (!pieces.empty() && pieces.front().empty()) {
        pieces.erase(pieces.begin());
    }
    return pieces;
}

// A control of the log key: the console's Reset and Power, or a button of player 1 or 2's pad.
Column column(std::string_view name, const MovieText& log, int line)
{
    if (name == "Reset" || name == "Power") {
        return {name == "Reset" ? Column::Control::Reset : Column::Control::Power};
    }
    if (name.size() > 3 && (name.starts_with("P1 ") || name.starts_with("P2 "))) {
        if (const std::optional<std::uint16_t> bit = joypadBit(name.substr(3), ButtonCase::Any)) {
            return {name[1] == '1' ? Column::Control::Pad1 : Column::Control::Pad2, *bit};
        }
    }
    log.fail(line, "the log key names \"" + std::string(name.substr(0, 40)) + "\", no button of the two standard pads "
                   "tileprof plays (a multitap, a mouse or a Super Scope in a port?)");
}

// "LogKey:#Reset|Power|#P1 Up|...|": the groups of columns, '#' before each.
std::vector<Group> logKey(std::string_view key, const MovieText& log, int line)
{
    std::vector<Group> groups;
    for (const std::string_view group : fields(key, '#')) {
        groups.emplace_back();
        for (const std::string_view name : fields(group, '|')) {
            groups.back().push_back(column(name, log, line));
        }
    }
    return groups;
}

// The header's value of `key`, if it has the key.
const KeyValue* headerValue(const std::map<std::string, KeyValue, std::less<>>& header, std::string_view key)
{
    const auto found = header.find(key);
    return found == header.end() ? nullptr : &found->second;
}

bool isTrue(const KeyValue* value)
{
    return value != nullptr && (value->value == "True" || value->value == "true");
}

// Refuses a movie that does not start at power-on with empty save RAM on an NTSC SNES.
std::string checkedCore(const ZipArchive& zip, const MovieText& headerText)
{
    const auto header = keyValues(headerText);
    const KeyValue* platform = headerValue(header, "Platform");
    if (platform == nullptr) {
        headerText.fail("names no Platform; tileprof plays a movie whose Platform is SNES");
    }
    if (platform->value != "SNES") {
        headerText.fail(platform->line, "Platform is \"" + platform->value.substr(0, 40) + "\"; tileprof plays SNES movies");
    }
    if (const KeyValue* savestate = headerValue(header, "StartsFromSavestate"); isTrue(savestate)) {
        headerText.fail(savestate->line, "StartsFromSavestate True: the movie starts from a savestate; tileprof plays from power-on");
    }
    if (const KeyValue* saveRam = headerValue(header, "StartsFromSaveRam"); isTrue(saveRam)) {
        headerText.fail(saveRam->line, "StartsFromSaveRam True: the movie starts with save RAM; tileprof starts without");
    }
    if (const KeyValue* pal = headerValue(header, "PAL"); isTrue(pal)) {
        failPal(headerText.where + " line " + std::to_string(pal->line));
    }
    // BizHawk loads a savestate or save RAM a movie holds whatever its header says.
    for (const std::string_view member : {"Core.bin", "CoreText.txt"}) {
        if (zip.find(member) != nullptr) {
            throw InputError(zip.where() + ": holds a savestate (zip member \"" + std::string(member)
                             + "\"), which the movie starts from; tileprof plays from power-on");
        }
    }
    if (zip.find("MovieSaveRam.bin") != nullptr) {
        throw InputError(zip.where() + ": holds save RAM (zip member \"MovieSaveRam.bin\"), which the movie starts with; "
                                       "tileprof starts without");
    }
    const KeyValue* core = headerValue(header, "Core");
    return core != nullptr ? core->value.substr(0, 40) : "not named";
}

} // namespace

InputMovie readBizHawkMovie(const ZipArchive& zip)
{
    const std::string core = checkedCore(zip, requiredText(zip, "Header.txt", "a BizHawk movie"));
    const MovieText log = requiredText(zip, "Input Log.txt", "a BizHawk movie");
    InputMovie movie;
    movie.format = InputFormat::BizHawk;
    std::vector<Group> groups;
    bool keyed = false;
    forEachLine(log.text, [&](std::string_view line, int number) {
        if (line.starts_with("LogKey:")) {
            groups = logKey(line.substr(7), log, number);
            keyed = true;
            return;
        }
        if (!line.starts_with('|')) {
            return; // "[Input]", "[/Input]": BizHawk reads only the log key and the frames
        }
        if (!keyed) {
            log.fail(number, "a frame before the LogKey line, which names its columns");
        }
        checkRoomForFrame(movie.frames.size(), log, number);
        const std::vector<std::string_view> values = fields(line, '|');
        if (values.size() != groups.size()) {
            log.fail(number, "frame " + std::to_string(movie.frames.size()) + " has " + std::to_string(values.size())
                                 + " groups between its pipes where the log key has " + std::to_string(groups.size()));
        }
        PadFrame pads;
        for (std::size_t group = 0; group < groups.size(); ++group) {
            if (values[group].size() != groups[group].size()) {
                log.fail(number, "frame " + std::to_string(movie.frames.size()) + "'s group " + std::to_string(group + 1) + " has "
                                     + std::to_string(values[group].size()) + " characters where the log key names "
                                     + std::to_string(groups[group].size()) + " controls");
            }
            for (std::size_t at = 0; at < groups[group].size(); ++at) {
                if (values[group][at] == '.') {
                    continue; // BizHawk reads any other character as the control pressed
                }
                const Column& control = groups[group][at];
                switch (control.control) {
                case Column::Control::Reset:
                case Column::Control::Power:
                    log.fail(number, "frame " + std::to_string(movie.frames.size()) + " presses "
                                         + (control.control == Column::Control::Reset ? "Reset" : "Power")
                                         + "; tileprof plays from power-on without resets");
                case Column::Control::Pad1:
                    pads.pad1 |= control.bit;
                    break;
                case Column::Control::Pad2:
                    pads.pad2 |= control.bit;
                    break;
                }
            }
        }
        movie.frames.push_back(pads);
    });
    if (!keyed) {
        log.fail("has no LogKey line, which names the columns of its frames");
    }
    movie.notes.push_back("BizHawk bk2 (core " + core + "): " + framesCounted(movie.frames.size())
                          + ", one a line of \"Input Log.txt\", lag frames included");
    pollAtVblank(movie);
    return movie;
}

} // namespace tileprof
