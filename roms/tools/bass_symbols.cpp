// bass_symbols IN.dbg OUT.sym: writes the labels of an ld65 debug file as a bass symbol file, so
// that one of the project's own ROMs is profiled from the format bass writes: one "AAAAAAAA name"
// line per label (the 24-bit address in eight hex digits), scopes joined by dots, without sizes,
// source lines or equates, and not in address order (here: by name). The labels ca65 makes for a
// macro's .LOCAL symbols, one per expansion, are left out. Exits 2 on a file it cannot read or write.

#include "profiler/formats/symbols/debug_info.hpp"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <fstream>
#include <string>
#include <vector>

namespace {

std::string dotted(std::string name)
{
    for (std::size_t at = name.find("::"); at != std::string::npos; at = name.find("::", at)) {
        name.replace(at, 2, ".");
    }
    return name;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "bass_symbols: usage: bass_symbols IN.dbg OUT.sym\n");
        return 2;
    }
    try {
        const tileprof::DebugInfo info = tileprof::DebugInfo::load(argv[1]);
        std::vector<std::pair<std::string, std::uint32_t>> labels;
        for (const tileprof::DebugSymbol& symbol : info.symbols()) {
            if (symbol.isLabel && !symbol.name.starts_with("LOCAL-MACRO_SYMBOL-")) {
                labels.emplace_back(dotted(symbol.qualifiedName), symbol.value);
            }
        }
        std::ranges::sort(labels);
        std::ofstream out(argv[2], std::ios::binary);
        for (const auto& [name, address] : labels) {
            char hex[10];
            std::snprintf(hex, sizeof hex, "%08x ", static_cast<unsigned>(address));
            out << hex << name << '\n';
        }
        out.close();
        if (!out) {
            std::fprintf(stderr, "bass_symbols: %s: cannot write\n", argv[2]);
            return 2;
        }
    } catch (const std::exception& error) {
        std::fprintf(stderr, "bass_symbols: %s\n", error.what());
        return 2;
    }
    return 0;
}
