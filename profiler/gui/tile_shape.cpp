#include "profiler/gui/tile_shape.hpp"

namespace tileprof::gui {

TileShape tileShape(TileType type, const std::array<std::uint8_t, 256>& topHeights,
                    const std::array<std::uint8_t, 256>& bottomHeights)
{
    TileShape shape;
    const std::uint8_t value = tileInfo(type).collisionValue;
    const auto height = [&](const std::array<std::uint8_t, 256>& table, int j) {
        return int{table[static_cast<std::size_t>(value | j)]};
    };
    // A height over 15 is the tables' "never" (32): no pixel of that column blocks.
    const auto span = [](int top, int bottom) {
        return top > 15 || bottom > 15 ? TileShape::Span{}
                                       : TileShape::Span{static_cast<std::int8_t>(top), static_cast<std::int8_t>(bottom)};
    };
    for (int j = 0; j < 16; ++j) {
        const int top = height(topHeights, j);
        const int bottom = height(bottomHeights, j);
        TileShape::Span& column = shape.columns[static_cast<std::size_t>(j)];
        if (type == TileType::Solid || type == TileType::EndSlope) {
            column = span(0, 15);
        } else if (isFloorSlope(type)) {
            column = span(top, 15);
        } else if (isCeilingSlope(type)) {
            column = span(0, bottom);
        } else if (type == TileType::UpPlatform) {
            column = span(top, top);
        } else if (type == TileType::DownPlatform) {
            column = span(bottom, bottom);
        }
    }
    if (type == TileType::Solid || type == TileType::EndSlope) {
        shape.kind = TileShape::Kind::Solid;
    } else if (isSlope(type)) {
        shape.kind = TileShape::Kind::Slope;
    } else if (type == TileType::UpPlatform || type == TileType::DownPlatform) {
        shape.kind = TileShape::Kind::Platform;
    }
    return shape;
}

} // namespace tileprof::gui
