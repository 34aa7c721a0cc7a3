#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace tileprof {

// A whole number on the command line: decimal digits only ("00012" is twelve, not octal ten) and
// within [min, max]; "", "-1", "0x10", "1e3" and anything past the range are refused with the range.
// Every integer option of every command goes through it.
CLI::Validator countIn(std::uint64_t min, std::uint64_t max);

template <class T>
CLI::Option* addCount(CLI::App& command, const std::string& name, T& value, const std::string& help, std::uint64_t min,
                      std::uint64_t max)
{
    return command.add_option(name, value, help)->transform(countIn(min, max));
}

} // namespace tileprof
