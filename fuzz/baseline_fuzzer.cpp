// Baselines and JSON reports: any text as the file `check --baseline` and `diff` read. Baseline the
// loader accepts are compared with themselves and written in every comparison format.

#include "base/input_error.hpp"
#include "profiler/reports/baseline/baseline.hpp"
#include "profiler/reports/baseline/comparison.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    try {
        const tileprof::Baseline figures =
            tileprof::parseBaseline(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
        const tileprof::Comparison comparison = tileprof::compare(figures, figures, 0, true);
        for (const tileprof::ReportFormat format : tileprof::kComparisonFormats) {
            tileprof::formatComparison(comparison, "check", format);
        }
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
