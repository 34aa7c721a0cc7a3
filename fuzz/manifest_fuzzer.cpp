// ROM manifests: any text as a manifest.toml.

#include "base/input_error.hpp"
#include "profiler/model/target/manifest.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    try {
        tileprof::parseManifest("fuzz.manifest.toml", std::string(reinterpret_cast<const char*>(data), size));
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
