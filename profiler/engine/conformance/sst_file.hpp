#pragma once

#include "base/file_contents.hpp"
#include "emu/apu/spc700_registers.hpp"
#include "emu/cpu/registers.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tileprof {

// The CPU a vector file is for, told by its content: an SPC700 state has a "psw" field.
enum class SstCpu : std::uint8_t { W65816, Spc700 };

struct SstState {
    emu::Registers regs;               // a 65816 file's
    emu::apu::Spc700Registers spc700;  // an SPC700 file's
    std::vector<std::pair<std::uint32_t, std::uint8_t>> ram;
};

struct SstCycle {
    std::optional<std::uint32_t> address;
    std::optional<std::uint8_t> value;
    char rw;  // 'r', 'w' or '-' (an SPC700 file's "read", "write", "wait")
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
    SstCpu cpu = SstCpu::W65816;
    std::vector<SstTest> tests;
    // Set in the SingleStepTests dialect, which drives VDA/VPA; an internal cycle there is one with
    // neither, since it still carries an address. The oracle dialect marks only the read/write column.
    bool busSignals = false;
};

// A vector file, and what a compressed one inflates to, holds at most this much.
inline constexpr FileLimit kSstFileLimit{64u << 20, "a CPU vector file"};

// Reads a file of CPU test vectors in the SingleStepTests 65816 or SPC700 layout, plain or
// gzip-compressed. The first test's "initial" tells the layout: with "psw" it is the SPC700's
// ({pc,a,x,y,sp,psw,ram}, cycles [address, value, "read"|"write"|"wait"]), and every test of the
// file must then follow it. Throws InputError naming the file, the test and the field at fault.
SstFile readSstFile(const std::filesystem::path& path);

// The same for the bytes of a vector file read elsewhere: `path` names it in messages, and a name
// ending in .gz must hold gzip data.
SstFile parseSstFile(const std::filesystem::path& path, std::string bytes);

} // namespace tileprof
