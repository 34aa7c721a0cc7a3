// Scenarios: any text as a scenario's TOML. Its Tiled map, if it names one, is looked for beside a
// path that does not exist, so the input alone decides what is read.

#include "base/input_error.hpp"
#include "profiler/model/scenario/scenario.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const tileprof::Design design = tileprof::loadDesign(tileprof::resolveDesignPath("untech", {}));
    try {
        tileprof::parseScenario("/nonexistent/fuzz.toml", std::string(reinterpret_cast<const char*>(data), size), design);
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
