#pragma once

#include "base/file_contents.hpp"

#include <toml++/toml.h>

#include <filesystem>
#include <string>

namespace tileprof {

// A place in a file, 1-based as toml++ counts it: columns in characters, not bytes.
struct SourcePosition {
    int line = 0;
    int column = 0;
};

// A TOML file of one of tileprof's own formats (scenarios, ROM manifests): its text, its tables,
// and its name at the start of every message.
struct TomlFile {
    std::string name;
    std::string text;
    toml::table root;

    [[noreturn]] void fail(int line, const std::string& problem) const;
    [[noreturn]] void fail(SourcePosition at, const std::string& problem) const;
};

// The most a scenario or manifest may hold.
inline constexpr FileLimit kTomlFileLimit{16u << 20, "a TOML file"};

// Reads and parses a TOML file. Throws InputError "FILE: cannot open|cannot read: reason",
// "FILE: SIZE; a TOML file is at most 16 MiB" or, for a syntax error, "FILE:LINE:COLUMN: toml++'s
// description".
TomlFile readTomlFile(const std::filesystem::path& path);

// Parses TOML text read from the file `name`, with the same checks and messages.
TomlFile parseTomlFile(std::string name, std::string text);

int lineOf(const toml::node& node);

// "a string", "an integer", ...: a node's type as messages say it.
std::string typeName(const toml::node& node);

// The shortest text that reads back as the same double.
std::string formatNumber(double value);

} // namespace tileprof
