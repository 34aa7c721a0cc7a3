#include "profiler/formats/symbols/debug_info.hpp"

#include "base/input_error.hpp"

#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using tileprof::DebugInfo;

namespace {

using tileprof::test::TempDir;
using tileprof::test::replaced;

// Built by ca65 and ld65 from game.s (which says how): nested procs, a .scope, a macro, an included
// file, cheap locals, RAM buffers, a RODATA table and a .repeat.
const fs::path gameDbg = TILEPROF_TEST_DATA_DIR "/dbg/game.dbg";
// The smallest useful debug file, hand-written: one proc linked in the FastROM banks.
const std::string fastRomDbg = "version\tmajor=2,minor=0\n"
                               "info\tcsym=0,file=1,lib=0,line=2,mod=1,scope=2,seg=1,span=2,sym=1,type=0\n"
                               "file\tid=0,name=\"fast.s\",size=100,mtime=0x6B020D35,mod=0\n"
                               "line\tid=0,file=0,line=4,span=0\n"
                               "line\tid=1,file=0,line=5,span=1\n"
                               "mod\tid=0,name=\"fast.o\",file=0\n"
                               "seg\tid=0,name=\"CODE\",start=0x808000,size=0x0003,addrsize=absolute,type=ro\n"
                               "span\tid=0,seg=0,start=0,size=1\n"
                               "span\tid=1,seg=0,start=1,size=2\n"
                               "span\tid=2,seg=0,start=0,size=3\n"
                               "scope\tid=0,name=\"\",mod=0,size=3,span=2\n"
                               "scope\tid=1,name=\"Main\",mod=0,type=scope,size=3,parent=0,sym=0,span=2\n"
                               "sym\tid=0,name=\"Main\",addrsize=absolute,size=3,scope=0,def=0,val=0x808000,seg=0,"
                               "type=lab\n";

std::string lineText(const DebugInfo& info, std::uint32_t address)
{
    const std::optional<tileprof::SourceLine> line = info.lineAt(address);
    return line ? line->file + ":" + std::to_string(line->line) : "none";
}

std::string scopeName(const DebugInfo& info, std::uint32_t address)
{
    const tileprof::DebugScope* scope = info.scopeAt(address);
    return scope ? "<" + scope->qualifiedName + ">" : "none";
}

std::string labelName(const DebugInfo& info, std::uint32_t address)
{
    const tileprof::DebugSymbol* label = info.labelAt(address);
    return label ? label->qualifiedName : "none";
}

template <typename Action>
std::string errorOf(Action action)
{
    try {
        action();
    } catch (const tileprof::InputError& error) {
        return error.what();
    }
    return "no error";
}

void checkLoadError(const fs::path& path, const std::string& where, std::initializer_list<const char*> keyWords)
{
    const std::string message = errorOf([&] { DebugInfo::load(path); });
    INFO(message);
    CHECK(message.starts_with(path.string() + where + ": "));
    for (const char* keyWord : keyWords)
        CHECK(message.find(keyWord) != std::string::npos);
}

} // namespace

TEST_CASE("debug info: reads the files, scopes and symbols of an ld65 debug file")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    CHECK(info.path() == gameDbg);
    CHECK(info.sourceFiles()
          == std::vector<std::string>{"game.s", "../../../roms/common/lorom_header.inc", "math.inc"});

    std::vector<std::pair<std::string, int>> scopes;
    for (const tileprof::DebugScope& scope : info.scopes())
        scopes.emplace_back(scope.qualifiedName, scope.depth);
    // Steps, a label outside every .proc, is a routine's scope of its own (DebugInfo::parse).
    CHECK(scopes == std::vector<std::pair<std::string, int>>{{"", 0}, {"Double", 1}, {"Util", 1}, {"Reset", 1},
        {"MoveEntity", 1}, {"MoveEntity::Clamp", 2}, {"Halt", 1}, {"Halt::Stop", 2}, {"Steps", 0}});
    CHECK(info.scopes()[5].name == "Clamp");
    CHECK(info.symbols().size() == 19);
}

TEST_CASE("debug info: a global label, an equate and a data table by name")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    const tileprof::DebugSymbol* reset = info.findSymbol("Reset");
    REQUIRE(reset != nullptr);
    CHECK(reset->name == "Reset");
    CHECK(reset->qualifiedName == "Reset");
    CHECK(reset->value == 0x8008);
    CHECK(reset->size == 21u); // a .proc label spans the proc
    CHECK(reset->isLabel);

    const tileprof::DebugSymbol& count = info.symbol("EntityCount", "test");
    CHECK(count.value == 4);
    CHECK_FALSE(count.isLabel);
    CHECK_FALSE(count.size.has_value());

    const tileprof::DebugSymbol& speeds = info.symbol("Speeds", "test");
    CHECK(speeds.value == 0x8038);
    CHECK(speeds.size == 4u);
}

TEST_CASE("debug info: scoped symbols by qualified name and by a unique plain name")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    const tileprof::DebugSymbol* movingDown = info.findSymbol("MoveEntity::MovingDown");
    REQUIRE(movingDown != nullptr);
    CHECK(movingDown->value == 0x8033);
    CHECK(movingDown->name == "MovingDown");
    CHECK(info.findSymbol("MovingDown") == movingDown);
    CHECK(info.findSymbol("Util::Tick")->value == 0x8002);
    CHECK(info.findSymbol("MoveEntity::Clamp")->value == 0x8027);
    CHECK(info.findSymbol("Clamp") == info.findSymbol("MoveEntity::Clamp"));

    // A cheap local belongs to the label before it.
    CHECK(info.findSymbol("Reset@next")->value == 0x800F);
    CHECK(info.findSymbol("@done")->qualifiedName == "MoveEntity::Clamp@done");
    CHECK(info.findSymbol("MoveEntity::MovingDown@call")->value == 0x8033);

    CHECK(info.findSymbol("Missing") == nullptr);
    CHECK(info.findSymbol("Util::MovingDown") == nullptr); // a qualified name must match exactly
    CHECK(info.findSymbol("") == nullptr);
}

TEST_CASE("debug info: an ambiguous plain name is an error listing the candidates")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    const std::string message = errorOf([&] { info.findSymbol("Loop"); });
    CHECK(message == gameDbg.string() + ": symbol Loop is ambiguous in " + gameDbg.string() +
                         ": it may be Reset::Loop ($008018), Util::Loop ($008006)");
    CHECK(info.findSymbol("Reset::Loop")->value == 0x8018);

    CHECK(errorOf([&] { info.symbol("Loop", "scenario.toml:3"); }) ==
          "scenario.toml:3: symbol Loop is ambiguous in " + gameDbg.string() +
              ": it may be Reset::Loop ($008018), Util::Loop ($008006)");
    CHECK(errorOf([&] { info.symbol("Missing", "scenario.toml:3"); }) ==
          "scenario.toml:3: no symbol Missing in " + gameDbg.string());
}

TEST_CASE("debug info: RAM symbols report their size")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    CHECK(info.findSymbol("Positions")->value == 0x0100);
    CHECK(info.findSymbol("Positions")->size == 8u);
    CHECK(info.findSymbol("Frame")->value == 0x0108);
    CHECK(info.findSymbol("Frame")->size == 2u);
    CHECK(info.findSymbol("History")->value == 0x7E2000);
    CHECK(info.findSymbol("History")->size == 0x400u);
}

TEST_CASE("debug info: lineAt gives the source line of every byte of each instruction")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    // Reset, game.s lines 33-46: each entry is an instruction's first byte, size and line.
    const std::vector<std::tuple<std::uint32_t, std::uint32_t, int>> reset = {
        {0x8008, 1, 33}, {0x8009, 1, 34}, {0x800A, 2, 35}, {0x800C, 3, 38}, {0x800F, 3, 40},
        {0x8012, 1, 41}, {0x8013, 3, 42}, {0x8016, 2, 43}, {0x8018, 3, 45}, {0x801B, 2, 46}};
    for (const auto& [start, size, line] : reset) {
        for (std::uint32_t address = start; address < start + size; ++address) {
            CAPTURE(address);
            CHECK(lineText(info, address) == "game.s:" + std::to_string(line));
        }
    }
    CHECK(lineText(info, 0x8000) == "math.inc:9");
    CHECK(lineText(info, 0x8001) == "math.inc:10");
    CHECK(lineText(info, 0x8038) == "game.s:20"); // the RODATA table
    CHECK(lineText(info, 0x803E) == "none");
    CHECK(lineText(info, 0x7FFF) == "none");
}

TEST_CASE("debug info: a byte a macro emitted reports the line that invoked the macro")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    // ADD_SPEED (math.inc lines 4-5) expands to clc and adc Speeds at game.s:51.
    for (std::uint32_t address = 0x8020; address < 0x8024; ++address) {
        CAPTURE(address);
        CHECK(lineText(info, address) == "game.s:51");
    }
    CHECK(lineText(info, 0x8024) == "game.s:52");
    // The header and vectors come from the LOROM_HEADER macro invoked at game.s:73, the title
    // through a macro parameter.
    CHECK(lineText(info, 0xFFC0) == "game.s:73");
    CHECK(lineText(info, 0xFFD5) == "game.s:73");
    CHECK(lineText(info, 0xFFFC) == "game.s:73");
}

TEST_CASE("debug info: a byte a .repeat emitted reports the repeated line")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    // ld65 also gives the .endrepeat line (79) a span over everything the block emitted, and no
    // type to tell it apart: the smaller span of the repeated line (78) must win.
    CHECK(lineText(info, 0x803C) == "game.s:78");
    CHECK(lineText(info, 0x803D) == "game.s:78");
}

TEST_CASE("debug info: scopeAt gives the innermost scope")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    CHECK(scopeName(info, 0x8000) == "<Double>");
    CHECK(scopeName(info, 0x8002) == "<Util>");
    CHECK(scopeName(info, 0x801C) == "<Reset>");
    CHECK(scopeName(info, 0x801D) == "<MoveEntity>");
    CHECK(scopeName(info, 0x8026) == "<MoveEntity>");
    CHECK(scopeName(info, 0x8027) == "<MoveEntity::Clamp>");
    CHECK(scopeName(info, 0x802F) == "<MoveEntity::Clamp>");
    CHECK(scopeName(info, 0x8030) == "<MoveEntity>"); // after the nested proc, back in the outer one
    CHECK(scopeName(info, 0x8036) == "<MoveEntity>");
    CHECK(scopeName(info, 0x8037) == "<Halt::Stop>"); // Halt and Stop share the byte
    CHECK(scopeName(info, 0x8038) == "<>");           // RODATA belongs to the module alone
    CHECK(scopeName(info, 0x0100) == "<>");
    CHECK(scopeName(info, 0x7E23FF) == "<>");
    CHECK(scopeName(info, 0xFFC0) == "<>");
    CHECK(scopeName(info, 0x803E) == "none");
    CHECK(scopeName(info, 0x0000) == "none");
    CHECK(info.scopeAt(0x8027)->depth == 2);
}

TEST_CASE("debug info: labelAt names the label at an address")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    CHECK(labelName(info, 0x8008) == "Reset");
    CHECK(labelName(info, 0x8018) == "Reset::Loop");
    CHECK(labelName(info, 0x800F) == "Reset@next");
    CHECK(labelName(info, 0x8033) == "MoveEntity::MovingDown"); // rather than the cheap local @call there
    CHECK(labelName(info, 0x8037) == "Halt::Stop");             // rather than the outer Halt
    CHECK(labelName(info, 0x0108) == "Frame");
    CHECK(labelName(info, 0x8009) == "none");
    CHECK(labelName(info, 0x0004) == "none"); // EntityCount is an equate, not a label
}

TEST_CASE("debug info: scopeRanges gives the address ranges of a scope")
{
    using Ranges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
    const DebugInfo info = DebugInfo::load(gameDbg);
    CHECK(info.scopeRanges("MoveEntity") == Ranges{{0x801D, 0x8037}});
    CHECK(info.scopeRanges("MoveEntity::Clamp") == Ranges{{0x8027, 0x8030}});
    CHECK(info.scopeRanges("Util") == Ranges{{0x8002, 0x8008}});
    CHECK(info.scopeRanges("") == Ranges{{0x0100, 0x010A}, {0x8000, 0x803E}, {0xFFC0, 0x10000}, {0x7E2000, 0x7E2400}});
    CHECK(errorOf([&] { info.scopeRanges("Clamp"); }) == gameDbg.string() + ": no scope Clamp");
}

TEST_CASE("debug info: lookups follow FastROM mirrors")
{
    const DebugInfo info = DebugInfo::load(gameDbg);
    CHECK(scopeName(info, 0x808000) == "<Double>");
    CHECK(scopeName(info, 0x808027) == "<MoveEntity::Clamp>");
    CHECK(lineText(info, 0x808021) == "game.s:51");
    CHECK(lineText(info, 0x80FFFC) == "game.s:73");
    CHECK(labelName(info, 0x808008) == "Reset");
    // RAM has no mirror in the upper banks.
    CHECK(scopeName(info, 0x800100) == "none");
    CHECK(scopeName(info, 0xFE2000) == "none");
    CHECK(labelName(info, 0x800108) == "none");

    TempDir dir;
    const DebugInfo fast = DebugInfo::load(dir.write("fast.dbg", fastRomDbg));
    CHECK(scopeName(fast, 0x808001) == "<Main>");
    CHECK(scopeName(fast, 0x008001) == "<Main>");
    CHECK(lineText(fast, 0x008002) == "fast.s:5");
    CHECK(labelName(fast, 0x008000) == "Main");
    CHECK(scopeName(fast, 0x008003) == "none");
    CHECK(scopeName(fast, 0x018000) == "none");
}

TEST_CASE("debug info: line 0 is no source line")
{
    // ld65 writes line=0 for what the command line defines. Listings index source files from line
    // 1, so a byte that only line 0 covers has no line.
    TempDir dir;
    const DebugInfo info = DebugInfo::load(dir.write("zero.dbg", replaced(fastRomDbg, "line=4,", "line=0,")));
    CHECK(lineText(info, 0x808000) == "none");
    CHECK(lineText(info, 0x808001) == "fast.s:5");
}

TEST_CASE("debug info: unknown record kinds and keys are ignored")
{
    TempDir dir;
    std::string text = replaced(fastRomDbg, "line\tid=0,", "line\tid=0,future=\"a,b\",weight=0x10+2,");
    text = replaced(text, "scope\tid=1,", "scope\tid=1,color=blue,");
    text += "macro\tid=0,name=\"M\",whatever\n";
    text += "csym\tid=0,name=\"main\",scope=0,type=0,sc=ext,sym=0\n";
    const DebugInfo info = DebugInfo::load(dir.write("future.dbg", text));
    CHECK(lineText(info, 0x808000) == "fast.s:4");
    CHECK(scopeName(info, 0x808000) == "<Main>");
}

TEST_CASE("debug info: errors name the file, the line and the problem")
{
    TempDir dir;
    const auto check = [&](const std::string& name, const std::string& text, const std::string& where,
                           std::initializer_list<const char*> keyWords) {
        checkLoadError(dir.write(name, text), where, keyWords);
    };
    checkLoadError(fs::path(TILEPROF_TEST_DATA_DIR "/dbg/missing.dbg"), "",
                   {"cannot open", "No such file or directory"});
    check("empty.dbg", "", ":1", {"not an ld65 debug file", "empty"});
    check("text.dbg", "al 008000 .Reset\n", ":1", {"not an ld65 debug file"});
    check("version.dbg", replaced(fastRomDbg, "major=2", "major=3"), ":1",
          {"unsupported debug file version major=3"});
    check("no-major.dbg", replaced(fastRomDbg, "major=2,", ""), ":1", {"version record is missing major="});
    check("tab.dbg", replaced(fastRomDbg, "span\tid=1,", "span id=1,"), ":9", {"no tab"});
    check("number.dbg", replaced(fastRomDbg, "start=1,size=2", "start=1x,size=2"), ":9",
          {"span record: start=1x is not a 32-bit number"});
    check("big.dbg", replaced(fastRomDbg, "start=1,size=2", "start=0x100000000,size=2"), ":9",
          {"start=0x100000000 is not a 32-bit number"});
    check("quoted.dbg", replaced(fastRomDbg, "start=1,size=2", "start=\"1\",size=2"), ":9",
          {"start=\"1\" is not a 32-bit number"});
    check("list.dbg", replaced(fastRomDbg, "span=2\n", "span=1+\n"), ":11", {"span=1+ is not a list of numbers"});
    check("name.dbg", replaced(fastRomDbg, "name=\"fast.s\"", "name=fast.s"), ":3",
          {"name=fast.s is not a quoted string"});
    check("string.dbg", replaced(fastRomDbg, "name=\"fast.s\"", "name=\"fast.s"), ":3", {"unterminated string"});
    check("field.dbg", replaced(fastRomDbg, "span\tid=1,", "span\tid=1,oops,"), ":9",
          {"malformed field 'oops'", "expected key=value"});
    check("id.dbg", replaced(fastRomDbg, "span\tid=1,", "span\t"), ":9", {"span record is missing id="});
    check("size.dbg", replaced(fastRomDbg, "start=1,size=2", "start=1"), ":9", {"span record is missing size="});
    check("duplicate.dbg", replaced(fastRomDbg, "span\tid=1,", "span\tid=0,"), ":9", {"duplicate span id 0"});
    check("segment.dbg", replaced(fastRomDbg, "span\tid=1,seg=0", "span\tid=1,seg=7"), ":9",
          {"span 1 refers to seg 7, which does not exist"});
    check("file.dbg", replaced(fastRomDbg, "line\tid=1,file=0", "line\tid=1,file=4"), ":5",
          {"line 1 refers to file 4, which does not exist"});
    check("line-span.dbg", replaced(fastRomDbg, "line=5,span=1", "line=5,span=9"), ":5",
          {"line 1 refers to span 9, which does not exist"});
    check("parent.dbg", replaced(fastRomDbg, "parent=0", "parent=5"), ":12",
          {"scope 1 refers to scope 5, which does not exist"});
    check("cycle.dbg", replaced(fastRomDbg, "name=\"\",mod=0", "name=\"\",parent=1,mod=0"), ":11",
          {"scope 0 has a circular chain of parents"});
    check("sym-scope.dbg", replaced(fastRomDbg, "scope=0,def", "scope=3,def"), ":13",
          {"sym 0 refers to scope 3, which does not exist"});
    check("sym-owner.dbg", replaced(fastRomDbg, "scope=0,def", "def"), ":13",
          {"sym record has neither scope= nor parent="});
    check("sym-value.dbg", replaced(fastRomDbg, "val=0x808000,", ""), ":13", {"sym record is missing val="});
    check("address.dbg", replaced(fastRomDbg, "start=0x808000", "start=0xFFFFFF"), ":9",
          {"span 1 ends past the 24-bit address space"});
    check("line-big.dbg", replaced(fastRomDbg, "line=5,", "line=2147483648,"), ":5",
          {"line record: line=2147483648 is not a line number (0..2147483647)"});
}

TEST_CASE("debug info: scopes nested so deep that their names would fill memory are an error")
{
    // A regression test: each scope's qualified name repeats its parents' names, so a chain of
    // nested scopes made them grow with the square of the file (here 2,000 scopes of 1,000-byte
    // names: 2 GB of names from a 2 MB file).
    std::string text = "version\tmajor=2,minor=0\nscope\tid=0,name=\"\",mod=0\n";
    const std::string name(1000, 'n');
    for (int id = 1; id <= 2000; ++id)
        text += "scope\tid=" + std::to_string(id) + ",name=\"" + name + "\",parent=" + std::to_string(id - 1) + "\n";
    const std::string message = errorOf([&] { DebugInfo::parse("deep.dbg", text); });
    INFO(message);
    CHECK(message.starts_with("deep.dbg:"));
    CHECK(message.find(": scope ") != std::string::npos);
    CHECK(message.ends_with(": scopes nest too deep: the qualified names of the scopes and symbols would take more "
                            "than 32.5 MiB"));

    // Nesting as deep as real code nests, with the same names, is fine.
    std::string shallow = "version\tmajor=2,minor=0\nscope\tid=0,name=\"\",mod=0\n";
    for (int id = 1; id <= 2000; ++id) {
        const int parent = id <= 100 ? 0 : id % 100 + 1;
        shallow += "scope\tid=" + std::to_string(id) + ",name=\"" + name + "\",parent=" + std::to_string(parent) + "\n";
    }
    const DebugInfo info = DebugInfo::parse("shallow.dbg", shallow);
    CHECK(info.scopes().size() == 2001);
    CHECK(info.scopes()[150].depth == 2);
}


TEST_CASE("debug info: code after an .endproc is the routine's before it, and a label outside every .proc is a routine")
{
    // $8000 Wait: a .proc of 4 bytes, then 2 bytes of its code after .endproc (the RTS its loop
    // falls into), then Tick:, a plain label of 3 bytes, and loop:, a label a user says is local.
    const std::string text = "version\tmajor=2,minor=0\n"
                             "seg\tid=0,name=\"CODE\",start=0x008000,size=0x000C,addrsize=absolute,type=ro,oname=\"g.sfc\",ooffs=0\n"
                             "span\tid=0,seg=0,start=0,size=4\n"
                             "span\tid=1,seg=0,start=4,size=8\n"
                             "scope\tid=0,name=\"\",mod=0,size=12,span=1\n"
                             "scope\tid=1,name=\"Wait\",mod=0,type=scope,size=4,parent=0,sym=0,span=0\n"
                             "sym\tid=0,name=\"Wait\",addrsize=absolute,size=4,scope=0,def=0,val=0x8000,seg=0,type=lab\n"
                             "sym\tid=1,name=\"Tick\",addrsize=absolute,scope=0,def=0,val=0x8006,seg=0,type=lab\n"
                             "sym\tid=2,name=\"loop\",addrsize=absolute,scope=0,def=0,val=0x8009,seg=0,type=lab\n";
    const DebugInfo plain = DebugInfo::parse("g.dbg", text);
    CHECK(scopeName(plain, 0x8003) == "<Wait>");
    CHECK(scopeName(plain, 0x8004) == "<Wait>"); // after .endproc
    CHECK(scopeName(plain, 0x8005) == "<Wait>");
    CHECK(scopeName(plain, 0x8006) == "<Tick>");
    CHECK(scopeName(plain, 0x8009) == "<loop>");
    CHECK(plain.scopeRanges("Wait") == std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0x8000, 0x8006}});
    CHECK(plain.scopeRanges("Tick") == std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0x8006, 0x8009}});

    tileprof::LabelConventions local;
    local.local.emplace_back("^loop$", "test");
    const DebugInfo withLocal = DebugInfo::parse("g.dbg", text, tileprof::SymbolReading({}, local));
    CHECK(scopeName(withLocal, 0x8009) == "<Tick>");
    CHECK(labelName(withLocal, 0x8009) == "loop");
    CHECK(withLocal.findSymbol("loop")->role == tileprof::LabelRole::Local);
}
