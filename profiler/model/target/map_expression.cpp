#include "profiler/model/target/map_expression.hpp"

#include <array>
#include <charconv>
#include <utility>

namespace tileprof {
namespace {

constexpr std::int64_t kLimit = std::int64_t{1} << 40;
constexpr int kMaxNesting = 32;

bool isNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

} // namespace

// Recursive descent, emitting postfix steps.
class MapExpression::Parser {
public:
    Parser(std::string_view text, std::vector<Step>& program) : text_(text), program_(program) {}

    void parseWhole()
    {
        sum(0);
        skipSpaces();
        if (at_ < text_.size()) {
            fail("expected an operator (+ - * /) or the end, found '" + std::string(1, text_[at_]) + "'");
        }
    }

private:
    void sum(int nesting)
    {
        product(nesting);
        for (char op = peek(); op == '+' || op == '-'; op = peek()) {
            ++at_;
            product(nesting);
            program_.push_back({op == '+' ? Op::Add : Op::Subtract});
        }
    }

    void product(int nesting)
    {
        unary(nesting);
        for (char op = peek(); op == '*' || op == '/'; op = peek()) {
            ++at_;
            unary(nesting);
            program_.push_back({op == '*' ? Op::Multiply : Op::Divide});
        }
    }

    void unary(int nesting)
    {
        if (peek() == '-') {
            if (nesting >= kMaxNesting) {
                fail("nests more than " + std::to_string(kMaxNesting) + " deep");
            }
            ++at_;
            unary(nesting + 1);
            program_.push_back({Op::Negate});
            return;
        }
        primary(nesting);
    }

    void primary(int nesting)
    {
        const char c = peek();
        if (c == '(') {
            if (nesting >= kMaxNesting) {
                fail("nests more than " + std::to_string(kMaxNesting) + " deep");
            }
            ++at_;
            sum(nesting + 1);
            if (peek() != ')') {
                fail("expected ')'");
            }
            ++at_;
        } else if (c >= '0' && c <= '9') {
            number();
        } else if (isNameChar(c)) {
            name();
        } else {
            fail(at_ < text_.size() ? "expected a number, a name or '(', found '" + std::string(1, c) + "'"
                                    : std::string("expected a number, a name or '(' at the end"));
        }
    }

    void number()
    {
        const std::size_t start = at_;
        int base = 10;
        if (text_.substr(at_, 2) == "0x" || text_.substr(at_, 2) == "0X") {
            base = 16;
            at_ += 2;
        }
        std::int64_t value = 0;
        const auto [end, error] = std::from_chars(text_.data() + at_, text_.data() + text_.size(), value, base);
        const std::size_t digits = static_cast<std::size_t>(end - (text_.data() + at_));
        at_ += digits;
        if (digits == 0 || (at_ < text_.size() && isNameChar(text_[at_]))) {
            at_ = start;
            fail("malformed number");
        }
        if (error == std::errc::result_out_of_range || value >= kLimit) {
            at_ = start;
            fail("the number is past 2^40");
        }
        program_.push_back({Op::Number, value});
    }

    void name()
    {
        static constexpr std::array<std::pair<std::string_view, Op>, 5> kNames{{{"width", Op::Width},
                                                                                {"height", Op::Height},
                                                                                {"tile_size", Op::TileSize},
                                                                                {"origin_x", Op::OriginX},
                                                                                {"origin_y", Op::OriginY}}};
        const std::size_t start = at_;
        while (at_ < text_.size() && isNameChar(text_[at_])) {
            ++at_;
        }
        const std::string_view word = text_.substr(start, at_ - start);
        for (const auto& [known, op] : kNames) {
            if (word == known) {
                program_.push_back({op});
                return;
            }
        }
        at_ = start;
        fail("unknown name '" + std::string(word) + "' (an expression may name width, height, tile_size, origin_x, "
             "origin_y)");
    }

    char peek()
    {
        skipSpaces();
        return at_ < text_.size() ? text_[at_] : '\0';
    }

    void skipSpaces()
    {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) {
            ++at_;
        }
    }

    [[noreturn]] void fail(const std::string& problem) const { throw ExpressionError(at_ + 1, problem); }

    std::string_view text_;
    std::vector<Step>& program_;
    std::size_t at_ = 0;
};

MapExpression MapExpression::parse(std::string_view text)
{
    MapExpression expression;
    expression.text_ = text;
    Parser(text, expression.program_).parseWhole();
    return expression;
}

std::int64_t MapExpression::evaluate(const MapFacts& facts) const
{
    std::vector<std::int64_t> stack;
    const auto checked = [](std::int64_t value) {
        if (value >= kLimit || value <= -kLimit) {
            throw ExpressionError(0, "its value is past 2^40");
        }
        return value;
    };
    for (const Step& step : program_) {
        std::int64_t value = 0;
        switch (step.op) {
        case Op::Number: value = step.number; break;
        case Op::Width: value = facts.width; break;
        case Op::Height: value = facts.height; break;
        case Op::TileSize: value = facts.tileSize; break;
        case Op::OriginX: value = facts.originX; break;
        case Op::OriginY: value = facts.originY; break;
        case Op::Negate: stack.back() = -stack.back(); continue;
        case Op::Add:
        case Op::Subtract:
        case Op::Multiply:
        case Op::Divide: {
            const std::int64_t right = stack.back();
            stack.pop_back();
            std::int64_t& left = stack.back();
            if (step.op == Op::Divide && right == 0) {
                throw ExpressionError(0, "it divides by zero");
            }
            const auto magnitude = [](std::int64_t v) { return v < 0 ? -v : v; };
            if (step.op == Op::Multiply && right != 0 && magnitude(left) > (kLimit - 1) / magnitude(right)) {
                throw ExpressionError(0, "its value is past 2^40");
            }
            left = checked(step.op == Op::Add        ? left + right
                           : step.op == Op::Subtract ? left - right
                           : step.op == Op::Multiply ? left * right
                                                     : left / right);
            continue;
        }
        }
        stack.push_back(value);
    }
    return stack.back();
}

} // namespace tileprof
