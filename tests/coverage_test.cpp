// Coverage of the routine's code: what ran, how often, which way each branch went, and what could
// have run but did not, as an lcov tracefile that genhtml renders.

#include "profiler/engine/coverage/code_coverage.hpp"

#include "base/bundled_files.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/reports/coverage/lcov_report.hpp"
#include "tests/support/command.hpp"
#include "tests/support/loaded_rom.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const ProfiledRom& bundledRom()
{
    return loadedBundledRom("tile-collision");
}

ScenarioResult runRecorded(const std::string& name)
{
    RunOptions options;
    options.recordSteps = true;
    return runScenario(loadScenario(bundledScenarioDirectory() / (name + ".toml")), bundledRom(),
                       options);
}

std::uint32_t label(const std::string& name)
{
    return bundledRom().debug.symbol(name, "coverage_test").value;
}

// The DA, BRDA and FNDA records of one tracefile record, by line (DA), "line,block,branch" (BRDA)
// and name (FNDA); and the summary counts.
struct Record {
    std::string file;
    std::map<int, std::string> lines;
    std::map<std::string, std::string> branches;
    std::map<std::string, std::string> functions;
    std::map<std::string, std::size_t> summary;
};

std::vector<Record> parseTracefile(const std::string& text)
{
    std::vector<Record> records;
    std::istringstream in(text);
    std::string line;
    Record current;
    while (std::getline(in, line)) {
        const std::size_t colon = line.find(':');
        const std::string key = line.substr(0, colon);
        const std::string value = colon == std::string::npos ? "" : line.substr(colon + 1);
        if (key == "SF") {
            current.file = value;
        } else if (key == "DA") {
            current.lines[std::stoi(value)] = value.substr(value.find(',') + 1);
        } else if (key == "BRDA") {
            current.branches[value.substr(0, value.rfind(','))] = value.substr(value.rfind(',') + 1);
        } else if (key == "FNDA") {
            current.functions[value.substr(value.find(',') + 1)] = value.substr(0, value.find(','));
        } else if (key == "LF" || key == "LH" || key == "BRF" || key == "BRH" || key == "FNF" || key == "FNH") {
            current.summary[key] = std::stoul(value);
        } else if (key == "end_of_record") {
            records.push_back(current);
            current = Record{};
        }
    }
    return records;
}

TEST_CASE("coverage: instructions count their runs, branches each way, and code that could run is there at 0")
{
    const ScenarioResult run = runRecorded("fall-and-land");
    CoverageBuilder builder;
    for (const CallRecord& call : run.calls) {
        builder.add(call, bundledRom());
    }
    const std::vector<RomCoverage> roms = builder.build();
    REQUIRE(roms.size() == 1);
    CHECK(roms[0].rom == "tile-collision");
    const auto& instructions = roms[0].instructions;

    // Every call enters at the routine's first instruction; every entity has a hitbox, so the
    // height test branches to HasHitbox every time and the jump to NoTileHitbox never runs, but is
    // there: the branch not taken leads to it.
    const std::uint32_t entry = label("MoveEntityAndProcessTileCollisions");
    REQUIRE(instructions.contains(entry));
    CHECK(instructions.at(entry).executions == run.calls.size());
    const std::uint32_t hasHitbox = label("MoveEntityAndProcessTileCollisions::HasHitbox");
    const auto branch = std::prev(instructions.find(hasHitbox), 2); // bpl HasHitbox, jmp NoTileHitbox
    REQUIRE(branch->second.branch);
    CHECK(branch->second.branch->taken == run.calls.size());
    CHECK(branch->second.branch->notTaken == 0);
    const auto jump = std::next(branch);
    CHECK(jump->second.executions == 0);
    const std::uint32_t noHitbox = label("MoveEntityAndProcessTileCollisions::NoTileHitbox");
    REQUIRE(instructions.contains(noHitbox));
    CHECK(instructions.at(noHitbox).executions == 0);

    // What ran adds up to the steps of the calls.
    std::uint64_t executions = 0;
    std::uint64_t steps = 0;
    for (const auto& [address, instruction] : instructions) {
        executions += instruction.executions;
    }
    for (const CallRecord& call : run.calls) {
        steps += call.steps.size();
    }
    CHECK(executions == steps);
}

TEST_CASE("coverage: the lcov tracefile's records agree with themselves and with what ran")
{
    const ScenarioResult run = runRecorded("fall-and-land");
    CoverageBuilder builder;
    for (const CallRecord& call : run.calls) {
        builder.add(call, bundledRom());
    }
    const LcovReport lcov = formatLcov(builder.build(), ".");
    CHECK(lcov.listings.empty());
    CHECK(lcov.tracefile.starts_with("TN:tile_collision\nSF:"));
    const std::vector<Record> records = parseTracefile(lcov.tracefile);
    REQUIRE(records.size() == 1);
    const Record& r = records[0];
    CHECK(r.file.ends_with("roms/tile-collision/tile_collision.s"));
    std::size_t hit = 0;
    for (const auto& [line, count] : r.lines) {
        hit += count != "0";
    }
    CHECK(r.summary.at("LF") == r.lines.size());
    CHECK(r.summary.at("LH") == hit);
    CHECK(r.summary.at("BRF") == r.branches.size());
    CHECK(r.summary.at("FNF") == r.functions.size());
    CHECK(hit < r.lines.size());

    // The routine's first line ran once a call; the jump to NoTileHitbox's line never, and its
    // height test's branch went one way only.
    const int entryLine = bundledRom().debug.lineAt(label("MoveEntityAndProcessTileCollisions"))->line;
    CHECK(r.lines.at(entryLine) == std::to_string(run.calls.size()));
    CHECK(r.functions.at("MoveEntityAndProcessTileCollisions") == std::to_string(run.calls.size()));
    CHECK(r.functions.at("MoveEntityAndProcessTileCollisions::NoTileHitbox") == "0");
    const int jumpLine = bundledRom().debug.lineAt(label("MoveEntityAndProcessTileCollisions::HasHitbox") - 3)->line;
    CHECK(r.lines.at(jumpLine) == "0");
    CHECK(r.branches.at(std::to_string(jumpLine - 1) + ",0,0") == std::to_string(run.calls.size()));
    CHECK(r.branches.at(std::to_string(jumpLine - 1) + ",0,1") == "0");
}

TEST_CASE("coverage: run --coverage writes a tracefile genhtml renders, the same every time")
{
    const TempDir dir;
    const fs::path info = dir.file("bundled.info");
    const CommandResult run = runTileprof({"run", "--coverage", info.string()});
    CHECK(run.exitCode == 0);
    const std::string first = slurp(info);
    CHECK(contains(first, "SF:"));
    CHECK(runTileprof({"run", "--coverage", info.string()}).exitCode == 0);
    CHECK(slurp(info) == first);

    const CommandResult html = runProgram("genhtml", {"--branch-coverage", "--output-directory",
                                                      dir.file("html").string(), info.string()});
    REQUIRE_MESSAGE(html.exitCode != 127, "genhtml is missing: ./scripts/setup.sh --tests installs it");
    CHECK(html.exitCode == 0);
    CHECK(contains(html.out, "lines......: "));
    CHECK(fs::exists(dir.file("html") / "index.html"));
}

TEST_CASE("coverage: a ROM without line information is covered instruction by instruction in a listing")
{
    const TempDir dir;
    const fs::path info = dir.file("tass.info");
    const CommandResult run = runTileprof({"run", "--rom", bundledRomPath("tile-collision-64tass").string(),
                                           (bundledScenarioDirectory() / "fall-and-land.toml").string(),
                                           "--coverage", info.string()});
    CHECK(run.exitCode == 0);
    const fs::path listing = dir.file("tile-collision-64tass.disassembly.s");
    REQUIRE(fs::exists(listing));
    const std::string text = slurp(listing);
    CHECK(text.starts_with("MoveEntityAndProcessTileCollisions:\n    $00:800B  LDA $0F\n"));
    const std::vector<Record> records = parseTracefile(slurp(info));
    REQUIRE(records.size() == 1);
    CHECK(records[0].file == listing.string());
    CHECK(records[0].lines.at(2) != "0"); // the first instruction
    const CommandResult html = runProgram("genhtml", {"--output-directory", dir.file("html").string(), info.string()});
    CHECK(html.exitCode == 0);
}

TEST_CASE("coverage: a tracefile that cannot be written is an error, and the report is not written either")
{
    const TempDir dir;
    const fs::path report = dir.file("report.json");
    const CommandResult run = runTileprof({"run", "--coverage", dir.file("missing/dir/c.info").string(), "--format",
                                           "json", "--out", report.string()});
    CHECK(run.exitCode == 2);
    CHECK(contains(run.err, "missing/dir/c.info"));
    CHECK_FALSE(fs::exists(report));
}

} // namespace
} // namespace tileprof::test
