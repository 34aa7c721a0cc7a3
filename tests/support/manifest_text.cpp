#include "tests/support/manifest_text.hpp"

#include "base/input_error.hpp"
#include "profiler/model/target/manifest.hpp"
#include "tests/support/temp_dir.hpp"

namespace tileprof::test {

std::filesystem::path sourceManifestPath()
{
    return std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms/tile-collision/manifest.toml";
}

std::string manifestError(const std::string& text)
{
    const TempDir dir;
    try {
        loadManifest(dir.write("manifest.toml", text));
    } catch (const tileprof::InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

} // namespace tileprof::test
