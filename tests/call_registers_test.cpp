// What the host puts in the registers for a call: the direct page (the entity, or a constant) and
// A, X and Y (a constant, the entity's slot address or its slot number), as the manifest says.

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/manifest.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/manifest_text.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

// The bundled manifest with `registers` added to [call].
std::string withRegisters(const std::string& registers)
{
    return replaced(slurp(sourceManifestPath()), "data_bank = 0x7E", registers + "\ndata_bank = 0x7E");
}

TEST_CASE("call registers: D is the entity and A, X, Y are 0 unless the manifest says otherwise")
{
    const TempDir dir;
    const Manifest plain = loadManifest(sourceManifestPath());
    CHECK(plain.directPage.kind == RegisterValue::Kind::EntityAddress);
    for (const RegisterValue* r : {&plain.a, &plain.x, &plain.y}) {
        CHECK(r->kind == RegisterValue::Kind::Constant);
        CHECK(r->constant == 0);
    }
    const Manifest given =
        loadManifest(dir.write("manifest.toml", withRegisters("a = 0x55AA\nx = \"entity_index\"\ny = \"entity_address\"")));
    CHECK(given.a.kind == RegisterValue::Kind::Constant);
    CHECK(given.a.constant == 0x55AA);
    CHECK(given.x.kind == RegisterValue::Kind::EntityIndex);
    CHECK(given.y.kind == RegisterValue::Kind::EntityAddress);
}

TEST_CASE("call registers: the routine is entered with the registers the manifest gives")
{
    const TempDir dir;
    const ProfiledRom rom = loadProfiledRom(
        RomFiles{bundledRomPath("tile-collision"), std::nullopt,
                 dir.write("registers.manifest.toml", withRegisters("a = \"entity_offset\"\nx = \"entity_index\"\ny = \"entity_address\"\n"
                                                                    "arguments = [\"entity_offset\", 0x1234]"))});
    const Scenario scenario = loadScenario(bundledScenarioDirectory() / "eight-hitboxes.toml");
    RunOptions options;
    options.trace = CallId{1, 1};
    const ScenarioResult run = runScenario(scenario, rom, options);
    REQUIRE(run.trace);
    REQUIRE_FALSE(run.trace->steps.empty());
    const emu::Registers& entry = run.trace->steps.front().before;
    const std::uint32_t slot = rom.addresses.entitySlots + rom.manifest.entityStride;
    CHECK(entry.a == rom.manifest.entityStride); // slot 1's offset
    CHECK(entry.x == 1);
    // Two words pushed under the return address; the caller pops them, so the call returns above them.
    CHECK(entry.s == rom.manifest.stack - 4 - 2);
    CHECK(entry.y == (slot & 0xFFFF));
    CHECK(entry.d == (slot & 0xFFFF));
    // The routine loads what it needs: the same calls as with A, X and Y at 0.
    const ScenarioResult plain = runScenario(scenario, loadProfiledRom(bundledRomPath("tile-collision")));
    REQUIRE(plain.calls.size() == run.calls.size());
    for (std::size_t i = 0; i < run.calls.size(); ++i) {
        CHECK(run.calls[i].after == plain.calls[i].after);
        CHECK(run.calls[i].cycles == plain.calls[i].cycles);
    }
}

TEST_CASE("call registers: values a register cannot hold are refused at their line")
{
    const struct {
        const char* registers;
        const char* problem;
    } bad[] = {
        {"direct_page_ = 1", "unknown key 'direct_page_' in [call]"},
        {"a = 0x10000", "'call.a' must be 0..65535, not 65536"},
        {"y = \"entity_slot\"", "'call.y' must be one of \"entity_address\", \"entity_index\", \"entity_offset\" or a number, not \"entity_slot\""},
    };
    for (const auto& [registers, problem] : bad) {
        const std::string text = withRegisters(registers);
        checkMessage(manifestError(text), "manifest.toml:" + std::to_string(lineWith(text, registers)), {problem});
    }
    const std::string narrow =
        replaced(withRegisters("x = \"entity_address\""), "index_bits = 16", "index_bits = 8");
    checkMessage(manifestError(narrow), "manifest.toml:" + std::to_string(lineWith(narrow, "x = \"entity_address\"")),
                 {"'call.x' cannot hold the entity's 16-bit address in an 8-bit register"});
    const std::string index = replaced(slurp(sourceManifestPath()), "direct_page = \"entity\"", "direct_page = \"entity_index\"");
    checkMessage(manifestError(index), "manifest.toml:" + std::to_string(lineWith(index, "direct_page =")),
                 {"'call.direct_page' must be \"entity\" (the entity's address) or a number, not the entity's index or offset"});
    const std::string constant = replaced(slurp(sourceManifestPath()), "direct_page = \"entity\"", "direct_page = 0x0300");
    const TempDir dir;
    const Manifest m = loadManifest(dir.write("manifest.toml", constant));
    CHECK(m.directPage.kind == RegisterValue::Kind::Constant);
    CHECK(m.directPage.constant == 0x0300);
}

} // namespace
} // namespace tileprof::test
