// Column-major maps (manifest [map] column_height): the host writes each column of a fixed height,
// the rows below the map as the design's outside, and names the tiles a routine reads by column and
// row from their place in that layout.

#include "base/bundled_files.hpp"
#include "base/file_contents.hpp"
#include "profiler/engine/runner/call_observer.hpp"
#include "profiler/engine/runner/collision_machine.hpp"
#include "profiler/formats/toml/toml_file.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/manifest_text.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#include <string>

namespace tileprof::test {
namespace {

constexpr int kColumnHeight = 32;

// The bundled routine's manifest, its map made column-major.
std::string columnMajorManifest()
{
    std::string text = tileprof::readFileContents(sourceManifestPath(), "manifest", kTomlFileLimit);
    text = replaced(text, "bytes_per_row = \"MapBytesPerRow\"", "column_height = 32");
    text = replaced(text, "row_offsets = \"MapRowOffsets\"", "");
    return replaced(text, "max_height = 255", "max_height = 32");
}

TEST_CASE("column-major map: the host writes each column, 32 tiles apart, the buffer's cells around the map as outside")
{
    TempDir dir;
    const ProfiledRom rom = loadProfiledRom(
        RomFiles{bundledRomPath("tile-collision"), std::nullopt, dir.write("manifest.toml", columnMajorManifest())});
    REQUIRE(rom.manifest.columnHeight == kColumnHeight);
    CHECK_FALSE(rom.addresses.mapBytesPerRow);
    TileMap map;
    map.width = 3;
    map.height = 2;
    map.tiles = {untechTile("SOLID"), untechTile("EMPTY"), untechTile("END_SLOPE"), // row 0
                 untechTile("DOWN_RIGHT_SLOPE"), untechTile("UP_PLATFORM"), untechTile("EMPTY")};
    CollisionMachine machine(rom);
    machine.loadMap(map);
    const std::uint32_t tiles = rom.addresses.mapTiles;
    const int columns = static_cast<int>(rom.addresses.mapTilesBytes) / kColumnHeight;
    for (int column = 0; column < columns; ++column) {
        for (int row = 0; row < kColumnHeight; ++row) {
            CAPTURE(column);
            CAPTURE(row);
            const TileId expected = row < map.height && column < map.width ? map.at(column, row) : rom.design.outside;
            CHECK(machine.bus().peek(tiles + static_cast<std::uint32_t>(column * kColumnHeight + row)) == expected);
        }
    }
    CHECK(machine.bus().peek(*rom.addresses.mapWidth) == 3);
    CHECK(machine.bus().peek(*rom.addresses.mapHeight) == 2);
    const MapWindow window = machine.mapWindow();
    CHECK(window.bytes == rom.addresses.mapTilesBytes);
    CHECK(window.layout.rows == kColumnHeight);
    CHECK(window.layout.columns == static_cast<std::uint32_t>(columns));

    // A read of column 1, row 1 is named so, with the type of the id it holds.
    CallObserver observer({}, window, false);
    CallRecord record;
    observer.begin(record, 0);
    observer.onAccess({tiles + kColumnHeight + 1, static_cast<std::uint8_t>(untechTile("UP_PLATFORM")), emu::AccessKind::Read, 40});
    REQUIRE(record.tilesRead.size() == 1);
    CHECK(record.tilesRead[0].column == 1);
    CHECK(record.tilesRead[0].row == 1);
    CHECK(record.tilesRead[0].type == untechTile("UP_PLATFORM"));
    CHECK(record.tilesRead[0].cycle == 40);
}

TEST_CASE("column-major map: the manifest refuses row-major keys beside column_height, and maps taller than it")
{
    const std::string manifest = columnMajorManifest();
    CHECK(manifestError(manifest).empty());
    const std::string withRows = replaced(manifest, "column_height = 32", "column_height = 32\nbytes_per_row = \"MapBytesPerRow\"");
    CHECK(manifestError(withRows).find("'map.bytes_per_row' is for row-major maps; this one is column-major (column_height)")
          != std::string::npos);
    CHECK(manifestError(replaced(manifest, "max_height = 32", "max_height = 33"))
              .find("'map.max_height' (33) exceeds column_height (32): a column holds no more rows")
          != std::string::npos);
    CHECK(manifestError(replaced(manifest, "column_height = 32", "column_height = 0")).find("'map.column_height' must be 1..256")
          != std::string::npos);
    const std::string rowMajor = tileprof::readFileContents(sourceManifestPath(), "manifest", kTomlFileLimit);
    CHECK(manifestError(replaced(rowMajor, "bytes_per_row = \"MapBytesPerRow\"", "")).find("[map] is missing the required key 'bytes_per_row'")
          != std::string::npos);
}

} // namespace
} // namespace tileprof::test
