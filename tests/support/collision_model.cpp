#include "tests/support/collision_model.hpp"

#include <cstddef>
#include <utility>

namespace tileprof::test {

namespace {

using HeightRow = std::array<std::uint8_t, 16>;

// TopHeightTable's "never" value (section 1): no _bottom & 15 reaches it.
constexpr std::uint8_t kNoFloor = 32;

constexpr HeightRow filledRow(std::uint8_t height)
{
    HeightRow row{};
    row.fill(height);
    return row;
}

// Section 1, one row per tile type ($00, $10, ... $F0), one entry per pixel column in the tile.
constexpr std::array<HeightRow, 16> kTopHeightRows{{
    filledRow(0),                                                 // SOLID (and END_SLOPE)
    {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0},       // DOWN_RIGHT
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},       // DOWN_LEFT
    {15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8}, // DOWN_RIGHT_SHORT
    {7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0},             // DOWN_RIGHT_TALL
    {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7},             // DOWN_LEFT_TALL
    {8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15}, // DOWN_LEFT_SHORT
    filledRow(0),                                                 // UP_PLATFORM
    filledRow(kNoFloor),                                          // EMPTY
    filledRow(kNoFloor),                                          // DOWN_PLATFORM
    filledRow(kNoFloor),                                          // UP_RIGHT
    filledRow(kNoFloor),                                          // UP_LEFT
    filledRow(kNoFloor),                                          // UP_RIGHT_SHORT
    filledRow(kNoFloor),                                          // UP_RIGHT_TALL
    filledRow(kNoFloor),                                          // UP_LEFT_TALL
    filledRow(kNoFloor),                                          // UP_LEFT_SHORT
}};

constexpr std::array<HeightRow, 16> kBottomHeightRows{{
    filledRow(15),                                                // SOLID (and END_SLOPE)
    filledRow(15),                                                // DOWN_RIGHT
    filledRow(15),                                                // DOWN_LEFT
    filledRow(15),                                                // DOWN_RIGHT_SHORT
    filledRow(15),                                                // DOWN_RIGHT_TALL
    filledRow(15),                                                // DOWN_LEFT_TALL
    filledRow(15),                                                // DOWN_LEFT_SHORT
    filledRow(0),                                                 // UP_PLATFORM
    filledRow(0),                                                 // EMPTY
    filledRow(15),                                                // DOWN_PLATFORM
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},       // UP_RIGHT
    {15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0},       // UP_LEFT
    {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7},             // UP_RIGHT_SHORT
    {8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15}, // UP_RIGHT_TALL
    {15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8}, // UP_LEFT_TALL
    {7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0},             // UP_LEFT_SHORT
}};

std::array<std::uint8_t, 256> flatten(const std::array<HeightRow, 16>& rows)
{
    std::array<std::uint8_t, 256> table{};
    for (std::size_t type = 0; type < rows.size(); ++type) {
        for (std::size_t column = 0; column < 16; ++column) {
            table[type * 16 + column] = rows[type][column];
        }
    }
    return table;
}

std::uint16_t pixel(std::uint32_t position)
{
    return static_cast<std::uint16_t>(position >> 16);
}

// `(t & $F0) == 0` selects both, since END_SLOPE ($08) shares SOLID's high nibble (section 1).
bool isSolidOrEndSlope(std::uint8_t tile)
{
    return (tile & 0xF0) == 0;
}

// An UP_PLATFORM holds a falling entity only if its bottom was at or above the tile's top before the
// move (4.3 step 3, section 5). The engine compares low bytes.
bool wasAboveUpPlatform(std::uint16_t bottom, std::uint8_t yDelta)
{
    const auto withinTile = static_cast<std::uint8_t>(bottom & 15);
    return withinTile == 0 || withinTile < yDelta;
}

// A DOWN_PLATFORM holds a rising entity only if the previous top was on or below the platform's last
// row: `(_top & 15) - _yDelta >= 15`, an 8-bit subtraction (4.5 step 3).
bool wasBelowDownPlatform(std::uint16_t top, std::uint8_t yDelta)
{
    return static_cast<std::uint8_t>((top & 15) - yDelta) >= 15;
}

enum class SideContact { None, Platform, Solid };

// One call of the routine. The member functions are section 4's labels.
class RoutineCall {
public:
    RoutineCall(ModelEntity& entity, const ModelMap& map);

    void run();

private:
    void collideXAxis();
    bool solidInColumn(std::uint16_t column, std::uint16_t top, int rowsBelowTop) const;
    void movingDown();
    void movingDownStanding();
    void movingDownTopTest();
    void movingUp();
    void movingUpStanding();
    void movingUpBottomTest();
    SideContact sideContact(int centre, std::uint8_t platform) const;

    void landOnSurface(std::uint16_t y, std::uint8_t tile);
    void landAboveRow(std::uint16_t y);
    void hangFromSurface(std::uint16_t y, std::uint8_t tile);
    void hangBelowRow(std::uint16_t y);
    void setXPixel(std::uint16_t xPixel);
    void setYAfterCollision(std::uint16_t yPixel);

    std::uint16_t topEdge() const;
    std::uint16_t bottomEdge() const;
    std::uint16_t bottomOffset() const;
    int tileIndex(std::uint16_t x, std::uint16_t y) const;
    std::uint8_t tileAt(int index) const;
    std::uint8_t topHeight(std::uint8_t tile) const;
    std::uint8_t bottomHeight(std::uint8_t tile) const;

    ModelEntity& entity_;
    const ModelMap& map_;
    const std::uint8_t oldState_;
};

RoutineCall::RoutineCall(ModelEntity& entity, const ModelMap& map)
    : entity_(entity), map_(map), oldState_(entity.state)
{
}

// 4.0 and 4.2.
void RoutineCall::run()
{
    entity_.state = 0;
    entity_.xPos += static_cast<std::uint32_t>(entity_.xVelocity);
    // Spec reading: the engine spots "no hitbox" by bit 15 of the yOffset/height word (all four bytes
    // $FF); hasHitbox stands for that test, since real heights are 1..127.
    if (!entity_.hasHitbox) {
        entity_.yPos += static_cast<std::uint32_t>(entity_.yVelocity);
        return;
    }
    // Spec reading: the Y paths use xPos as the X axis leaves it, and the X and Y bits accumulate in
    // the state cleared above.
    collideXAxis();
    // The sign of the velocity's high word is the sign of the whole 32-bit value; 0 counts as down.
    // "Standing" is the previous call's collision bit for that direction (section 2).
    if (entity_.yVelocity >= 0) {
        if ((oldState_ & kDownCollision) != 0) {
            movingDownStanding();
        } else {
            movingDown();
        }
    } else if ((oldState_ & kUpCollision) != 0) {
        movingUpStanding();
    } else {
        movingUp();
    }
}

// 4.1: runs before any Y movement, so the rows come from the old yPos.
void RoutineCall::collideXAxis()
{
    const std::uint16_t top = topEdge();
    // _counter: how many rows below _top's row the hitbox reaches.
    const int rowsBelowTop = ((top & 15) + entity_.height - 1) / 16;
    const std::uint16_t x = pixel(entity_.xPos);
    if (entity_.xVelocity >= 0) {
        // Zero velocity tests the right side. The column is one right of the rect, so an entity resting
        // against a right wall collides on every frame.
        const auto column = static_cast<std::uint16_t>(x + entity_.right);
        if (solidInColumn(column, top, rowsBelowTop)) {
            entity_.state |= kRightCollision;
            setXPixel(static_cast<std::uint16_t>((column & 0xFFF0) - entity_.right));
            // Spec reading: "xVecl = 0" (and "yVecl = 0" below) clears all 32 bits, fraction included.
            entity_.xVelocity = 0;
        }
    } else {
        const auto column = static_cast<std::uint16_t>(x - entity_.left);
        if (solidInColumn(column, top, rowsBelowTop)) {
            entity_.state |= kLeftCollision;
            // The test column becomes the first column right of the wall.
            setXPixel(static_cast<std::uint16_t>(x + 16 - (column & 15)));
            entity_.xVelocity = 0;
        }
    }
}

bool RoutineCall::solidInColumn(std::uint16_t column, std::uint16_t top, int rowsBelowTop) const
{
    int index = tileIndex(column, top);
    for (int row = 0; row <= rowsBelowTop; ++row, index += map_.width) {
        // Only SOLID walls stop the X axis; END_SLOPE, platforms and slopes are ignored (4.1).
        if (tileAt(index) == kSolid) {
            return true;
        }
    }
    return false;
}

// 4.3: falling.
void RoutineCall::movingDown()
{
    const std::uint16_t oldY = pixel(entity_.yPos);
    entity_.yPos += static_cast<std::uint32_t>(entity_.yVelocity);
    // Spec reading: _yDelta, the high word plus the fraction add's carry, is exactly the change of
    // yPos.px; only its low byte is ever compared.
    const auto yDelta = static_cast<std::uint8_t>(pixel(entity_.yPos) - oldY);
    const std::uint16_t bottom = bottomEdge();
    const int centre = tileIndex(pixel(entity_.xPos), bottom);
    const std::uint8_t tile = tileAt(centre);
    if (tile == kUpPlatform) {
        if (wasAboveUpPlatform(bottom, yDelta)) {
            landAboveRow(bottom);
            return;
        }
    } else if (tile < kEmpty) {
        // SOLID, END_SLOPE or a DOWN slope: a miss skips the side test and goes to the top test.
        if ((bottom & 15) >= topHeight(tile)) {
            landOnSurface(bottom, tile);
        } else {
            movingDownTopTest();
        }
        return;
    }
    // EMPTY, DOWN_PLATFORM, an UP slope (inverted slopes are empty while falling) or a missed
    // UP_PLATFORM: the side test.
    const SideContact side = sideContact(centre, kUpPlatform);
    if (side == SideContact::Solid || (side == SideContact::Platform && wasAboveUpPlatform(bottom, yDelta))) {
        landAboveRow(bottom);
        return;
    }
    movingDownTopTest();
}

// 4.3 step 7: stops an entity falling diagonally from passing through an UP slope. A hit here sets
// UP_COLLISION, as MovingUp's collisions do.
void RoutineCall::movingDownTopTest()
{
    const std::uint16_t top = topEdge();
    const std::uint8_t tile = tileAt(tileIndex(pixel(entity_.xPos), top));
    if (isSolidOrEndSlope(tile)) {
        hangBelowRow(top);
    } else if (tile >= kUpRightSlope && (top & 15) <= bottomHeight(tile)) {
        hangFromSurface(top, tile);
    }
}

// 4.4: the Y velocity is ignored and no ceiling test is made.
void RoutineCall::movingDownStanding()
{
    // Spec reading: yPos.sx is left alone here and cleared only if a Y collision follows, so an entity
    // that walks off a ledge keeps its subpixel.
    entity_.yVelocity = 0;
    const std::uint16_t bottom = bottomEdge();
    const int centre = tileIndex(pixel(entity_.xPos), bottom);
    const std::uint8_t tile = tileAt(centre);
    if (tile < kUpPlatform) {
        // Snap with no height check: walking up a slope, or down within one slope tile.
        landOnSurface(bottom, tile);
        return;
    }
    const int below = centre + map_.width;
    const std::uint8_t tileBelow = tileAt(below);
    const auto rowBelow = static_cast<std::uint16_t>(bottom + 16);
    // Spec reading: H[i2] uses i2 = t2 | (xPos & 15), the centre column within the tile below.
    if (tileBelow < kEmpty) {
        landOnSurface(rowBelow, tileBelow);
        return;
    }
    // A ledge. A walking entity stands on an UP_PLATFORM edge with no "was above" check.
    if (sideContact(below, kUpPlatform) != SideContact::None) {
        landAboveRow(rowBelow);
    }
}

// 4.5: rising.
void RoutineCall::movingUp()
{
    const std::uint16_t oldY = pixel(entity_.yPos);
    entity_.yPos += static_cast<std::uint32_t>(entity_.yVelocity);
    // Spec reading: as in movingDown, _yDelta (here <= 0) is the change of yPos.px, used in 8 bits.
    const auto yDelta = static_cast<std::uint8_t>(pixel(entity_.yPos) - oldY);
    const std::uint16_t top = topEdge();
    const int centre = tileIndex(pixel(entity_.xPos), top);
    const std::uint8_t tile = tileAt(centre);
    if (tile >= kUpRightSlope) {
        // A miss on an UP slope skips the side test and goes to the bottom test.
        if ((top & 15) <= bottomHeight(tile)) {
            hangFromSurface(top, tile);
        } else {
            movingUpBottomTest();
        }
        return;
    }
    // UP_PLATFORM and the DOWN slopes count as empty while rising.
    if (isSolidOrEndSlope(tile) || (tile == kDownPlatform && wasBelowDownPlatform(top, yDelta))) {
        hangBelowRow(top);
        return;
    }
    const SideContact side = sideContact(centre, kDownPlatform);
    if (side == SideContact::Solid || (side == SideContact::Platform && wasBelowDownPlatform(top, yDelta))) {
        hangBelowRow(top);
        return;
    }
    movingUpBottomTest();
}

// 4.5 step 7: stops an entity rising diagonally from passing through a DOWN slope; a hit lands it
// (DOWN_COLLISION) exactly as MovingDown.Collision does.
void RoutineCall::movingUpBottomTest()
{
    const std::uint16_t bottom = bottomEdge();
    const std::uint8_t tile = tileAt(tileIndex(pixel(entity_.xPos), bottom));
    if (tile <= kDownLeftShortSlope && (bottom & 15) >= topHeight(tile)) {
        landOnSurface(bottom, tile);
    }
}

// 4.6, the mirror of 4.4.
void RoutineCall::movingUpStanding()
{
    // yPos.sx as in movingDownStanding.
    entity_.yVelocity = 0;
    const std::uint16_t top = topEdge();
    const int centre = tileIndex(pixel(entity_.xPos), top);
    const std::uint8_t tile = tileAt(centre);
    if (isSolidOrEndSlope(tile) || tile >= kUpRightSlope) {
        hangFromSurface(top, tile);
        return;
    }
    const int above = centre - map_.width;
    const std::uint8_t tileAbove = tileAt(above);
    // Spec reading: 4.6 writes `((_top & $FFF0) | B[i2]) - 15 - yOffset` and `(_top & $FFF0) - yOffset`;
    // in 16-bit arithmetic these equal MovingUp's Collision and SolidCollision applied to the row above.
    const auto rowAbove = static_cast<std::uint16_t>(top - 16);
    if (isSolidOrEndSlope(tileAbove) || tileAbove >= kDownPlatform) {
        hangFromSurface(rowAbove, tileAbove);
        return;
    }
    if (sideContact(above, kDownPlatform) != SideContact::None) {
        hangBelowRow(rowAbove);
    }
}

// The Y-axis side test (4.3 step 4): the tiles beside `centre` that the rect reaches, in the engine's
// order -2, -1, +2, +1. SOLID hits at once; the platform only counts once every tile is seen, and
// END_SLOPE is ignored in this version (section 5).
SideContact RoutineCall::sideContact(int centre, std::uint8_t platform) const
{
    // Spec reading: the reach tests `(xPos & 15) - left < 0` (or < -16) and
    // `(xPos & 15) + right + 1 >= 18` (or >= 34) are signed and cannot overflow; written here as the
    // rect's first and last columns measured from the centre tile's first column.
    const int withinTile = pixel(entity_.xPos) & 15;
    const int firstColumn = withinTile - entity_.left;
    const int lastColumn = withinTile + entity_.right - 1;
    const std::array<std::pair<int, bool>, 4> sides{{
        {-2, firstColumn < -16},
        {-1, firstColumn < 0},
        {2, lastColumn >= 32},
        {1, lastColumn >= 16},
    }};
    SideContact contact = SideContact::None;
    for (const auto& [offset, reached] : sides) {
        if (!reached) {
            continue;
        }
        const std::uint8_t tile = tileAt(centre + offset);
        if (tile == kSolid) {
            return SideContact::Solid;
        }
        if (tile == platform) {
            contact = SideContact::Platform;
        }
    }
    return contact;
}

// MovingDown.Collision (4.3 step 5): _bottom = the surface of `tile` in the row holding `y`, minus 1.
void RoutineCall::landOnSurface(std::uint16_t y, std::uint8_t tile)
{
    entity_.state |= kDownCollision;
    setYAfterCollision(static_cast<std::uint16_t>(((y & 0xFFF0) | topHeight(tile)) - bottomOffset() - 1));
}

// MovingDown.SolidCollision (4.3 step 6): _bottom = the last pixel of the row above the one holding `y`.
void RoutineCall::landAboveRow(std::uint16_t y)
{
    entity_.state |= kDownCollision;
    setYAfterCollision(static_cast<std::uint16_t>((y & 0xFFF0) - bottomOffset() - 1));
}

// MovingUp.Collision (4.5 step 5): _top = the ceiling bottom of `tile` in the row holding `y`, plus 1.
void RoutineCall::hangFromSurface(std::uint16_t y, std::uint8_t tile)
{
    entity_.state |= kUpCollision;
    setYAfterCollision(static_cast<std::uint16_t>(((y & 0xFFF0) | bottomHeight(tile)) + 1 - entity_.yOffset));
}

// MovingUp.SolidCollision (4.5 step 6): _top = the first pixel below the row holding `y`.
void RoutineCall::hangBelowRow(std::uint16_t y)
{
    entity_.state |= kUpCollision;
    setYAfterCollision(static_cast<std::uint16_t>((y & 0xFFF0) + 16 - entity_.yOffset));
}

// An X collision moves the pixel and keeps xPos.sx (4.1).
void RoutineCall::setXPixel(std::uint16_t xPixel)
{
    entity_.xPos = (std::uint32_t{xPixel} << 16) | (entity_.xPos & 0xFFFF);
}

// Every Y collision writes yPos.px and clears yPos.sx and yVecl (section 4's notation).
void RoutineCall::setYAfterCollision(std::uint16_t yPixel)
{
    entity_.yPos = std::uint32_t{yPixel} << 16;
    entity_.yVelocity = 0;
}

// _top = yPos.px + the sign-extended yOffset (section 2).
std::uint16_t RoutineCall::topEdge() const
{
    return static_cast<std::uint16_t>(pixel(entity_.yPos) + entity_.yOffset);
}

// _bottom: one pixel below the rect's last row (section 2).
std::uint16_t RoutineCall::bottomEdge() const
{
    return static_cast<std::uint16_t>(topEdge() + entity_.height);
}

// _bottomOffset = height + yOffset, an 8-bit add, so that yPos = _bottom - _bottomOffset (section 2).
std::uint16_t RoutineCall::bottomOffset() const
{
    return static_cast<std::uint8_t>(entity_.height + entity_.yOffset);
}

// Row-major, with rows and columns counted from the $1000 origin (section 3).
int RoutineCall::tileIndex(std::uint16_t x, std::uint16_t y) const
{
    const int row = static_cast<std::uint16_t>(y - kMapOrigin) >> 4;
    const int column = static_cast<std::uint16_t>(x - kMapOrigin) >> 4;
    return row * map_.width + column;
}

std::uint8_t RoutineCall::tileAt(int index) const
{
    return map_.collision.at(static_cast<std::size_t>(index));
}

// The height-table index is `t | (xPos & 15)`, always at the entity's centre column (section 4).
std::uint8_t RoutineCall::topHeight(std::uint8_t tile) const
{
    return map_.topHeight[static_cast<std::size_t>(tile | (pixel(entity_.xPos) & 15))];
}

std::uint8_t RoutineCall::bottomHeight(std::uint8_t tile) const
{
    return map_.bottomHeight[static_cast<std::size_t>(tile | (pixel(entity_.xPos) & 15))];
}

} // namespace

void moveEntityAndCollide(ModelEntity& entity, const ModelMap& map)
{
    RoutineCall(entity, map).run();
}

std::array<std::uint8_t, 256> referenceTopHeightTable()
{
    return flatten(kTopHeightRows);
}

std::array<std::uint8_t, 256> referenceBottomHeightTable()
{
    return flatten(kBottomHeightRows);
}

} // namespace tileprof::test
