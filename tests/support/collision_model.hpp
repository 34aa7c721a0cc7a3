#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace tileprof::test {

// An independent C++ model of the reference tile-collision routine, written from
// ../shared/reference/untech-collision.md sections 1-5, to check the 65816 implementation
// against: both must move every entity to the same place with the same state.

// tileCollisionState bits.
inline constexpr std::uint8_t kDownCollision = 0x80;
inline constexpr std::uint8_t kUpCollision = 0x40;
inline constexpr std::uint8_t kRightCollision = 0x20;
inline constexpr std::uint8_t kLeftCollision = 0x10;

// collisionMap values (section 1): the type is in the high nibble, so one byte indexes a
// height-table row; END_SLOPE is the exception that shares SOLID's row.
inline constexpr std::uint8_t kSolid = 0x00;
inline constexpr std::uint8_t kEndSlope = 0x08;
inline constexpr std::uint8_t kDownRightSlope = 0x10;
inline constexpr std::uint8_t kDownLeftSlope = 0x20;
inline constexpr std::uint8_t kDownRightShortSlope = 0x30;
inline constexpr std::uint8_t kDownRightTallSlope = 0x40;
inline constexpr std::uint8_t kDownLeftTallSlope = 0x50;
inline constexpr std::uint8_t kDownLeftShortSlope = 0x60;
inline constexpr std::uint8_t kUpPlatform = 0x70;
inline constexpr std::uint8_t kEmpty = 0x80;
inline constexpr std::uint8_t kDownPlatform = 0x90;
inline constexpr std::uint8_t kUpRightSlope = 0xA0;
inline constexpr std::uint8_t kUpLeftSlope = 0xB0;
inline constexpr std::uint8_t kUpRightShortSlope = 0xC0;
inline constexpr std::uint8_t kUpRightTallSlope = 0xD0;
inline constexpr std::uint8_t kUpLeftTallSlope = 0xE0;
inline constexpr std::uint8_t kUpLeftShortSlope = 0xF0;

// Map pixel (0, 0) is at position ($1000, $1000), which keeps all the arithmetic unsigned.
inline constexpr std::uint16_t kMapOrigin = 0x1000;

struct ModelEntity {
    std::uint32_t xPos = 0;      // unsigned 16.16: high word = pixel (origin $1000), low word = subpixel
    std::uint32_t yPos = 0;
    std::int32_t xVelocity = 0;  // signed 16.16 px/frame: high word signed integer, low word fraction
    std::int32_t yVelocity = 0;
    std::uint8_t state = 0;      // the collision bits the previous call left
    bool hasHitbox = true;       // false: the 4 hitbox bytes are $FF (no tile hitbox)
    std::uint8_t left = 0;       // >= 1: origin to the left edge
    std::uint8_t right = 0;      // >= 1: origin to the right edge
    std::int8_t yOffset = 0;     // < 0: -(origin to the top edge)
    std::uint8_t height = 0;     // 1..127, height + yOffset > 0
};

struct ModelMap {
    int width = 0;  // tiles, 1..255
    int height = 0; // tiles
    std::vector<std::uint8_t> collision; // each tile's collisionMap value, row-major, row 0 at the top
    std::array<std::uint8_t, 256> topHeight{};
    std::array<std::uint8_t, 256> bottomHeight{};
};

// One call of the routine (MoveEntityAndProcessTileCollisions): moves the entity by its velocity
// and resolves its collisions with the map, exactly as section 4 specifies.
// Like the engine, it assumes the hitbox stays inside the map and off its outer row and column
// (section 2: "the entity is inside the map"); the engine has no bounds check, so a lookup that
// leaves the map has no defined result. The model throws std::out_of_range when an index falls
// outside `collision`, and a column past the map's width reads the next row, as the engine would.
void moveEntityAndCollide(ModelEntity& entity, const ModelMap& map);

// The reference height tables of section 1.
std::array<std::uint8_t, 256> referenceTopHeightTable();
std::array<std::uint8_t, 256> referenceBottomHeightTable();

} // namespace tileprof::test
