#pragma once

#include <algorithm>
#include <cstddef>

namespace tileprof {

// The width of a text table's name column (a case's, a function's): 18, or the longest `name` of
// `rows`, so that every row's figures line up.
template <typename Rows>
int nameColumnWidth(const Rows& rows)
{
    std::size_t width = 18;
    for (const auto& row : rows) {
        width = std::max(width, row.name.size());
    }
    return static_cast<int>(width);
}

} // namespace tileprof
