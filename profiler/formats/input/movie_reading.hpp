#pragma once

#include "base/zip_archive.hpp"
#include "profiler/formats/input/input_movie.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// Each form's reader; parseInput chooses one by the file's content.
InputMovie readInputScript(std::string text, const std::string& name);
InputMovie readBizHawkMovie(const ZipArchive& zip);
InputMovie readLsnesMovie(const ZipArchive& zip);
InputMovie readMesenMovie(const ZipArchive& zip);
InputMovie readSnes9xMovie(std::string_view bytes, const std::string& name);

// A text member of a movie and where messages about it point.
struct MovieText {
    std::string where; // FILE: zip member "NAME"
    std::string text;

    // Throws InputError "WHERE line LINE: problem", or "WHERE: problem".
    [[noreturn]] void fail(int line, const std::string& problem) const;
    [[noreturn]] void fail(const std::string& problem) const;
};

// The member `name`, read within kMovieMemberLimit, if the archive has it.
std::optional<MovieText> optionalText(const ZipArchive& zip, std::string_view name);

// The member `name`; throws InputError "FILE: has no zip member "NAME", which a KIND holds".
MovieText requiredText(const ZipArchive& zip, std::string_view name, std::string_view kind);

// The lines "KEY VALUE" of a text (BizHawk's Header.txt, Mesen's GameSettings.txt): each value
// after the first space, with its line; a line without a space is a key without a value, and the
// first line of a key is the one kept.
struct KeyValue {
    std::string value;
    int line = 0;
};
std::map<std::string, KeyValue, std::less<>> keyValues(const MovieText& text);

// The pieces of `line` between its separators, empty ones too: "|a||b" gives "", "a", "", "b".
std::vector<std::string_view> splitAt(std::string_view line, char separator);

// The 12 buttons of a movie's text for a pad, in the order its characters give them: each its
// bit in the auto-joypad layout.
using PadColumns = std::array<std::uint16_t, 12>;

// The columns of the buttons named as joypad_buttons.hpp names them, in that order.
PadColumns padColumns(const std::array<std::string_view, 12>& names);

// The pad word of `field`, which must hold exactly one character a column: one of `released` for a
// button not held, any other for one held. Throws InputError "WHERE line LINE: WHAT has N
// characters where a pad has 12" for another length.
std::uint16_t padWord(std::string_view field, const PadColumns& columns, std::string_view released, const MovieText& text,
                      int line, const std::string& what);

// Fails at `line` of `text` when `frames` already holds kMaxInputFrames frames, before one more.
void checkRoomForFrame(std::size_t frames, const MovieText& text, int line);

// "more than 1,000,000 frames; an input file gives at most 1,000,000", for every form's message.
std::string tooManyFrames();

// "FILE: recorded on a PAL console ...": tileprof's console is an NTSC one.
[[noreturn]] void failPal(const std::string& where);

// "N frames" with the count grouped, as notes give it.
std::string framesCounted(std::size_t frames);

// A movie recorded by a frontend that polls the pads once a frame, where its frame begins: at the
// start of V-blank, where libretro's retro_run and bsnes's frames end (BizHawk's and lsnes's bsnes
// cores). Its frame k is held from the V-blank before tileprof's frame k - 1 is read, to the next:
// frames[f] becomes its frame f + 1, switched as V-blank begins, and its frame 0, polled before
// any V-blank, is held through frame 0's picture. Adds a note that says so.
void pollAtVblank(InputMovie& movie);

} // namespace tileprof
