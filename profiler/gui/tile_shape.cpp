#include "profiler/gui/tile_shape.hpp"

namespace tileprof::gui {

TileShape tileShape(const TileKind& kind)
{
    TileShape shape;
    // A row over 15 is the tables' "never" (32): no pixel of that column blocks.
    const auto span = [](int top, int bottom) {
        return top > 15 || bottom > 15 ? TileShape::Span{}
                                       : TileShape::Span{static_cast<std::int8_t>(top), static_cast<std::int8_t>(bottom)};
    };
    const bool floor = kind.floor.exists();
    const bool ceiling = kind.ceiling.exists();
    for (std::size_t j = 0; j < 16; ++j) {
        const int top = kind.floor.rows[j];
        const int bottom = kind.ceiling.rows[j];
        TileShape::Span& column = shape.columns[j];
        if (kind.oneWay) {
            column = floor ? span(top, top) : span(bottom, bottom);
        } else if (floor && ceiling) {
            column = span(0, 15);
        } else if (floor) {
            column = span(top, 15);
        } else if (ceiling) {
            column = span(0, bottom);
        }
    }
    if (kind.oneWay) {
        shape.kind = TileShape::Kind::Platform;
    } else if (floor && ceiling) {
        shape.kind = TileShape::Kind::Solid;
    } else if (floor || ceiling) {
        shape.kind = TileShape::Kind::Slope;
    }
    return shape;
}

} // namespace tileprof::gui
