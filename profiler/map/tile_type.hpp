#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tileprof {

// The 17 tile collision types of the reference design (untech-collision.md section 1), in the
// order of their collision values. The value's high nibble selects a height-table row; END_SLOPE
// ($08) shares SOLID's row.
enum class TileType : std::uint8_t {
    Solid,
    EndSlope,
    DownRight,
    DownLeft,
    DownRightShort,
    DownRightTall,
    DownLeftTall,
    DownLeftShort,
    UpPlatform,
    Empty,
    DownPlatform,
    UpRight,
    UpLeft,
    UpRightShort,
    UpRightTall,
    UpLeftTall,
    UpLeftShort,
};

inline constexpr std::size_t kTileTypeCount = 17;

struct TileTypeInfo {
    TileType type;
    std::uint8_t collisionValue; // the collisionMap byte the routine tests
    char legend;                 // the scenario ASCII map character
    std::string_view name;       // as the reference names it
    std::string_view abbreviation; // as untech-editor names it
};

inline constexpr std::array<TileTypeInfo, kTileTypeCount> kTileTypes{{
    {TileType::Solid, 0x00, '#', "SOLID", "solid"},
    {TileType::EndSlope, 0x08, '=', "END_SLOPE", "es"},
    {TileType::DownRight, 0x10, 'A', "DOWN_RIGHT_SLOPE", "drs"},
    {TileType::DownLeft, 0x20, 'B', "DOWN_LEFT_SLOPE", "dls"},
    {TileType::DownRightShort, 0x30, 'C', "DOWN_RIGHT_SHORT_SLOPE", "drss"},
    {TileType::DownRightTall, 0x40, 'D', "DOWN_RIGHT_TALL_SLOPE", "drts"},
    {TileType::DownLeftTall, 0x50, 'E', "DOWN_LEFT_TALL_SLOPE", "dlts"},
    {TileType::DownLeftShort, 0x60, 'F', "DOWN_LEFT_SHORT_SLOPE", "dlss"},
    {TileType::UpPlatform, 0x70, '^', "UP_PLATFORM", "up"},
    {TileType::Empty, 0x80, '.', "EMPTY", "empty"},
    {TileType::DownPlatform, 0x90, 'v', "DOWN_PLATFORM", "dp"},
    {TileType::UpRight, 0xA0, 'a', "UP_RIGHT_SLOPE", "urs"},
    {TileType::UpLeft, 0xB0, 'b', "UP_LEFT_SLOPE", "uls"},
    {TileType::UpRightShort, 0xC0, 'c', "UP_RIGHT_SHORT_SLOPE", "urss"},
    {TileType::UpRightTall, 0xD0, 'd', "UP_RIGHT_TALL_SLOPE", "urts"},
    {TileType::UpLeftTall, 0xE0, 'e', "UP_LEFT_TALL_SLOPE", "ults"},
    {TileType::UpLeftShort, 0xF0, 'f', "UP_LEFT_SHORT_SLOPE", "ulss"},
}};

constexpr const TileTypeInfo& tileInfo(TileType type)
{
    return kTileTypes[static_cast<std::size_t>(type)];
}

constexpr std::optional<TileType> tileTypeFromLegend(char c)
{
    for (const TileTypeInfo& info : kTileTypes) {
        if (info.legend == c) {
            return info.type;
        }
    }
    return std::nullopt;
}

constexpr bool isFloorSlope(TileType t)
{
    return t >= TileType::DownRight && t <= TileType::DownLeftShort;
}

constexpr bool isCeilingSlope(TileType t)
{
    return t >= TileType::UpRight;
}

constexpr bool isSlope(TileType t)
{
    return isFloorSlope(t) || isCeilingSlope(t);
}

} // namespace tileprof
