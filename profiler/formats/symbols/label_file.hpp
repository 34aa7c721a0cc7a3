#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// The symbol files of assemblers and debuggers that record labels only: no spans, no source lines.
enum class LabelFileFormat {
    Bass,       // bass -sym: "0080800a Scope.Name", 24-bit address in 8 hex digits
    WlaDx,      // WLA-DX / no$sns .sym: "[labels]" then "00:8000 Name"; "[definitions]" hold equates
    Tass64,     // 64tass --labels: "Name = $808000" (global names only)
    Tass64Dump, // 64tass --dump-labels: "file.asm:12:1: Scope.Name = $808000"
    Vice,       // 64tass --vice-labels, ld65 -Ln: "al 808000 .Scope:Name"
    Mesen,      // Mesen .mlb: "SnesPrgRom:1A2B[-1A3F]:Name[:comment]"
};

// "bass .sym", "WLA-DX .sym", ...: how messages and reports name a format.
std::string_view describe(LabelFileFormat format);

// Whether a dot in the format's names joins scopes ("Scope.Name"). WLA-DX's dots are part of a
// name: its namespaces and the section labels wlalink makes of section names (".text_0x12").
bool nestsByDots(LabelFileFormat format);

struct FileLabel {
    std::string name;       // scopes joined by '.', whatever the file joined them with
    std::uint32_t address;  // the 24-bit CPU address
    std::optional<std::uint32_t> size; // bytes, where the file says (a Mesen range)
    bool isLabel;           // false for an equate, which names a value rather than a place
    int line;               // of the file, for messages
};

struct LabelFile {
    LabelFileFormat format;
    std::vector<FileLabel> labels; // in file order, each name and address once
    // The CRC-32 of the ROM the file was written for, where the file records it (WLA-DX's
    // "[rom checksum]").
    std::optional<std::uint32_t> romCrc32;
};

// Where the CPU sees a byte of the cartridge, for formats that give offsets into its ROM or SRAM
// (Mesen): nothing for an offset the image does not have. And the home of a ROM byte among its
// mirrors (emu::homeAddress), where symbol lookups place it: nothing for a file read without its
// ROM, whose lookups place banks $80-$FF at $00-$7F where FastROM mirrors them.
struct CartridgePlaces {
    std::function<std::optional<std::uint32_t>(std::uint32_t offset)> rom;
    std::function<std::optional<std::uint32_t>(std::uint32_t offset)> sram;
    std::function<std::uint32_t(std::uint32_t address)> home;
};

// The format is recognised from the first line that is neither blank nor a comment; every later
// line must be of that format. Throws InputError "FILE:LINE: problem" for a line of no format
// tileprof reads (naming the formats it does), a malformed line, a name with an empty scope, or an
// address beyond 24 bits or outside the cartridge; "FILE: no labels" for a file without any.
LabelFile readLabelFile(const std::filesystem::path& path, std::string_view text, const CartridgePlaces& places);

} // namespace tileprof
