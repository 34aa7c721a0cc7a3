#include "profiler/formats/toml/toml_section.hpp"

#include <algorithm>
#include <cmath>

namespace tileprof {

TomlSection::TomlSection(const TomlFile& file, const toml::table& table, std::string title, std::string prefix,
                         std::initializer_list<std::string_view> keys)
    : file_(file), table_(table), title_(std::move(title)), prefix_(std::move(prefix))
{
    rejectUnknownKeys(keys);
}

const toml::node& TomlSection::require(std::string_view key) const
{
    const toml::node* node = find(key);
    if (!node) {
        file_.fail(line(), title_ + " is missing the required key '" + std::string(key) + "'");
    }
    return *node;
}

void TomlSection::fail(const toml::node& at, std::string_view key, const std::string& problem) const
{
    file_.fail(lineOf(at), "'" + prefix_ + std::string(key) + "' " + problem);
}

std::int64_t TomlSection::asInteger(const toml::node& node, std::string_view key, std::int64_t min,
                                    std::int64_t max) const
{
    const toml::value<std::int64_t>* value = node.as_integer();
    if (!value) {
        fail(node, key, "must be an integer, not " + typeName(node));
    }
    if (value->get() < min || value->get() > max) {
        fail(node, key,
             "must be " + std::to_string(min) + ".." + std::to_string(max) + ", not " + std::to_string(value->get()));
    }
    return value->get();
}

double TomlSection::asNumber(const toml::node& node, std::string_view key) const
{
    if (const toml::value<std::int64_t>* integer = node.as_integer()) {
        return static_cast<double>(integer->get());
    }
    const toml::value<double>* value = node.as_floating_point();
    if (!value) {
        fail(node, key, "must be a number, not " + typeName(node));
    }
    if (!std::isfinite(value->get())) {
        fail(node, key, "must be a finite number, not " + formatNumber(value->get()));
    }
    return value->get();
}

std::optional<std::int64_t> TomlSection::integer(std::string_view key, std::int64_t min, std::int64_t max) const
{
    const toml::node* node = find(key);
    return node ? std::optional(asInteger(*node, key, min, max)) : std::nullopt;
}

std::int64_t TomlSection::requiredInteger(std::string_view key, std::int64_t min, std::int64_t max) const
{
    return asInteger(require(key), key, min, max);
}

std::optional<double> TomlSection::number(std::string_view key, double min, double max) const
{
    const toml::node* node = find(key);
    if (!node) {
        return std::nullopt;
    }
    const double value = asNumber(*node, key);
    if (value < min || value > max) {
        fail(*node, key, "must be " + formatNumber(min) + ".." + formatNumber(max) + ", not " + formatNumber(value));
    }
    return value;
}

std::optional<double> TomlSection::positiveNumber(std::string_view key, double max) const
{
    const toml::node* node = find(key);
    if (!node) {
        return std::nullopt;
    }
    const double value = asNumber(*node, key);
    if (value <= 0 || value > max) {
        fail(*node, key, "must be > 0 and <= " + formatNumber(max) + ", not " + formatNumber(value));
    }
    return value;
}

std::optional<std::string> TomlSection::string(std::string_view key) const
{
    const toml::node* node = find(key);
    if (!node) {
        return std::nullopt;
    }
    if (!node->is_string()) {
        fail(*node, key, "must be a string, not " + typeName(*node));
    }
    return node->as_string()->get();
}

std::string TomlSection::requiredString(std::string_view key) const
{
    const toml::node& node = require(key);
    const std::string value = *string(key);
    if (value.empty()) {
        fail(node, key, "must not be empty");
    }
    return value;
}

std::optional<bool> TomlSection::boolean(std::string_view key) const
{
    const toml::node* node = find(key);
    if (!node) {
        return std::nullopt;
    }
    if (!node->is_boolean()) {
        fail(*node, key, "must be true or false, not " + typeName(*node));
    }
    return node->as_boolean()->get();
}

const toml::array* TomlSection::pair(std::string_view key, const std::string& what) const
{
    const toml::node* node = find(key);
    if (!node) {
        return nullptr;
    }
    const toml::array* array = node->as_array();
    if (!array || array->size() != 2) {
        fail(*node, key,
             "must be [x, y] (two " + what + "), not " +
                 (array ? "an array of " + std::to_string(array->size()) : typeName(*node)));
    }
    return array;
}

const toml::table& TomlSection::table(std::string_view key, const std::string& example) const
{
    const toml::node& node = require(key);
    if (!node.is_table()) {
        fail(node, key, "must be a table like " + example + ", not " + typeName(node));
    }
    return *node.as_table();
}

std::vector<const toml::table*> TomlSection::tableArray(std::string_view key) const
{
    std::vector<const toml::table*> tables;
    const toml::node* node = find(key);
    if (!node) {
        return tables;
    }
    const std::string header = "[[" + std::string(key) + "]]";
    if (!node->is_array()) {
        fail(*node, key, "must be an array of tables: write " + header + ", not " + typeName(*node));
    }
    for (const toml::node& element : *node->as_array()) {
        if (!element.is_table()) {
            fail(element, key, "must be an array of tables (" + header + "), but holds " + typeName(element));
        }
        tables.push_back(element.as_table());
    }
    return tables;
}

// The first unknown key in the file, so the message points at what the author wrote first.
void TomlSection::rejectUnknownKeys(std::initializer_list<std::string_view> keys) const
{
    const toml::key* unknown = nullptr;
    for (const auto& [key, value] : table_) {
        const bool known = std::find(keys.begin(), keys.end(), key.str()) != keys.end();
        if (!known && (!unknown || key.source().begin < unknown->source().begin)) {
            unknown = &key;
        }
    }
    if (!unknown) {
        return;
    }
    std::string expected;
    for (const std::string_view key : keys) {
        expected += (expected.empty() ? "" : ", ") + std::string(key);
    }
    file_.fail(static_cast<int>(unknown->source().begin.line),
               "unknown key '" + std::string(unknown->str()) + "' in " + title_ + "; expected " + expected);
}

} // namespace tileprof
