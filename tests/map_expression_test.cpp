#include "profiler/model/target/map_expression.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

namespace tileprof::test {
namespace {

const MapFacts kFacts{32, 14, 16, 0x1000, 0x2000};

std::int64_t value(const std::string& text)
{
    return MapExpression::parse(text).evaluate(kFacts);
}

// "COLUMN: problem" of the expression's parse, or "" if it parses.
std::string parseError(const std::string& text)
{
    try {
        MapExpression::parse(text);
    } catch (const ExpressionError& e) {
        return std::to_string(e.column) + ": " + e.what();
    }
    return "";
}

std::string evaluationError(const std::string& text)
{
    try {
        value(text);
    } catch (const ExpressionError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("map expressions: numbers, names, precedence and parentheses")
{
    CHECK(value("0") == 0);
    CHECK(value("0x1000 + 16 * width") == 0x1000 + 16 * 32);
    CHECK(value("origin_y + tile_size * height") == 0x2000 + 16 * 14);
    CHECK(value("width * height") == 448);
    CHECK(value("(width + 1) * 2") == 66);
    CHECK(value("width - height - 2") == 16); // left to right
    CHECK(value("100 / 7 / 2") == 7);
    CHECK(value("-width + 40") == 8);
    CHECK(value("- -3") == 3);
    CHECK(value(" 0X10\t*\t(origin_x/0x100) ") == 256);
    CHECK(MapExpression::parse("16 * width").text() == "16 * width");
}

TEST_CASE("map expressions: what does not parse says where")
{
    CHECK(parseError("") == "1: expected a number, a name or '(' at the end");
    CHECK(parseError("16 * widht") == "6: unknown name 'widht' (an expression may name width, height, tile_size, "
                                      "origin_x, origin_y)");
    CHECK(parseError("(width + 1") == "11: expected ')'");
    CHECK(parseError("width height") == "7: expected an operator (+ - * /) or the end, found 'h'");
    CHECK(parseError("0x") == "1: malformed number");
    CHECK(parseError("12ab") == "1: malformed number");
    CHECK(parseError("2 + * 3") == "5: expected a number, a name or '(', found '*'");
    CHECK(parseError("99999999999999999999") == "1: the number is past 2^40");
    CHECK(parseError(std::string(40, '(') + "1" + std::string(40, ')')) == "33: nests more than 32 deep");
    CHECK(parseError(std::string(40, '-') + "1") == "33: nests more than 32 deep");
}

TEST_CASE("map expressions: a division by zero or a value past 2^40 is an error, not a wrap")
{
    CHECK(evaluationError("width / (height - 14)") == "it divides by zero");
    CHECK(evaluationError("0x10000000000") == "the number is past 2^40");
    CHECK(evaluationError("0x10000000 * 0x10000000") == "its value is past 2^40");
    CHECK(evaluationError("-0x10000000 * 0x10000000") == "its value is past 2^40");
    CHECK(evaluationError("0xFFFFFFFFFF + 1") == "its value is past 2^40");
    CHECK(value("0xFFFFFFFFFF") == 0xFFFFFFFFFF);
}

} // namespace tileprof::test
