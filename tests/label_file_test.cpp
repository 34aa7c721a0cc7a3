#include "profiler/formats/symbols/label_file.hpp"
#include "profiler/formats/symbols/label_roles.hpp"
#include "profiler/formats/symbols/symbol_file.hpp"

#include "base/input_error.hpp"

#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using tileprof::DebugInfo;
using tileprof::LabelFileFormat;

namespace {

using tileprof::test::checkMessage;

const fs::path labelsDir = TILEPROF_TEST_DATA_DIR "/labels";
const std::string routine = "MetaTiles.MoveEntityAndProcessTileCollisions";

// A LoROM cartridge of two banks (64 KiB) and 8 KiB of SRAM.
tileprof::CartridgePlaces twoBankPlaces()
{
    emu::RomImage image;
    image.bytes.assign(0x10000, 0);
    image.header.sramSizeCode = 3;
    return tileprof::cartridgePlaces(image);
}

tileprof::LabelFile read(const std::string& text)
{
    return tileprof::readLabelFile("test.sym", text, twoBankPlaces());
}

DebugInfo symbols(const std::string& text)
{
    return tileprof::parseSymbolFile("test.sym", text, twoBankPlaces());
}

std::vector<std::pair<std::string, std::uint32_t>> namesAndAddresses(const tileprof::LabelFile& file)
{
    std::vector<std::pair<std::string, std::uint32_t>> labels;
    for (const tileprof::FileLabel& label : file.labels)
        labels.emplace_back(label.name, label.address);
    return labels;
}

std::string scopeName(const DebugInfo& info, std::uint32_t address)
{
    const tileprof::DebugScope* scope = info.scopeAt(address);
    return scope ? scope->qualifiedName : "none";
}

std::string errorOf(const std::string& text)
{
    try {
        read(text);
    } catch (const tileprof::InputError& error) {
        return error.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("label files: a bass symbol file of an engine's namespaces, unsorted and without sizes")
{
    const DebugInfo info = tileprof::loadSymbolFile(labelsDir / "engine.sym", twoBankPlaces());
    CHECK(info.scopeSeparator() == ".");
    CHECK(info.symbol(routine, "test").value == 0x808011);
    CHECK(info.symbol("MovingDown", "test").qualifiedName == routine + ".MovingDown");
    CHECK(info.symbol("Project.MS_FrameData", "test").value == 0x818000);
    CHECK(info.symbol("Entity.entityPool", "test").value == 0x7E0100);
    CHECK_THROWS_WITH_AS(info.symbol("Loop", "test"), doctest::Contains("is ambiguous"), tileprof::InputError);

    // NoHitbox lies before the routine's own label, and spans up to it: an outer level.
    CHECK(scopeName(info, 0x808000) == routine + ".NoHitbox");
    CHECK(scopeName(info, 0x808010) == routine + ".NoHitbox");
    CHECK(scopeName(info, 0x808011) == routine);
    CHECK(scopeName(info, 0x80805A) == routine);
    CHECK(scopeName(info, 0x80805B) == routine + ".MovingRight");
    CHECK(scopeName(info, 0x808095) == routine + ".MovingRight.Loop");
    CHECK(scopeName(info, 0x0080AA) == routine + ".MovingRight.NoCollision"); // the SlowROM mirror
    CHECK(scopeName(info, 0x8080D1) == routine + ".MovingLeft");
    CHECK(scopeName(info, 0x8081FF) == routine + ".MovingDown_Standing");
    CHECK(scopeName(info, 0x808200) == "Main");
    CHECK(info.scopeRanges(routine).front().first == 0x808000);
    CHECK(info.scopeRanges("MetaTiles").front().first == 0x808000); // a namespace, no label of its own
    CHECK(info.scopeRanges("MetaTiles").back().second == 0x808200);
    CHECK(info.labelAt(0x808011)->qualifiedName == routine);
    CHECK_FALSE(info.lineAt(0x808011));
    CHECK_FALSE(info.symbol(routine, "test").size);
}

TEST_CASE("label files: a label spans to the next label at its level or an outer one, within its bank")
{
    const DebugInfo info = symbols("00808030 A.z\n"
                                   "00808000 A\n"
                                   "00808010 A.x\n"
                                   "00808012 A.x.y\n"
                                   "00808020 B\n"
                                   "00808020 B.c\n"
                                   "00818000 Data\n");
    CHECK(scopeName(info, 0x808011) == "A.x");
    CHECK(scopeName(info, 0x808012) == "A.x.y");
    CHECK(scopeName(info, 0x80801F) == "A.x.y");
    CHECK(scopeName(info, 0x808020) == "B.c"); // of two labels at one place, the inner
    CHECK(scopeName(info, 0x80802F) == "B.c");
    CHECK(scopeName(info, 0x808030) == "A.z");
    CHECK(scopeName(info, 0x80FFFF) == "A.z"); // the last label of a bank spans to its end
    CHECK(scopeName(info, 0x818000) == "Data");
    using Ranges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
    CHECK(info.scopeRanges("A") == Ranges{{0x808000, 0x808020}, {0x808030, 0x810000}});
    CHECK(info.scopeRanges("A.x") == Ranges{{0x808010, 0x808020}});
    CHECK(info.labelAt(0x808020)->qualifiedName == "B.c");
}

TEST_CASE("label files: what 64tass writes, in each of its three lists")
{
    const auto file = [](const char* name) {
        return tileprof::readLabelFile(labelsDir / name, tileprof::test::slurp(labelsDir / name), twoBankPlaces());
    };
    const tileprof::LabelFile vice = file("scopes.vice");
    CHECK(vice.format == LabelFileFormat::Vice);
    CHECK(namesAndAddresses(vice) == std::vector<std::pair<std::string, std::uint32_t>>{
        {"Reset", 0x808000}, {"Tables", 0x80800F}, {"Tables.heights", 0x80800F}, {"Collide", 0x808007},
        {"Collide.done", 0x80800E}, {"Collide.loop", 0x808009}});

    const tileprof::LabelFile dump = file("scopes.dump");
    CHECK(dump.format == LabelFileFormat::Tass64Dump);
    CHECK(namesAndAddresses(dump) == std::vector<std::pair<std::string, std::uint32_t>>{
        {"Reset", 0x808000}, {"Tables", 0x80800F}, {"Tables.heights", 0x80800F}, {"entities", 0x7E0100},
        {"Collide", 0x808007}, {"Collide.done", 0x80800E}, {"Collide.loop", 0x808009}});
    CHECK(dump.labels[3].line == 5); // the string constant on line 4 is no address

    const tileprof::LabelFile normal = file("scopes.labels");
    CHECK(normal.format == LabelFileFormat::Tass64);
    CHECK(namesAndAddresses(normal) == std::vector<std::pair<std::string, std::uint32_t>>{
        {"Reset", 0x808000}, {"Tables", 0x80800F}, {"entities", 0x7E0100}, {"Collide", 0x808007}});

    const DebugInfo info = tileprof::loadSymbolFile(labelsDir / "scopes.vice", twoBankPlaces());
    CHECK(scopeName(info, 0x808009) == "Collide.loop");
    CHECK(scopeName(info, 0x808008) == "Collide");
    CHECK(scopeName(info, 0x808006) == "Reset");
}

TEST_CASE("label files: ld65's VICE list keeps both procs' Loop, and asking for Loop is ambiguous")
{
    const DebugInfo info = tileprof::loadSymbolFile(labelsDir / "game.vice", twoBankPlaces());
    CHECK(info.symbol("MoveEntity", "test").value == 0x00801D);
    CHECK(info.symbol("History", "test").value == 0x7E2000);
    CHECK_THROWS_WITH_AS(info.symbol("Loop", "test"), doctest::Contains("Loop ($008006), Loop ($008018)"),
                         tileprof::InputError);
    using Ranges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
    CHECK(info.scopeRanges("Loop") == Ranges{{0x008006, 0x008008}, {0x008018, 0x00801D}});
}

TEST_CASE("label files: a name shared by thousands of labels is ambiguous in a message one can read")
{
    std::string text = "; wla symbolic information file\n[labels]\n";
    for (unsigned i = 0; i < 20000; ++i) {
        char line[32];
        std::snprintf(line, sizeof line, "00:%04X Loop\n", 0x8000 + i);
        text += line;
    }
    const DebugInfo info = symbols(text);
    try {
        (void)info.symbol("Loop", "walk.play.toml:4");
        FAIL("Loop was not ambiguous");
    } catch (const tileprof::InputError& e) {
        const std::string message = e.what();
        CHECK(message.starts_with("walk.play.toml:4: symbol Loop is ambiguous in test.sym: it may be Loop ($008000), "));
        CHECK(message.ends_with(", Loop ($008007) and 19992 more"));
        CHECK(message.size() < 300);
    }
}

TEST_CASE("label files: a local-label pattern is a bounded ECMAScript regular expression")
{
    const tileprof::LocalLabelPattern loop("^loop[0-9]{1,3}$|_done\\b", "play.toml:3: local_labels");
    CHECK(loop.matches("loop12"));
    CHECK(loop.matches("Move_done"));
    CHECK_FALSE(loop.matches("loop1234"));
    const auto errorOf = [](const std::string& pattern) {
        try {
            tileprof::LocalLabelPattern refused(pattern, "play.toml:3: local_labels");
        } catch (const tileprof::InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(errorOf("") == "play.toml:3: local_labels: a local-label pattern is 1 to 256 characters");
    CHECK(errorOf(std::string(257, 'a')) == "play.toml:3: local_labels: a local-label pattern is 1 to 256 characters");
    CHECK(errorOf("(a").starts_with("play.toml:3: local_labels: \"(a\" is not a regular expression: "));
    // Numbers that libstdc++ would multiply past an int (a fuzzer's find): refused before it reads them.
    CHECK(errorOf("(a)\\4444444444555555555") ==
          "play.toml:3: local_labels: \"(a)\\4444444444555555555\" is not a regular expression tileprof takes: a "
          "back-reference has at most 3 digits");
    CHECK(errorOf("a{1,99999999999}") == "play.toml:3: local_labels: \"a{1,99999999999}\" is not a regular expression "
                                          "tileprof takes: a repetition count has at most 5 digits");
    CHECK(errorOf("label_123456789").empty()); // a literal number is no count
}

TEST_CASE("label files: WLA-DX sections, labels by bank and equates")
{
    const tileprof::LabelFile file = read("; wla symbolic information file\n"
                                          "[information]\n"
                                          "version 3\n"
                                          "\n"
                                          "[labels]\n"
                                          "00:8000 Reset\n"
                                          "80:8010 Main.loop\n"
                                          "7e:0100 entities\n"
                                          "[definitions]\n"
                                          "00000040 _sizeof_entities\n"
                                          "[source files]\n"
                                          "0000 1a2b3c4d main.s\n");
    CHECK(file.format == LabelFileFormat::WlaDx);
    CHECK(namesAndAddresses(file) == std::vector<std::pair<std::string, std::uint32_t>>{
        {"Reset", 0x008000}, {"Main.loop", 0x808010}, {"entities", 0x7E0100}, {"_sizeof_entities", 0x40}});
    CHECK(file.labels[2].isLabel);
    CHECK_FALSE(file.labels[3].isLabel); // an equate: no scope, no label at $40
    const DebugInfo info = symbols("[labels]\n00:8000 Reset\n[definitions]\n00000040 size\n");
    CHECK(info.labelAt(0x40) == nullptr);
    CHECK(scopeName(info, 0x40) == "none");
    CHECK(info.symbol("size", "test").value == 0x40);
}

TEST_CASE("label files: Mesen label files, placed through the cartridge")
{
    const tileprof::LabelFile file = read("SnesPrgRom:8010:Second_bank:a comment: with colons\n"
                                          "SnesPrgRom:0000-000F:Table\n"
                                          "SnesWorkRam:0100:entities\n"
                                          "SnesWorkRam:12000:high\n"
                                          "SnesSaveRam:1FFF:lastSave\n"
                                          "SnesRegister:2100:INIDISP\n"
                                          "SnesMemory:7E2000:direct\n"
                                          "SpcRam:0200:spcCode\n"
                                          "SnesPrgRom:0020::only a comment\n");
    CHECK(file.format == LabelFileFormat::Mesen);
    CHECK(namesAndAddresses(file) == std::vector<std::pair<std::string, std::uint32_t>>{
        {"Second_bank", 0x018010}, {"Table", 0x008000}, {"entities", 0x7E0100}, {"high", 0x7F2000},
        {"lastSave", 0x701FFF}, {"INIDISP", 0x002100}, {"direct", 0x7E2000}});
    CHECK(file.labels[1].size == 16);
    CHECK_FALSE(file.labels[0].size);
}

TEST_CASE("label files: a file of no format tileprof reads is named, with the formats it reads")
{
    checkMessage(errorOf("hello world\n"), "test.sym:1", {"not a symbol file", "'hello world'", "bass", "WLA-DX",
                                                          "64tass", "VICE", "Mesen", "ld65 .dbg"});
    checkMessage(errorOf(std::string("\x7f" "ELF\x01\x02", 6)), "test.sym:1", {"not a symbol file", "'?ELF"});
    checkMessage(errorOf("; only a comment\n\n"), "test.sym", {"no labels"});
    checkMessage(errorOf(""), "test.sym", {"no labels"});
}

TEST_CASE("label files: a line that breaks the file's format says where and what was expected")
{
    checkMessage(errorOf("00808000 Reset\n00808010Main\n"), "test.sym:2",
                 {"expected 'AAAAAAAA Name'", "bass .sym", "'00808010Main'"});
    checkMessage(errorOf("00808000 Reset\n01808000 Far\n"), "test.sym:2", {"$1808000", "beyond the 24-bit"});
    checkMessage(errorOf("00808000 Reset\n00808010 Main..loop\n"), "test.sym:2", {"'Main..loop'", "empty scope"});
    checkMessage(errorOf("[labels]\n00:8000 Reset\n100:8000 Far\n"), "test.sym:3", {"beyond the 24-bit"});
    checkMessage(errorOf("[labels]\n00:8000 Reset\n00:80 Short\n"), "test.sym:3", {"expected 'BB:AAAA Name'"});
    checkMessage(errorOf("al 808000 .Reset\nal 808010 Main\n"), "test.sym:2", {"expected 'al 808000 .Name'"});
    checkMessage(errorOf("SnesPrgRom:0000:Reset\nSnesPrgRom:10000:Past\n"), "test.sym:2",
                 {"offset $10000", "outside the cartridge's ROM"});
    checkMessage(errorOf("SnesPrgRom:0000:Reset\nSnesSaveRam:2000:Past\n"), "test.sym:2",
                 {"offset $2000", "outside the cartridge's SRAM"});
    checkMessage(errorOf("SnesPrgRom:0010-0000:Backwards\n"), "test.sym:1", {"ends before it starts"});
    checkMessage(errorOf("SnesWorkRam:20000:Past\n"), "test.sym:1", {"past the 128 KiB of work RAM"});
    checkMessage(errorOf("Reset = $808000\nthis is not a label\n"), "test.sym:2", {"expected 'Name = $808000'"});
}

TEST_CASE("label files: an ld65 debug file is read as one")
{
    const DebugInfo info = tileprof::loadSymbolFile(TILEPROF_TEST_DATA_DIR "/dbg/game.dbg", twoBankPlaces());
    CHECK(info.scopeSeparator() == "::");
    CHECK(info.symbol("MoveEntity::Clamp", "test").value == 0x008027);
    CHECK(info.lineAt(0x008027));
}
