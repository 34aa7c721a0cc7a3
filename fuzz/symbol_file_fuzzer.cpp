// Symbol files of any format: any text as a label file (or an ld65 .dbg, which the debug_info
// harness covers in depth). A file the loader accepts must answer every lookup the profiler makes:
// by each symbol's address, by scope and by symbol name.

#include "base/input_error.hpp"
#include "profiler/formats/symbols/symbol_file.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    emu::RomImage image;
    image.bytes.assign(0x20000, 0);
    image.header.sramSizeCode = 3;
    tileprof::DebugInfo info;
    try {
        info = tileprof::parseSymbolFile("fuzz.sym", std::string_view(reinterpret_cast<const char*>(data), size),
                                         tileprof::cartridgePlaces(image));
    } catch (const tileprof::InputError&) {
        return 0;
    }
    constexpr std::size_t kLookups = 64; // of each kind: enough to reach every path, few enough to stay fast
    for (std::size_t i = 0; i < std::min(kLookups, info.symbols().size()); ++i) {
        const tileprof::DebugSymbol& symbol = info.symbols()[i];
        for (const std::uint32_t address : {symbol.value, symbol.value - 1, symbol.value ^ 0x800000}) {
            info.scopeAt(address & 0xFFFFFF);
            info.labelAt(address & 0xFFFFFF);
        }
        try {
            info.symbol(symbol.name, "fuzz");
        } catch (const tileprof::InputError&) {
            // An ambiguous name: several scopes hold a symbol of it.
        }
    }
    for (std::size_t i = 0; i < std::min(kLookups, info.scopes().size()); ++i) {
        info.scopeRanges(info.scopes()[i].qualifiedName);
    }
    return 0;
}
