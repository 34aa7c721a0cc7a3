#include "profiler/engine/conformance/sst_file.hpp"

#include "base/input_error.hpp"

#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <random>
#include <string>
#include <tuple>

namespace fs = std::filesystem;
using tileprof::readSstFile;

namespace {

using tileprof::test::TempDir;
using tileprof::test::replaced;
using tileprof::test::slurp;

const fs::path sstDir = TILEPROF_SHARED_DIR "/testdata/ssts-65816";
const fs::path oracleDir = TILEPROF_SHARED_DIR "/testdata/oracle-65816";
std::string errorOf(const fs::path& path)
{
    try {
        readSstFile(path);
    } catch (const tileprof::InputError& error) {
        return error.what();
    }
    return "no error";
}

void checkError(const fs::path& path, std::initializer_list<const char*> keyWords)
{
    const std::string message = errorOf(path);
    INFO(message);
    CHECK(message.starts_with(path.string() + ": "));
    for (const char* keyWord : keyWords)
        CHECK(message.find(keyWord) != std::string::npos);
}

// Initial and final differ everywhere so a replacement can aim at either one.
const std::string validTest = R"({"name": "a9 e 17",
 "initial": {"pc": 65535, "s": 511, "p": 255, "a": 4, "x": 5, "y": 6, "dbr": 7, "d": 8, "pbr": 9, "e": 1,
             "ram": [[16777215, 169], [0, 0]]},
 "final": {"pc": 1, "s": 510, "p": 48, "a": 40, "x": 50, "y": 60, "dbr": 70, "d": 80, "pbr": 90, "e": 0,
           "ram": [[5, 6]]},
 "cycles": [[16777215, 169, "dp-r-mx-"], [null, null, "--------"], [5, 6, "d--w----"]]})";

std::string twoTests(const std::string& second)
{
    return "[" + validTest + ",\n" + second + "]";
}

} // namespace

TEST_CASE("sst file: reads a SingleStepTests file")
{
    const tileprof::SstFile file = readSstFile(sstDir / "e8.n.json.gz");
    CHECK(file.path == (sstDir / "e8.n.json.gz").string());
    REQUIRE(file.tests.size() == 100);
    CHECK(file.busSignals);

    const tileprof::SstTest& test = file.tests[0];
    CHECK(test.name == "e8 n 1");
    const emu::Registers& regs = test.initial.regs;
    CHECK(regs.pc == 53908);
    CHECK(regs.s == 7049);
    CHECK(regs.p == 227);
    CHECK(regs.a == 10150);
    CHECK(regs.x == 53059);
    CHECK(regs.y == 16255);
    CHECK(regs.dbr == 95);
    CHECK(regs.d == 30703);
    CHECK(regs.pbr == 152);
    CHECK_FALSE(regs.e);
    REQUIRE(test.initial.ram.size() == 1);
    CHECK(test.initial.ram[0] == std::pair<std::uint32_t, std::uint8_t>{10015380, 232});
    CHECK(test.final.regs.x == 53060);
    CHECK(test.final.regs.p == 225);

    REQUIRE(test.cycles.size() == 2);
    CHECK(test.cycles[0].address == 10015380u);
    CHECK(test.cycles[0].value == 232);
    CHECK(test.cycles[0].rw == 'r');
    CHECK(test.cycles[0].vda);
    CHECK(test.cycles[0].vpa);
    CHECK(test.cycles[1].address == 10015381u);
    CHECK_FALSE(test.cycles[1].value.has_value());
    CHECK(test.cycles[1].rw == 'r');
    CHECK_FALSE(test.cycles[1].vda);
    CHECK_FALSE(test.cycles[1].vpa);
}

TEST_CASE("sst file: reads an oracle file")
{
    const tileprof::SstFile file = readSstFile(oracleDir / "b1.n.json.gz");
    REQUIRE(file.tests.size() == 100);
    CHECK_FALSE(file.busSignals);

    const tileprof::SstTest& test = file.tests[0];
    CHECK(test.name == "b1 n 1");
    CHECK(test.initial.ram.size() == 6);
    CHECK(test.final.regs.a == 16162);
    REQUIRE(test.cycles.size() == 8);
    CHECK(test.cycles[0].address == 11182714u);
    CHECK(test.cycles[0].value == 177);
    CHECK(test.cycles[0].rw == 'r');
    CHECK_FALSE(test.cycles[0].vda);
    CHECK_FALSE(test.cycles[0].vpa);
    CHECK_FALSE(test.cycles[2].address.has_value());
    CHECK_FALSE(test.cycles[2].value.has_value());
    CHECK(test.cycles[2].rw == '-');
}

TEST_CASE("sst file: reads uncompressed JSON, and gzip whatever the name")
{
    const TempDir dir;
    const tileprof::SstFile file = readSstFile(dir.write("plain.json", "[" + validTest + "]"));
    REQUIRE(file.tests.size() == 1);
    CHECK(file.busSignals);

    const tileprof::SstTest& test = file.tests[0];
    CHECK(test.name == "a9 e 17");
    CHECK(test.initial.regs == emu::Registers{4, 5, 6, 511, 8, 65535, 9, 7, 255, true});
    CHECK(test.final.regs == emu::Registers{40, 50, 60, 510, 80, 1, 90, 70, 48, false});
    REQUIRE(test.initial.ram.size() == 2);
    CHECK(test.initial.ram[0] == std::pair<std::uint32_t, std::uint8_t>{16777215, 169});
    CHECK(test.initial.ram[1] == std::pair<std::uint32_t, std::uint8_t>{0, 0});
    REQUIRE(test.cycles.size() == 3);
    CHECK_FALSE(test.cycles[1].address.has_value());
    CHECK(test.cycles[1].rw == '-');
    CHECK(test.cycles[2].address == 5u);
    CHECK(test.cycles[2].value == 6);
    CHECK(test.cycles[2].rw == 'w');
    CHECK(test.cycles[2].vda);
    CHECK_FALSE(test.cycles[2].vpa);

    CHECK(readSstFile(dir.write("gzip-inside.json", slurp(sstDir / "e8.n.json.gz"))).tests.size() == 100);
    CHECK(errorOf(dir.write("empty.json", "[]")) == dir.file("empty.json").string() + ": holds no tests (an empty array)");
}

TEST_CASE("sst file: reports a file it cannot open")
{
    const TempDir dir;
    checkError(dir.file("missing.json.gz"), {"cannot open", "No such file or directory"});
}

TEST_CASE("sst file: reports data that is not gzip under a .gz name")
{
    const TempDir dir;
    checkError(dir.write("hello.json.gz", "hello"), {"not gzip data (the name ends in .gz)"});
}

TEST_CASE("sst file: reports truncated and corrupt gzip data")
{
    const TempDir dir;
    const std::string gzip = slurp(sstDir / "e8.n.json.gz");
    checkError(dir.write("truncated.json.gz", gzip.substr(0, gzip.size() / 2)), {"corrupt gzip data", "truncated"});

    std::string badCrc = gzip;
    badCrc[badCrc.size() - 8] ^= 1; // the trailer's CRC-32 of the uncompressed data
    checkError(dir.write("crc.json.gz", badCrc), {"corrupt gzip data", "incorrect data check"});
}

TEST_CASE("sst file: reports text that is not JSON")
{
    const TempDir dir;
    checkError(dir.write("text.json", "[{\"name\": \"a\",]"), {"not JSON", "parse error", "column 15"});
}

TEST_CASE("sst file: reports JSON that is not an array of tests")
{
    const TempDir dir;
    checkError(dir.write("object.json", validTest), {"expected a JSON array of tests"});
}

TEST_CASE("sst file: reports the test and the field at fault")
{
    struct Case {
        std::string from;
        std::string to;
        std::string message; // after "PATH: test 2 ("a9 e 17"): "
    };
    const Case cases[] = {
        {R"("ram": [[5, 6]])", R"("rom": [[5, 6]])", R"(missing field "final.ram")"},
        {R"("pc": 65535)", R"("pc": "65535")", R"(field "initial.pc" must be an integer 0..65535)"},
        {R"("s": 510)", R"("s": 65536)", R"(field "final.s" must be an integer 0..65535)"},
        {R"("a": 4)", R"("a": -4)", R"(field "initial.a" must be an integer 0..65535)"},
        {R"("x": 5)", R"("x": 5.0)", R"(field "initial.x" must be an integer 0..65535)"},
        {R"("p": 255)", R"("p": 256)", R"(field "initial.p" must be an integer 0..255)"},
        {R"("dbr": 70)", R"("dbr": 300)", R"(field "final.dbr" must be an integer 0..255)"},
        {R"("e": 1)", R"("e": true)", R"(field "initial.e" must be an integer 0..1)"},
        {R"("e": 0)", R"("e": 2)", R"(field "final.e" must be an integer 0..1)"},
        {"[[5, 6]]", "5", R"(field "final.ram" must be a list of [address, byte])"},
        {"[0, 0]", "[0]", "initial.ram[1] must be [address, byte]"},
        {"[[16777215, 169]", "[[16777216, 169]", "initial.ram[0]: address must be an integer 0..16777215"},
        {"[0, 0]", "[0, 256]", "initial.ram[1]: byte must be an integer 0..255"},
        {R"("final": {)", R"("final": [], "x": {)", R"(field "final" must be an object)"},
        {R"("cycles":)", R"("cycle":)", R"(missing field "cycles")"},
        {R"([null, null, "--------"])", "[null, null]", "cycles[1] must be [address, value, signals]"},
        {R"([5, 6, "d--w----"])", R"([16777216, 6, "d--w----"])",
         "cycles[2]: address must be null or an integer 0..16777215"},
        {R"([5, 6, "d--w----"])", R"([5, -1, "d--w----"])", "cycles[2]: value must be null or an integer 0..255"},
        {R"("dp-r-mx-")", R"("dp-r")", "cycles[0]: signals must be 8 characters"},
        {R"("dp-r-mx-")", "8", "cycles[0]: signals must be 8 characters"},
        {R"("dp-r-mx-")", R"("dp-x-mx-")", "cycles[0]: signals[3] must be 'r', 'w' or '-'"},
    };
    const TempDir dir;
    for (const Case& c : cases) {
        INFO(c.from, " -> ", c.to);
        const fs::path path = dir.write("broken.json", twoTests(replaced(validTest, c.from, c.to)));
        CHECK(errorOf(path) == path.string() + R"(: test 2 ("a9 e 17"): )" + c.message);
    }

    const fs::path unnamed = dir.write("unnamed.json", twoTests(replaced(validTest, R"("name": "a9 e 17",)", "")));
    CHECK(errorOf(unnamed) == unnamed.string() + R"(: test 2: missing field "name")");
    const fs::path notObject = dir.write("number.json", twoTests("7"));
    CHECK(errorOf(notObject) == notObject.string() + ": test 2: must be an object {name, initial, final, cycles}");
}

TEST_CASE("sst file: every shipped vector file loads with 100 tests")
{
    for (const auto& [dir, expectedFiles, busSignals] :
         {std::tuple{sstDir, 84, true}, std::tuple{oracleDir, 512, false}}) {
        int files = 0;
        for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
            if (!entry.path().string().ends_with(".json.gz"))
                continue;
            INFO(entry.path().string());
            const tileprof::SstFile file = readSstFile(entry.path());
            CHECK(file.tests.size() == 100);
            CHECK(file.busSignals == busSignals);
            ++files;
        }
        CHECK(files == expectedFiles);
    }
}

namespace {

const fs::path spc700Dir = TILEPROF_SHARED_DIR "/testdata/spc700-oracle";

// An SPC700 test whose initial and final values differ everywhere, for the same replacements.
const std::string validSpc700Test = R"({"name": "3F 0001",
 "initial": {"pc": 65534, "a": 1, "x": 2, "y": 3, "sp": 4, "psw": 5, "ram": [[65534, 63], [0, 0]]},
 "final": {"a": 10, "x": 20, "y": 30, "sp": 40, "pc": 16, "psw": 50, "ram": [[65535, 7]]},
 "cycles": [[65534, 63, "read"], [65535, null, "read"], [null, null, "wait"], [260, 7, "write"]]})";

std::string twoSpc700Tests(const std::string& second)
{
    return "[" + validSpc700Test + ",\n" + second + "]";
}

} // namespace

TEST_CASE("sst file: reads an SPC700 file, told by its psw field")
{
    const tileprof::SstFile file = readSstFile(spc700Dir / "9e.json.gz");
    CHECK(file.cpu == tileprof::SstCpu::Spc700);
    CHECK_FALSE(file.busSignals);
    REQUIRE(file.tests.size() == 1200);
    CHECK(file.tests[0].cycles.size() == 12);
    CHECK(readSstFile(oracleDir / "b1.n.json.gz").cpu == tileprof::SstCpu::W65816);

    const TempDir dir;
    const tileprof::SstFile plain = readSstFile(dir.write("spc.json", "[" + validSpc700Test + "]"));
    CHECK(plain.cpu == tileprof::SstCpu::Spc700);
    REQUIRE(plain.tests.size() == 1);
    const tileprof::SstTest& test = plain.tests[0];
    CHECK(test.name == "3F 0001");
    CHECK(test.initial.spc700 == emu::apu::Spc700Registers{65534, 1, 2, 3, 4, 5});
    CHECK(test.final.spc700 == emu::apu::Spc700Registers{16, 10, 20, 30, 40, 50});
    REQUIRE(test.initial.ram.size() == 2);
    CHECK(test.initial.ram[0] == std::pair<std::uint32_t, std::uint8_t>{65534, 63});
    REQUIRE(test.cycles.size() == 4);
    CHECK(test.cycles[0].rw == 'r');
    CHECK(test.cycles[0].value == 63);
    CHECK(test.cycles[1].address == 65535u);
    CHECK_FALSE(test.cycles[1].value.has_value());
    CHECK(test.cycles[2].rw == '-');
    CHECK_FALSE(test.cycles[2].address.has_value());
    CHECK(test.cycles[3].rw == 'w');
    CHECK(test.cycles[3].address == 260u);
}

TEST_CASE("sst file: reports the SPC700 test and the field at fault")
{
    struct Case {
        std::string from;
        std::string to;
        std::string message; // after "PATH: test 2 ("3F 0001"): "
    };
    const Case cases[] = {
        {R"("a": 1,)", R"("a": 256,)", R"(field "initial.a" must be an integer 0..255)"},
        {R"("pc": 16)", R"("pc": 65536)", R"(field "final.pc" must be an integer 0..65535)"},
        {R"("psw": 5,)", R"("psw": -5,)", R"(field "initial.psw" must be an integer 0..255)"},
        {R"("sp": 40,)", "", R"(missing field "final.sp")"},
        {R"("psw": 5,)", "", R"(missing field "initial.psw")"},
        {R"("x": 20)", R"("x": "20")", R"(field "final.x" must be an integer 0..255)"},
        {"[[65534, 63], [0, 0]]", "[[65536, 63], [0, 0]]", "initial.ram[0]: address must be an integer 0..65535"},
        {"[[65535, 7]]", "[[65535, 256]]", "final.ram[0]: byte must be an integer 0..255"},
        {R"([65534, 63, "read"])", R"([65534, 63, "fetch"])", R"(cycles[0]: kind must be "read", "write" or "wait")"},
        {R"([65534, 63, "read"])", R"([65534, 63, 1])", R"(cycles[0]: kind must be "read", "write" or "wait")"},
        {R"([260, 7, "write"])", R"([65536, 7, "write"])", "cycles[3]: address must be null or an integer 0..65535"},
        {R"([260, 7, "write"])", R"([260, 7.5, "write"])", "cycles[3]: value must be null or an integer 0..255"},
        {R"([null, null, "wait"])", "[null, null]", "cycles[2] must be [address, value, kind]"},
    };
    const TempDir dir;
    for (const Case& c : cases) {
        INFO(c.from, " -> ", c.to);
        const fs::path path = dir.write("broken.json", twoSpc700Tests(replaced(validSpc700Test, c.from, c.to)));
        CHECK(errorOf(path) == path.string() + R"(: test 2 ("3F 0001"): )" + c.message);
    }
    const fs::path notList = dir.write("cycles.json", twoSpc700Tests(replaced(validSpc700Test,
        R"("cycles": [[65534, 63, "read"], [65535, null, "read"], [null, null, "wait"], [260, 7, "write"]])",
        R"("cycles": 3)")));
    CHECK(errorOf(notList) == notList.string() + R"(: test 2 ("3F 0001"): field "cycles" must be a list of [address, value, kind])");

    // A 65816 test in an SPC700 file is refused as the wrong layout, and the reverse.
    const fs::path mixed = dir.write("mixed.json", twoSpc700Tests(validTest));
    CHECK(errorOf(mixed) == mixed.string() + R"(: test 2 ("a9 e 17"): is a 65816 test (its initial state has dbr, pbr or e) )" +
                                "in an SPC700 file: every test of a file has the first test's layout");
    const fs::path reverse = dir.write("reverse.json", twoTests(validSpc700Test));
    CHECK(errorOf(reverse) == reverse.string() + R"(: test 2 ("3F 0001"): is an SPC700 test (its initial state has psw or sp) )" +
                                  "in a 65816 file: every test of a file has the first test's layout");

    // A write's value is what the CPU put out: null is refused, where a read's may be unknown.
    const fs::path nullWrite = dir.write("nullwrite.json", twoSpc700Tests(replaced(validSpc700Test, R"([260, 7, "write"])",
                                                                                   R"([260, null, "write"])")));
    CHECK(errorOf(nullWrite) == nullWrite.string() + R"(: test 2 ("3F 0001"): cycles[3]: a write's value must be an integer )" +
                                    "0..255, not null");
}

TEST_CASE("sst file: every SPC700 vector file loads")
{
    int files = 0;
    std::size_t tests = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator(spc700Dir)) {
        if (!entry.path().string().ends_with(".json.gz"))
            continue;
        const tileprof::SstFile file = readSstFile(entry.path());
        CHECK(file.cpu == tileprof::SstCpu::Spc700);
        tests += file.tests.size();
        ++files;
    }
    CHECK(files == 256);
    CHECK(tests == 261'064);
}
