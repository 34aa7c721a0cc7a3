#pragma once

#include "profiler/debugger/tile_shape.hpp"

#include <cstdint>

namespace tileprof::gui {

// An opaque colour; the debugger draws with these, and its pixel tests look for them.
struct Rgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    bool operator==(const Rgb&) const = default;
};

// What a tile read found, as the map colours it.
enum class ReadOutcome : std::uint8_t { Clear, Blocking, Slope, Platform };

// A read tile's outcome follows the shape its type is drawn as.
inline ReadOutcome readOutcome(const TileKind& kind)
{
    switch (shapeKind(kind)) {
    case TileShape::Kind::Solid: return ReadOutcome::Blocking;
    case TileShape::Kind::Slope: return ReadOutcome::Slope;
    case TileShape::Kind::Platform: return ReadOutcome::Platform;
    case TileShape::Kind::Empty: break;
    }
    return ReadOutcome::Clear;
}

namespace palette {

inline constexpr Rgb kBackground{24, 26, 31};
inline constexpr Rgb kEmptyTile{36, 39, 46};
inline constexpr Rgb kSolid{112, 118, 132};
inline constexpr Rgb kEndSlope{132, 112, 150};
inline constexpr Rgb kSlope{150, 138, 110};
inline constexpr Rgb kPlatform{96, 150, 186};
inline constexpr Rgb kGrid{58, 62, 72};
inline constexpr Rgb kViolation{255, 40, 200};

// Highlights of the tiles the selected call read, by outcome.
inline constexpr Rgb kReadClear{60, 200, 120};
inline constexpr Rgb kReadBlocking{235, 70, 60};
inline constexpr Rgb kReadSlope{250, 170, 30};
inline constexpr Rgb kReadPlatform{70, 160, 255};

inline constexpr Rgb kHitbox{255, 255, 255};
inline constexpr Rgb kSelectedHitbox{255, 230, 0};
inline constexpr Rgb kTrail{150, 150, 255};

inline constexpr Rgb kBudgetLine{255, 0, 64};
inline constexpr Rgb kPlayhead{200, 200, 200};

constexpr Rgb readColour(ReadOutcome outcome)
{
    switch (outcome) {
    case ReadOutcome::Blocking:
        return kReadBlocking;
    case ReadOutcome::Slope:
        return kReadSlope;
    case ReadOutcome::Platform:
        return kReadPlatform;
    case ReadOutcome::Clear:
        break;
    }
    return kReadClear;
}

// Cases in the timeline and the case table, by the case's index in the manifest.
constexpr Rgb caseColour(int caseIndex)
{
    constexpr Rgb colours[] = {{90, 200, 250}, {255, 150, 60}, {120, 220, 100}, {220, 110, 230},
                               {250, 220, 80}, {100, 140, 255}, {240, 100, 120}, {160, 230, 210}};
    return caseIndex < 0 ? Rgb{160, 160, 160} : colours[caseIndex % 8];
}

} // namespace palette
} // namespace tileprof::gui
