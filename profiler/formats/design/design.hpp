#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// A tile type of a design, by its place in Design::tiles: for a design whose tiles the ROM's table
// describes, the engine's own id of the block.
using TileId = std::uint16_t;

// A tile's edge toward the entity, one row per pixel column of the tile (8 or 16): for a floor,
// the first row that stops an entity coming down; for a ceiling, the last row that stops one going
// up. A row past the tile's last stops nothing in its column. The rows are given, or read from the
// ROM's table the manifest names at the tile's value | the column.
struct Surface {
    enum class From : std::uint8_t { Nowhere, Rows, TopHeightTable, BottomHeightTable };
    From from = From::Nowhere;
    std::array<std::uint8_t, 16> rows{};

    bool exists() const { return from != From::Nowhere; }
    bool operator==(const Surface&) const = default;
};

struct TileKind {
    std::string name;         // as messages and reports name it, e.g. "DOWN_RIGHT_SLOPE"
    std::string abbreviation; // what map editors may call it too, e.g. "drs"
    char legend = 0;          // its character in a scenario's ASCII map; 0 for none
    std::uint8_t value = 0;   // its byte in the routine's collision table
    Surface floor;
    Surface ceiling;
    // Instead of surfaces, the pixels the tile blocks from every side: row y's bit x is pixel (x, y).
    std::optional<std::array<std::uint16_t, 16>> mask;
    bool solid = false;   // no hitbox may ever overlap it (its mask's pixels, when it has one)
    bool oneWay = false;  // stops only what comes at it from its open side
    int line = 0;
    bool operator==(const TileKind&) const = default;

    // Whether its mask (it must have one) blocks pixel (x, y), counted from the tile's top left.
    bool maskBlocks(int x, int y) const { return (((*mask)[static_cast<std::size_t>(y)] >> x) & 1) != 0; }
    // Whether no hitbox may overlap its pixel (x, y).
    bool solidAt(int x, int y) const { return solid && (!mask || maskBlocks(x, y)); }
};

// A placement rule of the design's map editor: which tiles may sit next to a tile of `tiles`, or
// where it may not be. Exactly one of its three forms:
// - inside: such a tile may not lie on the map's border (its other rules are then not checked);
// - a side (above, below, left, right) and the tiles allowed there; with `wall`, a solid tile is
//   allowed there too when the tile beyond it (above or below) is solid as well;
// - topLeft: the map's top-left tile must be one of `allowed`, whatever `tiles` says.
struct PlacementRule {
    enum class Side : std::uint8_t { Above, Below, Left, Right };
    std::string name;            // the editor's name, e.g. NO_FLOOR_BELOW_DOWN_SLOPE
    std::vector<TileId> tiles;   // the tiles it applies to
    bool inside = false;
    bool topLeft = false;
    std::optional<Side> side;
    std::vector<TileId> allowed;
    std::optional<Side> wall;    // Above or Below
    std::string subject;         // how messages name the tile ("a floor slope"); empty: by its name
    std::string reason;          // why, for the inside and top-left forms
    // The inside form's edges (Above: the top row, Below: the bottom row, Left, Right): all four
    // unless the rule names some.
    std::vector<Side> edges{Side::Above, Side::Below, Side::Left, Side::Right};
    int line = 0;
};

// Pixels from min to max, inclusive.
struct PixelRange {
    int min;
    int max;

    bool holds(int pixels) const { return pixels >= min && pixels <= max; }
};

// A point of a hitbox a routine tests: a corner, the centre of an edge (the column left + width / 2),
// or the middle of a side (the row bottom - height / 2).
enum class BoxPoint : std::uint8_t {
    BottomCentre,
    TopCentre,
    LeftMiddle,
    RightMiddle,
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
};

// Its name in a design file: "bottom_centre".
std::string_view boxPointName(BoxPoint point);

// The pixel of a box's columns left..right and rows top..bottom (inclusive) that `point` is.
struct BoxPixel {
    int x;
    int y;
};
constexpr BoxPixel boxPointAt(BoxPoint point, int left, int right, int top, int bottom)
{
    const int centre = left + (right - left + 1) / 2;
    const int middle = bottom - (bottom - top + 1) / 2;
    switch (point) {
    case BoxPoint::BottomCentre: return {centre, bottom};
    case BoxPoint::TopCentre: return {centre, top};
    case BoxPoint::LeftMiddle: return {left, middle};
    case BoxPoint::RightMiddle: return {right, middle};
    case BoxPoint::TopLeft: return {left, top};
    case BoxPoint::TopRight: return {right, top};
    case BoxPoint::BottomLeft: return {left, bottom};
    case BoxPoint::BottomRight: return {right, bottom};
    }
    return {centre, middle};
}

// The invariants the runner checks after every call.
struct Invariants {
    bool neverOverlapsSolid = false; // no hitbox overlaps a solid tile or the map's outside
    bool restsOnFloor = false;       // with the state's down bit, the box rests floorGap pixels above a floor
    bool touchesCeiling = false;     // with the up bit, the box rests ceilingGap pixels under a ceiling
    // Where a box the routine stopped rests against the surface: free pixel rows between the two
    // (1: one row above, 0: touching, -1: its edge row in the surface's first row), one value or a
    // range a design's quirks spread it over. The runner's invariants and the clearance rule both
    // read them.
    PixelRange floorGap{0, 0};
    PixelRange ceilingGap{0, 0};
    // `accepted_clip = "corner"`: a routine that tests points on the lines through the origin (the
    // middle of each side) lets a solid tile into a corner of the box and never past those lines;
    // never_overlaps_solid accepts such an overlap as the design's own.
    bool cornerClips = false;
    // `collision_model = "points"`: the routine tests these points of the box and no other pixel
    // (one per side, in engines that let an actor overlap a wall's corner by up to half its width).
    // Its promises are theirs: no probe in a solid pixel; standing, a probe on the bottom edge rests
    // on a floor; on a ceiling, one on the top edge touches it. Empty: the whole box ("box").
    std::vector<BoxPoint> probes;

    // The rows at a box's bottom and top that the routine may rest in a floor or a ceiling (a
    // negative gap): no solid may overlap the rest of the box.
    int rowsInFloor() const { return std::max(0, -floorGap.min); }
    int rowsInCeiling() const { return std::max(0, -ceilingGap.min); }
};

// A range of tile ids that are slopes, their floors read from a ROM table as the engine stores it:
// for each id, tileSize entries, one per pixel column, each the floor's height above the bottom row
// (origin Bottom) or the surface's offset from the top row (origin Top), in 1/scale pixels. A slope
// that spans two tiles vertically measures from the top of its upper tile or the bottom of its
// lower one, and each of its two tiles is a range of its own, its `part` Upper or Lower.
struct SlopeRange {
    enum class Origin : std::uint8_t { Bottom, Top };
    enum class Part : std::uint8_t { Whole, Upper, Lower };
    TileId first = 0;
    TileId last = 0;
    std::string heights;             // the table, by the name the manifest's [tables] gives it
    std::uint32_t entryBytes = 1;    // 1 or 2, little-endian
    std::uint32_t scale = 1;         // entries per pixel
    Origin origin = Origin::Bottom;
    bool rightToLeft = false;        // the first entry is the rightmost column's
    Part part = Part::Whole;
    int line = 0;

    // Tiles the surface is measured over.
    int span() const { return part == Part::Whole ? 1 : 2; }
    // The floor's first row in column `column`'s tile of `tileSize` from an entry of the table: 0
    // when the whole column is floor, tileSize when none of it is; nothing for an entry beyond the
    // tiles the slope spans.
    std::optional<int> floorRow(std::uint32_t entry, int tileSize) const
    {
        const auto pixels = static_cast<std::int64_t>(entry / scale);
        const std::int64_t spanned = std::int64_t{span()} * tileSize;
        if (pixels > spanned) {
            return std::nullopt;
        }
        const std::int64_t fromTop = origin == Origin::Top ? pixels : spanned - pixels;
        const std::int64_t row = fromTop - (part == Part::Lower ? tileSize : 0);
        return static_cast<int>(std::clamp<std::int64_t>(row, 0, tileSize));
    }
};

// Tiles the ROM describes: ids 0..ids-1, each solid, one-way or neither by the bits of its entry in
// a table of flags indexed by id, and the slopes among them by their height tables. Real engines
// keep hundreds of block types this way; the design names the ones it needs to.
struct TileTable {
    TileId ids = 0;
    std::string flags;               // the table, by the name the manifest's [tables] gives it
    std::uint32_t entryBytes = 1;
    std::uint32_t solid = 0;         // the flag bits that make a tile solid (no hitbox overlaps it)
    std::uint32_t oneWay = 0;        // ... a platform, solid from above only
    std::vector<SlopeRange> slopes;
    int line = 0;
};

// What the routine can take: a scenario beyond these is refused at its line. Pixels; a range is
// inclusive.
struct Limits {
    using Range = PixelRange;
    Range hitboxLeft{0, 255};
    Range hitboxRight{0, 255};
    Range hitboxTop{0, 255};
    Range hitboxHeight{1, 255};
    double maxSpeed = 16; // px/frame: walking, jumping, falling
    // False for a routine that answers for one direction a call: a scenario step may then move the
    // entity along x or along y, not both in the same frames.
    bool diagonal = true;
};

// How a Tiled tileset says a tile's type: the tiles' custom property `property`; its values are
// the design's tile names (or ids, in an int property), or, with `values`, the level editor's own
// names for them (a game whose tiles carry Name = "Solid").
struct TiledNames {
    std::string property = "collision";
    std::vector<std::pair<std::string, TileId>> values;

    std::optional<TileId> valueOf(std::string_view value) const
    {
        const auto found = std::ranges::find(values, value, &std::pair<std::string, TileId>::first);
        return found == values.end() ? std::nullopt : std::optional(found->second);
    }
};

// A collision design as its file describes it (docs/designs.md): the routine's tile types, their
// shapes, the placement rules of its maps and the invariants its calls keep. Nothing of one design
// is known to the C++.
struct Design {
    std::filesystem::path path;
    std::string name;
    int tileSize = 16;  // a tile's width and height in pixels: 8 or 16
    std::vector<TileKind> tiles;
    std::optional<TileTable> table; // when set, the tiles' shapes are read from the ROM
    TileId empty = 0;   // what a tile without a type is
    TileId outside = 0; // what the placement rules take the map's outside to be
    std::vector<PlacementRule> rules;
    Invariants invariants;
    Limits limits;
    TiledNames tiled; // a manifest's [tiled], for the game the design is used with

    const TileKind& operator[](TileId id) const { return tiles[id]; }
    // log2 of tileSize: the map's pixel loops divide by shifting.
    int tileShift() const { return std::countr_zero(static_cast<unsigned>(tileSize)); }
    std::optional<TileId> byLegend(char legend) const;
    // By name or abbreviation, ignoring case.
    std::optional<TileId> byName(std::string_view wanted) const;
    // "'#' SOLID", or "SOLID" for a tile without a legend: a tile type as messages name it.
    std::string describe(TileId id) const;
    // "the legend is # SOLID, = END_SLOPE, ...": the tiles that have a legend.
    std::string legendText() const;
};

// The most tile types a design may have.
inline constexpr std::size_t kMaxTileKinds = 4096;

// Reads a design file. Throws InputError "FILE:LINE: problem" for malformed TOML, unknown
// keys, missing or out-of-range values, and names or legend characters used twice.
Design loadDesign(const std::filesystem::path& path);
// The same for the text of a design file read elsewhere; `name` names it in messages.
Design parseDesign(const std::string& name, const std::string& text);

// A manifest's `design` value: a bundled design by name ("untech", roms/designs/untech.toml), or a
// path to a design file, relative to `baseDirectory`.
std::filesystem::path resolveDesignPath(const std::string& design, const std::filesystem::path& baseDirectory);

// The design a manifest without a `design` key describes: the one manifest v1 assumed.
inline constexpr std::string_view kDefaultDesign = "untech";

} // namespace tileprof
