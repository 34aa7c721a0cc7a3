// The block engine's manifests resolved against its ROM and debug file: case markers by label,
// "label + offset" and source line, one entity at a symbol, fields and a controller at symbols,
// the design's tiles read from the ROM's tables; and what only the ROM can refuse, at the
// manifest's line.

#include "profiler/model/opening/game_opener.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "tests/support/block_engine.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

ProfiledRom engineRom(const TempDir& dir, const std::string& text)
{
    return loadProfiledRom(RomFiles{bundledRomPath("block-engine"), std::nullopt, writeEngineManifest(dir, text)});
}

ProfiledRom engineRom(const std::string& manifest)
{
    return loadProfiledRom(RomFiles{bundledRomPath("block-engine"), std::nullopt, blockEngineSource(manifest)});
}

std::uint32_t symbolAt(const ProfiledRom& rom, const std::string& name)
{
    return rom.debug.symbol(name, "the test").value;
}

std::uint8_t romByte(const ProfiledRom& rom, std::uint32_t address)
{
    const std::optional<std::size_t> offset = rom.image.offsetOf(address);
    REQUIRE(offset);
    return rom.image.bytes[*offset];
}

// The line the debug file gives the code at `address`, by the source file's name alone.
void checkLineAt(const ProfiledRom& rom, std::uint32_t address, const std::string& file, int line)
{
    const std::optional<SourceLine> at = rom.debug.lineAt(address);
    REQUIRE(at);
    CHECK(fs::path(at->file).filename().string() == file);
    CHECK(at->line == line);
}

// Where the branch at `address` goes: the ROM's own bytes say where a marked path starts.
std::uint32_t branchTarget(const ProfiledRom& rom, std::uint32_t address)
{
    return address + 2 + static_cast<std::uint32_t>(static_cast<std::int8_t>(romByte(rom, address + 1)));
}

constexpr std::uint8_t kBcc = 0x90;
constexpr std::uint8_t kBcs = 0xB0;

TEST_CASE("engine ROM: actor-walk.toml's symbols, line markers and labels resolve to the ROM's addresses")
{
    const ProfiledRom rom = engineRom("actor-walk.toml");
    const RoutineAddresses& a = rom.addresses;
    CHECK(a.entry == symbolAt(rom, "ActorWalk"));
    CHECK(a.entitySlots == symbolAt(rom, "Actors"));
    CHECK(a.entitySlotCount == 8); // ACTOR_COUNT records of 27 bytes
    CHECK(a.mapTiles == symbolAt(rom, "LevelBlocks"));
    CHECK((a.mapTiles >> 16) == 0x7F);
    CHECK(a.mapTilesBytes == 64 * 256);
    REQUIRE(a.caseLabels.size() == 4);
    // bumps-right (actors.s:291) and bumps-left (:311) start right after the `bcc Done` that a wall
    // does not take.
    for (const std::uint32_t bump : {a.caseLabels[0], a.caseLabels[1]}) {
        CHECK(romByte(rom, bump - 2) == kBcc);
    }
    checkLineAt(rom, a.caseLabels[0], "actors.s", 291);
    checkLineAt(rom, a.caseLabels[1], "actors.s", 311);
    CHECK(a.caseLabels[2] == symbolAt(rom, "ActorWalk::Left"));
    CHECK(a.caseLabels[3] == a.entry);
}

TEST_CASE("engine ROM: actor-fall.toml's anonymous labels are the branches' targets, and label + offset adds the offset")
{
    const ProfiledRom rom = engineRom("actor-fall.toml");
    const RoutineAddresses& a = rom.addresses;
    REQUIRE(a.caseLabels.size() == 6);
    // lands (actors.s:214) is where `bcs :++` (line 206) goes, stands (209) where `bcs :+` (187) goes.
    const std::optional<std::uint32_t> landsBranch = rom.debug.addressOfLine("actors.s", 206);
    const std::optional<std::uint32_t> standsBranch = rom.debug.addressOfLine("actors.s", 187);
    REQUIRE(landsBranch);
    REQUIRE(standsBranch);
    CHECK(romByte(rom, *landsBranch) == kBcs);
    CHECK(romByte(rom, *standsBranch) == kBcs);
    CHECK(a.caseLabels[0] == branchTarget(rom, *landsBranch));
    CHECK(a.caseLabels[1] == branchTarget(rom, *standsBranch));
    CHECK(a.caseLabels[2] == symbolAt(rom, "ActorFall::Rising") + 33);
    CHECK(a.caseLabels[3] == symbolAt(rom, "ActorFall::Rising"));
    checkLineAt(rom, a.caseLabels[4], "actors.s", 188);
    CHECK(a.caseLabels[5] == symbolAt(rom, "ActorFall::Fall"));
    // A line number past the file's lines, or of another file, names no code.
    CHECK_FALSE(rom.debug.addressOfLine("actors.s", 100000).has_value());
    CHECK_FALSE(rom.debug.addressOfLine("ctors.s", 214).has_value());
    CHECK(rom.debug.addressOfLine("block-engine/actors.s", 214) == a.caseLabels[0]);
}

TEST_CASE("engine ROM: player-frame.toml's one entity and its controller resolve")
{
    const ProfiledRom rom = engineRom("player-frame.toml");
    CHECK(rom.addresses.entitySlots == symbolAt(rom, "PlayerBody"));
    CHECK(rom.addresses.entitySlotCount == 1);
    REQUIRE(rom.manifest.controller);
    CHECK(rom.manifest.controller->address == symbolAt(rom, "Joypad"));
    checkLineAt(rom, rom.addresses.caseLabels[0], "player.s", 42);
    checkLineAt(rom, rom.addresses.caseLabels[4], "player.s", 28);
}

TEST_CASE("engine ROM: the design's tiles are the ROM's BlockFlags and SlopeHeights")
{
    const ProfiledRom rom = engineRom("actor-walk.toml");
    const Design& design = rom.design;
    REQUIRE(design.tiles.size() == 64);
    CHECK_FALSE(design.tiles[0].solid);
    CHECK_FALSE(design.tiles[0].floor.exists());
    for (const int id : {1, 2, 3}) {
        CAPTURE(id);
        CHECK(design.tiles[id].solid);
        CHECK(design.tiles[id].floor.rows[0] == 0);
        CHECK(design.tiles[id].ceiling.rows[15] == 15);
    }
    CHECK_FALSE(design.tiles[4].solid);
    for (const int id : {16, 17}) {
        CAPTURE(id);
        CHECK_FALSE(design.tiles[id].solid);
        CHECK(design.tiles[id].oneWay);
        CHECK(design.tiles[id].floor.exists());
        CHECK_FALSE(design.tiles[id].ceiling.exists());
    }
    // A slope's floor row is the tile's height less the height the table gives each column.
    for (int column = 0; column < 16; ++column) {
        CAPTURE(column);
        CHECK(design.tiles[32].floor.rows[column] == 15 - column);     // heights 1..16
        CHECK(design.tiles[33].floor.rows[column] == column);          // heights 16..1
        CHECK(design.tiles[34].floor.rows[column] == 16 - (1 + column / 2)); // 1, 1, 2, 2, ... 8
        CHECK(design.tiles[35].floor.rows[column] == 16 - (9 + column / 2)); // 9, 9, ... 16
    }
    CHECK_FALSE(design.tiles[36].floor.exists());
    CHECK_FALSE(design.tiles[63].solid);
    // A cell holds twice the id: every one of the 64 ids fits.
    CHECK(rom.mapIdOfType[35] == 35u);
    CHECK(rom.manifest.cell.cellOf(35) == 70);
}

TEST_CASE("engine ROM: a table at \"Name + offset\" is read from there")
{
    const TempDir dir;
    // Two bytes on, entry n is block n + 1's: air takes ground's flags, stone air's.
    const ProfiledRom rom = engineRom(dir, replaced(blockEngineText("actor-walk.toml"), "block_flags = \"BlockFlags\"",
                                                    "block_flags = \"BlockFlags + 2\""));
    CHECK(rom.design.tiles[0].solid);
    CHECK(rom.design.tiles[2].solid);
    CHECK_FALSE(rom.design.tiles[3].solid);
    CHECK(rom.design.tiles[15].oneWay);
}

TEST_CASE("engine ROM: fields, inputs and the map's size at symbols resolve, offsets added")
{
    std::string text = blockEngineText("actor-walk.toml");
    text = replaced(text, "direction = { offset = 1, format = \"u8\" }", "direction = { at = \"Speed + 1\", format = \"u8\" }");
    text = replaced(text, "alive = { offset = 0, format = \"u8\" }", "alive = { at = \"Temp\", format = \"u16\" }");
    text = replaced(text, "x_position = { offset = 2, format = \"u12.4\" }", "x_position = { at = \"PlayerBody + 2\", format = \"u12.4\" }");
    text = replaced(text, "tiles = \"LevelBlocks\"", "tiles = \"LevelBlocks\"\nwidth = \"Temp\"\nheight = \"FeetY\"\nsize_format = \"u16\"");
    const TempDir dir;
    const ProfiledRom rom = engineRom(dir, text);
    CHECK(rom.manifest.input("direction")->field.address == symbolAt(rom, "Speed") + 1);
    CHECK(rom.manifest.alive->address == symbolAt(rom, "Temp"));
    CHECK(rom.manifest.xPosition.integer.address == symbolAt(rom, "PlayerBody") + 2);
    // Fields the entity holds have no address of their own.
    CHECK_FALSE(rom.manifest.yPosition.integer.address.has_value());
    CHECK(rom.addresses.mapWidth == symbolAt(rom, "Temp"));
    CHECK(rom.addresses.mapHeight == symbolAt(rom, "FeetY"));
}

TEST_CASE("engine ROM: case markers the debug file cannot place are refused at their line")
{
    const std::string walk = blockEngineText("actor-walk.toml");
    const std::string marker = "line = \"actors.s:291\"";
    checkRomRefusals(walk, {
        {marker, "line = \"actors.s:299\"", "actors.s:299", {"case \"bumps-right\": ", "block-engine.dbg has no code on line 299 of actors.s"}},
        {marker, "line = \"actors.s:1\"", "actors.s:1\"", {"case \"bumps-right\": ", "has no code on line 1 of actors.s"}},
        {marker, "line = \"nothing.s:12\"", "nothing.s:12", {"has no code on line 12 of nothing.s"}},
        {marker, "line = \"ctors.s:291\"", "ctors.s:291", {"has no code on line 291 of ctors.s"}},
        {"label = \"ActorWalk::Left\"", "label = \"ActorWalk::Nowhere\"", "ActorWalk::Nowhere",
         {"symbol \"ActorWalk::Nowhere\" is not in", "block-engine.dbg nor given an address in the manifest's [symbols]"}},
        {"label = \"ActorWalk::Left\"", "label = \"Nowhere + 4\"", "Nowhere + 4", {"symbol \"Nowhere + 4\" is not in"}},
        {"label = \"ActorWalk::Left\"", "label = \"Speed\"", "label = \"Speed\"", {"symbol \"Speed\" is at", "which is not in ROM"}},
    });
}

TEST_CASE("engine ROM: a file name that several source files end with is refused at the case's line")
{
    const TempDir dir;
    const fs::path built = bundledRomPath("block-engine");
    fs::copy_file(built, dir.file("block-engine.sfc"));
    // player.s recorded as another actors.s: "actors.s" names two files, "block-engine/actors.s" one.
    fs::path debug = built;
    const std::string twoActors = replaced(slurp(debug.replace_extension(".dbg")), "block-engine/player.s\"", "other/actors.s\"");
    dir.write("block-engine.dbg", twoActors);
    const std::string walk = blockEngineText("actor-walk.toml");
    const auto load = [&](const std::string& text) {
        return loadProfiledRom(RomFiles{dir.file("block-engine.sfc"), dir.file("block-engine.dbg"), writeEngineManifest(dir, text)});
    };
    try {
        load(walk);
        FAIL("a file name that fits two source files was accepted");
    } catch (const InputError& e) {
        checkMessage(dir.relative(e.what()), "manifest.toml:" + std::to_string(lineWith(walk, "actors.s:291")),
                     {"case \"bumps-right\": block-engine.dbg: \"actors.s\" names several source files",
                      "block-engine/actors.s", "other/actors.s", "give more of the path"});
    }
    const ProfiledRom rom = load(replaced(replaced(walk, "\"actors.s:291\"", "\"block-engine/actors.s:291\""), "\"actors.s:311\"",
                                          "\"roms/block-engine/actors.s:311\""));
    const ProfiledRom original = engineRom("actor-walk.toml");
    CHECK(rom.addresses.caseLabels[0] == original.addresses.caseLabels[0]);
    CHECK(rom.addresses.caseLabels[1] == original.addresses.caseLabels[1]);
}

TEST_CASE("engine ROM: entities, fields, the controller and tables at the wrong kind of memory are refused at their line")
{
    checkRomRefusals(blockEngineText("actor-walk.toml"), {
        {"block_flags = \"BlockFlags\"", "block_flags = \"NoFlags\"", "block_flags =", {"symbol \"NoFlags\" is not in"}},
        {"block_flags = \"BlockFlags\"", "block_flags = \"Temp\"", "block_flags =", {"symbol \"Temp\" is at", "which is not in ROM"}},
        {"direction = { offset = 1, format = \"u8\" }", "direction = { at = \"BlockFlags\", format = \"u8\" }", "direction =",
         {"symbol \"BlockFlags\" is at", "1 bytes there are not all work RAM"}},
        {"alive = { offset = 0, format = \"u8\" }", "alive = { at = \"NoAlive + 1\", format = \"u8\" }", "alive =", {"symbol \"NoAlive + 1\" is not in"}},
        {"slots = \"Actors\"", "slots = \"Joypad\"", "slots =", {"symbol \"Joypad\" must hold at least one 27-byte slot in $0000-$1FFF"}},
        {"tiles = \"LevelBlocks\"", "tiles = \"LevelBlocks\"\nwidth = \"BlockFlags\"\nsize_format = \"u16\"", "width = \"BlockFlags\"",
         {"symbol \"BlockFlags\" is at", "2 bytes there are not all work RAM"}},
    });
    checkRomRefusals(blockEngineText("player-frame.toml"), {
        {"at = \"PlayerBody\"", "at = \"LevelBlocks\"", "at = \"LevelBlocks\"",
         {"symbol \"LevelBlocks\" is at $7F:0000, not in $0000-$1FFF, where the direct page and a 16-bit index can point"}},
        {"at = \"Joypad\"", "at = \"BlockFlags\"", "at = \"BlockFlags\"", {"symbol \"BlockFlags\" is at", "2 bytes there are not all work RAM"}},
        {"at = \"Joypad\"", "at = \"NoJoypad\"", "at = \"NoJoypad\"", {"symbol \"NoJoypad\" is not in"}},
    });
}

} // namespace
} // namespace tileprof::test
