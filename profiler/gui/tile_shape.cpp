#include "profiler/gui/tile_shape.hpp"

namespace tileprof::gui {

TileShape::Kind shapeKind(const TileKind& kind)
{
    const bool floor = kind.floor.exists();
    const bool ceiling = kind.ceiling.exists();
    if (kind.oneWay) {
        return TileShape::Kind::Platform;
    }
    if (floor && ceiling) {
        return TileShape::Kind::Solid;
    }
    return floor || ceiling ? TileShape::Kind::Slope : TileShape::Kind::Empty;
}

TileShape tileShape(const TileKind& kind, int tileSize)
{
    TileShape shape;
    const int last = tileSize - 1;
    // A row past the tile's last is the tables' "never" (32): no pixel of that column blocks.
    const auto span = [last](int top, int bottom) {
        return top > last || bottom > last
                   ? TileShape::Span{}
                   : TileShape::Span{static_cast<std::int8_t>(top), static_cast<std::int8_t>(bottom)};
    };
    const bool floor = kind.floor.exists();
    const bool ceiling = kind.ceiling.exists();
    for (std::size_t j = 0; j < static_cast<std::size_t>(tileSize); ++j) {
        const int top = kind.floor.rows[j];
        const int bottom = kind.ceiling.rows[j];
        TileShape::Span& column = shape.columns[j];
        if (kind.oneWay) {
            column = floor ? span(top, top) : span(bottom, bottom);
        } else if (floor && ceiling) {
            column = span(0, last);
        } else if (floor) {
            column = span(top, last);
        } else if (ceiling) {
            column = span(0, bottom);
        }
    }
    shape.kind = shapeKind(kind);
    return shape;
}

} // namespace tileprof::gui
