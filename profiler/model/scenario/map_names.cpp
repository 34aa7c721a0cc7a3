#include "profiler/model/scenario/map_names.hpp"

#include <algorithm>
#include <charconv>

namespace tileprof {

std::vector<MapWord> mapWords(std::string_view row)
{
    std::vector<MapWord> words;
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    for (std::size_t at = 0; at < row.size();) {
        if (blank(row[at])) {
            ++at;
            continue;
        }
        const std::size_t start = at;
        while (at < row.size() && !blank(row[at])) {
            ++at;
        }
        words.push_back({start, at - start});
    }
    return words;
}

std::optional<TileId> tileOfWord(std::string_view word, const Design& design)
{
    std::size_t id = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), id);
    if (error == std::errc{} && end == word.data() + word.size()) {
        return id < design.tiles.size() ? std::optional(static_cast<TileId>(id)) : std::nullopt;
    }
    return design.byName(word);
}

std::string mapNamesText(const TileMap& map, const Design& design)
{
    std::size_t width = 0;
    for (const TileId tile : map.tiles) {
        width = std::max(width, design[tile].name.size());
    }
    std::string text;
    for (int row = 0; row < map.height; ++row) {
        std::string line;
        for (int column = 0; column < map.width; ++column) {
            const std::string& name = design[map.at(column, row)].name;
            line += name;
            if (column + 1 < map.width) {
                line += std::string(width + 1 - name.size(), ' ');
            }
        }
        text += line + "\n";
    }
    return text;
}

} // namespace tileprof
