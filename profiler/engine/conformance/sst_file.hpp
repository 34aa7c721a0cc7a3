#pragma once

#include "base/file_contents.hpp"
#include "emu/registers.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tileprof {

struct SstState {
    emu::Registers regs;
    std::vector<std::pair<std::uint32_t, std::uint8_t>> ram;
};

struct SstCycle {
    std::optional<std::uint32_t> address;
    std::optional<std::uint8_t> value;
    char rw;  // 'r', 'w' or '-'
    bool vda;
    bool vpa;
};

struct SstTest {
    std::string name;
    SstState initial;
    SstState final;
    std::vector<SstCycle> cycles;
};

struct SstFile {
    std::string path;
    std::vector<SstTest> tests;
    // Set in the SingleStepTests dialect, which drives VDA/VPA; an internal cycle there is one with
    // neither, since it still carries an address. The oracle dialect marks only the read/write column.
    bool busSignals = false;
};

// A vector file, and what a compressed one inflates to, holds at most this much.
inline constexpr FileLimit kSstFileLimit{64u << 20, "a CPU vector file"};

// Reads a file of CPU test vectors in the SingleStepTests 65816 layout, plain or gzip-compressed.
// Throws InputError naming the file, the test and the field at fault.
SstFile readSstFile(const std::filesystem::path& path);

// The same for the bytes of a vector file read elsewhere: `path` names it in messages, and a name
// ending in .gz must hold gzip data.
SstFile parseSstFile(const std::filesystem::path& path, std::string bytes);

} // namespace tileprof
