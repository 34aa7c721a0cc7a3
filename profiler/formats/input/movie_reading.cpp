#include "profiler/formats/input/movie_reading.hpp"

#include "base/counted.hpp"
#include "base/input_error.hpp"
#include "base/text_lines.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"

#include <algorithm>

namespace tileprof {

void MovieText::fail(int line, const std::string& problem) const
{
    throw InputError(where + " line " + std::to_string(line) + ": " + problem);
}

void MovieText::fail(const std::string& problem) const
{
    throw InputError(where + ": " + problem);
}

std::optional<MovieText> optionalText(const ZipArchive& zip, std::string_view name)
{
    const ZipMember* member = zip.find(name);
    if (member == nullptr) {
        return std::nullopt;
    }
    return MovieText{zip.whereOf(*member), zip.read(*member, kMovieMemberLimit)};
}

MovieText requiredText(const ZipArchive& zip, std::string_view name, std::string_view kind)
{
    std::optional<MovieText> text = optionalText(zip, name);
    if (!text) {
        throw InputError(zip.where() + ": has no zip member \"" + std::string(name) + "\", which " + std::string(kind) + " holds");
    }
    return *std::move(text);
}

std::map<std::string, KeyValue, std::less<>> keyValues(const MovieText& text)
{
    std::map<std::string, KeyValue, std::less<>> values;
    forEachLine(text.text, [&](std::string_view line, int number) {
        const std::size_t space = line.find(' ');
        const std::string_view value = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
        values.try_emplace(std::string(line.substr(0, space)), KeyValue{std::string(value), number});
    });
    return values;
}

std::vector<std::string_view> splitAt(std::string_view line, char separator)
{
    std::vector<std::string_view> pieces;
    for (std::size_t start = 0;;) {
        const std::size_t end = line.find(separator, start);
        pieces.push_back(line.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) {
            return pieces;
        }
        start = end + 1;
    }
}

PadColumns padColumns(const std::array<std::string_view, 12>& names)
{
    PadColumns columns{};
    std::ranges::transform(names, columns.begin(), [](std::string_view name) { return *joypadBit(name); });
    return columns;
}

std::uint16_t padWord(std::string_view field, const PadColumns& columns, std::string_view released, const MovieText& text,
                      int line, const std::string& what)
{
    if (field.size() != columns.size()) {
        text.fail(line, what + " has " + counted(field.size(), "character") + " where a pad has 12");
    }
    std::uint16_t word = 0;
    for (std::size_t column = 0; column < columns.size(); ++column) {
        if (released.find(field[column]) == std::string_view::npos) {
            word |= columns[column];
        }
    }
    return word;
}

std::string tooManyFrames()
{
    return "more than " + grouped(kMaxInputFrames) + " frames; an input file gives at most " + grouped(kMaxInputFrames);
}

void checkRoomForFrame(std::size_t frames, const MovieText& text, int line)
{
    if (frames == kMaxInputFrames) {
        text.fail(line, tooManyFrames());
    }
}

void failPal(const std::string& where)
{
    throw InputError(where + ": recorded on a PAL console (50 frames a second); tileprof's console is an NTSC one");
}

std::string framesCounted(std::size_t frames)
{
    return grouped(frames) + (frames == 1 ? " frame" : " frames");
}

void pollAtVblank(InputMovie& movie)
{
    if (movie.frames.empty()) {
        return;
    }
    movie.initial = movie.frames.front();
    movie.frames.erase(movie.frames.begin());
    movie.padSwitch = emu::PadSwitch::VblankStart;
    movie.notes.push_back("its frame k is read in V-blank of tileprof's frame k - 1 (the frontend polled it as that "
                          "V-blank began); its frame 0 is held through frame 0's picture");
}

} // namespace tileprof
