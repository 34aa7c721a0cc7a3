// Play files: any text as a .play.toml.

#include "base/input_error.hpp"
#include "profiler/model/play/play_file.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    try {
        tileprof::parsePlayFile("fuzz.play.toml", std::string(reinterpret_cast<const char*>(data), size));
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
