#include "profiler/formats/toml/toml_file.hpp"

#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "profiler/formats/toml/toml_lexical_check.hpp"

#include <charconv>

namespace tileprof {

void TomlFile::fail(int line, const std::string& problem) const
{
    throw InputError(name + ":" + std::to_string(line) + ": " + problem);
}

void TomlFile::fail(SourcePosition at, const std::string& problem) const
{
    throw InputError(name + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + problem);
}

TomlFile readTomlFile(const std::filesystem::path& path)
{
    return parseTomlFile(path.string(), readFileContents(path, path.string(), kTomlFileLimit));
}

TomlFile parseTomlFile(std::string name, std::string text)
{
    checkTomlLexically(text, name);
    TomlFile file{std::move(name), std::move(text), {}};
    try {
        file.root = toml::parse(file.text, file.name);
    } catch (const toml::parse_error& error) {
        const toml::source_position at = error.source().begin;
        file.fail({static_cast<int>(at.line), static_cast<int>(at.column)}, std::string(error.description()));
    }
    return file;
}

int lineOf(const toml::node& node)
{
    return static_cast<int>(node.source().begin.line);
}

std::string formatNumber(double value)
{
    char buffer[32];
    return {buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr};
}

std::string typeName(const toml::node& node)
{
    switch (node.type()) {
    case toml::node_type::string:
        return "a string";
    case toml::node_type::integer:
        return "an integer";
    case toml::node_type::floating_point:
        return "a floating-point number";
    case toml::node_type::boolean:
        return "a boolean";
    case toml::node_type::array:
        return "an array";
    case toml::node_type::table:
        return "a table";
    default:
        return "a date or time";
    }
}

} // namespace tileprof
