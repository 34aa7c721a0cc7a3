// Every SPC700 test vector in ../shared/testdata/spc700-oracle passes: registers, RAM, the cycle
// count and every cycle. One test case per 16 opcodes, so that CTest runs them side by side.

#include "profiler/engine/conformance/sst_runner.hpp"
#include "tests/support/paths.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <string>

namespace tileprof::test {
namespace {

std::filesystem::path vectorFile(unsigned opcode)
{
    char name[24];
    std::snprintf(name, sizeof name, "%02x.json.gz", opcode);
    return testdataDir() / "spc700-oracle" / name;
}

// Returns how many vectors passed; fails on the first difference of each failing file.
std::size_t checkOpcodes(unsigned first)
{
    std::size_t passed = 0;
    for (unsigned opcode = first; opcode < first + 16; ++opcode) {
        const std::filesystem::path path = vectorFile(opcode);
        const SstFile file = readSstFile(path);
        CHECK(file.cpu == SstCpu::Spc700);
        CHECK(file.tests.size() >= 1000);
        const SstResult result = runSstFile(file);
        passed += result.passed;
        if (!result.failures.empty()) {
            const SstFailure& failure = result.failures.front();
            FAIL_CHECK(path.filename().string() << " \"" << failure.test << "\": " << failure.differences.front()
                                                << " (" << result.failures.size() << " tests fail)");
        }
    }
    return passed;
}

// The counts are the README's per-opcode totals, 261,064 in all.
TEST_CASE("spc700 vectors: opcodes $00-$0F") { CHECK(checkOpcodes(0x00) == 16528); }
TEST_CASE("spc700 vectors: opcodes $10-$1F") { CHECK(checkOpcodes(0x10) == 16656); }
TEST_CASE("spc700 vectors: opcodes $20-$2F") { CHECK(checkOpcodes(0x20) == 16232); }
TEST_CASE("spc700 vectors: opcodes $30-$3F") { CHECK(checkOpcodes(0x30) == 16232); }
TEST_CASE("spc700 vectors: opcodes $40-$4F") { CHECK(checkOpcodes(0x40) == 16032); }
TEST_CASE("spc700 vectors: opcodes $50-$5F") { CHECK(checkOpcodes(0x50) == 16200); }
TEST_CASE("spc700 vectors: opcodes $60-$6F") { CHECK(checkOpcodes(0x60) == 16432); }
TEST_CASE("spc700 vectors: opcodes $70-$7F") { CHECK(checkOpcodes(0x70) == 16232); }
TEST_CASE("spc700 vectors: opcodes $80-$8F") { CHECK(checkOpcodes(0x80) == 16432); }
TEST_CASE("spc700 vectors: opcodes $90-$9F") { CHECK(checkOpcodes(0x90) == 16400); }
TEST_CASE("spc700 vectors: opcodes $A0-$AF") { CHECK(checkOpcodes(0xA0) == 16432); }
TEST_CASE("spc700 vectors: opcodes $B0-$BF") { CHECK(checkOpcodes(0xB0) == 16200); }
TEST_CASE("spc700 vectors: opcodes $C0-$CF") { CHECK(checkOpcodes(0xC0) == 16464); }
TEST_CASE("spc700 vectors: opcodes $D0-$DF") { CHECK(checkOpcodes(0xD0) == 16392); }
TEST_CASE("spc700 vectors: opcodes $E0-$EF") { CHECK(checkOpcodes(0xE0) == 16000); }
TEST_CASE("spc700 vectors: opcodes $F0-$FF") { CHECK(checkOpcodes(0xF0) == 16200); }

} // namespace
} // namespace tileprof::test
