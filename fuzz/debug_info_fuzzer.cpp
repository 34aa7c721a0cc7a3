// ld65 debug files: any text as a .dbg. A file the loader accepts must answer every lookup the
// profiler makes: by address at each segment's ends, by scope and by symbol name.

#include "base/input_error.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using tileprof::DebugInfo;
    DebugInfo info;
    try {
        info = DebugInfo::parse("fuzz.dbg", std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const tileprof::InputError&) {
        return 0;
    }
    constexpr std::size_t kLookups = 64; // of each kind: enough to reach every path, few enough to stay fast
    for (std::size_t i = 0; i < std::min(kLookups, info.segments().size()); ++i) {
        const tileprof::DebugSegment& segment = info.segments()[i];
        const std::uint32_t end = segment.start + segment.size - 1;
        for (const std::uint32_t address : {segment.start, end, segment.start ^ 0x800000}) {
            info.scopeAt(address & 0xFFFFFF);
            info.lineAt(address & 0xFFFFFF);
            info.labelAt(address & 0xFFFFFF);
        }
    }
    for (std::size_t i = 0; i < std::min(kLookups, info.scopes().size()); ++i) {
        info.scopeRanges(info.scopes()[i].qualifiedName);
    }
    for (std::size_t i = 0; i < std::min(kLookups, info.symbols().size()); ++i) {
        try {
            info.symbol(info.symbols()[i].name, "fuzz");
        } catch (const tileprof::InputError&) {
            // An ambiguous name: several scopes hold a symbol of it.
        }
    }
    return 0;
}
