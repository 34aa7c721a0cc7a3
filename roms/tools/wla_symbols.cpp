// wla_symbols IN.dbg ROM.sfc OUT.sym [--sections]: writes the labels of an ld65 debug file as the
// symbol file WLA-DX's linker writes, so that one of the project's own ROMs is profiled from it
// the way PVSnesLib's games are (roms/c-engine):
//
// - by default in the no$gmb form PVSnesLib's build leaves (its makefile deletes the colons):
//   "BBBBAAAA name" lines, bank and address in four hex digits each, after a comment naming WLA;
// - with --sections, in the sectioned form: "[labels]" with "BB:AAAA name" lines, then
//   "[rom checksum]" with the CRC-32 of ROM.sfc.
//
// Besides the labels, each ld65 segment written to the ROM (but the header's and the vectors') is
// a WLA-DX section named after it (CODE is ".code"), with the labels wlalink makes for a section:
// SECTIONSTART_ at its first byte and SECTIONEND_ at the byte after it, and __endsection. at that
// byte too, as PVSnesLib's library sections show it. Lines go in address order. The labels ca65
// makes for a macro's .LOCAL symbols are left out. Exits 2 on a file it cannot read or write.

#include "base/checksum.hpp"
#include "base/file_contents.hpp"
#include "base/printf_string.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <exception>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

namespace {

struct Line {
    std::uint32_t address;
    std::string name;
};

std::string sectionName(std::string segment)
{
    std::ranges::transform(segment, segment.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return segment;
}

std::vector<Line> labelsOf(const tileprof::DebugInfo& info)
{
    std::vector<Line> lines;
    for (const tileprof::DebugSymbol& symbol : info.symbols()) {
        if (symbol.isLabel && !symbol.name.starts_with("LOCAL-MACRO_SYMBOL-")) {
            lines.push_back({symbol.value, symbol.qualifiedName});
        }
    }
    for (const tileprof::DebugSegment& segment : info.segments()) {
        if (!segment.outputOffset || segment.name == "HEADER" || segment.name == "VECTORS" || segment.size == 0) {
            continue;
        }
        const std::string name = sectionName(segment.name);
        lines.push_back({segment.start, "SECTIONSTART_." + name});
        lines.push_back({segment.start + segment.size, "SECTIONEND_." + name});
        lines.push_back({segment.start + segment.size, "__endsection." + name});
    }
    std::ranges::sort(lines, [](const Line& a, const Line& b) { return std::tie(a.address, a.name) < std::tie(b.address, b.name); });
    return lines;
}

} // namespace

int main(int argc, char** argv)
{
    const bool sections = argc == 5 && std::string(argv[4]) == "--sections";
    if (argc != 4 && !sections) {
        std::fprintf(stderr, "wla_symbols: usage: wla_symbols IN.dbg ROM.sfc OUT.sym [--sections]\n");
        return 2;
    }
    try {
        const tileprof::DebugInfo info = tileprof::DebugInfo::load(argv[1]);
        const std::string rom = tileprof::readFileContents(argv[2], argv[2], {8u << 20, "a ROM image"});
        std::string out;
        if (sections) {
            out += "[labels]\n";
            for (const Line& line : labelsOf(info)) {
                out += tileprof::printfString("%02x:%04x ", line.address >> 16, line.address & 0xFFFF) + line.name + "\n";
            }
            out += "\n[rom checksum]\n" + tileprof::printfString("%08x", tileprof::crc32Of(rom)) + "\n";
        } else {
            out += "; wla symbolic information, no$gmb format, as PVSnesLib's build leaves it\n";
            for (const Line& line : labelsOf(info)) {
                out += tileprof::printfString("%04x%04x ", line.address >> 16, line.address & 0xFFFF) + line.name + "\n";
            }
        }
        std::ofstream file(argv[3], std::ios::binary);
        file << out;
        file.close();
        if (!file) {
            std::fprintf(stderr, "wla_symbols: %s: cannot write\n", argv[3]);
            return 2;
        }
    } catch (const std::exception& error) {
        std::fprintf(stderr, "wla_symbols: %s\n", error.what());
        return 2;
    }
    return 0;
}
