// Explorations (tileprof explore's exploration.toml, which explore merge reads): any bytes as the
// file, in a directory that also holds found-1.input.toml and corpus/kept-1.input.toml, a small
// input script its first finding and its corpus may name. An exploration read must hold what the reader promises: a shard within its shards.

#include "base/input_error.hpp"
#include "base/output_file.hpp"
#include "profiler/reports/explore/exploration_file.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace {

const std::filesystem::path& directory()
{
    static const std::filesystem::path dir = [] {
        const std::filesystem::path made =
            std::filesystem::temp_directory_path() / ("tileprof-exploration-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(made);
        const char* script = "[[frame]]\nframes = 3\npad1 = [\"right\", \"b\"]\n";
        tileprof::replaceFile(made / "found-1.input.toml", script);
        std::filesystem::create_directories(made / "corpus");
        tileprof::replaceFile(made / "corpus" / "kept-1.input.toml", script);
        return made;
    }();
    return dir;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::filesystem::path& dir = directory();
    tileprof::replaceFile(dir / tileprof::kExplorationFile, std::string(reinterpret_cast<const char*>(data), size));
    try {
        const tileprof::Exploration exploration = tileprof::loadExploration(dir);
        if (exploration.shard < 1 || exploration.shard > exploration.shards ||
            exploration.result.features != exploration.result.reached.size()) {
            std::abort();
        }
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
