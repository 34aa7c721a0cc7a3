// `tileprof baseline`, `check` and `diff`: what CI relies on to fail a commit that makes the
// routine slower or over budget. The slower build is tile-collision-slowed, the same routine with
// a NOP in MoveEntityAndProcessTileCollisions::XAxis: exactly two cycles more on every call.

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/reports/baseline/baseline.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace tileprof::test {
namespace {

constexpr const char* kRoot = "MoveEntityAndProcessTileCollisions";
constexpr const char* kXAxis = "MoveEntityAndProcessTileCollisions::XAxis";
const char* const kScenarios[] = {"fall-and-land", "jump-ceiling", "walkthrough-12x24"};

fs::path bundledScenario(const std::string& name)
{
    return bundledScenarioDirectory() / (name + ".toml");
}

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// Puts a build of the routine ("tile-collision" or "tile-collision-slowed") in `dir` as
// tile-collision.sfc, .dbg and .manifest.toml: the ROM the scenarios there name. The debug file
// records the name ld65 wrote the ROM under, which the loader checks against the ROM's, so the
// slowed build's debug file gets the name it now has.
void installRom(const TempDir& dir, const std::string& build)
{
    const fs::path from = bundledRomPath(build).parent_path();
    const auto overwrite = fs::copy_options::overwrite_existing;
    fs::copy_file(from / (build + ".sfc"), dir.file("tile-collision.sfc"), overwrite);
    fs::copy_file(from / (build + ".manifest.toml"), dir.file("tile-collision.manifest.toml"), overwrite);
    // As if linked here: the debug file names the copy as the file it wrote.
    const std::string dbg = slurp(from / (build + ".dbg"));
    const std::string written = "\"" + (from / (build + ".sfc")).string() + "\"";
    REQUIRE(contains(dbg, written));
    dir.write("tile-collision.dbg", replaced(dbg, written, "\"tile-collision.sfc\""));
}

// Copies a bundled scenario into `dir`, running the ROM there (and with `extra` after its
// `frames`); returns its path.
std::string addScenario(const TempDir& dir, const std::string& name, const std::string& rom = "tile-collision.sfc",
                        const std::string& extra = "")
{
    const std::string text = slurp(bundledScenario(name));
    const std::size_t frames = text.find("\nframes = ");
    REQUIRE(frames != std::string::npos);
    const std::size_t end = text.find('\n', frames + 1);
    std::string copy = text.substr(0, frames) + "\nrom = \"" + rom + "\"" + text.substr(frames, end - frames) + "\n" +
                       extra + text.substr(end + 1);
    return dir.write(name + ".toml", copy).string();
}

std::vector<std::string> addScenarios(const TempDir& dir)
{
    std::vector<std::string> paths;
    for (const char* name : kScenarios) {
        paths.push_back(addScenario(dir, name));
    }
    return paths;
}

Json parseJson(const std::string& text)
{
    Json j;
    REQUIRE_NOTHROW(j = Json::parse(text));
    return j;
}

// The rows of a comparison table's case section: case name -> the row's words.
std::map<std::string, std::vector<std::string>> caseRows(const std::string& table)
{
    std::map<std::string, std::vector<std::string>> rows;
    std::istringstream in(table);
    std::string line;
    bool inCases = false;
    while (std::getline(in, line)) {
        if (line.starts_with("case ")) {
            inCases = true;
            continue;
        }
        if (line.empty()) {
            inCases = false;
        }
        if (inCases) {
            std::istringstream words(line);
            std::vector<std::string> row;
            for (std::string w; words >> w;) {
                row.push_back(w);
            }
            rows[row.at(0)] = row;
        }
    }
    return rows;
}

// Every case row of a check/diff table shows these deltas (mean, max) and this verdict.
std::map<std::string, std::vector<std::string>> checkEveryCase(const std::string& table, std::size_t cases,
                                                               const std::string& meanDelta, const std::string& maxDelta,
                                                               const std::string& verdict)
{
    const auto rows = caseRows(table);
    CHECK(rows.size() == cases);
    for (const auto& [name, row] : rows) {
        INFO(name);
        REQUIRE(row.size() >= 10); // a slower case names its longest call after its verdict
        CHECK(row[3] == meanDelta);
        CHECK(row[7] == maxDelta);
        CHECK(row[9] == verdict);
    }
    return rows;
}

// The case names of a run of `scenarios`, from its JSON report.
std::set<std::string> casesOf(const std::vector<std::string>& scenarios)
{
    const CommandResult r = runTileprof(concat({"run", "--format", "json"}, scenarios));
    REQUIRE(r.exitCode == 0);
    const Json report = parseJson(r.out);
    std::set<std::string> names;
    for (const Json& c : report.at("cases")) {
        names.insert(c.at("case").get<std::string>());
    }
    return names;
}

TEST_CASE("regression: a baseline passes check against the run it came from")
{
    TempDir dir;
    installRom(dir, "tile-collision");
    const std::vector<std::string> scenarios = addScenarios(dir);
    const std::string baseline = dir.file("baseline.json").string();

    const CommandResult written = runTileprof(concat({"baseline", "--out", baseline}, scenarios));
    CHECK(written.exitCode == 0);
    CHECK(written.out.empty());
    CHECK(written.err.empty());

    // The baseline holds the run's figures, its scenarios relative to the baseline's directory.
    const Json b = parseJson(slurp(baseline));
    CHECK(b.at("tileprof") == "baseline");
    CHECK(b.at("schema") == 2);
    CHECK(b.at("scenarios") == Json{"fall-and-land.toml", "jump-ceiling.toml", "walkthrough-12x24.toml"});
    const CommandResult report = runTileprof(concat({"run", "--format", "json"}, scenarios));
    REQUIRE(report.exitCode == 0);
    const Json run = parseJson(report.out);
    REQUIRE(b.at("cases").size() == run.at("cases").size());
    CHECK(b.at("cases").size() == 4);
    for (std::size_t i = 0; i < b.at("cases").size(); ++i) {
        const Json& c = b.at("cases")[i];
        const Json& r = run.at("cases")[i];
        INFO(c.dump());
        CHECK(c.at("case") == r.at("case"));
        CHECK(c.at("calls") == r.at("calls"));
        CHECK(c.at("mean_cycles").get<double>() == doctest::Approx(r.at("mean_cycles").get<double>()));
        CHECK(c.at("max_cycles") == r.at("max_cycles"));
        CHECK(c.at("over_budget") == false);
    }
    bool rootSeen = false;
    const double perCall = run.at("selection").at("cycles").get<double>() / run.at("selection").at("calls").get<double>();
    for (const Json& f : b.at("functions")) {
        CHECK(f.at("inclusive_cycles_per_call").get<double>() >= f.at("exclusive_cycles_per_call").get<double>());
        if (f.at("name") == kRoot) {
            rootSeen = true;
            CHECK(f.at("inclusive_cycles_per_call").get<double>() == doctest::Approx(perCall).epsilon(1e-4));
        }
    }
    CHECK(rootSeen);

    const CommandResult check = runTileprof({"check", "--baseline", baseline});
    CHECK(check.exitCode == 0);
    CHECK(contains(check.out, "passed: 0 cases slower than " + baseline + " (tolerance 0 cycles), 0 over budget, 0 faster"));
    checkEveryCase(check.out, 4, "+0.00", "+0", "same");
    CHECK_FALSE(contains(check.out, "functions whose"));

    const CommandResult json = runTileprof({"check", "--baseline", baseline, "--format", "json"});
    CHECK(json.exitCode == 0);
    const Json j = parseJson(json.out);
    CHECK(j.at("tileprof") == "check");
    CHECK(j.at("failed") == false);
    CHECK(j.at("old") == baseline);
    CHECK(j.at("cases").size() == 4);
    for (const Json& c : j.at("cases")) {
        CHECK(c.at("slower") == false);
        CHECK(c.at("faster") == false);
        CHECK(c.at("old") == c.at("new"));
    }
    CHECK(j.at("functions") == Json::array());

    const CommandResult markdown = runTileprof({"check", "--baseline", baseline, "--format", "markdown"});
    CHECK(markdown.exitCode == 0);
    // A check that passed is its verdict; every case waits folded below it.
    CHECK(markdown.out.starts_with("### tileprof check: passed\n\npassed: 0 cases slower than " + baseline +
                                   " (tolerance 0 cycles), 0 over budget, 0 faster\n\n<details><summary>every case (4)</summary>\n"));
    CHECK(markdown.out.ends_with("</details>\n"));

    // A scenario the baseline names that is gone is bad input, named.
    fs::remove(scenarios[1]);
    const CommandResult missing = runTileprof({"check", "--baseline", baseline});
    CHECK(missing.exitCode == 2);
    CHECK(contains(missing.err, "jump-ceiling.toml"));
}

TEST_CASE("regression: check fails a build that is two cycles slower on every call")
{
    TempDir dir;
    installRom(dir, "tile-collision");
    const std::vector<std::string> scenarios = addScenarios(dir);
    const std::set<std::string> cases = casesOf(scenarios);
    const std::string baseline = dir.file("baseline.json").string();
    REQUIRE(runTileprof(concat({"baseline", "--out", baseline}, scenarios)).exitCode == 0);

    installRom(dir, "tile-collision-slowed");
    const CommandResult check = runTileprof({"check", "--baseline", baseline});
    CHECK(check.exitCode == 1);
    CHECK(contains(check.out, "FAILED: 4 cases slower than " + baseline));
    for (const auto& entry : checkEveryCase(check.out, cases.size(), "+2.00", "+2", "SLOWER")) {
        CHECK(cases.contains(entry.first));
    }
    CHECK(contains(check.out, kXAxis));
    // Each slower case names its longest call, where `trace` finds it.
    CHECK(contains(check.out, "SLOWER (its longest call: " + dir.path().string()));

    // For a pull request: the verdict, then the slower cases before anything folded.
    const CommandResult markdown = runTileprof({"check", "--baseline", baseline, "--format", "markdown"});
    CHECK(markdown.exitCode == 1);
    CHECK(markdown.out.starts_with("### tileprof check: FAILED\n\nFAILED: 4 cases slower than " + baseline));
    const std::size_t folded = markdown.out.find("<details>");
    const std::size_t slower = markdown.out.find("| SLOWER (its longest call: ");
    CHECK(slower < folded);
    CHECK(contains(markdown.out, "<details><summary>2 functions whose cycles per call of the routine changed</summary>"));
    CHECK(contains(markdown.out, "| " + std::string(kXAxis) + " | "));

    // For CI's test reports: a test case per case, each failed, valid against the JUnit schema.
    const std::string junit = dir.file("check.xml").string();
    CHECK(runTileprof({"check", "--baseline", baseline, "--format", "junit", "--out", junit}).exitCode == 1);
    const CommandResult valid =
        runProgram("xmllint", {"--noout", "--schema", std::string(TILEPROF_TEST_DATA_DIR) + "/junit/junit.xsd", junit});
    REQUIRE_MESSAGE(valid.exitCode != 127, "xmllint is missing: ./scripts/setup.sh --tests installs it");
    CHECK(valid.exitCode == 0);
    const std::string xml = slurp(junit);
    CHECK(contains(xml, "<testsuites name=\"tileprof check\" tests=\"4\" failures=\"4\" errors=\"0\">"));
    CHECK(contains(xml, "name=\"rising\">\n      <failure message=\"old mean "));
    CHECK(contains(xml, "SLOWER (its longest call: "));

    const CommandResult json = runTileprof({"check", "--baseline", baseline, "--format", "json"});
    CHECK(json.exitCode == 1);
    const Json j = parseJson(json.out);
    CHECK(j.at("failed") == true);
    CHECK(j.at("tolerance_cycles") == 0);
    for (const Json& c : j.at("cases")) {
        INFO(c.dump());
        CHECK(c.at("slower") == true);
        CHECK(c.at("over_budget") == false);
        CHECK(c.at("new").at("mean_cycles").get<double>() - c.at("old").at("mean_cycles").get<double>() == doctest::Approx(2.0));
        CHECK(c.at("new").at("max_cycles").get<int>() - c.at("old").at("max_cycles").get<int>() == 2);
        CHECK(c.at("new").at("calls") == c.at("old").at("calls"));
    }
    // Only the X axis got slower; the routine around it only inclusively.
    std::map<std::string, Json> changed;
    for (const Json& f : j.at("functions")) {
        changed[f.at("name").get<std::string>()] = f;
    }
    REQUIRE(changed.size() == 2);
    REQUIRE(changed.contains(kXAxis));
    REQUIRE(changed.contains(kRoot));
    const auto delta = [&](const char* function, const char* field) {
        return changed[function].at("new").at(field).get<double>() - changed[function].at("old").at(field).get<double>();
    };
    CHECK(delta(kXAxis, "exclusive_cycles_per_call") == doctest::Approx(2.0));
    CHECK(delta(kXAxis, "inclusive_cycles_per_call") == doctest::Approx(2.0));
    CHECK(delta(kRoot, "exclusive_cycles_per_call") == doctest::Approx(0.0));
    CHECK(delta(kRoot, "inclusive_cycles_per_call") == doctest::Approx(2.0));

    // The tolerance is how many cycles a case may grow: two are within 2, not within 1.
    const CommandResult tolerated = runTileprof({"check", "--baseline", baseline, "--tolerance", "2"});
    CHECK(tolerated.exitCode == 0);
    CHECK(contains(tolerated.out, "passed: 0 cases slower"));
    CHECK(contains(tolerated.out, "(tolerance 2 cycles)"));
    const CommandResult strict = runTileprof({"check", "--baseline", baseline, "--tolerance", "1"});
    CHECK(strict.exitCode == 1);
    CHECK(contains(strict.out, "FAILED: 4 cases slower"));

    const CommandResult out = runTileprof({"check", "--baseline", baseline, "--out", dir.file("check.txt").string()});
    CHECK(out.exitCode == 1);
    CHECK(out.out.empty());
    CHECK(slurp(dir.file("check.txt")) == check.out);
}

TEST_CASE("regression: a faster build passes check and is listed as faster")
{
    TempDir dir;
    installRom(dir, "tile-collision-slowed");
    const std::vector<std::string> scenarios = addScenarios(dir);
    const std::string baseline = dir.file("baseline.json").string();
    REQUIRE(runTileprof(concat({"baseline", "--out", baseline}, scenarios)).exitCode == 0);

    installRom(dir, "tile-collision");
    const CommandResult check = runTileprof({"check", "--baseline", baseline});
    CHECK(check.exitCode == 0);
    CHECK(contains(check.out, "passed: 0 cases slower than " + baseline + " (tolerance 0 cycles), 0 over budget, 4 faster"));
    checkEveryCase(check.out, 4, "-2.00", "-2", "faster");
    const Json j = parseJson(runTileprof({"check", "--baseline", baseline, "--format", "json"}).out);
    for (const Json& c : j.at("cases")) {
        CHECK(c.at("faster") == true);
        CHECK(c.at("slower") == false);
    }
}

TEST_CASE("regression: a baseline made with --rom names the ROM, and check runs on it again")
{
    const TempDir dir;
    const std::string scenario = (bundledScenarioDirectory() / "walk-right-flat.toml").string();
    const std::string baseline = dir.file("baseline.json").string();
    REQUIRE(runTileprof({"baseline", "--rom", bundledRomPath("tile-collision-fixed-height").string(), "--out", baseline,
                         scenario})
                .exitCode == 0);
    CHECK(parseJson(slurp(baseline)).at("rom") == "tile-collision-fixed-height");
    const CommandResult check = runTileprof({"check", "--baseline", baseline});
    CHECK(check.exitCode == 0);
    CHECK(contains(check.out, "0 over budget, 0 faster"));
    // --rom still chooses: the row-table build is slower than the fixed-height one.
    const CommandResult rows = runTileprof({"check", "--baseline", baseline, "--rom", bundledRomPath("tile-collision").string()});
    CHECK(rows.exitCode == 1);

    // A ROM kept elsewhere is named by its path from the baseline's directory.
    installRom(dir, "tile-collision-slowed");
    REQUIRE(runTileprof({"baseline", "--rom", dir.file("tile-collision.sfc").string(), "--out", baseline, scenario})
                .exitCode == 0);
    CHECK(parseJson(slurp(baseline)).at("rom") == "tile-collision.sfc");
    CHECK(runTileprof({"check", "--baseline", baseline}).exitCode == 0);
    // One made without --rom names none: its scenarios run on their own ROMs.
    REQUIRE(runTileprof({"baseline", "--out", baseline, scenario}).exitCode == 0);
    CHECK_FALSE(parseJson(slurp(baseline)).contains("rom"));
}

TEST_CASE("regression: check fails a case over budget even when nothing got slower")
{
    // fall-and-land's falling calls average 478 cycles, its standing ones 397.
    TempDir dir;
    installRom(dir, "tile-collision");
    const std::string scenario = addScenario(dir, "fall-and-land", "tile-collision.sfc", "budget_cycles = 420\n");
    const std::string baseline = dir.file("baseline.json").string();
    REQUIRE(runTileprof({"baseline", "--out", baseline, scenario}).exitCode == 0);
    const Json b = parseJson(slurp(baseline));
    for (const Json& c : b.at("cases")) {
        CHECK(c.at("over_budget") == (c.at("case") == "falling"));
    }

    const CommandResult check = runTileprof({"check", "--baseline", baseline});
    CHECK(check.exitCode == 1);
    CHECK(contains(check.out, "FAILED: 0 cases slower than " + baseline + " (tolerance 0 cycles), 1 over budget, 0 faster"));
    const auto rows = caseRows(check.out);
    REQUIRE(rows.contains("falling"));
    REQUIRE(rows.contains("standing"));
    CHECK(contains(check.out, "same, OVER BUDGET"));
    CHECK(rows.at("standing").back() == "same");

    const Json j = parseJson(runTileprof({"check", "--baseline", baseline, "--format", "json"}).out);
    CHECK(j.at("failed") == true);
    for (const Json& c : j.at("cases")) {
        CHECK(c.at("slower") == false);
        CHECK(c.at("over_budget") == (c.at("case") == "falling"));
    }

    // diff compares two measurements; the budget is check's business.
    const CommandResult diff = runTileprof({"diff", baseline, baseline});
    CHECK(diff.exitCode == 0);
    CHECK(contains(diff.out, "passed: 0 cases slower"));
    CHECK_FALSE(contains(diff.out, "OVER BUDGET"));
}

TEST_CASE("regression: check fails a baseline whose case no longer runs, which would check nothing")
{
    TempDir dir;
    installRom(dir, "tile-collision");
    const std::string scenario = addScenario(dir, "fall-and-land", "tile-collision.sfc", "");
    const std::string baseline = dir.file("baseline.json").string();
    REQUIRE(runTileprof({"baseline", "--out", baseline, scenario}).exitCode == 0);
    // A case renamed since the baseline was written (a ROM's cases prefixed by its name, say).
    const std::string original = dir.write("original.json", slurp(baseline)).string();
    dir.write("baseline.json", replaced(slurp(baseline), "\"case\": \"falling\"", "\"case\": \"old-falling\""));

    const CommandResult check = runTileprof({"check", "--baseline", baseline});
    CHECK(check.exitCode == 1);
    CHECK(contains(check.out, "FAILED: 0 cases slower than " + baseline +
                                  " (tolerance 0 cycles), 0 over budget, 1 no longer runs (write the baseline again), 0 faster"));
    CHECK(contains(check.out, "no longer runs\n"));
    CHECK(contains(check.out, "new case\n"));

    // diff compares what two measurements have in common.
    CHECK(runTileprof({"diff", baseline, original}).exitCode == 0);
}

TEST_CASE("regression: diff of two ROM builds finds the slower function")
{
    const std::string normal = bundledRomPath("tile-collision").string();
    const std::string slowed = bundledRomPath("tile-collision-slowed").string();
    const std::vector<std::string> scenarios{"--scenarios", bundledScenario("fall-and-land").string(),
                                             bundledScenario("walkthrough-12x24").string()};

    const CommandResult diff = runTileprof(concat({"diff", normal, slowed}, scenarios));
    CHECK(diff.exitCode == 1);
    CHECK(contains(diff.out, "tileprof diff: " + slowed + " (new) against " + normal + " (old)"));
    checkEveryCase(diff.out, 4, "+2.00", "+2", "SLOWER");
    // The function section lists the X axis, +2.00 exclusive per call.
    const std::size_t section = diff.out.find("functions whose cycles per call of the routine changed");
    REQUIRE(section != std::string::npos);
    const std::size_t xAxis = diff.out.find(std::string("  ") + kXAxis + "\n", section);
    REQUIRE(xAxis != std::string::npos);
    const std::size_t lineStart = diff.out.rfind('\n', xAxis) + 1;
    std::istringstream words(diff.out.substr(lineStart, xAxis - lineStart));
    std::vector<std::string> row;
    for (std::string w; words >> w;) {
        row.push_back(w);
    }
    REQUIRE(row.size() == 6);
    CHECK(row[2] == "+2.00");
    CHECK(row[5] == "+2.00");
    CHECK_FALSE(contains(diff.out, "OVER BUDGET"));

    // The other way round it is an improvement.
    const CommandResult back = runTileprof(concat({"diff", slowed, normal}, scenarios));
    CHECK(back.exitCode == 0);
    CHECK(contains(back.out, ", 4 faster\n"));

    const CommandResult mixed = runTileprof({"diff", normal, (fs::path(TILEPROF_SOURCE_DIR) / "x.json").string()});
    CHECK(mixed.exitCode == 2);
    CHECK(contains(mixed.err, "not one of each"));
}

TEST_CASE("regression: diff of two ROM builds each with its own manifest and symbol format")
{
    // tile-collision-frames reads its hitbox through a frame record and has a bass symbol file.
    const std::string frames = bundledRomPath("tile-collision-frames").string();
    const std::string manifest =
        (fs::path(TILEPROF_SOURCE_DIR) / "roms" / "tile-collision-frames" / "manifest.toml").string();
    const std::string ours = bundledRomPath("tile-collision").string();
    const std::vector<std::string> scenarios{"--scenarios", bundledScenario("walkthrough-12x24").string()};

    const CommandResult diff = runTileprof(concat({"diff", frames, ours, "--old-manifest", manifest}, scenarios));
    CHECK(diff.exitCode == 0);
    CHECK(contains(diff.out, "tileprof diff: " + ours + " (new) against " + frames + " (old)"));
    // Mean and max deltas as measured on this walkthrough: ours skips the 68-cycle copy from the frame
    // record and, moving right (or still), the 7-cycle test of the room's edge.
    const std::map<std::string, std::pair<std::string, std::string>> expected = {
        {"falling", {"-72.19", "-75"}},
        {"standing", {"-69.19", "-70"}},
        {"rising", {"-73.28", "-75"}},
        {"ceiling-standing", {"-75.00", "-75"}},
    };
    const auto rows = caseRows(diff.out);
    CHECK(rows.size() == expected.size());
    for (const auto& [name, deltas] : expected) {
        INFO(name);
        REQUIRE(rows.count(name) == 1);
        const std::vector<std::string>& row = rows.at(name);
        REQUIRE(row.size() >= 10); // a slower case names its longest call after its verdict
        CHECK(row[3] == deltas.first);
        CHECK(row[7] == deltas.second);
        CHECK(row[9] == "faster");
    }
    // Each side's functions under its own names: the bass labels' dots, ca65's colons.
    CHECK(contains(diff.out, "  MoveEntityAndProcessTileCollisions.XAxis (gone)\n"));
    CHECK(contains(diff.out, "  MoveEntityAndProcessTileCollisions::XAxis (new)\n"));

    // Away from its manifest the build cannot be called; the symbol file can be given too.
    const TempDir dir;
    const fs::path bare = dir.file("frames.sfc");
    fs::copy_file(frames, bare);
    fs::copy_file(fs::path(frames).replace_extension(".sym"), dir.file("frames.sym"));
    const CommandResult without = runTileprof(concat({"diff", bare.string(), ours}, scenarios));
    CHECK(without.exitCode == 2);
    CHECK(contains(without.err, "frames.manifest.toml"));
    const CommandResult explicitSymbols = runTileprof(concat(
        {"diff", frames, ours, "--old-manifest", manifest, "--old-symbols", fs::path(frames).replace_extension(".sym").string()},
        scenarios));
    CHECK(explicitSymbols.exitCode == 0);
    CHECK(explicitSymbols.out == diff.out);
}

TEST_CASE("regression: diff of JSON reports and baselines")
{
    TempDir dir;
    // The bundled ROMs by name: the scenarios need no copy of them.
    const std::string normalScenario = addScenario(dir, "jump-ceiling", "tile-collision");
    const std::string slowedText = replaced(slurp(normalScenario), "rom = \"tile-collision\"", "rom = \"tile-collision-slowed\"");
    const std::string slowedScenario = dir.write("jump-ceiling-slowed.toml", slowedText).string();
    const std::string a = dir.file("a.json").string();
    const std::string b = dir.file("b.json").string();
    REQUIRE(runTileprof({"run", "--format", "json", "--out", a, normalScenario}).exitCode == 0);
    REQUIRE(runTileprof({"run", "--format", "json", "--out", b, slowedScenario}).exitCode == 0);

    const CommandResult diff = runTileprof({"diff", a, b});
    CHECK(diff.exitCode == 1);
    CHECK(contains(diff.out, "tileprof diff: " + b + " (new) against " + a + " (old)"));
    checkEveryCase(diff.out, casesOf({normalScenario}).size(), "+2.00", "+2", "SLOWER");
    CHECK(contains(diff.out, kXAxis));

    const Json j = parseJson(runTileprof({"diff", a, b, "--format", "json"}).out);
    CHECK(j.at("tileprof") == "diff");
    CHECK(j.at("failed") == true);
    std::set<std::string> changed;
    for (const Json& f : j.at("functions")) {
        changed.insert(f.at("name").get<std::string>());
    }
    CHECK(changed == std::set<std::string>{kRoot, kXAxis});

    const CommandResult same = runTileprof({"diff", a, a});
    CHECK(same.exitCode == 0);
    CHECK(contains(same.out, "passed: 0 cases slower than " + a + " (tolerance 0 cycles), 0 faster"));
    CHECK_FALSE(contains(same.out, "functions whose"));

    // A baseline and a report of the same run compare equal: their figures are the same.
    const std::string baseline = dir.file("baseline.json").string();
    REQUIRE(runTileprof({"baseline", "--out", baseline, normalScenario}).exitCode == 0);
    const CommandResult mixed = runTileprof({"diff", baseline, a});
    CHECK(mixed.exitCode == 0);
    CHECK_FALSE(contains(mixed.out, "functions whose"));
    CHECK(runTileprof({"diff", baseline, b}).exitCode == 1);

    // Scenarios are run only for ROMs.
    const CommandResult scenarios = runTileprof({"diff", a, b, "--scenarios", normalScenario});
    CHECK(scenarios.exitCode == 2);
}

// A hand-written baseline with one case; means are written with two decimals, as tileprof does.
std::string handBaseline(const std::string& mean, int max)
{
    return R"({"tileprof": "baseline", "schema": 2, "scenarios": [], "cases": [{"case": "falling", "calls": 10, "mean_cycles": )" +
           mean + R"(, "max_cycles": )" + std::to_string(max) +
           R"(, "mean_budget_share": 0.9, "over_budget": false}], "functions": []})";
}

TEST_CASE("regression: a case that grew by exactly the tolerance is not slower")
{
    // Means are compared as written, to the hundredth: 512.07 - 510.07 is 2, though the
    // difference of the two doubles is a little more.
    TempDir dir;
    const std::vector<std::pair<std::string, std::string>> means{
        {"510.07", "512.07"}, {"510.45", "512.45"}, {"474.35", "476.35"}, {"1023.5", "1025.5"}};
    for (const auto& mean : means) {
        const std::string& old = mean.first;
        const std::string& now = mean.second;
        INFO(old << " -> " << now);
        const std::string a = dir.write("old.json", handBaseline(old, 600)).string();
        const std::string b = dir.write("new.json", handBaseline(now, 602)).string();
        const CommandResult within = runTileprof({"diff", "--tolerance", "2", a, b});
        CHECK(within.exitCode == 0);
        CHECK(contains(within.out, "passed: 0 cases slower"));
        CHECK(runTileprof({"diff", "--tolerance", "1.99", a, b}).exitCode == 1);
        CHECK(runTileprof({"diff", a, b}).exitCode == 1);
    }
}

TEST_CASE("regression: a baseline that cannot be read is bad input, named")
{
    TempDir dir;
    const std::vector<std::pair<std::string, std::string>> corrupt{
        {"not JSON {", "not JSON: [json.exception.parse_error.101]"},
        {"[1, 2]", "is not a tileprof baseline or JSON report"},
        {R"({"tileprof": "trace", "schema": 2})", "is not a tileprof baseline or JSON report"},
        {R"({"tileprof": "baseline", "schema": 1, "scenarios": [], "cases": []})", "has schema 1"},
        {R"({"tileprof": "baseline", "scenarios": [], "cases": []})", "has no \"schema\""},
        {R"({"tileprof": "baseline", "schema": 2, "scenarios": []})", "has no \"cases\""},
        {R"({"tileprof": "baseline", "schema": 2, "scenarios": [], "cases": [{"case": "falling", "calls": 3}]})",
         "cases[0] has no \"mean_cycles\""},
        {R"({"tileprof": "baseline", "schema": 2, "scenarios": [], "cases": [{"case": "falling", "calls": 3,
            "mean_cycles": "fast", "max_cycles": 4, "mean_budget_share": 0.5, "over_budget": false}]})",
         "cases[0].mean_cycles must be a number from 0 to 1e15, not \"fast\""},
        {R"({"tileprof": "baseline", "schema": 2, "scenarios": [], "cases": [], "functions": [{"name": "f"}]})",
         "has no cases: a check against it would pass whatever ran"},
        {R"({"tileprof": "baseline", "schema": 2, "scenarios": [], "cases": [{"case": "falling", "calls": 3,
            "mean_cycles": 5, "max_cycles": 4, "mean_budget_share": 0.5, "over_budget": false}, {"case": "falling", "calls": 3,
            "mean_cycles": 5, "max_cycles": 4, "mean_budget_share": 0.5, "over_budget": false}]})",
         "cases[1]: case \"falling\" is listed twice (also cases[0])"},
        {R"({"tileprof": "baseline", "schema": 2, "scenarios": [], "cases": [{"case": "falling", "calls": 3,
            "mean_cycles": 5, "max_cycles": 4, "mean_budget_share": 0.5, "over_budget": false}], "functions": [{"name": "f"}]})",
         "has no \"exclusive_cycles_per_call\""},
    };
    const std::string good = dir.write("good.json", handBaseline("400.00", 450)).string();
    int n = 0;
    for (const auto& entry : corrupt) {
        const std::string& text = entry.first;
        const std::string& problem = entry.second;
        const std::string file = dir.write("corrupt" + std::to_string(++n) + ".json", text).string();
        INFO(text);
        const CommandResult check = runTileprof({"check", "--baseline", file});
        CHECK(check.exitCode == 2);
        CHECK(check.out.empty());
        CHECK(contains(check.err, "tileprof check: " + file + ": "));
        CHECK(contains(check.err, problem));
        const CommandResult diff = runTileprof({"diff", good, file});
        CHECK(diff.exitCode == 2);
        CHECK(contains(diff.err, "tileprof diff: " + file + ": "));
    }
    const std::string empty = dir.write("empty.json", R"({"tileprof": "baseline", "schema": 2, "scenarios": [], "cases": [
        {"case": "falling", "calls": 3, "mean_cycles": 5, "max_cycles": 4, "mean_budget_share": 0.5, "over_budget": false}]})").string();
    const CommandResult noScenarios = runTileprof({"check", "--baseline", empty});
    CHECK(noScenarios.exitCode == 2);
    CHECK(contains(noScenarios.err, empty + ": the baseline names no scenarios"));

    const std::string missing = dir.file("missing.json").string();
    const CommandResult check = runTileprof({"check", "--baseline", missing});
    CHECK(check.exitCode == 2);
    CHECK(contains(check.err, missing + ": cannot open: No such file or directory"));
}

TEST_CASE("regression: every figure a baseline or report holds is checked for its type and range")
{
    // Regression tests: "schema": 2.9 was read as 2 and "calls": -1 as 18446744073709551615;
    // 1e300 and -1.5 were converted to integers, which is undefined.
    const std::string base = handBaseline("400.00", 450);
    const std::vector<std::pair<std::pair<std::string, std::string>, std::string>> corrupt{
        {{"\"schema\": 2", "\"schema\": 2.9"}, "schema must be an integer 0..1000000000000000, not 2.9"},
        {{"\"schema\": 2", "\"schema\": \"2\""}, "schema must be an integer 0..1000000000000000, not \"2\""},
        {{"\"calls\": 10", "\"calls\": -1"}, "cases[0].calls must be an integer 0..1000000000000000, not -1"},
        {{"\"max_cycles\": 450", "\"max_cycles\": 1e300"},
         "cases[0].max_cycles must be an integer 0..1000000000000000, not 1e+300"},
        {{"\"max_cycles\": 450", "\"max_cycles\": 1000000000000001"},
         "cases[0].max_cycles must be an integer 0..1000000000000000, not 1000000000000001"},
        {{"400.00", "-1.5"}, "cases[0].mean_cycles must be a number from 0 to 1e15, not -1.5"},
        {{"400.00", "1e300"}, "cases[0].mean_cycles must be a number from 0 to 1e15, not 1e+300"},
        {{"\"mean_budget_share\": 0.9", "\"mean_budget_share\": null"},
         "cases[0].mean_budget_share must be a number from 0 to 1e15, not null"},
        {{"\"over_budget\": false", "\"over_budget\": 0"}, "cases[0].over_budget must be true or false, not 0"},
        {{"\"case\": \"falling\"", "\"case\": [\"falling\"]"}, "cases[0].case must be a string, not an array of 1 value"},
        {{"\"cases\": [{", "\"cases\": [7, {"}, "cases[0] must be an object, not 7"},
        {{"\"scenarios\": []", "\"scenarios\": {}"}, "scenarios must be an array, not an object"},
        {{"\"scenarios\": []", "\"scenarios\": [{\"scenario\": \"a.toml\", \"calls\": 1.5}]"},
         "scenarios[0].calls must be an integer 0..1000000000000000, not 1.5"},
        {{"\"functions\": []", "\"functions\": [{\"name\": \"f\", \"exclusive_cycles_per_call\": 1, "
                                "\"inclusive_cycles_per_call\": -0.5}]"},
         "functions[0].inclusive_cycles_per_call must be a number from 0 to 1e15, not -0.5"},
        {{"\"tileprof\": \"baseline\"", "\"tileprof\": \"run\""}, "the file has no \"selection\""},
    };
    for (const auto& [edit, problem] : corrupt) {
        const std::string text = replaced(base, edit.first, edit.second);
        INFO(text);
        try {
            parseBaseline(text, "b.json");
            FAIL("loaded");
        } catch (const tileprof::InputError& e) {
            CHECK(std::string(e.what()) == "b.json: " + problem);
        }
    }
    const Baseline f = parseBaseline(replaced(base, "\"max_cycles\": 450", "\"max_cycles\": 1000000000000000"), "b.json");
    REQUIRE(f.cases.size() == 1);
    CHECK(f.cases[0].maxCycles == 1'000'000'000'000'000);
    CHECK(f.cases[0].meanCycles == 400);
}

TEST_CASE("regression: the committed baseline passes check and covers every bundled scenario")
{
    const fs::path baseline = fs::path(TILEPROF_SOURCE_DIR) / "roms" / "tile-collision" / "baseline.json";
    const Json b = parseJson(slurp(baseline));
    std::set<std::string> named;
    for (const Json& s : b.at("scenarios")) {
        named.insert(fs::weakly_canonical(baseline.parent_path() / s.get<std::string>()).string());
    }
    std::set<std::string> bundled;
    for (const auto& entry : fs::recursive_directory_iterator(bundledScenarioDirectory())) {
        if (entry.path().extension() == ".toml") {
            bundled.insert(fs::weakly_canonical(entry.path()).string());
        }
    }
    CHECK(named == bundled);

    const CommandResult check = runTileprof({"check", "--baseline", baseline.string()});
    CHECK(check.exitCode == 0);
    CHECK(contains(check.out, "passed: 0 cases slower"));
    CHECK(contains(check.out, "0 over budget"));
}

} // namespace
} // namespace tileprof::test
