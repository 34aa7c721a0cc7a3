#include "profiler/debugger/tile_shape.hpp"

namespace tileprof::gui {

namespace {

// A solid tile the design gives no shape: all of it blocks.
bool wholeSolid(const TileKind& kind)
{
    return kind.solid && !kind.floor.exists() && !kind.ceiling.exists() && !kind.mask;
}

} // namespace

TileShape::Kind shapeKind(const TileKind& kind)
{
    const bool floor = kind.floor.exists();
    const bool ceiling = kind.ceiling.exists();
    if (kind.oneWay) {
        return TileShape::Kind::Platform;
    }
    if ((floor && ceiling) || wholeSolid(kind)) {
        return TileShape::Kind::Solid;
    }
    return floor || ceiling || kind.mask ? TileShape::Kind::Slope : TileShape::Kind::Empty;
}

TileShape tileShape(const TileKind& kind, int tileSize)
{
    TileShape shape;
    const int last = tileSize - 1;
    // Rows top..bottom; a row past the tile's last is the tables' "never" (32): none is blocked.
    const auto span = [last](int top, int bottom) {
        return top > last || bottom > last ? std::uint16_t{0}
                                            : static_cast<std::uint16_t>((2U << bottom) - (1U << top));
    };
    const bool floor = kind.floor.exists();
    const bool ceiling = kind.ceiling.exists();
    for (std::size_t j = 0; j < static_cast<std::size_t>(tileSize); ++j) {
        const int top = kind.floor.rows[j];
        const int bottom = kind.ceiling.rows[j];
        std::uint16_t& column = shape.columns[j];
        if (kind.mask) {
            for (std::size_t y = 0; y < static_cast<std::size_t>(tileSize); ++y) {
                column = static_cast<std::uint16_t>(column | (kind.maskBlocks(static_cast<int>(j), static_cast<int>(y)) ? 1U : 0U) << y);
            }
        } else if (kind.oneWay) {
            column = floor ? span(top, top) : span(bottom, bottom);
        } else if ((floor && ceiling) || wholeSolid(kind)) {
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
