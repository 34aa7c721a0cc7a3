#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace tileprof::test {

bool contains(std::string_view text, std::string_view part)
{
    return text.find(part) != std::string_view::npos;
}

std::string slurp(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in, path.string());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

int lineWith(const std::string& text, const std::string& part)
{
    const std::size_t at = text.find(part);
    REQUIRE_MESSAGE(at != std::string::npos, part);
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    return text.replace(at, from.size(), to);
}

void checkMessage(const std::string& message, const std::string& where, std::initializer_list<std::string_view> words)
{
    INFO(message);
    CHECK(message.starts_with(where + ": "));
    for (const std::string_view word : words) {
        CHECK(contains(message, word));
    }
}

std::vector<std::string> splitLines(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

} // namespace tileprof::test
