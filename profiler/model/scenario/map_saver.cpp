#include "profiler/model/scenario/map_saver.hpp"

#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "base/output_file.hpp"
#include "profiler/formats/map/tiled_map.hpp"
#include "profiler/formats/toml/string_positions.hpp"
#include "profiler/formats/toml/toml_file.hpp"
#include "profiler/model/scenario/map_names.hpp"
#include "profiler/model/scenario/map_rows.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {
namespace {

// How many bytes of the file spell the string's character at `offset`: 1 for the character itself,
// or a whole escape (\u0023, \U00000023). 0 if it is neither, which saveAsciiMap does not guess about.
std::size_t spelling(std::string_view text, std::size_t offset, char character)
{
    if (offset >= text.size()) {
        return 0;
    }
    if (text[offset] == character) {
        return 1;
    }
    if (text[offset] != '\\' || offset + 1 >= text.size()) {
        return 0;
    }
    const std::size_t digits = text[offset + 1] == 'u' ? 4 : text[offset + 1] == 'U' ? 8 : 0;
    if (digits == 0 || offset + 2 + digits > text.size()) {
        return 0;
    }
    std::uint32_t codePoint = 0;
    const char* const begin = text.data() + offset + 2;
    const auto [end, error] = std::from_chars(begin, begin + digits, codePoint, 16);
    const bool escapesIt = error == std::errc{} && end == begin + digits
                        && codePoint == static_cast<unsigned char>(character);
    return escapesIt ? 2 + digits : 0;
}

// "3 rows on lines 17..19, 16 tiles wide"
std::string describeRows(std::size_t rows, const std::vector<int>& lines, std::size_t width)
{
    std::string text = std::to_string(rows) + (rows == 1 ? " row" : " rows");
    if (!lines.empty()) {
        text += " on lines " + std::to_string(lines.front()) + ".." + std::to_string(lines.back());
    }
    return text + ", " + std::to_string(width) + " tiles wide";
}

// Writes `text`, the scenario file with its map's string edited, once it is sure the edit holds:
// the string at `key` must read exactly `expected` in it.
void replaceChecked(const Scenario& scenario, const TomlFile& file, const toml::node& map, const std::string& text,
                    const char* key, const std::string& expected)
{
    std::optional<std::string> written;
    try {
        written = toml::parse(text, file.name).at_path(key).value<std::string>();
    } catch (const toml::parse_error&) {
    }
    if (written != expected) {
        file.fail(lineOf(map), std::string("cannot rewrite the map's '") + key + "' in the text; nothing was written");
    }
    replaceFile(scenario.path, text);
}

void saveAsciiMap(const Scenario& scenario, const TomlFile& file)
{
    const TileMap& map = scenario.map;
    const std::size_t width = static_cast<std::size_t>(std::max(map.width, 0));
    const std::size_t height = static_cast<std::size_t>(std::max(map.height, 0));
    if (map.tiles.size() != width * height) {
        throw InputError(scenario.path.string() + ": the edited map holds " + std::to_string(map.tiles.size())
                              + " tiles, not " + std::to_string(width) + " x " + std::to_string(height)
                              + "; nothing was written");
    }
    const toml::node* node = file.root.at_path("map.tiles").node();
    if (!node || !node->is_string()) {
        throw InputError(file.name + ": [map] has no 'tiles' string any more: the file has changed since the "
                                          "scenario was loaded; load it again before saving the map. Nothing was "
                                          "written");
    }
    const std::string& value = node->as_string()->get();
    const std::vector<SourcePosition> positions =
        valuePositions(file.text, {lineOf(*node), static_cast<int>(node->source().begin.column)});
    if (positions.size() != value.size()) {
        file.fail(lineOf(*node), "cannot find the map's characters in the 'tiles' string; nothing was written");
    }
    // The file's map must still be where, and as large as, it was when the scenario was loaded.
    const std::vector<MapRow> rows = asciiMapRows(value);
    std::vector<int> lines;
    std::optional<std::size_t> otherWidth; // the first row's that is not `width` tiles wide
    for (const MapRow& row : rows) {
        lines.push_back(positions[row.offset].line);
        if (row.length != width && !otherWidth) {
            otherWidth = row.length;
        }
    }
    if (lines != scenario.mapRowLines || otherWidth || rows.size() != height) {
        file.fail(lineOf(*node), "the map in the file has "
                                     + describeRows(rows.size(), lines, otherWidth.value_or(width))
                                     + ", but when the scenario was loaded it had "
                                     + describeRows(height, scenario.mapRowLines, width)
                                     + ": the file has changed since; load it again before saving the map. Nothing "
                                       "was written");
    }

    std::string text;
    std::string expected = value; // the tiles string the new text must hold
    std::size_t copied = 0;
    for (std::size_t row = 0; row < rows.size(); ++row) {
        for (std::size_t column = 0; column < rows[row].length; ++column) {
            const std::size_t at = rows[row].offset + column;
            const TileId tile = map.at(static_cast<int>(column), static_cast<int>(row));
            const char legend = scenario.design[tile].legend;
            if (legend == 0) {
                file.fail(positions[at], "map row " + std::to_string(row) + ", column " + std::to_string(column) + " is tile " +
                                             scenario.design[tile].name + ", which has no legend character to write in an ASCII map; "
                                             "nothing was written");
            }
            if (value[at] == legend) {
                continue;
            }
            const std::size_t offset = byteOffset(file.text, positions[at]);
            const std::size_t length = spelling(file.text, offset, value[at]);
            if (length == 0 || offset < copied) {
                file.fail(positions[at], "cannot find map row " + std::to_string(row) + ", column "
                                             + std::to_string(column) + " in the text; nothing was written");
            }
            text.append(file.text, copied, offset - copied);
            text += legend;
            copied = offset + length;
            expected[at] = legend;
        }
    }
    text.append(file.text, copied);

    replaceChecked(scenario, file, *node, text, "map.tiles", expected);
}

// A map of names is written again whole, its string replaced by the edited map's rows: the words'
// spacing is the writer's, and every byte of the file outside the string stays as it is.
void saveNamesMap(const Scenario& scenario, const TomlFile& file)
{
    const toml::node* node = file.root.at_path("map.names").node();
    const auto rowsNow = [&]() -> std::optional<std::vector<int>> {
        if (node == nullptr || !node->is_string()) {
            return std::nullopt;
        }
        const std::string& value = node->as_string()->get();
        const std::vector<SourcePosition> positions =
            valuePositions(file.text, {lineOf(*node), static_cast<int>(node->source().begin.column)});
        std::vector<int> lines;
        for (const MapRow& row : asciiMapRows(value)) {
            if (positions.size() != value.size() ||
                mapWords(std::string_view(value).substr(row.offset, row.length)).size() !=
                    static_cast<std::size_t>(scenario.map.width)) {
                return std::nullopt;
            }
            lines.push_back(positions[row.offset].line);
        }
        return lines;
    };
    if (rowsNow() != scenario.mapRowLines) {
        throw InputError(file.name + ": the map's names are no longer on the lines, or as many a row, as when the scenario "
                                     "was loaded: the file has changed since; load it again before saving the map. "
                                     "Nothing was written");
    }
    const std::string names = mapNamesText(scenario.map, scenario.design);
    const std::size_t begin = byteOffset(file.text, {static_cast<int>(node->source().begin.line), static_cast<int>(node->source().begin.column)});
    const std::size_t end = byteOffset(file.text, {static_cast<int>(node->source().end.line), static_cast<int>(node->source().end.column)});
    const std::string text = file.text.substr(0, begin) + "\"\"\"\n" + names + "\"\"\"" + file.text.substr(end);
    replaceChecked(scenario, file, *node, text, "map.names", names);
}

void saveTiledMap(const Scenario& scenario)
{
    const std::filesystem::path& path = scenario.mapFile;
    const std::string text = readFileContents(path, path.string(), kTiledMapLimit);
    replaceFile(path, tiledMapWithTiles(text, path.string(), scenario.map, scenario.design));
}

} // namespace

void saveMap(const Scenario& scenario)
{
    if (!scenario.mapFile.empty()) {
        saveTiledMap(scenario);
    } else if (!scenario.mapRowLines.empty()) {
        const TomlFile file = readTomlFile(scenario.path);
        if (file.root.at_path("map.names").node() != nullptr) {
            saveNamesMap(scenario, file);
        } else {
            saveAsciiMap(scenario, file);
        }
    } else {
        throw InputError(scenario.path.string()
                              + ": the map was not loaded from a file (no [map] tiles rows, no Tiled map): nowhere "
                                "to save it");
    }
}

} // namespace tileprof
