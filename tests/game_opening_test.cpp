// One way to open a game (openGame) and one rule for "this symbol file is not this ROM's"
// (checkSymbolsMatchRom), the same in every command and in the debugger.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace tileprof;
using namespace tileprof::test;
namespace fs = std::filesystem;

namespace {

std::string openError(const GameFiles& files, SymbolNeed need = SymbolNeed::Required)
{
    try {
        openGame(files, need);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

fs::path fallAndLand()
{
    return bundledScenarioDirectory() / "fall-and-land.toml";
}

fs::path built(const std::string& name)
{
    return bundledRomPath(name).parent_path() / name;
}

} // namespace

TEST_CASE("opening a game: a symbol file given is read, whether or not one lies beside the ROM")
{
    const TempDir dir;
    const fs::path rom = dir.file("alone.sfc");
    fs::copy_file(bundledRomPath("demo"), rom);
    const GameFiles files{rom, bundledRomPath("demo").replace_extension(".dbg"), std::nullopt, std::nullopt, {}};
    const OpenedGame game = openGame(files, SymbolNeed::Required);
    REQUIRE(game.symbols);
    CHECK(game.symbols->findSymbol("MoveEntityAndProcessTileCollisions") != nullptr);
    checkMessage(openError({rom, std::nullopt, std::nullopt, std::nullopt, {}}), rom.string(),
                 {"no symbol file: looked for alone.dbg", "(give one with --symbols)"});
    CHECK(!openGame({rom, std::nullopt, std::nullopt, std::nullopt, {}}, SymbolNeed::WhenThere).symbols);

    // The command line and a play file alike.
    const CommandResult played = runTileprof({"play", rom.string(), "--symbols", files.symbols->string(), "--profile",
                                              "MoveEntityAndProcessTileCollisions", "--frames", "10"});
    CHECK(played.exitCode == 0);
    CHECK(contains(played.out, "MoveEntityAndProcessTileCollisions      40"));
    const fs::path playFile = dir.write("alone.play.toml", "rom = \"alone.sfc\"\nsymbols = \"" + files.symbols->string() +
                                                              "\"\nframes = 10\n[[routine]]\nname = \"MoveEntityAndProcessTileCollisions\"\n");
    CHECK(runTileprof({"play", playFile.string()}).exitCode == 0);
}

TEST_CASE("opening a game: another build's symbol file is refused alike by every command, a renamed copy is not")
{
    const TempDir dir;
    const fs::path demo = bundledRomPath("demo");
    const fs::path otherDbg = bundledRomPath("tile-collision").replace_extension(".dbg");
    const std::string refused = demo.string() + "'s symbol file: it describes " + bundledRomPath("tile-collision").string() +
                                ", whose bytes differ from it";
    CHECK(contains(openError({demo, otherDbg, std::nullopt, std::nullopt, {}}), refused));
    for (const std::vector<std::string>& command : std::vector<std::vector<std::string>>{
             {"play", demo.string(), "--symbols", otherDbg.string(), "--profile", "MoveEntityAndProcessTileCollisions"},
             {"boot", demo.string(), "--symbols", otherDbg.string(), "--frames", "1"},
             {"run", "--rom", demo.string(), "--symbols", otherDbg.string(), "--manifest",
              bundledRomPath("tile-collision").replace_extension(".manifest.toml").string(),
              fallAndLand().string()},
             {"trace", "--rom", demo.string(), "--symbols", otherDbg.string(), fallAndLand().string(),
              "--frame", "1", "--entity", "player"}}) {
        INFO(command[0]);
        const CommandResult result = runTileprof(command);
        CHECK(result.exitCode == 2);
        CHECK(contains(result.out + result.err, refused));
    }
    const CommandResult gui = runTileprofGui({"--headless", "--screenshot", dir.file("x.png").string(), "--play",
                                              dir.write("other.play.toml", "rom = \"" + demo.string() + "\"\nsymbols = \"" +
                                                                              otherDbg.string() + "\"\n[[routine]]\nname = \"Reset\"\n")
                                                  .string()});
    CHECK(gui.exitCode == 2);
    CHECK(contains(gui.err, refused));

    // A renamed copy of the right build, with its own renamed debug file, with and without a manifest.
    fs::copy_file(demo, dir.file("mygame.sfc"));
    fs::copy_file(fs::path(demo).replace_extension(".dbg"), dir.file("mygame.dbg"));
    CHECK(openError({dir.file("mygame.sfc"), std::nullopt, std::nullopt, std::nullopt, {}}).empty());
    fs::copy_file(bundledRomPath("tile-collision"), dir.file("collision.sfc"));
    fs::copy_file(bundledRomPath("tile-collision").replace_extension(".dbg"), dir.file("collision.dbg"));
    const fs::path manifest = bundledRomPath("tile-collision").replace_extension(".manifest.toml");
    CHECK(openError({dir.file("collision.sfc"), std::nullopt, manifest, std::nullopt, {}}).empty());
    CHECK(runTileprof({"run", "--rom", dir.file("collision.sfc").string(), "--manifest", manifest.string(),
                       fallAndLand().string()})
              .exitCode == 0);
}

TEST_CASE("opening a game: a WLA-DX symbol file whose ROM checksum is another's is refused")
{
    const TempDir dir;
    const fs::path rom = bundledRomPath("c-engine");
    const fs::path sections = built("c-engine") / "c-engine-sections.sym";
    CHECK(openError({rom, sections, std::nullopt, std::nullopt, {}}).empty());
    const std::string text = slurp(sections);
    const std::size_t checksum = text.find("[rom checksum]\n") + 15;
    const std::string recorded = text.substr(checksum, 8);
    const std::string other = recorded == "00000000" ? "00000001" : "00000000";
    const fs::path stale = dir.write("stale.sym", replaced(text, "[rom checksum]\n" + recorded, "[rom checksum]\n" + other));
    CHECK(openError({rom, stale, std::nullopt, std::nullopt, {}}) ==
          stale.string() + " is not " + rom.string() + "'s symbol file: it records the CRC-32 " + other + ", the ROM's is " +
              recorded + " (give the symbol file of this build with --symbols, or rebuild both)");
}

TEST_CASE("opening a game: an ld65 debug file that places a segment where this image holds other addresses is refused")
{
    const TempDir dir;
    const fs::path rom = dir.file("hirom.sfc");
    fs::copy_file(bundledRomPath("c-engine"), rom);
    // The LoROM collision routine's debug file, its writing place renamed to this copy's.
    const std::string lorom = slurp(bundledRomPath("tile-collision").replace_extension(".dbg"));
    const fs::path dbg = dir.write("hirom.dbg", replaced(lorom, '"' + bundledRomPath("tile-collision").string() + '"', "\"hirom.sfc\""));
    const std::string message = openError({rom, dbg, std::nullopt, std::nullopt, {}});
    CHECK_MESSAGE(contains(message, "is linked at $00:8000, which this image shows from offset $8000, not $0"), message);
}
