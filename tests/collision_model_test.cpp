#include "tests/support/collision_model.hpp"

#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

// Every expectation here is worked out by hand from untech-collision.md sections 1-5. The 12x24
// box has _top = y - 12, _bottom = y + 12 (one below its last row), _bottomOffset = 12, rect
// columns x - 6 ... x + 5 and X-axis test columns x + 6 (right) and x - 6 (left). Positions are map
// pixels; the maps keep a SOLID border and the hitbox away from it, as the model assumes.

namespace {

using namespace tileprof::test;

constexpr int kDown = kDownCollision;
constexpr int kUp = kUpCollision;
constexpr int kRight = kRightCollision;
constexpr int kLeft = kLeftCollision;

constexpr std::int32_t kPixel = 0x10000;
// Ignored by the standing paths; makes sure they ignore it.
constexpr std::int32_t kGravity = 0x4000;

struct Glyph {
    char glyph;
    std::uint8_t value;
};

// Section 7's map legend.
constexpr std::array<Glyph, 17> kLegend{{
    {'#', kSolid},
    {'=', kEndSlope},
    {'A', kDownRightSlope},
    {'B', kDownLeftSlope},
    {'C', kDownRightShortSlope},
    {'D', kDownRightTallSlope},
    {'E', kDownLeftTallSlope},
    {'F', kDownLeftShortSlope},
    {'^', kUpPlatform},
    {'.', kEmpty},
    {'v', kDownPlatform},
    {'a', kUpRightSlope},
    {'b', kUpLeftSlope},
    {'c', kUpRightShortSlope},
    {'d', kUpRightTallSlope},
    {'e', kUpLeftTallSlope},
    {'f', kUpLeftShortSlope},
}};

std::uint8_t collisionValue(char glyph)
{
    for (const Glyph& entry : kLegend) {
        if (entry.glyph == glyph) {
            return entry.value;
        }
    }
    throw std::invalid_argument(std::string("no tile type for map glyph ") + glyph);
}

ModelMap makeMap(const std::vector<std::string>& rows)
{
    ModelMap map;
    map.width = static_cast<int>(rows.front().size());
    map.height = static_cast<int>(rows.size());
    for (const std::string& row : rows) {
        REQUIRE(row.size() == rows.front().size());
        for (const char glyph : row) {
            map.collision.push_back(collisionValue(glyph));
        }
    }
    map.topHeight = referenceTopHeightTable();
    map.bottomHeight = referenceBottomHeightTable();
    return map;
}

std::uint32_t position(int mapPixel, std::uint16_t subpixel = 0)
{
    return static_cast<std::uint32_t>(kMapOrigin + mapPixel) << 16 | subpixel;
}

ModelEntity box12x24(int x, int y, std::uint8_t state = 0)
{
    ModelEntity entity;
    entity.xPos = position(x);
    entity.yPos = position(y);
    entity.state = state;
    entity.left = 6;
    entity.right = 6;
    entity.yOffset = -12;
    entity.height = 24;
    return entity;
}

int mapX(const ModelEntity& entity)
{
    return static_cast<int>(entity.xPos >> 16) - kMapOrigin;
}

int mapY(const ModelEntity& entity)
{
    return static_cast<int>(entity.yPos >> 16) - kMapOrigin;
}

std::uint16_t subpixelOf(std::uint32_t position)
{
    return static_cast<std::uint16_t>(position);
}

int stateOf(const ModelEntity& entity)
{
    return entity.state;
}

struct Frame {
    int x;
    int y;
};

// One call per frame, with the velocities a game loop would set before each call.
void checkFrames(ModelEntity& entity, const ModelMap& map, std::int32_t xVelocity, std::int32_t yVelocity,
                 int state, const std::vector<Frame>& frames)
{
    for (std::size_t frame = 0; frame < frames.size(); ++frame) {
        CAPTURE(frame);
        entity.xVelocity = xVelocity;
        entity.yVelocity = yVelocity;
        moveEntityAndCollide(entity, map);
        CHECK(mapX(entity) == frames[frame].x);
        CHECK(mapY(entity) == frames[frame].y);
        CHECK(stateOf(entity) == state);
    }
}

const std::vector<std::string> kFlatMap{
    "########",
    "#......#",
    "#......#",
    "#......#",
    "#......#",
    "########",
};

// A 45-degree hill: A (DOWN_RIGHT) tiles capped by END_SLOPE, the upper A standing on an END_SLOPE.
const std::vector<std::string> kSlope45Map{
    "##########",
    "#........#",
    "#........#",
    "#........#",
    "#.....A==#",
    "#....A=###",
    "##########",
};

// A 30-degree rise: DOWN_RIGHT_SHORT then DOWN_RIGHT_TALL, capped by END_SLOPE.
const std::vector<std::string> kSlope30Map{
    "##########",
    "#........#",
    "#........#",
    "#........#",
    "#........#",
    "#...CD===#",
    "##########",
};

// A ledge: the floor at row 5 ends at column 2 (pixel 47), the lower floor is row 6.
const std::vector<std::string> kLedgeMap{
    "########",
    "#......#",
    "#......#",
    "#......#",
    "#......#",
    "###....#",
    "########",
};

// The mirror of kSlope45Map on the ceiling: a (UP_RIGHT) tiles, each under SOLID or END_SLOPE.
const std::vector<std::string> kCeilingSlopeMap{
    "##########",
    "#....a=###",
    "#.....a==#",
    "#........#",
    "#........#",
    "#........#",
    "##########",
};

// A one-tile UP_RIGHT ceiling slope with its END_SLOPE.
const std::vector<std::string> kCeilingMap{
    "########",
    "#...a=##",
    "#......#",
    "#......#",
    "#......#",
    "#......#",
    "########",
};

TEST_CASE("collision model: reference height tables match section 1")
{
    const auto topTable = referenceTopHeightTable();
    const auto bottomTable = referenceBottomHeightTable();
    auto top = [&](int type, int column) { return int{topTable[static_cast<std::size_t>(type | column)]}; };
    auto bottom = [&](int type, int column) { return int{bottomTable[static_cast<std::size_t>(type | column)]}; };
    for (int column = 0; column < 16; ++column) {
        CAPTURE(column);
        CHECK(top(kSolid, column) == 0);
        CHECK(top(kUpPlatform, column) == 0);
        CHECK(top(kDownRightSlope, column) == 15 - column);
        CHECK(top(kDownLeftSlope, column) == column);
        CHECK(top(kEmpty, column) == 32);
        CHECK(top(kUpLeftShortSlope, column) == 32);
        CHECK(bottom(kSolid, column) == 15);
        CHECK(bottom(kDownLeftShortSlope, column) == 15);
        CHECK(bottom(kUpPlatform, column) == 0);
        CHECK(bottom(kEmpty, column) == 0);
        CHECK(bottom(kDownPlatform, column) == 15);
        CHECK(bottom(kUpRightSlope, column) == column);
        CHECK(bottom(kUpLeftSlope, column) == 15 - column);
    }
    // END_SLOPE's index lands in SOLID's row.
    CHECK(top(kEndSlope, 0x0F) == 0);
    CHECK(bottom(kEndSlope, 0x0F) == 15);
    CHECK(top(kDownRightShortSlope, 3) == 14);
    CHECK(top(kDownRightTallSlope, 14) == 0);
    CHECK(top(kDownLeftTallSlope, 15) == 7);
    CHECK(top(kDownLeftShortSlope, 0) == 8);
    CHECK(bottom(kUpRightShortSlope, 5) == 2);
    CHECK(bottom(kUpRightTallSlope, 5) == 10);
    CHECK(bottom(kUpLeftTallSlope, 5) == 13);
    CHECK(bottom(kUpLeftShortSlope, 5) == 5);
}

TEST_CASE("collision model: falling onto flat ground rests one pixel above the surface")
{
    const ModelMap map = makeMap(kFlatMap);
    ModelEntity entity = box12x24(40, 60);
    entity.yPos = position(60, 0x8000);
    entity.yVelocity = 4 * kPixel;

    // _bottom 76 is in the empty row 4; the subpixel and the velocity are kept.
    moveEntityAndCollide(entity, map);
    CHECK(mapY(entity) == 64);
    CHECK(subpixelOf(entity.yPos) == 0x8000);
    CHECK(entity.yVelocity == 4 * kPixel);
    CHECK(stateOf(entity) == 0);

    // _bottom 80 is SOLID (H = 0): _bottom = 80 - 1, so y = 79 - 12.
    moveEntityAndCollide(entity, map);
    CHECK(mapX(entity) == 40);
    CHECK(mapY(entity) == 67);
    CHECK(subpixelOf(entity.yPos) == 0);
    CHECK(entity.yVelocity == 0);
    CHECK(stateOf(entity) == kDown);
}

TEST_CASE("collision model: standing on flat ground stays put")
{
    const ModelMap map = makeMap(kFlatMap);
    ModelEntity entity = box12x24(40, 67, kDownCollision);
    // The centre tile (row 4) is EMPTY, the one below SOLID: snap to its top, which is no change.
    checkFrames(entity, map, 0, kGravity, kDown, {{40, 67}, {40, 67}, {40, 67}});
    CHECK(entity.yVelocity == 0);
}

TEST_CASE("collision model: walking right into a wall stops before it, and collides again at rest")
{
    const ModelMap map = makeMap(kFlatMap);
    ModelEntity entity = box12x24(104, 67, kDownCollision);
    entity.xPos = position(104, 0x4000);
    entity.xVelocity = 3 * kPixel;

    // x 107: the test column 113 is in the wall (column 7), so x = 112 - 6 and the rect's last
    // column is 111. The subpixel survives an X collision.
    moveEntityAndCollide(entity, map);
    CHECK(mapX(entity) == 106);
    CHECK(subpixelOf(entity.xPos) == 0x4000);
    CHECK(entity.xVelocity == 0);
    CHECK(mapY(entity) == 67);
    CHECK(stateOf(entity) == (kDown | kRight));

    // At rest the test column 112 is the wall's first column: RIGHT_COLLISION again.
    moveEntityAndCollide(entity, map);
    CHECK(mapX(entity) == 106);
    CHECK(stateOf(entity) == (kDown | kRight));

    // Moving left tests column 99 instead.
    checkFrames(entity, map, -kPixel, kGravity, kDown, {{105, 67}});
}

TEST_CASE("collision model: walking left into a wall stops on the wall's right edge")
{
    const ModelMap map = makeMap(kFlatMap);
    ModelEntity entity = box12x24(24, 67, kDownCollision);
    entity.xVelocity = -0x28000; // -2.5 px/frame

    // x 21.5: the test column 15 is in the wall, so x += 16 - 15 and the rect's first column is 16.
    moveEntityAndCollide(entity, map);
    CHECK(mapX(entity) == 22);
    CHECK(subpixelOf(entity.xPos) == 0x8000);
    CHECK(entity.xVelocity == 0);
    CHECK(stateOf(entity) == (kDown | kLeft));

    // At rest the right side is tested (column 28): no collision, unlike a right wall.
    moveEntityAndCollide(entity, map);
    CHECK(mapX(entity) == 22);
    CHECK(stateOf(entity) == kDown);
}

TEST_CASE("collision model: the X axis tests every row the hitbox covers")
{
    const ModelMap map = makeMap({
        "########",
        "#......#",
        "#......#",
        "#......#",
        "#....#.#",
        "########",
    });

    // _top 41 (& 15 = 9): _counter = (9 + 23) / 16 = 2, rows 2-4, and row 4 of column 5 is SOLID.
    ModelEntity reaching = box12x24(72, 53);
    reaching.xVelocity = 2 * kPixel;
    moveEntityAndCollide(reaching, map);
    CHECK(mapX(reaching) == 74); // (80 & $FFF0) - 6
    CHECK(mapY(reaching) == 53);
    CHECK(stateOf(reaching) == kRight);

    // _top 40: _counter = (8 + 23) / 16 = 1, rows 2-3 only.
    ModelEntity clear = box12x24(72, 52);
    clear.xVelocity = 2 * kPixel;
    moveEntityAndCollide(clear, map);
    CHECK(mapX(clear) == 74);
    CHECK(mapY(clear) == 52);
    CHECK(stateOf(clear) == 0);
}

TEST_CASE("collision model: walking up and down a 45 degree slope follows its surface")
{
    const ModelMap map = makeMap(kSlope45Map);
    ModelEntity entity = box12x24(78, 83, kDownCollision);

    // On the lower A (row 5) _bottom = 80 + (15 - (x & 15)) - 1; on the upper A (row 4) 64 + ... - 1.
    // At x 96 the centre tile of _bottom 80 is the END_SLOPE under the upper A, so for one frame the
    // entity stands on it (_bottom 79) instead of the slope (78). The X axis ignores the END_SLOPEs.
    checkFrames(entity, map, 2 * kPixel, kGravity, kDown,
                {{80, 82}, {82, 80}, {84, 78}, {86, 76}, {88, 74}, {90, 72}, {92, 70}, {94, 68}, {96, 67},
                 {98, 64}, {100, 62}, {102, 60}, {104, 58}, {106, 56}, {108, 54}, {110, 52}, {112, 51},
                 {114, 51}});

    // Walking down, each slope tile is first met as the tile below (4.4 step 3), so the bottom
    // follows the surface on every frame.
    checkFrames(entity, map, -2 * kPixel, kGravity, kDown,
                {{112, 51}, {110, 52}, {108, 54}, {106, 56}, {104, 58}, {102, 60}, {100, 62}, {98, 64}, {96, 66},
                 {94, 68}, {92, 70}, {90, 72}, {88, 74}, {86, 76}, {84, 78}, {82, 80}, {80, 82}, {78, 83}});
}

TEST_CASE("collision model: walking up and down a 30 degree slope pair")
{
    const ModelMap map = makeMap(kSlope30Map);
    ModelEntity entity = box12x24(60, 83, kDownCollision);

    // C: _bottom = 80 + 15 - (x & 15) / 2 - 1; D: 80 + 7 - (x & 15) / 2 - 1; END_SLOPE: 79.
    checkFrames(entity, map, 4 * kPixel, kGravity, kDown,
                {{64, 82}, {68, 80}, {72, 78}, {76, 76}, {80, 74}, {84, 72}, {88, 70}, {92, 68}, {96, 67},
                 {100, 67}});
    checkFrames(entity, map, -4 * kPixel, kGravity, kDown,
                {{96, 67}, {92, 68}, {88, 70}, {84, 72}, {80, 74}, {76, 76}, {72, 78}, {68, 80}, {64, 82},
                 {60, 83}});
}

TEST_CASE("collision model: falling onto a slope lands on its surface")
{
    const ModelMap map = makeMap(kSlope45Map);
    ModelEntity entity = box12x24(88, 66);

    // At x & 15 = 8 the lower A's surface is 80 + 7. _bottom 81 and 84 are inside the tile but above
    // the surface: no collision (and no side test). _bottom 87 reaches it: _bottom = 86.
    checkFrames(entity, map, 0, 3 * kPixel, 0, {{88, 69}, {88, 72}});
    checkFrames(entity, map, 0, 3 * kPixel, kDown, {{88, 74}});
    CHECK(entity.yVelocity == 0);
}

TEST_CASE("collision model: a fast fall through a slope stops on the tile below, then snaps onto the slope")
{
    const ModelMap map = makeMap(kSlope45Map);

    SUBCASE("SOLID below")
    {
        // x & 15 = 2: the lower A's surface is 93. _bottom 92 misses it (12 < 13); 8 px later _bottom 100
        // is in the SOLID floor: _bottom = 95, below the slope. Standing next frame snaps to 92.
        ModelEntity entity = box12x24(82, 72);
        checkFrames(entity, map, 0, 8 * kPixel, 0, {{82, 80}});
        checkFrames(entity, map, 0, 8 * kPixel, kDown, {{82, 83}, {82, 80}});
    }
    SUBCASE("END_SLOPE below")
    {
        // The upper A's surface is 77 at x & 15 = 2; _bottom 76 misses it, _bottom 84 lands on the
        // END_SLOPE under it (_bottom 79), and the next frame snaps to 76.
        ModelEntity entity = box12x24(98, 56);
        checkFrames(entity, map, 0, 8 * kPixel, 0, {{98, 64}});
        checkFrames(entity, map, 0, 8 * kPixel, kDown, {{98, 67}, {98, 64}});
    }
}

TEST_CASE("collision model: a slope miss at the centre skips the side test")
{
    // A DOWN_LEFT floor (H = x & 15) and an UP_LEFT ceiling (B = 15 - (x & 15)) in column 4, with
    // SOLID beside both in column 3, which the rect reaches at x & 15 = 2.
    const ModelMap map = makeMap({
        "########",
        "#..#b..#",
        "#......#",
        "#..#B..#",
        "########",
    });

    SUBCASE("falling: the top test follows")
    {
        // _bottom 49 misses the floor (1 < 2); the top-centre tile then hits (25 & 15 = 9 <= 13):
        // _top = 16 + 13 + 1.
        ModelEntity entity = box12x24(66, 37);
        checkFrames(entity, map, 0, 0, kUp, {{66, 42}});
    }
    SUBCASE("rising: the bottom test follows")
    {
        // _top 30 misses the ceiling (14 > 13); the bottom-centre tile then hits (54 & 15 = 6 >= 2):
        // _bottom = 48 + 2 - 1.
        ModelEntity entity = box12x24(66, 43);
        checkFrames(entity, map, 0, -kPixel, kDown, {{66, 37}});
    }
}

TEST_CASE("collision model: walking off a ledge clears standing, then falls")
{
    const ModelMap map = makeMap(kLedgeMap);
    ModelEntity entity = box12x24(50, 67, kDownCollision);

    // x 52: centre column 3 has nothing below, but the rect (46...57) reaches column 2's floor.
    checkFrames(entity, map, 2 * kPixel, kGravity, kDown, {{52, 67}});
    // x 54: the rect starts at 48, so nothing holds it; the velocity is still cleared.
    checkFrames(entity, map, 2 * kPixel, kGravity, 0, {{54, 67}});
    CHECK(entity.yVelocity == 0);
    // Not standing any more: the Y velocity moves it.
    checkFrames(entity, map, 2 * kPixel, 2 * kPixel, 0, {{56, 69}});
}

TEST_CASE("collision model: landing with the hitbox half over an edge")
{
    SUBCASE("a SOLID side tile holds it")
    {
        const ModelMap map = makeMap(kLedgeMap);
        ModelEntity entity = box12x24(52, 62);
        // _bottom 78: the side tile (row 4, column 2) is empty. _bottom 82: the centre tile is EMPTY and
        // the left side tile SOLID, so _bottom = 80 - 1.
        checkFrames(entity, map, 0, 4 * kPixel, 0, {{52, 66}});
        checkFrames(entity, map, 0, 4 * kPixel, kDown, {{52, 67}});
    }
    SUBCASE("an END_SLOPE side tile does not, in this version")
    {
        const ModelMap map = makeMap({
            "########",
            "#......#",
            "#......#",
            "#......#",
            "#......#",
            "##=....#",
            "########",
        });
        ModelEntity entity = box12x24(52, 62);
        checkFrames(entity, map, 0, 4 * kPixel, 0, {{52, 66}, {52, 70}});
    }
}

TEST_CASE("collision model: a wide hitbox tests two side tiles")
{
    const ModelMap map = makeMap({
        "########",
        "#......#",
        "#......#",
        "#......#",
        "#......#",
        "#.#...##",
        "########",
    });
    auto wideBox = [](int x) {
        ModelEntity entity;
        entity.xPos = position(x);
        entity.yPos = position(68);
        entity.left = 24;
        entity.right = 24;
        entity.yOffset = -8;
        entity.height = 16;
        return entity;
    };

    // x 66: (x & 15) - 24 = -22 < -16, so the tiles at -2 (the SOLID column 2) and -1 are tested.
    // _bottom 80: y = 80 - 8 - 1.
    ModelEntity twoLeft = wideBox(66);
    checkFrames(twoLeft, map, 0, 4 * kPixel, kDown, {{66, 71}});

    // x 72: -16 is not < -16 and 8 + 24 + 1 = 33 < 34: only columns 3 and 5, both empty.
    ModelEntity oneEachSide = wideBox(72);
    checkFrames(oneEachSide, map, 0, 4 * kPixel, 0, {{72, 72}});

    // x 78: 14 + 24 + 1 = 39 >= 34, so +2 (the SOLID column 6) is tested.
    ModelEntity twoRight = wideBox(78);
    checkFrames(twoRight, map, 0, 4 * kPixel, kDown, {{78, 71}});
}

TEST_CASE("collision model: UP_PLATFORM is solid only from above")
{
    const ModelMap map = makeMap({
        "########",
        "#......#",
        "#......#",
        "#..^^..#",
        "#......#",
        "#......#",
        "########",
    });

    SUBCASE("jumping up through it, and dropping back through it from inside")
    {
        ModelEntity entity = box12x24(64, 83, kDownCollision);
        checkFrames(entity, map, 0, -4 * kPixel, 0,
                    {{64, 79}, {64, 75}, {64, 71}, {64, 67}, {64, 63}, {64, 59}, {64, 55}, {64, 51}, {64, 47}});
        // _bottom 63 is in the platform tile but was in it before the move too (15 is neither 0 nor
        // < 4), for both the centre and the side tile.
        checkFrames(entity, map, 0, 4 * kPixel, 0, {{64, 51}, {64, 55}});
    }
    SUBCASE("falling onto it from above, standing and walking on it")
    {
        ModelEntity entity = box12x24(64, 30);
        // _bottom 46 is above it; _bottom 50: 50 & 15 = 2 < _yDelta 4, so _bottom = 48 - 1.
        checkFrames(entity, map, 0, 4 * kPixel, 0, {{64, 34}});
        checkFrames(entity, map, 0, 4 * kPixel, kDown, {{64, 35}});
        // Standing: the platform is the tile below. From x 80 the centre is off it but the rect's
        // left side tile is on it, which holds a walking entity; at x 88 the rect (82...93) is off it.
        checkFrames(entity, map, 0, kGravity, kDown, {{64, 35}, {64, 35}});
        checkFrames(entity, map, 4 * kPixel, kGravity, kDown, {{68, 35}, {72, 35}, {76, 35}, {80, 35}, {84, 35}});
        checkFrames(entity, map, 4 * kPixel, kGravity, 0, {{88, 35}});
    }
    SUBCASE("a bottom that started on the tile's top row falls through")
    {
        // _bottom 48 -> 52: 52 & 15 = 4 is neither 0 nor < _yDelta 4, so the centre and side platform
        // tiles both miss.
        ModelEntity entity = box12x24(64, 36);
        checkFrames(entity, map, 0, 4 * kPixel, 0, {{64, 40}});
    }
    SUBCASE("a bottom exactly on its top edge lands with no movement")
    {
        // 0.5 px/frame from a zero subpixel: _yDelta 0, _bottom 48, and 48 & 15 == 0.
        ModelEntity entity = box12x24(64, 36);
        checkFrames(entity, map, 0, 0x8000, kDown, {{64, 35}});
        CHECK(subpixelOf(entity.yPos) == 0);
    }
}

TEST_CASE("collision model: a standing entity does not snap onto a platform in its centre tile")
{
    SUBCASE("UP_PLATFORM on the floor")
    {
        const ModelMap map = makeMap({
            "########",
            "#......#",
            "#......#",
            "#......#",
            "#...^..#",
            "########",
        });
        // x 64: _bottom 79 is in the platform tile; only the tile below (SOLID) holds the entity.
        ModelEntity entity = box12x24(60, 67, kDownCollision);
        checkFrames(entity, map, 4 * kPixel, kGravity, kDown, {{64, 67}, {68, 67}});
    }
    SUBCASE("DOWN_PLATFORM under the ceiling")
    {
        const ModelMap map = makeMap({
            "########",
            "#...v..#",
            "#......#",
            "#......#",
            "#......#",
            "########",
        });
        // x 64: _top 16 is in the platform tile; only the tile above (SOLID) holds the entity.
        ModelEntity entity = box12x24(60, 28, kUpCollision);
        checkFrames(entity, map, 4 * kPixel, -kGravity, kUp, {{64, 28}, {68, 28}});
    }
}

TEST_CASE("collision model: DOWN_PLATFORM under upward gravity")
{
    const ModelMap map = makeMap({
        "########",
        "#......#",
        "#......#",
        "#..vv..#",
        "#......#",
        "#......#",
        "########",
    });

    SUBCASE("rising into it from below, then standing on its underside")
    {
        ModelEntity entity = box12x24(64, 83);
        // _top 68, 65: below it. _top 62: (62 & 15) - _yDelta = 14 + 3 >= 15, so _top = 48 + 16.
        checkFrames(entity, map, 0, -3 * kPixel, 0, {{64, 80}, {64, 77}});
        checkFrames(entity, map, 0, -3 * kPixel, kUp, {{64, 76}});
        // MovingUp_Standing: the platform is the tile above (B = 15), _top = 48 + 15 + 1.
        checkFrames(entity, map, 0, -kGravity, kUp, {{64, 76}, {64, 76}});
        // From x 80 only the rect's left side tile is under it (SolidCollisionAbove); at x 88 none.
        checkFrames(entity, map, 4 * kPixel, -kGravity, kUp, {{68, 76}, {72, 76}, {76, 76}, {80, 76}, {84, 76}});
        checkFrames(entity, map, 4 * kPixel, -kGravity, 0, {{88, 76}});
    }
    SUBCASE("rising from inside it passes through")
    {
        // _top 56: (56 & 15) - _yDelta = 8 + 4 < 15, for the centre and the side tile.
        ModelEntity entity = box12x24(64, 72);
        checkFrames(entity, map, 0, -4 * kPixel, 0, {{64, 68}});
    }
    SUBCASE("a top on its last row counts as below it")
    {
        // -0.5 px/frame from subpixel $8000: the fraction add carries, so _yDelta = -1 + 1 = 0, and
        // (63 & 15) - 0 = 15 >= 15: _top = 48 + 16.
        ModelEntity entity = box12x24(64, 75);
        entity.yPos = position(75, 0x8000);
        checkFrames(entity, map, 0, -0x8000, kUp, {{64, 76}});
    }
    SUBCASE("falling passes through it")
    {
        ModelEntity entity = box12x24(64, 30);
        checkFrames(entity, map, 0, 4 * kPixel, 0,
                    {{64, 34}, {64, 38}, {64, 42}, {64, 46}, {64, 50}, {64, 54}, {64, 58}, {64, 62}});
    }
}

TEST_CASE("collision model: hitting a ceiling while rising")
{
    const ModelMap map = makeMap(kFlatMap);
    ModelEntity entity = box12x24(40, 32);
    entity.yVelocity = -0x58000; // -5.5 px/frame

    // y 26.5: _top 14 is in the SOLID row 0, so _top = 0 + 16.
    moveEntityAndCollide(entity, map);
    CHECK(mapY(entity) == 28);
    CHECK(subpixelOf(entity.yPos) == 0);
    CHECK(entity.yVelocity == 0);
    CHECK(stateOf(entity) == kUp);
}

TEST_CASE("collision model: rising into a ceiling slope")
{
    const ModelMap map = makeMap(kCeilingMap);
    ModelEntity entity = box12x24(72, 42);

    // At x & 15 = 8 the a tile's last solid row is 16 + 8. _top 26 is below it and the side test is
    // skipped; _top 22 is inside, so _top = 25.
    checkFrames(entity, map, 0, -4 * kPixel, 0, {{72, 38}});
    checkFrames(entity, map, 0, -4 * kPixel, kUp, {{72, 37}});
}

TEST_CASE("collision model: walking along a ceiling slope under upward gravity")
{
    const ModelMap map = makeMap(kCeilingSlopeMap);
    ModelEntity entity = box12x24(76, 28, kUpCollision);

    // Under row 0: _top 16. Under the upper a (row 1): _top = 16 + (x & 15) + 1; at x 96 the
    // END_SLOPE beside it holds _top at 32 for a frame; then the lower a: 32 + (x & 15) + 1.
    checkFrames(entity, map, 2 * kPixel, -kGravity, kUp,
                {{78, 28}, {80, 29}, {82, 31}, {84, 33}, {86, 35}, {88, 37}, {90, 39}, {92, 41}, {94, 43}, {96, 44},
                 {98, 47}});
    // Back left: at x 94 the upper a is the tile above (4.6 step 3), _top = 16 + 14 + 1.
    checkFrames(entity, map, -2 * kPixel, -kGravity, kUp, {{96, 45}, {94, 43}, {92, 41}});
    CHECK(entity.yVelocity == 0);
}

TEST_CASE("collision model: the top-centre test while falling diagonally")
{
    const ModelMap map = makeMap(kCeilingMap);

    SUBCASE("an UP slope")
    {
        // x 63 -> 66, y 28 -> 29: _top 17 is inside the a tile (17 & 15 = 1 <= B = 2) although the
        // entity moves down. MovingUp.Collision: UP_COLLISION, _top = 16 + 2 + 1.
        ModelEntity entity = box12x24(63, 28);
        entity.xVelocity = 3 * kPixel;
        entity.yVelocity = kPixel;
        moveEntityAndCollide(entity, map);
        CHECK(mapX(entity) == 66);
        CHECK(mapY(entity) == 31);
        CHECK(entity.yVelocity == 0);
        CHECK(stateOf(entity) == kUp);
    }
    SUBCASE("END_SLOPE: ignored by the X axis, SOLID for the top-centre test")
    {
        // x 74 -> 82 at 8 px/frame: the X axis passes the END_SLOPE in column 5, then the top-centre
        // tile is that END_SLOPE: _top = 16 + 16.
        ModelEntity entity = box12x24(74, 39);
        entity.xVelocity = 8 * kPixel;
        moveEntityAndCollide(entity, map);
        CHECK(mapX(entity) == 82);
        CHECK(mapY(entity) == 44);
        CHECK(stateOf(entity) == kUp);
    }
}

TEST_CASE("collision model: the bottom test while rising diagonally lands on a slope")
{
    const ModelMap map = makeMap(kSlope45Map);
    ModelEntity entity = box12x24(78, 83);
    entity.xVelocity = 6 * kPixel;
    entity.yVelocity = -kPixel;

    // x 84, y 82: _bottom 94 is under the A's surface at x & 15 = 4 (80 + 11), so MovingDown.Collision
    // sets DOWN_COLLISION and _bottom = 90 although the entity is rising.
    moveEntityAndCollide(entity, map);
    CHECK(mapX(entity) == 84);
    CHECK(mapY(entity) == 78);
    CHECK(entity.yVelocity == 0);
    CHECK(stateOf(entity) == kDown);
}

TEST_CASE("collision model: no hitbox moves without collisions")
{
    const ModelMap map = makeMap(kFlatMap);
    ModelEntity entity;
    entity.hasHitbox = false;
    entity.xPos = position(4);
    entity.yPos = position(4);
    entity.xVelocity = 0x18000;  // 1.5 px/frame
    entity.yVelocity = -0x24000; // -2.25 px/frame
    entity.state = kDownCollision | kRightCollision;

    // Inside the SOLID border, and nothing is tested.
    moveEntityAndCollide(entity, map);
    CHECK(entity.xPos == position(5, 0x8000));
    CHECK(entity.yPos == position(1, 0xC000));
    CHECK(entity.xVelocity == 0x18000);
    CHECK(entity.yVelocity == -0x24000);
    CHECK(stateOf(entity) == 0);
}

} // namespace
