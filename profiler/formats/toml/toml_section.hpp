#pragma once

#include "profiler/formats/toml/toml_file.hpp"

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// One table of a TOML file read strictly: its keys are checked against the ones it allows, and
// every read names the key and its line when a value is missing, of the wrong type or out of range.
// Messages call the section `title` ("[[entity]]", "the hitbox") and its keys `prefix` + key
// ("entity.hitbox.left").
class TomlSection {
public:
    TomlSection(const TomlFile& file, const toml::table& table, std::string title, std::string prefix,
                std::initializer_list<std::string_view> keys);

    const TomlFile& file() const { return file_; }
    int line() const { return lineOf(table_); }
    const toml::node* find(std::string_view key) const { return table_.get(key); }
    const toml::node& require(std::string_view key) const;

    [[noreturn]] void fail(const toml::node& at, std::string_view key, const std::string& problem) const;

    std::int64_t asInteger(const toml::node& node, std::string_view key, std::int64_t min, std::int64_t max) const;
    double asNumber(const toml::node& node, std::string_view key) const;

    std::optional<std::int64_t> integer(std::string_view key, std::int64_t min, std::int64_t max) const;
    std::int64_t requiredInteger(std::string_view key, std::int64_t min, std::int64_t max) const;
    std::optional<double> number(std::string_view key, double min, double max) const;
    std::optional<double> positiveNumber(std::string_view key, double max) const; // > 0 and <= max
    std::optional<std::string> string(std::string_view key) const;
    std::string requiredString(std::string_view key) const; // present and not empty
    std::optional<bool> boolean(std::string_view key) const;

    // [x, y], or nullptr when absent; `what` names the values for the message ("integers").
    const toml::array* pair(std::string_view key, const std::string& what) const;
    // A required subtable; `example` shows its form in the message.
    const toml::table& table(std::string_view key, const std::string& example) const;
    // The tables of a [[key]] array; none when the key is absent.
    std::vector<const toml::table*> tableArray(std::string_view key) const;

private:
    void rejectUnknownKeys(std::initializer_list<std::string_view> keys) const;

    const TomlFile& file_;
    const toml::table& table_;
    std::string title_;
    std::string prefix_;
};

} // namespace tileprof
