// CPU test vectors: any bytes as a SingleStepTests file, plain JSON or gzip.

#include "base/input_error.hpp"
#include "profiler/engine/conformance/sst_file.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    try {
        tileprof::parseSstFile("fuzz.json", std::string(reinterpret_cast<const char*>(data), size));
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
