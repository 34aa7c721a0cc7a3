// The report formats of `tileprof run` and `tileprof profile`, read back as the tools that consume
// them would: JSON (schema 2), JUnit XML, callgrind, folded stacks, speedscope, CSV, markdown and
// the terminal tables. Each is checked for its syntax and for figures that agree with the JSON
// report of the same run; `--out` and repeated runs must give the same bytes.

#include "base/bundled_files.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace tileprof::test {
namespace {

constexpr const char* kRoot = "MoveEntityAndProcessTileCollisions";

std::string bundledScenario(const std::string& name)
{
    return (bundledScenarioDirectory() / (name + ".toml")).string();
}

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

bool isNumber(const std::string& text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

std::uint64_t number(const std::string& text)
{
    REQUIRE_MESSAGE(isNumber(text), text);
    return std::stoull(text);
}

// Three passing bundled scenarios (one with eight entities) and a copy of fall-and-land that
// fails: an expectation one pixel off (a standing call, frame 60) and a budget of 420 cycles,
// under the falling calls' mean (478) and over the standing ones' (397). Its file name has a
// comma, which CSV must quote.
struct Runs {
    TempDir dir;
    std::string bad;
    std::string badText;
    std::vector<std::string> passing{bundledScenario("fall-and-land"), bundledScenario("jump-ceiling"),
                                     bundledScenario("eight-hitboxes")};

    Runs()
    {
        std::string text = slurp(bundledScenario("fall-and-land"));
        text = replaced(text, "pos = [80, 67]", "pos = [80, 66]");
        text = replaced(text, "frames = 60\n", "frames = 60\nbudget_cycles = 420\n");
        badText = text;
        bad = dir.write("bad, budget.toml", text).string();
    }
    std::vector<std::string> all() const { return concat(passing, {bad}); }
};

Json parseJson(const CommandResult& r)
{
    INFO(r.err);
    Json j;
    REQUIRE_NOTHROW(j = Json::parse(r.out));
    return j;
}

template <class T>
T sumOf(const Json& items, const char* field)
{
    T sum = 0;
    for (const Json& item : items) {
        sum += item.at(field).get<T>();
    }
    return sum;
}

// ---- A small XML reader: elements, attributes, text, the five entities and &#N; ----------------

struct XmlElement {
    std::string name;
    std::map<std::string, std::string> attributes;
    std::vector<XmlElement> children;
    std::string text;

    std::vector<const XmlElement*> all(const std::string& childName) const
    {
        std::vector<const XmlElement*> found;
        for (const XmlElement& c : children) {
            if (c.name == childName) {
                found.push_back(&c);
            }
        }
        return found;
    }
    const std::string& attribute(const std::string& key) const
    {
        const auto found = attributes.find(key);
        if (found == attributes.end()) {
            throw std::runtime_error("<" + name + "> has no attribute " + key);
        }
        return found->second;
    }
};

class XmlReader {
public:
    explicit XmlReader(const std::string& text) : text_(text) {}

    XmlElement document()
    {
        skipSpace();
        if (text_.compare(at_, 5, "<?xml") == 0) {
            const std::size_t end = text_.find("?>", at_);
            expect(end != std::string::npos, "unterminated declaration");
            at_ = end + 2;
        }
        skipSpace();
        XmlElement root = element();
        skipSpace();
        expect(at_ == text_.size(), "text after the root element");
        return root;
    }

private:
    void expect(bool ok, const std::string& problem) const
    {
        if (!ok) {
            throw std::runtime_error("XML offset " + std::to_string(at_) + ": " + problem);
        }
    }
    void skipSpace()
    {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_])) != 0) {
            ++at_;
        }
    }
    std::string name()
    {
        const std::size_t start = at_;
        while (at_ < text_.size() &&
               (std::isalnum(static_cast<unsigned char>(text_[at_])) != 0 || std::string("_-.:").find(text_[at_]) != std::string::npos)) {
            ++at_;
        }
        expect(at_ > start, "a name expected");
        return text_.substr(start, at_ - start);
    }
    // Character data up to `stop`, entities decoded; a raw '<' or a stray '&' is an error.
    std::string characters(char stop)
    {
        std::string out;
        while (true) {
            expect(at_ < text_.size(), "unexpected end");
            const char c = text_[at_];
            if (c == stop) {
                return out;
            }
            expect(c != '<', "'<' in character data");
            if (c != '&') {
                out += c;
                ++at_;
                continue;
            }
            const std::size_t end = text_.find(';', at_);
            expect(end != std::string::npos, "unterminated entity");
            const std::string entity = text_.substr(at_ + 1, end - at_ - 1);
            static const std::map<std::string, char> named{{"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
            if (named.contains(entity)) {
                out += named.at(entity);
            } else {
                expect(entity.size() > 1 && entity[0] == '#' && isNumber(entity.substr(1)), "unknown entity &" + entity + ";");
                out += static_cast<char>(std::stoi(entity.substr(1)));
            }
            at_ = end + 1;
        }
    }
    XmlElement element()
    {
        expect(at_ < text_.size() && text_[at_] == '<', "'<' expected");
        ++at_;
        XmlElement e;
        e.name = name();
        while (true) {
            skipSpace();
            expect(at_ < text_.size(), "unterminated tag");
            if (text_.compare(at_, 2, "/>") == 0) {
                at_ += 2;
                return e;
            }
            if (text_[at_] == '>') {
                ++at_;
                break;
            }
            const std::string key = name();
            expect(text_.compare(at_, 2, "=\"") == 0, "attribute " + key + " without a quoted value");
            at_ += 2;
            expect(!e.attributes.contains(key), "attribute " + key + " twice");
            e.attributes[key] = characters('"');
            ++at_;
        }
        while (true) {
            expect(at_ < text_.size(), "<" + e.name + "> is not closed");
            if (text_.compare(at_, 2, "</") == 0) {
                at_ += 2;
                expect(name() == e.name, "</...> does not close <" + e.name + ">");
                skipSpace();
                expect(at_ < text_.size() && text_[at_] == '>', "'>' expected");
                ++at_;
                return e;
            }
            if (text_[at_] == '<') {
                e.children.push_back(element());
            } else {
                e.text += characters('<');
            }
        }
    }

    const std::string& text_;
    std::size_t at_ = 0;
};

// ---- CSV and markdown cells ---------------------------------------------------------------------

// RFC 4180 records: fields quoted with '"' when they hold a comma, a quote or a newline.
std::vector<std::vector<std::string>> parseCsv(const std::string& text)
{
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    bool fieldStarted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
                REQUIRE_MESSAGE((i + 1 == text.size() || text[i + 1] == ',' || text[i + 1] == '\n'), "text after a closing quote");
            } else {
                field += c;
            }
        } else if (c == '"') {
            REQUIRE_MESSAGE(!fieldStarted, "a quote inside an unquoted field");
            quoted = true;
            fieldStarted = true;
        } else if (c == ',') {
            row.push_back(field);
            field.clear();
            fieldStarted = false;
        } else if (c == '\n') {
            row.push_back(field);
            rows.push_back(row);
            row.clear();
            field.clear();
            fieldStarted = false;
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    REQUIRE_MESSAGE(!quoted, "unterminated quote");
    REQUIRE_MESSAGE(row.empty(), "the last record has no newline");
    REQUIRE_MESSAGE(field.empty(), "the last record has no newline");
    return rows;
}

// The cells of a markdown table row "| a | b \| c |": an escaped bar stays in its cell.
std::vector<std::string> markdownCells(const std::string& row)
{
    REQUIRE_MESSAGE(row.starts_with("|"), row);
    REQUIRE_MESSAGE(row.ends_with("|"), row);
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < row.size(); ++i) {
        if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
            cell += '|';
            ++i;
        } else if (row[i] == '|') {
            cells.push_back(cell);
            cell.clear();
        } else {
            cell += row[i];
        }
    }
    return cells;
}

// ---- JSON ---------------------------------------------------------------------------------------

TEST_CASE("report formats: run --format json gives schema 2 with attribution that adds up")
{
    const Runs runs;
    const CommandResult r = runTileprof(concat({"run", "--format", "json"}, runs.all()));
    CHECK(r.exitCode == 1); // the bad scenario fails
    const Json j = parseJson(r);

    CHECK(j.at("tileprof") == "run");
    CHECK(j.at("schema") == 2);
    CHECK(j.at("units").at("cycles").is_string());
    REQUIRE(j.at("scenarios").size() == 4);

    std::uint64_t calls = 0;
    std::uint64_t cycles = 0;
    std::uint64_t clocks = 0;
    std::map<std::string, std::uint64_t> cyclesPerCase;
    std::map<std::string, std::uint64_t> callsPerCase;
    bool someTilesRead = false;
    for (const Json& s : j.at("scenarios")) {
        const std::string name = s.at("scenario").get<std::string>();
        INFO(name);
        const Json& summaries = s.at("call_summaries");
        CHECK(s.at("calls") == summaries.size());
        CHECK(s.at("budget_cycles") == (name == runs.bad ? 420 : 542));
        CHECK(sumOf<std::uint64_t>(s.at("cases"), "calls") == summaries.size());
        std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> scenarioCases; // calls, cycles
        for (const Json& call : summaries) {
            const auto c = call.at("cycles").get<std::uint64_t>();
            const auto m = call.at("master_clocks").get<std::uint64_t>();
            CHECK(call.at("frame").get<int>() >= 1);
            CHECK(call.at("entity").is_string());
            CHECK(call.at("scanlines").get<double>() == doctest::Approx(static_cast<double>(m) / 1364.0).epsilon(1e-4));
            CHECK(call.at("start_scanline").is_number_unsigned());
            for (const Json& tile : call.at("tiles_read")) {
                someTilesRead = true;
                CHECK(tile.at("column").is_number_unsigned());
                CHECK(tile.at("row").is_number_unsigned());
                CHECK(tile.at("type").is_string());
                CHECK(tile.at("cycle").get<std::uint64_t>() < c);
            }
            ++calls;
            cycles += c;
            clocks += m;
            const std::string caseName = call.at("case").get<std::string>();
            cyclesPerCase[caseName] += c;
            ++callsPerCase[caseName];
            scenarioCases[caseName].first += 1;
            scenarioCases[caseName].second += c;
        }
        for (const Json& c : s.at("cases")) {
            const auto& [n, sum] = scenarioCases[c.at("case").get<std::string>()];
            CHECK(c.at("scenario") == name);
            CHECK(c.at("calls") == n);
            CHECK(c.at("mean_cycles").get<double>() == doctest::Approx(static_cast<double>(sum) / static_cast<double>(n)).epsilon(1e-4));
        }
        if (name == runs.bad) {
            REQUIRE(s.at("failures").size() == 1);
            const Json& f = s.at("failures")[0];
            CHECK(f.at("file") == runs.bad);
            CHECK(f.at("line") == lineWith(runs.badText, "[[expect]]"));
            CHECK(f.at("frame") == 60);
            CHECK(f.at("entity") == "player");
            CHECK(f.at("message") == "expected pos [80, 66], got [80, 67]");
            for (const Json& c : s.at("cases")) {
                CHECK(c.at("over_budget") == (c.at("case") == "falling"));
            }
        } else {
            CHECK(s.at("failures") == Json::array());
        }
    }
    CHECK(someTilesRead);

    const Json& selection = j.at("selection");
    CHECK(selection.at("description") == "all calls");
    CHECK(selection.at("calls") == calls);
    CHECK(selection.at("cycles") == cycles);
    CHECK(selection.at("master_clocks") == clocks);

    const Json& functions = j.at("functions");
    REQUIRE(functions.size() >= 5);
    CHECK(sumOf<std::uint64_t>(functions, "exclusive_cycles") == cycles);
    CHECK(sumOf<std::uint64_t>(functions, "exclusive_master_clocks") == clocks);
    bool rootSeen = false;
    for (const Json& f : functions) {
        INFO(f.dump());
        CHECK(f.at("inclusive_cycles").get<std::uint64_t>() >= f.at("exclusive_cycles").get<std::uint64_t>());
        CHECK(fs::path(f.at("file").get<std::string>()).filename() == "tile_collision.s");
        CHECK(f.at("line").get<int>() > 0);
        if (f.at("name") == kRoot) {
            rootSeen = true;
            CHECK(f.at("inclusive_cycles") == cycles);
            CHECK(f.at("calls") == calls);
        }
    }
    CHECK(rootSeen);
    CHECK(sumOf<std::uint64_t>(j.at("lines"), "exclusive_cycles") == cycles);
    CHECK(sumOf<std::uint64_t>(j.at("lines"), "exclusive_master_clocks") == clocks);

    // Top-level cases cover every scenario; each has its own functions, which add up to its calls.
    std::uint64_t caseCalls = 0;
    for (const Json& c : j.at("cases")) {
        const std::string name = c.at("case").get<std::string>();
        INFO(name);
        caseCalls += c.at("calls").get<std::uint64_t>();
        CHECK(c.at("calls") == callsPerCase[name]);
        CHECK(sumOf<std::uint64_t>(c.at("functions"), "exclusive_cycles") == cyclesPerCase[name]);
        CHECK(c.at("worst").at("cycles").is_number_unsigned());
    }
    CHECK(caseCalls == calls);
    CHECK(j.at("cases").size() == callsPerCase.size());
}

TEST_CASE("report formats: profile --format json with a selection covers just those calls")
{
    const std::string walk = bundledScenario("walkthrough-12x24");
    const Json all = parseJson(runTileprof({"run", "--format", "json", walk}));
    const Json& summaries = all.at("scenarios")[0].at("call_summaries");
    REQUIRE(summaries.size() == 840);

    const CommandResult one = runTileprof({"profile", "--format", "json", "--frame", "434", "--entity", "player", walk});
    CHECK(one.exitCode == 0);
    const Json j = parseJson(one);
    CHECK(j.at("tileprof") == "profile");
    CHECK(j.at("selection").at("description") == "frame 434, entity \"player\"");
    CHECK(j.at("selection").at("calls") == 1);
    CHECK(summaries[433].at("frame") == 434);
    CHECK(j.at("selection").at("cycles") == summaries[433].at("cycles"));
    CHECK(j.at("selection").at("master_clocks") == summaries[433].at("master_clocks"));
    CHECK(sumOf<std::uint64_t>(j.at("functions"), "exclusive_cycles") == summaries[433].at("cycles").get<std::uint64_t>());

    const Json falling = parseJson(runTileprof({"profile", "--format", "json", "--case", "falling", walk}));
    std::uint64_t calls = 0;
    std::uint64_t cycles = 0;
    for (const Json& call : summaries) {
        if (call.at("case") == "falling") {
            ++calls;
            cycles += call.at("cycles").get<std::uint64_t>();
        }
    }
    REQUIRE(calls > 0);
    CHECK(falling.at("selection").at("description") == "case \"falling\"");
    CHECK(falling.at("selection").at("calls") == calls);
    CHECK(falling.at("selection").at("cycles") == cycles);
    CHECK(sumOf<std::uint64_t>(falling.at("functions"), "exclusive_cycles") == cycles);
    // The case's own function list in the report of all calls is the same profile.
    for (const Json& c : all.at("cases")) {
        if (c.at("case") == "falling") {
            CHECK(c.at("functions") == falling.at("functions"));
        }
    }
}

// ---- JUnit --------------------------------------------------------------------------------------

TEST_CASE("report formats: junit is well-formed with a test case per scenario and case")
{
    const Runs runs;
    const CommandResult r = runTileprof(concat({"run", "--format", "junit"}, runs.all()));
    CHECK(r.exitCode == 1);
    CHECK(r.out.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
    XmlElement root;
    REQUIRE_NOTHROW(root = XmlReader(r.out).document());

    // The (scenario, case) pairs the JSON report of the same run has.
    const Json j = parseJson(runTileprof(concat({"run", "--format", "json"}, runs.all())));
    std::set<std::pair<std::string, std::string>> expectedCases;
    for (const Json& s : j.at("scenarios")) {
        for (const Json& c : s.at("cases")) {
            expectedCases.insert({s.at("scenario").get<std::string>(), c.at("case").get<std::string>()});
        }
    }

    CHECK(root.name == "testsuites");
    CHECK(root.children.size() == 4);
    std::set<std::pair<std::string, std::string>> seen;
    std::size_t tests = 0;
    std::size_t failures = 0;
    for (const XmlElement* suite : root.all("testsuite")) {
        const std::string scenario = suite->attribute("name");
        INFO(scenario);
        const std::vector<const XmlElement*> cases = suite->all("testcase");
        CHECK(cases.size() == suite->children.size());
        std::size_t failed = 0;
        for (const XmlElement* c : cases) {
            CHECK(c->attribute("classname") == scenario);
            CHECK(seen.insert({scenario, c->attribute("name")}).second);
            const std::vector<const XmlElement*> failure = c->all("failure");
            CHECK(failure.size() <= 1);
            failed += failure.empty() ? 0u : 1u;
            REQUIRE(c->all("system-out").size() == 1);
            CHECK(contains(c->all("system-out")[0]->text, " calls; cycles min "));
            if (scenario != runs.bad) {
                CHECK(failure.empty());
            } else if (c->attribute("name") == "falling") {
                REQUIRE(failure.size() == 1);
                CHECK(failure[0]->attribute("type") == "budget");
                CHECK(failure[0]->attribute("message") == "over budget");
                CHECK(contains(failure[0]->text, "of the 420-cycle budget"));
            } else if (c->attribute("name") == "standing") {
                REQUIRE(failure.size() == 1);
                CHECK(failure[0]->attribute("type") == "expectation");
                CHECK(failure[0]->attribute("message") == "expected pos [80, 66], got [80, 67]");
                CHECK(contains(failure[0]->text, runs.bad + ":" + std::to_string(lineWith(runs.badText, "[[expect]]")) +
                                                      ": frame 60, entity \"player\": expected pos [80, 66], got [80, 67]"));
            }
        }
        CHECK(suite->attribute("tests") == std::to_string(cases.size()));
        CHECK(suite->attribute("failures") == std::to_string(failed));
        CHECK(suite->attribute("errors") == "0");
        CHECK(failed == (scenario == runs.bad ? 2u : 0u));
        tests += cases.size();
        failures += failed;
    }
    CHECK(seen == expectedCases);
    CHECK(root.attribute("tests") == std::to_string(tests));
    CHECK(root.attribute("failures") == std::to_string(failures));
    CHECK(root.attribute("errors") == "0");
    CHECK(failures == 2);

    // The reader itself rejects what is not well-formed.
    CHECK_THROWS(XmlReader("<a><b></a></b>").document());
    CHECK_THROWS(XmlReader("<a x=\"1\" x=\"2\"/>").document());
    CHECK_THROWS(XmlReader("<a>x & y</a>").document());
    CHECK_THROWS(XmlReader("<a></a><b/>").document());
}

TEST_CASE("report formats: xmllint validates the junit report against a JUnit schema, errors and all")
{
    const Runs runs;
    const std::string broken = runs.dir.write("broken.toml", "name = \"broken\"\nframes = 0\n").string();
    const std::string report = (runs.dir.path() / "junit.xml").string();
    const CommandResult r = runTileprof(concat({"run", "--format", "junit", "--out", report}, concat(runs.all(), {broken})));
    CHECK(r.exitCode == 2);
    const std::string schema = std::string(TILEPROF_TEST_DATA_DIR) + "/junit/junit.xsd";
    const CommandResult valid = runProgram("xmllint", {"--noout", "--schema", schema, report});
    INFO(valid.err);
    REQUIRE_MESSAGE(valid.exitCode != 127, "xmllint is missing: ./scripts/setup.sh --tests installs it");
    CHECK(valid.exitCode == 0);
    CHECK(contains(valid.err, " validates"));
    const XmlElement root = XmlReader(slurp(report)).document();
    CHECK(root.attribute("errors") == "1");
    CHECK(root.attribute("failures") == "2");

    // The schema is no formality: a test case without a name fails it.
    const std::string nameless = runs.dir.write("nameless.xml", replaced(slurp(report), "name=\"falling\"", "")).string();
    CHECK(runProgram("xmllint", {"--noout", "--schema", schema, nameless}).exitCode != 0);
}

// ---- callgrind, folded, speedscope -----------------------------------------------------------------

struct ProfileOutputs {
    Json json;
    std::map<std::string, Json> functions; // by name
};

ProfileOutputs profileJson(const std::vector<std::string>& scenarios)
{
    const CommandResult r = runTileprof(concat({"profile", "--format", "json"}, scenarios));
    REQUIRE(r.exitCode == 0);
    ProfileOutputs p{parseJson(r), {}};
    for (const Json& f : p.json.at("functions")) {
        p.functions[f.at("name").get<std::string>()] = f;
    }
    return p;
}

TEST_CASE("report formats: callgrind has its header, fn blocks whose self costs add up, and calls")
{
    const Runs runs;
    const ProfileOutputs expected = profileJson(runs.passing);
    const std::uint64_t cycles = expected.json.at("selection").at("cycles").get<std::uint64_t>();
    const std::uint64_t clocks = expected.json.at("selection").at("master_clocks").get<std::uint64_t>();

    const CommandResult r = runTileprof(concat({"profile", "--format", "callgrind"}, runs.passing));
    CHECK(r.exitCode == 0);
    const std::vector<std::string> lines = splitLines(r.out);
    REQUIRE(lines.size() > 20);
    CHECK(lines[0] == "# callgrind format");

    // The header runs to the first blank line.
    std::map<std::string, std::string> header;
    std::size_t i = 1;
    for (; i < lines.size() && !lines[i].empty(); ++i) {
        const std::size_t colon = lines[i].find(": ");
        REQUIRE_MESSAGE(colon != std::string::npos, lines[i]);
        header[lines[i].substr(0, colon)] += (header.contains(lines[i].substr(0, colon)) ? "\n" : "") + lines[i].substr(colon + 2);
    }
    CHECK(header["version"] == "1");
    CHECK(header["positions"] == "line");
    CHECK(header["events"] == "Cycles MasterClocks");
    CHECK(header["summary"] == std::to_string(cycles) + " " + std::to_string(clocks));

    struct Block {
        std::uint64_t selfCycles = 0;
        std::uint64_t selfClocks = 0;
        std::uint64_t callCycles = 0;
    };
    std::map<std::string, Block> blocks;
    std::string fn;
    std::string cfn;
    bool fileNamed = false; // fl= since the last blank line
    bool callPending = false;
    std::uint64_t selfCycles = 0;
    std::uint64_t selfClocks = 0;
    std::map<std::string, std::uint64_t> calledCycles;
    for (; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        INFO("line " << (i + 1) << ": " << line);
        if (line.empty()) {
            CHECK_FALSE(callPending);
            fileNamed = false;
            fn.clear();
            continue;
        }
        const std::size_t eq = line.find('=');
        if (eq != std::string::npos) {
            const std::string key = line.substr(0, eq);
            const std::string value = line.substr(eq + 1);
            CHECK_FALSE(callPending);
            CHECK_FALSE(value.empty());
            if (key == "fl") {
                fileNamed = true;
            } else if (key == "fn") {
                CHECK(fileNamed);
                CHECK_FALSE(blocks.contains(value)); // one block per function
                fn = value;
                blocks[fn];
            } else if (key == "cfn") {
                cfn = value;
            } else if (key == "calls") {
                CHECK_FALSE(fn.empty());
                CHECK_FALSE(cfn.empty());
                const std::size_t space = value.find(' ');
                REQUIRE(space != std::string::npos);
                CHECK(number(value.substr(0, space)) >= 1);
                CHECK(number(value.substr(space + 1)) > 0);
                callPending = true;
            } else {
                CHECK((key == "fi" || key == "fe" || key == "cfi" || key == "cfl"));
            }
            continue;
        }
        // A cost line: "<line> <cycles> <master clocks>".
        std::istringstream fields(line);
        std::string position;
        std::string c;
        std::string m;
        std::string extra;
        fields >> position >> c >> m >> extra;
        REQUIRE(isNumber(position));
        REQUIRE(isNumber(c));
        REQUIRE(isNumber(m));
        REQUIRE(extra.empty());
        REQUIRE_FALSE(fn.empty());
        if (callPending) {
            blocks[fn].callCycles += number(c);
            calledCycles[cfn] += number(c);
            callPending = false;
        } else {
            blocks[fn].selfCycles += number(c);
            blocks[fn].selfClocks += number(m);
            selfCycles += number(c);
            selfClocks += number(m);
        }
    }
    CHECK_FALSE(callPending);
    CHECK(selfCycles == cycles);
    CHECK(selfClocks == clocks);

    // Every function of the profile has its block; its self cost is its exclusive cost, and its
    // self cost and the calls it made add up to its inclusive cost (there is no recursion here).
    REQUIRE(blocks.size() == expected.functions.size());
    for (const auto& entry : blocks) {
        const std::string& name = entry.first;
        const Block& block = entry.second;
        INFO(name);
        REQUIRE(expected.functions.contains(name));
        const Json& f = expected.functions.at(name);
        CHECK(block.selfCycles == f.at("exclusive_cycles").get<std::uint64_t>());
        CHECK(block.selfClocks == f.at("exclusive_master_clocks").get<std::uint64_t>());
        CHECK(block.selfCycles + block.callCycles == f.at("inclusive_cycles").get<std::uint64_t>());
    }
    // What the nested scopes were entered with is everything they cost.
    for (const auto& entry : expected.functions) {
        const std::string& name = entry.first;
        const Json& f = entry.second;
        INFO(name);
        if (name != kRoot) {
            CHECK(calledCycles[name] == f.at("inclusive_cycles").get<std::uint64_t>());
        }
    }
}

// callgrind_annotate (valgrind) run on a report: stdout, after checking it warned of nothing.
std::string callgrindAnnotate(const std::string& file)
{
    const CommandResult r = runProgram("callgrind_annotate", {"--auto=yes", file});
    REQUIRE_MESSAGE(r.exitCode != 127, "callgrind_annotate is missing: ./scripts/setup.sh --tests installs valgrind");
    CHECK(r.exitCode == 0);
    CHECK_MESSAGE(r.err.empty(), r.err); // "WARNING: line 7 malformed, ignoring" and the like
    return r.out;
}

TEST_CASE("report formats: callgrind_annotate reads callgrind reports whole, with our totals and calls at the lines that made them")
{
    const Runs runs;
    const ProfileOutputs expected = profileJson(runs.passing);
    const std::string file = (runs.dir.path() / "callgrind.out").string();
    REQUIRE(runTileprof(concat({"profile", "--format", "callgrind", "--out", file}, runs.passing)).exitCode == 0);
    const std::vector<std::string> lines = splitLines(callgrindAnnotate(file));

    // Its program totals are the selection's, event by event.
    const auto totals = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.ends_with(" PROGRAM TOTALS"); });
    REQUIRE(totals != lines.end());
    std::vector<std::uint64_t> figures;
    std::istringstream fields(*totals);
    for (std::string field; fields >> field;) {
        field.erase(std::remove(field.begin(), field.end(), ','), field.end());
        if (isNumber(field)) {
            figures.push_back(std::stoull(field));
        }
    }
    CHECK(figures == std::vector<std::uint64_t>{expected.json.at("selection").at("cycles").get<std::uint64_t>(),
                                                expected.json.at("selection").at("master_clocks").get<std::uint64_t>()});

    // In the annotated source, each call follows the line that made it: "COST => FILE:CALLEE (Nx)".
    std::map<std::string, std::vector<std::string>> callsAfter; // by the source line's text
    std::string source;
    for (const std::string& line : lines) {
        if (line.find(" => ") != std::string::npos && line.ends_with("x)")) {
            callsAfter[source].push_back(line);
        } else {
            source = line;
        }
    }
    const auto calledAfter = [&](const std::string& sourceEnd, const std::string& callee) {
        std::uint64_t count = 0;
        for (const auto& [text, calls] : callsAfter) {
            if (!text.ends_with(sourceEnd)) {
                continue;
            }
            for (const std::string& call : calls) {
                const std::string head = ":" + std::string(kRoot) + "::" + callee + " (";
                if (const std::size_t at = call.find(head); at != std::string::npos) {
                    std::string n = call.substr(at + head.size());
                    n = n.substr(0, n.size() - 2);
                    n.erase(std::remove(n.begin(), n.end(), ','), n.end());
                    count += number(n);
                }
            }
        }
        return count;
    };
    const auto callsOf = [&](const std::string& callee) {
        return expected.functions.at(std::string(kRoot) + "::" + callee).at("calls").get<std::uint64_t>();
    };
    CHECK(calledAfter("    sta z:Entity::xPosition + 2", "XAxis") == callsOf("XAxis"));
    CHECK(calledAfter("    bpl MovingDown", "MovingDown") == callsOf("MovingDown"));
    CHECK(calledAfter("    jmp MovingDown_Standing", "MovingDown_Standing") == callsOf("MovingDown_Standing"));
    // Not at the callee's own first line (MOVE_Y opens MovingDown and MovingUp).
    CHECK_FALSE(callsAfter.contains(""));
    for (const auto& [text, calls] : callsAfter) {
        INFO(text);
        CHECK_FALSE(text.ends_with("    MOVE_Y"));
        CHECK_FALSE(text.ends_with("    bit z:Entity::xVelocity + 2")); // XAxis's first line
    }

    // What could not be run is in the header, which callgrind_annotate prints.
    const std::string broken = runs.dir.write("broken.toml", "name = \"broken\"\nframes = 0\n").string();
    CHECK(runTileprof(concat({"profile", "--format", "callgrind", "--out", file}, concat(runs.passing, {broken}))).exitCode == 2);
    CHECK(contains(callgrindAnnotate(file), "\nScenario not run: " + broken + ":"));
}

TEST_CASE("report formats: folded stacks add up to the profile's total")
{
    const Runs runs;
    const ProfileOutputs expected = profileJson(runs.passing);
    const CommandResult r = runTileprof(concat({"profile", "--format", "folded"}, runs.passing));
    CHECK(r.exitCode == 0);
    REQUIRE(r.out.ends_with("\n"));
    std::uint64_t total = 0;
    std::set<std::string> stacks;
    std::map<std::string, std::uint64_t> leaf; // by the function on top
    for (const std::string& line : splitLines(r.out)) {
        INFO(line);
        const std::size_t space = line.rfind(' ');
        REQUIRE(space != std::string::npos);
        const std::string stackText = line.substr(0, space);
        const std::uint64_t weight = number(line.substr(space + 1));
        CHECK(weight > 0);
        CHECK(stacks.insert(stackText).second);
        std::vector<std::string> frames;
        std::istringstream in(stackText);
        for (std::string frame; std::getline(in, frame, ';');) {
            frames.push_back(frame);
        }
        REQUIRE_FALSE(frames.empty());
        CHECK(std::count(stackText.begin(), stackText.end(), ';') + 1 == static_cast<std::ptrdiff_t>(frames.size()));
        for (const std::string& frame : frames) {
            CHECK_FALSE(frame.empty());
            CHECK(expected.functions.contains(frame));
        }
        CHECK(frames.front() == kRoot);
        leaf[frames.back()] += weight;
        total += weight;
    }
    CHECK(total == expected.json.at("selection").at("cycles").get<std::uint64_t>());
    for (const auto& [name, f] : expected.functions) {
        CHECK(leaf[name] == f.at("exclusive_cycles").get<std::uint64_t>());
    }
}

TEST_CASE("report formats: speedscope is a sampled profile per unit over the functions")
{
    const Runs runs;
    const ProfileOutputs expected = profileJson(runs.passing);
    const CommandResult r = runTileprof(concat({"profile", "--format", "speedscope"}, runs.passing));
    CHECK(r.exitCode == 0);
    const Json j = parseJson(r);
    CHECK(j.at("$schema") == "https://www.speedscope.app/file-format-schema.json");
    const Json& frames = j.at("shared").at("frames");
    std::set<std::string> names;
    for (const Json& frame : frames) {
        CHECK(names.insert(frame.at("name").get<std::string>()).second);
        CHECK(frame.at("line").get<int>() > 0);
    }
    std::set<std::string> functionNames;
    for (const auto& [name, f] : expected.functions) {
        functionNames.insert(name);
    }
    CHECK(names == functionNames);

    const Json& profiles = j.at("profiles");
    REQUIRE(profiles.size() == 2);
    CHECK(j.at("activeProfileIndex") == 0);
    const std::uint64_t totals[] = {expected.json.at("selection").at("cycles").get<std::uint64_t>(),
                                    expected.json.at("selection").at("master_clocks").get<std::uint64_t>()};
    for (std::size_t k = 0; k < 2; ++k) {
        const Json& p = profiles[k];
        INFO(p.at("name"));
        CHECK(p.at("type") == "sampled");
        CHECK(p.at("startValue") == 0);
        CHECK(p.at("endValue") == totals[k]);
        const Json& samples = p.at("samples");
        const Json& weights = p.at("weights");
        REQUIRE(samples.size() == weights.size());
        REQUIRE_FALSE(samples.empty());
        std::uint64_t sum = 0;
        for (std::size_t s = 0; s < samples.size(); ++s) {
            REQUIRE_FALSE(samples[s].empty());
            for (const Json& index : samples[s]) {
                CHECK(index.get<std::size_t>() < frames.size());
            }
            CHECK(frames[samples[s][0].get<std::size_t>()].at("name") == kRoot);
            sum += weights[s].get<std::uint64_t>();
        }
        CHECK(sum == p.at("endValue").get<std::uint64_t>());
    }
    CHECK(profiles[0].at("samples") == profiles[1].at("samples"));
}

// ---- CSV, markdown, tables ------------------------------------------------------------------------

TEST_CASE("report formats: CSV rows have the header's columns, quoted where needed")
{
    const Runs runs;
    const Json j = parseJson(runTileprof(concat({"run", "--format", "json"}, runs.all())));

    const CommandResult r = runTileprof(concat({"run", "--format", "csv"}, runs.all()));
    CHECK(r.exitCode == 1);
    const std::vector<std::vector<std::string>> rows = parseCsv(r.out);
    REQUIRE(rows.size() > 1);
    const std::vector<std::string>& header = rows[0];
    CHECK(header.size() == 21);
    CHECK(header.back() == "error");
    CHECK(header[0] == "scope");
    CHECK(header[1] == "scenario");
    CHECK(header[3] == "calls");
    std::size_t scenarioRows = 0;
    std::size_t allRows = 0;
    std::uint64_t allCalls = 0;
    bool badQuoted = false;
    for (std::size_t k = 1; k < rows.size(); ++k) {
        INFO("row " << k);
        CHECK(rows[k].size() == header.size());
        if (rows[k][0] == "scenario") {
            ++scenarioRows;
            badQuoted = badQuoted || rows[k][1] == runs.bad;
        } else {
            CHECK(rows[k][0] == "all");
            CHECK(rows[k][1].empty());
            ++allRows;
            allCalls += number(rows[k][3]);
        }
    }
    CHECK(badQuoted);
    CHECK(contains(r.out, "\"" + runs.bad + "\""));
    std::size_t pairs = 0;
    std::uint64_t calls = 0;
    for (const Json& s : j.at("scenarios")) {
        pairs += s.at("cases").size();
        calls += s.at("calls").get<std::uint64_t>();
    }
    CHECK(scenarioRows == pairs);
    CHECK(allRows == j.at("cases").size());
    CHECK(allCalls == calls);

    const CommandResult profile = runTileprof(concat({"profile", "--format", "csv"}, runs.passing));
    CHECK(profile.exitCode == 0);
    const std::vector<std::vector<std::string>> p = parseCsv(profile.out);
    REQUIRE(p.size() > 1);
    CHECK(p[0].size() == 12);
    CHECK(p[0][7] == "exclusive_cycles");
    std::uint64_t functionCycles = 0;
    std::uint64_t lineCycles = 0;
    for (std::size_t k = 1; k < p.size(); ++k) {
        INFO("row " << k);
        REQUIRE(p[k].size() == p[0].size());
        (p[k][0] == "function" ? functionCycles : lineCycles) += number(p[k][7]);
        CHECK((p[k][0] == "function" || p[k][0] == "line"));
    }
    const Json pj = profileJson(runs.passing).json;
    CHECK(functionCycles == pj.at("selection").at("cycles").get<std::uint64_t>());
    CHECK(lineCycles == functionCycles);

    // The reader is strict about quotes.
    CHECK(parseCsv("a,\"b,c\",\"d\"\"e\"\n") == std::vector<std::vector<std::string>>{{"a", "b,c", "d\"e"}});
}

TEST_CASE("report formats: CSV quotes a source file name that holds a comma")
{
    // The built ROM with its debug file saying the routine's source was /src/a,b/tile_collision.s.
    TempDir dir;
    const fs::path built = bundledRomPath("tile-collision");
    fs::copy_file(built, dir.file("tile-collision.sfc"));
    fs::copy_file(fs::path(built).replace_extension(".manifest.toml"), dir.file("tile-collision.manifest.toml"));
    std::string dbg = slurp(fs::path(built).replace_extension(".dbg"));
    const std::size_t source = dbg.find("/tile_collision.s\"");
    REQUIRE(source != std::string::npos);
    const std::size_t name = dbg.rfind("name=\"", source);
    REQUIRE(name != std::string::npos);
    const std::string file = "/src/a,b/tile_collision.s";
    dbg.replace(name + 6, source + 17 - (name + 6), file);
    dir.write("tile-collision.dbg", dbg);
    const std::string scenario =
        dir.write("s.toml", replaced(slurp(bundledScenario("fall-and-land")), "frames = 60\n", "rom = \"tile-collision.sfc\"\nframes = 60\n"))
            .string();

    const CommandResult r = runTileprof({"profile", "--format", "csv", scenario});
    CHECK(r.exitCode == 0);
    INFO(r.err);
    const std::vector<std::vector<std::string>> rows = parseCsv(r.out);
    REQUIRE(rows.size() > 10);
    std::size_t lines = 0;
    for (const std::vector<std::string>& row : rows) {
        INFO(row[0] << "," << row[1]);
        REQUIRE(row.size() == 12);
        if (row[0] == "line") {
            ++lines;
            CHECK(row[2] == file);
            CHECK(row[1] == file + ":" + row[3]);
        } else if (row[0] == "function") {
            CHECK(row[2] == file);
        }
    }
    CHECK(lines > 50);
}

TEST_CASE("report formats: markdown tables have as many cells in every row as in the header")
{
    const Runs runs;
    const CommandResult r = runTileprof(concat({"run", "--format", "markdown"}, runs.all()));
    CHECK(r.exitCode == 1);
    CHECK(r.out.starts_with("### tileprof run: FAILED\n"));
    CHECK(contains(r.out, "1 failure."));
    std::vector<std::vector<std::string>> tables;
    bool inTable = false;
    for (const std::string& line : splitLines(r.out)) {
        if (!line.starts_with("|")) {
            inTable = false;
            continue;
        }
        if (!inTable) {
            tables.emplace_back();
            inTable = true;
        }
        tables.back().push_back(line);
    }
    REQUIRE(tables.size() == 2); // the cases, the hottest functions
    for (const std::vector<std::string>& table : tables) {
        INFO(table[0]);
        REQUIRE(table.size() >= 3);
        const std::size_t columns = markdownCells(table[0]).size();
        CHECK(columns >= 6);
        for (const std::string& cell : markdownCells(table[1])) {
            std::string dashes = cell;
            dashes.erase(std::remove(dashes.begin(), dashes.end(), ':'), dashes.end());
            CHECK(dashes.size() >= 3);
            CHECK(dashes.find_first_not_of('-') == std::string::npos);
        }
        for (const std::string& row : table) {
            INFO(row);
            CHECK(markdownCells(row).size() == columns);
        }
    }
    const Json j = parseJson(runTileprof(concat({"run", "--format", "json"}, runs.all())));
    CHECK(tables[0].size() == 2 + j.at("cases").size());
    CHECK(markdownCells("| a \\| b | c |") == std::vector<std::string>{" a | b ", " c "});

    const CommandResult passing = runTileprof(concat({"run", "--format", "markdown"}, runs.passing));
    CHECK(passing.exitCode == 0);
    CHECK(passing.out.starts_with("### tileprof run: passed\n"));
}

TEST_CASE("report formats: the tables of run and profile")
{
    const Runs runs;
    const Json j = parseJson(runTileprof(concat({"run", "--format", "json"}, runs.all())));
    std::uint64_t calls = 0;
    for (const Json& s : j.at("scenarios")) {
        calls += s.at("calls").get<std::uint64_t>();
    }
    const CommandResult table = runTileprof(concat({"run"}, runs.all()));
    CHECK(table.exitCode == 1);
    CHECK(table.out.starts_with("tileprof run: 4 scenarios, " + std::to_string(calls) + " calls\n"));
    for (const Json& c : j.at("cases")) {
        CHECK(contains(table.out, "\n" + c.at("case").get<std::string>() + " "));
    }
    CHECK(contains(table.out, "1 failure\n"));
    CHECK(contains(table.out, "expected pos [80, 66], got [80, 67]"));

    const ProfileOutputs p = profileJson(runs.passing);
    const CommandResult profile = runTileprof(concat({"profile"}, runs.passing));
    CHECK(profile.exitCode == 0);
    const std::uint64_t selected = p.json.at("selection").at("calls").get<std::uint64_t>();
    CHECK(profile.out.starts_with("tileprof profile: all calls: " + std::to_string(selected) + " calls of " +
                                  std::to_string(selected) + " in 3 scenarios\n"));
    const Json& hottest = p.json.at("functions")[0];
    CHECK(contains(profile.out, std::to_string(hottest.at("exclusive_cycles").get<std::uint64_t>())));
    CHECK(contains(profile.out, hottest.at("name").get<std::string>()));
}

TEST_CASE("report formats: markdown pastes trace commands a shell runs as they are, and counts what it lists")
{
    // A one-call scenario in a directory with a space, named with backticks, its entity named with
    // both quotes.
    TempDir dir;
    std::string text = slurp(bundledScenario("fall-and-land"));
    text = replaced(text, "frames = 60\n", "frames = 1\n");
    text = replaced(text, "name = \"player\"", "name = \"it's \\\"p\\\" 1\"");
    text = text.substr(0, text.find("[[expect]]"));
    fs::create_directories(dir.file("with space"));
    const std::string scenario = dir.write("with space/one `call`.toml", text).string();

    const CommandResult r = runTileprof({"run", "--format", "markdown", scenario});
    INFO(r.out);
    CHECK(r.exitCode == 0);
    CHECK(contains(r.out, "\n1 scenario, 1 call, 0 failures.\n"));
    // The code span's fence is longer than any run of backticks inside it (CommonMark).
    std::string command;
    for (const std::string& line : splitLines(r.out)) {
        if (line.starts_with("- falling: ")) {
            const std::size_t open = line.find('`');
            const std::size_t fence = line.find_first_not_of('`', open) - open;
            CHECK(fence == 2);
            REQUIRE(line.ends_with(std::string(fence, '`')));
            command = line.substr(open + fence, line.size() - open - 2 * fence);
        }
    }
    REQUIRE(command.starts_with("tileprof trace "));
    const CommandResult traced =
        runProgram("/bin/sh", {"-c", "'" + std::string(TILEPROF_BINARY) + "'" + command.substr(8)});
    INFO(traced.err);
    CHECK(traced.exitCode == 0);
    CHECK(traced.out.starts_with("tileprof trace: " + scenario + " frame 1, entity \"it's \"p\" 1\": case falling"));

    // Two things failed: both are counted, both are listed.
    const Runs runs;
    const std::string broken = runs.dir.write("broken.toml", "name = \"broken\"\nframes = 0\n").string();
    const CommandResult failed = runTileprof(concat({"run", "--format", "markdown"}, {runs.bad, broken}));
    CHECK(failed.exitCode == 2);
    CHECK(contains(failed.out, "\n1 scenario, 60 calls, 1 scenario not run, 2 failures.\n"));
    const std::string listed = failed.out.substr(failed.out.find("**Failures**\n\n") + 14);
    const std::vector<std::string> items = splitLines(listed.substr(0, listed.find("\n\n")));
    REQUIRE(items.size() == 2);
    CHECK(items[0].starts_with("- `not run: " + broken + ":"));
    CHECK(items[1] == "- `" + runs.bad + ":" + std::to_string(lineWith(runs.badText, "[[expect]]")) +
                          ": frame 60, entity \"player\": expected pos [80, 66], got [80, 67]`");
}

TEST_CASE("report formats: a scenario that cannot be loaded is in every format, with its error")
{
    const Runs runs;
    const std::string broken =
        runs.dir.write("broken.toml", replaced(slurp(bundledScenario("fall-and-land")), "frames = 60\n", "frames = 60\nspeed = 3\n"))
            .string();
    const std::vector<std::string> scenarios{runs.passing[0], broken};
    const auto report = [&](const char* command, const char* format) {
        const CommandResult r = runTileprof(concat({command, "--format", format}, scenarios));
        INFO(command << " --format " << format << ": " << r.err);
        CHECK(r.exitCode == 2);
        return r;
    };

    const CommandResult table = report("run", "table");
    // stderr has the error as the loader gave it.
    REQUIRE(table.err.starts_with("tileprof run: " + broken + ":"));
    const std::string message = table.err.substr(14, table.err.find('\n') - 14);
    CHECK(contains(message, "speed"));
    CHECK(table.out.starts_with("tileprof run: 1 scenario, 60 calls, 1 scenario not run\n"));
    CHECK(contains(table.out, "\n1 failure\n  not run: " + message + "\n"));

    const Json j = parseJson(report("run", "json"));
    CHECK(j.at("scenarios").size() == 1);
    CHECK(j.at("scenarios_not_run") == Json::array({{{"scenario", broken}, {"error", message}}}));
    CHECK(parseJson(runTileprof(concat({"run", "--format", "json"}, runs.passing))).at("scenarios_not_run") == Json::array());

    for (const char* command : {"run", "profile"}) {
        INFO(command);
        const std::vector<std::vector<std::string>> rows = parseCsv(report(command, "csv").out);
        REQUIRE(rows.size() > 2);
        CHECK(rows[0].back() == "error");
        REQUIRE(rows[1].size() == rows[0].size());
        CHECK(rows[1][0] == "not_run");
        CHECK(rows[1][1] == broken);
        CHECK(rows[1].back() == message);
        for (std::size_t k = 2; k < rows.size(); ++k) {
            CHECK(rows[k].size() == rows[0].size());
            CHECK(rows[k].back().empty());
        }
    }

    CHECK(contains(report("run", "markdown").out, "\n- `not run: " + message + "`\n"));
    const XmlElement junit = XmlReader(report("run", "junit").out).document();
    CHECK(junit.attribute("errors") == "1");
    CHECK(contains(report("profile", "table").out, "\n  not run: " + message + "\n"));
    CHECK(contains(report("profile", "callgrind").out, "\ndesc: Scenario not run: " + message + "\n"));
    const std::vector<std::string> folded = splitLines(report("profile", "folded").out);
    REQUIRE(folded.size() > 1);
    CHECK(folded[0] == "# tileprof: not run: " + message + " (no stacks from it)");
    CHECK(contains(parseJson(report("profile", "speedscope")).at("name").get<std::string>(), "; not run: " + message));

    // With nothing run, the report still says why.
    const CommandResult alone = runTileprof({"run", "--format", "junit", broken});
    CHECK(alone.exitCode == 2);
    const XmlElement errorOnly = XmlReader(alone.out).document();
    CHECK(errorOnly.attribute("tests") == "1");
    CHECK(errorOnly.attribute("errors") == "1");
    const CommandResult profiledAlone = runTileprof({"profile", broken});
    CHECK(profiledAlone.exitCode == 2);
    CHECK(profiledAlone.out.starts_with("tileprof profile: all calls: 0 calls of 0 in 0 scenarios\n"));
    CHECK(contains(profiledAlone.out, "\n  not run: " + message + "\n"));

    // A message of several lines (a map that breaks the placement rules) is one line in the table.
    const std::string invalid = std::string(TILEPROF_TEST_DATA_DIR) + "/scenarios/invalid_map.toml";
    const CommandResult rules = runTileprof({"run", runs.passing[0], invalid});
    CHECK(rules.exitCode == 2);
    std::size_t notRun = 0;
    for (const std::string& line : splitLines(rules.out)) {
        if (line.starts_with("  not run: ")) {
            ++notRun;
            CHECK(contains(line, "the map breaks the slope placement or clearance rules"));
            CHECK(contains(line, "--allow-invalid-map): " + invalid + ":"));
            CHECK(contains(line, "row 2, column 1"));
        }
    }
    CHECK(notRun == 1);
}

// ---- Across formats --------------------------------------------------------------------------------

TEST_CASE("report formats: --out writes what stdout would get, and the same run gives the same bytes")
{
    const Runs runs;
    // Two of the scenarios (not the 1200 calls of eight-hitboxes), one failing, for speed.
    const std::vector<std::string> failing{runs.passing[0], runs.bad};
    const std::vector<std::string> passing{runs.passing[0], runs.passing[1]};
    struct Command {
        std::vector<std::string> args;
        int exitCode;
        bool twice; // also run again to stdout (the --out run is a second run too)
    };
    const std::vector<Command> commands{
        {concat({"run", "--format", "json"}, failing), 1, true},
        {concat({"run", "--format", "junit"}, failing), 1, false},
        {concat({"run", "--format", "csv"}, failing), 1, false},
        {concat({"run", "--format", "markdown"}, failing), 1, false},
        {concat({"run"}, failing), 1, true},
        {concat({"profile"}, passing), 0, true},
        {concat({"profile", "--format", "callgrind"}, passing), 0, true},
        {concat({"profile", "--format", "folded"}, passing), 0, true},
        {concat({"profile", "--format", "speedscope"}, passing), 0, false},
        {concat({"profile", "--format", "csv", "--case", "standing"}, passing), 0, false},
    };
    for (const Command& c : commands) {
        INFO(c.args[0] << " " << c.args[1] << " " << c.args[2]);
        const CommandResult first = runTileprof(c.args);
        CHECK(first.exitCode == c.exitCode);
        CHECK(first.out.size() > 100);
        if (c.twice) {
            const CommandResult second = runTileprof(c.args);
            CHECK(second.exitCode == c.exitCode);
            CHECK(second.out == first.out);
        }

        const std::string file = (runs.dir.path() / "report.out").string();
        const CommandResult written = runTileprof(concat(c.args, {"--out", file}));
        CHECK(written.exitCode == c.exitCode);
        CHECK(written.out.empty());
        CHECK(slurp(file) == first.out);
        fs::remove(file);
    }
}

TEST_CASE("report formats: run and profile give the same attribution of all calls")
{
    const Runs runs;
    for (const char* format : {"callgrind", "folded", "speedscope"}) {
        INFO(format);
        const CommandResult run = runTileprof(concat({"run", "--format", format}, runs.passing));
        const CommandResult profile = runTileprof(concat({"profile", "--format", format}, runs.passing));
        CHECK(run.exitCode == 0);
        CHECK(profile.exitCode == 0);
        CHECK_FALSE(profile.out.empty());
        // Only the command's name, where the output names it, differs.
        std::string renamed = run.out;
        for (std::size_t at = renamed.find("tileprof run"); at != std::string::npos; at = renamed.find("tileprof run", at)) {
            renamed.replace(at, 12, "tileprof profile");
        }
        CHECK(renamed == profile.out);
    }
}

TEST_CASE("report formats: an unknown case or format is bad input")
{
    const std::string scenario = bundledScenario("fall-and-land");
    const CommandResult unknown = runTileprof({"profile", "--case", "no-such-case", scenario});
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.out.empty());
    CHECK(contains(unknown.err, "no-such-case"));
    CHECK(contains(unknown.err, "falling, standing"));

    const CommandResult nobody = runTileprof({"profile", "--entity", "nobody", scenario});
    CHECK(nobody.exitCode == 2);
    CHECK(contains(nobody.err, "entity \"nobody\""));

    for (const char* command : {"run", "profile"}) {
        const CommandResult badFormat = runTileprof({command, "--format", "xml", scenario});
        CHECK(badFormat.exitCode == 2);
        CHECK(badFormat.out.empty());
        CHECK(contains(badFormat.err, "xml"));
    }
}

} // namespace
} // namespace tileprof::test
