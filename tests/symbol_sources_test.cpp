// A ROM under test whose symbols come from a label file instead of an ld65 debug file, with the
// manifest's [symbols] giving what that file lacks. The bundled ROM, profiled from its own Mesen
// labels, must run every call exactly as it does from its debug file.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/formats/symbols/source_files.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/rom_copy.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

std::string romError(const TempDir& dir, const RomFiles& files)
{
    try {
        loadProfiledRom(files);
    } catch (const tileprof::InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

std::string romError(const TempDir& dir)
{
    return romError(dir, RomFiles{dir.file("tile-collision.sfc"), std::nullopt, std::nullopt});
}

void checkSameCalls(const ScenarioResult& a, const ScenarioResult& b)
{
    REQUIRE(a.calls.size() == b.calls.size());
    for (std::size_t i = 0; i < a.calls.size(); ++i) {
        INFO(a.scenario << ", call " << i);
        CHECK(a.calls[i].caseIndex == b.calls[i].caseIndex);
        CHECK(a.calls[i].cycles == b.calls[i].cycles);
        CHECK(a.calls[i].masterClocks == b.calls[i].masterClocks);
        CHECK(a.calls[i].after == b.calls[i].after);
    }
    CHECK(a.failures.size() == b.failures.size());
}

// `manifest` with a [symbols] table put before its [call].
std::string withSymbols(const std::string& manifest, const std::string& symbols)
{
    return replaced(manifest, "[call]", "[symbols]\n" + symbols + "\n[call]");
}

} // namespace

TEST_CASE("symbol sources: the bundled ROM profiled from its Mesen labels runs every call as from its debug file")
{
    const TempDir dir;
    copyBuiltRomWithMesenLabels(dir.path());
    const ProfiledRom fromLabels = loadProfiledRom(dir.file("tile-collision.sfc"));
    const ProfiledRom fromDebugFile = loadProfiledRom(bundledRomPath("tile-collision"));
    CHECK(fromLabels.debug.path().extension() == ".mlb");
    CHECK(fromLabels.addresses.entry == fromDebugFile.addresses.entry);
    CHECK(fromLabels.addresses.caseLabels == fromDebugFile.addresses.caseLabels);
    CHECK(fromLabels.addresses.entitySlots == 0x7E0200); // Mesen places it in WRAM's bank, ld65 at $00:0200
    CHECK(fromLabels.addresses.entitySlotCount == fromDebugFile.addresses.entitySlotCount);
    CHECK(fromLabels.design.tiles == fromDebugFile.design.tiles);
    for (const char* name : {"walkthrough-12x24.toml", "eight-hitboxes.toml", "ceiling-slopes.toml"}) {
        const Scenario scenario = loadScenario(bundledScenarioDirectory() / name);
        checkSameCalls(runScenario(scenario, fromLabels), runScenario(scenario, fromDebugFile));
    }
}

TEST_CASE("symbol sources: the manifest's [symbols] gives the sizes and addresses a label file lacks")
{
    const TempDir dir;
    const std::string manifest = copyBuiltRomWithMesenLabels(dir.path());
    std::string labels = slurp(dir.file("tile-collision.mlb"));
    labels = replaced(labels, "SnesWorkRam:200-11FF:Entities", "SnesWorkRam:200:Entities");
    labels = replaced(labels, "SnesWorkRam:1200:MapWidth\n", "");
    dir.write("tile-collision.mlb", labels);

    checkMessage(romError(dir), "tile-collision.manifest.toml:" + std::to_string(lineWith(manifest, "slots = ")),
                 {"symbol \"Entities\" has no size", "{ bytes = N }"});
    dir.write("tile-collision.manifest.toml", withSymbols(manifest, "Entities = { bytes = 4096 }"));
    // [symbols] and its one entry put the manifest's own lines 2 further down.
    checkMessage(romError(dir), "tile-collision.manifest.toml:" + std::to_string(lineWith(manifest, "\"MapWidth\"") + 2),
                 {"symbol \"MapWidth\" is not in", "tile-collision.mlb", "nor given an address in the manifest's [symbols]"});

    dir.write("tile-collision.manifest.toml",
              withSymbols(manifest, "MapWidth = 0x7E1200\nEntities = { bytes = 4096 }"));
    const ProfiledRom rom = loadProfiledRom(dir.file("tile-collision.sfc"));
    CHECK(rom.addresses.mapWidth == 0x7E1200);
    CHECK(rom.addresses.entitySlotCount == loadProfiledRom(bundledRomPath("tile-collision")).addresses.entitySlotCount);
    const Scenario scenario = loadScenario(bundledScenarioDirectory() / "walkthrough-12x24.toml");
    checkSameCalls(runScenario(scenario, rom), runScenario(scenario, loadProfiledRom(bundledRomPath("tile-collision"))));
}

TEST_CASE("symbol sources: [symbols] may add to the symbol file, never change it")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    const std::string manifest = slurp(dir.file("tile-collision.manifest.toml"));
    const auto check = [&](const std::string& symbols, std::initializer_list<std::string_view> words) {
        const std::string text = withSymbols(manifest, symbols);
        dir.write("tile-collision.manifest.toml", text);
        const std::string first = symbols.substr(0, symbols.find('\n'));
        checkMessage(romError(dir), "tile-collision.manifest.toml:" + std::to_string(lineWith(text, first)), words);
    };
    check("MapWidth = 0x7E1300", {"symbol \"MapWidth\" is in tile-collision.dbg already, at $00:1200",
                                  "give only its size"});
    check("Entities = { bytes = 10 }", {"symbol \"Entities\" has a size in tile-collision.dbg already, 4096 bytes"});
    check("Nowhere = { bytes = 4 }", {"symbol \"Nowhere\" is not in tile-collision.dbg", "give its address"});
    check("Text = \"0x7E0000\"", {"'symbols.Text' must be an address"});
    check("Empty = {}", {"'symbols.Empty' gives neither an address (at) nor a size (bytes)"});
    check("Wide = 0x1000000", {"'symbols.Wide' must be 0..16777215, not 16777216"});
    check("Odd = { at = 0x7E0000, size = 4 }", {"symbols.Odd", "size"});
}

TEST_CASE("symbol sources: the symbol file and manifest may be named, and the loader says where it looked for them")
{
    const TempDir dir;
    copyBuiltRom(dir.path());
    fs::rename(dir.file("tile-collision.dbg"), dir.file("elsewhere.dbg"));
    checkMessage(romError(dir), "tile-collision.sfc",
                 {"no symbol file: looked for tile-collision.dbg, tile-collision.sym, tile-collision.mlb, "
                  "tile-collision.lbl beside it (give one with --symbols)"});
    fs::rename(dir.file("tile-collision.manifest.toml"), dir.file("other.toml"));
    const ProfiledRom rom =
        loadProfiledRom(RomFiles{dir.file("tile-collision.sfc"), dir.file("elsewhere.dbg"), dir.file("other.toml")});
    CHECK(rom.debug.path() == dir.file("elsewhere.dbg"));
    CHECK(rom.manifest.path == dir.file("other.toml"));
    checkMessage(romError(dir, RomFiles{dir.file("tile-collision.sfc"), dir.file("elsewhere.dbg"), std::nullopt}),
                 "tile-collision.sfc", {"no manifest", "(give one with --manifest)"});
}

TEST_CASE("symbol sources: a source named by another machine's absolute path is found where it was copied with its folders")
{
    const TempDir dir;
    fs::create_directories(dir.file("share/roms/engine"));
    const fs::path copied = dir.write("share/roms/engine/player.s", "; player\n");
    const fs::path elsewhere = dir.write("share/player.s", "; another player.s\n");
    const std::vector<fs::path> searched = sourceDirectories({}, dir.file("share/roms/engine.dbg"));
    REQUIRE(searched.front() == dir.file("share/roms"));
    // The longest trailing part that exists wins over the file name alone in a directory above.
    CHECK(findSourceFile("/home/someone/game/roms/engine/player.s", searched) == copied);
    CHECK(findSourceFile("/home/someone/game/elsewhere/player.s", searched) == elsewhere);
    CHECK(findSourceFile("roms/engine/player.s", searched) == copied);
    CHECK_FALSE(findSourceFile("/home/someone/game/roms/engine/enemy.s", searched).has_value());
    // As recorded, when it is there.
    CHECK(findSourceFile(copied.string(), {}) == copied);
}

} // namespace tileprof::test
