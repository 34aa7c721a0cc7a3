#include "tests/support/rom_copy.hpp"

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "profiler/reports/labels/mesen_labels.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <string>

namespace tileprof::test {

void copyBuiltRom(const std::filesystem::path& dir)
{
    const std::filesystem::path built = bundledRomPath("tile-collision").parent_path();
    for (const char* name : {"tile-collision.sfc", "tile-collision.manifest.toml"}) {
        std::filesystem::copy_file(built / name, dir / name);
    }
    // As if linked here: the copy is the build its debug file names, whatever bytes a test patches.
    const std::string linked = (built / "tile-collision.sfc").string();
    std::ofstream(dir / "tile-collision.dbg", std::ios::binary) << replaced(slurp(built / "tile-collision.dbg"), '"' + linked + '"', "\"tile-collision.sfc\"");
}

std::string copyBuiltRomWithMesenLabels(const std::filesystem::path& dir)
{
    copyBuiltRom(dir);
    const std::string labels = mesenLabels(loadProfiledRom(dir / "tile-collision.sfc"));
    std::ofstream(dir / "tile-collision.mlb", std::ios::binary) << labels;
    std::filesystem::remove(dir / "tile-collision.dbg");
    const std::filesystem::path manifestPath = dir / "tile-collision.manifest.toml";
    std::string manifest = slurp(manifestPath);
    for (const char* label : {"MovingDown", "MovingDown_Standing", "MovingUp", "MovingUp_Standing", "NoTileHitbox"}) {
        manifest = replaced(manifest, "label = \"" + std::string(label) + "\"",
                            "label = \"MoveEntityAndProcessTileCollisions_" + std::string(label) + "\"");
    }
    std::ofstream(manifestPath, std::ios::binary | std::ios::trunc) << manifest;
    return manifest;
}

void patchRom(const std::filesystem::path& dir, std::uint32_t address, const std::vector<std::uint8_t>& bytes)
{
    const std::filesystem::path sfc = dir / "tile-collision.sfc";
    std::string rom = slurp(sfc);
    const std::optional<std::size_t> offset = emu::romOffset(address, emu::RomLayout::LoRom, rom.size());
    REQUIRE(offset.has_value());
    REQUIRE(*offset + bytes.size() <= rom.size());
    std::copy(bytes.begin(), bytes.end(), rom.begin() + static_cast<std::ptrdiff_t>(*offset));
    std::ofstream(sfc, std::ios::binary | std::ios::trunc).write(rom.data(), static_cast<std::streamsize>(rom.size()));
}

} // namespace tileprof::test
