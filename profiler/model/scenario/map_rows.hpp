#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

namespace tileprof {

// One row of a scenario's ASCII map: where it sits in the `[map] tiles` string and how many
// characters (tiles) it has.
struct MapRow {
    std::size_t offset = 0;
    std::size_t length = 0;
};

// The rows of a `[map] tiles` string: one per line. Only the final newline is dropped, so an empty
// line elsewhere is a row of no tiles (which the loader reports as ragged). No rows for "" or "\n".
inline std::vector<MapRow> asciiMapRows(std::string_view tiles)
{
    std::vector<MapRow> rows;
    if (tiles.ends_with('\n')) {
        tiles.remove_suffix(1);
    }
    for (std::size_t start = 0; !tiles.empty();) {
        const std::size_t end = std::min(tiles.find('\n', start), tiles.size());
        rows.push_back({start, end - start});
        if (end == tiles.size()) {
            break;
        }
        start = end + 1;
    }
    return rows;
}

} // namespace tileprof
