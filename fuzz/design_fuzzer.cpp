// Collision designs: any text as a design file, tile lists and tables read from a ROM alike.

#include "base/input_error.hpp"
#include "profiler/formats/design/design.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    try {
        tileprof::parseDesign("fuzz.design.toml", std::string(reinterpret_cast<const char*>(data), size));
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
