#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// What a map variable's value may name: the scenario map's size in tiles, the tile size in pixels
// and the map origin (the position of map pixel 0,0).
struct MapFacts {
    std::int64_t width = 0;
    std::int64_t height = 0;
    std::int64_t tileSize = 0;
    std::int64_t originX = 0;
    std::int64_t originY = 0;
};

// A problem with an expression; `column` is 1-based in its text, 0 when it concerns the whole.
class ExpressionError : public std::runtime_error {
public:
    ExpressionError(std::size_t at, const std::string& problem) : std::runtime_error(problem), column(at) {}
    std::size_t column;
};

// An integer expression such as "0x1000 + 16 * width": decimal and 0x numbers, the names width,
// height, tile_size, origin_x and origin_y, + - * / (integer division) and parentheses, with the
// usual precedence. Values stay within +-2^40, far past any address, so nothing can wrap.
class MapExpression {
public:
    // Throws ExpressionError for text that is no such expression.
    static MapExpression parse(std::string_view text);
    // Throws ExpressionError for a division by zero or a value past +-2^40.
    std::int64_t evaluate(const MapFacts& facts) const;

    const std::string& text() const { return text_; }

private:
    enum class Op : std::uint8_t { Number, Width, Height, TileSize, OriginX, OriginY, Add, Subtract, Multiply, Divide, Negate };
    struct Step {
        Op op;
        std::int64_t number = 0;
    };
    class Parser;

    std::string text_;
    std::vector<Step> program_; // in postfix order
};

} // namespace tileprof
