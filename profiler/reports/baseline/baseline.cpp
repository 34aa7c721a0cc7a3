#include "profiler/reports/baseline/baseline.hpp"

#include "base/printf_string.hpp"

#include "base/input_error.hpp"
#include "base/rounding.hpp"
#include "profiler/formats/json/json_document.hpp"
#include "profiler/formats/json/json_excerpt.hpp"
#include "profiler/reports/markup/json.hpp"

#include <nlohmann/json.hpp>

namespace tileprof {

namespace {


constexpr int kSchemaVersion = 2;

double perCall(std::uint64_t cycles, std::uint64_t calls)
{
    return calls == 0 ? 0.0 : rounded(static_cast<double>(cycles) / static_cast<double>(calls), 2);
}

// Larger than any figure a run can produce, and small enough that sums and differences of figures
// stay exact in doubles and 64-bit integers.
constexpr std::uint64_t kMaxFigure = 1'000'000'000'000'000;

// Reads a baseline or report strictly: every value of the type and in the range meant, or an
// InputError naming the file and the value's path in it ("cases[2].calls").
class FigureReader {
public:
    explicit FigureReader(std::string file) : file_(std::move(file)) {}

    [[noreturn]] void fail(const std::string& problem) const { throw InputError(file_ + ": " + problem); }

    // `path` is the object's own path, "" for the document.
    const nlohmann::json& member(const nlohmann::json& object, const std::string& path, const char* key) const
    {
        const std::string owner = path.empty() ? "the file" : path;
        if (!object.is_object()) {
            fail(owner + " must be an object, not " + jsonExcerpt(object));
        }
        const auto found = object.find(key);
        if (found == object.end()) {
            fail(owner + " has no \"" + key + "\"");
        }
        return *found;
    }

    std::uint64_t count(const nlohmann::json& object, const std::string& path, const char* key) const
    {
        const nlohmann::json& value = member(object, path, key);
        // Parsed JSON holds every non-negative integer as unsigned: negatives and fractions fail here.
        if (!value.is_number_unsigned() || value.get<std::uint64_t>() > kMaxFigure) {
            fail(join(path, key) + " must be an integer 0.." + std::to_string(kMaxFigure) + ", not "
                 + jsonExcerpt(value));
        }
        return value.get<std::uint64_t>();
    }

    double number(const nlohmann::json& object, const std::string& path, const char* key) const
    {
        const nlohmann::json& value = member(object, path, key);
        if (!value.is_number() || value.get<double>() < 0 || value.get<double>() > static_cast<double>(kMaxFigure)) {
            fail(join(path, key) + " must be a number from 0 to 1e15, not " + jsonExcerpt(value));
        }
        return value.get<double>();
    }

    std::string text(const nlohmann::json& object, const std::string& path, const char* key) const
    {
        const nlohmann::json& value = member(object, path, key);
        if (!value.is_string()) {
            fail(join(path, key) + " must be a string, not " + jsonExcerpt(value));
        }
        return value.get<std::string>();
    }

    bool flag(const nlohmann::json& object, const std::string& path, const char* key) const
    {
        const nlohmann::json& value = member(object, path, key);
        if (!value.is_boolean()) {
            fail(join(path, key) + " must be true or false, not " + jsonExcerpt(value));
        }
        return value.get<bool>();
    }

    const nlohmann::json& array(const nlohmann::json& object, const std::string& path, const char* key) const
    {
        const nlohmann::json& value = member(object, path, key);
        if (!value.is_array()) {
            fail(join(path, key) + " must be an array, not " + jsonExcerpt(value));
        }
        return value;
    }

    static std::string join(const std::string& path, const char* key) { return path.empty() ? key : path + "." + key; }
    static std::string element(const char* key, std::size_t index) { return key + ("[" + std::to_string(index) + "]"); }

private:
    std::string file_;
};

} // namespace

Baseline baselineOf(const RunReport& report, std::string source)
{
    Baseline f;
    f.source = std::move(source);
    for (const ScenarioResult& s : report.scenarios) {
        f.scenarios.push_back(s.scenario);
    }
    f.calls = totalCalls(report);
    for (const CaseStatistics& c : report.cases) {
        const std::string longest =
            c.calls == 0 ? "" : printfString("%s frame %d, entity \"%s\"", c.worst.scenario.c_str(), c.worst.frame, c.worst.entity.c_str());
        f.cases.push_back({c.name, c.calls, rounded(c.cycles.mean, 2), static_cast<std::uint64_t>(c.cycles.max),
                           c.meanBudgetShare, c.overBudget(), longest});
    }
    if (report.attribution) {
        const Profile& p = report.attribution->selected;
        for (const FunctionProfile& fn : p.functions) {
            f.functions.push_back({fn.name, perCall(fn.exclusive.cycles, p.calls), perCall(fn.inclusive.cycles, p.calls)});
        }
    }
    return f;
}

Baseline loadBaseline(const std::filesystem::path& path)
{
    return parseBaseline(readFileContents(path, path.string(), kBaselineFileLimit), path.string());
}

Baseline parseBaseline(std::string_view text, const std::string& name)
{
    const FigureReader read(name);
    const nlohmann::json root = parseJsonDocument(text, name);
    const auto kind = root.is_object() && root.contains("tileprof") && root["tileprof"].is_string()
                          ? root["tileprof"].get<std::string>()
                          : "";
    if (kind != "baseline" && kind != "run" && kind != "profile") {
        read.fail("is not a tileprof baseline or JSON report "
                  "(no \"tileprof\": \"baseline\", \"run\" or \"profile\")");
    }
    if (const std::uint64_t schema = read.count(root, "", "schema"); schema != std::uint64_t{kSchemaVersion}) {
        read.fail("has schema " + std::to_string(schema) + "; this tileprof reads schema "
                  + std::to_string(kSchemaVersion) + " (write it again with this version)");
    }
    Baseline f;
    f.source = name;
    const nlohmann::json& scenarios = read.array(root, "", "scenarios");
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        const nlohmann::json& s = scenarios[i];
        const std::string path = FigureReader::element("scenarios", i);
        f.scenarios.push_back(s.is_string() ? s.get<std::string>() : read.text(s, path, "scenario"));
        f.calls += s.is_string() ? 0 : read.count(s, path, "calls");
    }
    if (kind == "baseline" && root.contains("rom")) {
        f.rom = read.text(root, "", "rom");
    }
    if (kind == "baseline" && root.contains("play")) {
        f.play = read.text(root, "", "play");
    }
    const nlohmann::json& cases = read.array(root, "", "cases");
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const nlohmann::json& c = cases[i];
        const std::string path = FigureReader::element("cases", i);
        BaselineCase cf;
        cf.name = read.text(c, path, "case");
        cf.calls = read.count(c, path, "calls");
        cf.meanCycles = rounded(read.number(c, path, "mean_cycles"), 2);
        cf.maxCycles = read.count(c, path, "max_cycles");
        cf.meanBudgetShare = read.number(c, path, "mean_budget_share");
        cf.overBudget = read.flag(c, path, "over_budget");
        if (c.is_object() && c.contains("longest_call")) {
            cf.longest = read.text(c, path, "longest_call");
        }
        if (const auto twice = std::ranges::find(f.cases, cf.name, &BaselineCase::name); twice != f.cases.end()) {
            read.fail(path + ": case \"" + cf.name + "\" is listed twice (also " +
                      FigureReader::element("cases", static_cast<std::size_t>(twice - f.cases.begin())) +
                      "): a check would compare one of them only");
        }
        f.cases.push_back(cf);
        if (kind == "baseline") {
            f.calls += cf.calls;
        }
    }
    if (f.cases.empty()) {
        read.fail("has no cases: a check against it would pass whatever ran (write it again from a run that made calls)");
    }
    if (root.contains("functions")) {
        const std::uint64_t calls =
            kind == "baseline" ? f.calls : read.count(read.member(root, "", "selection"), "selection", "calls");
        const nlohmann::json& functions = read.array(root, "", "functions");
        for (std::size_t i = 0; i < functions.size(); ++i) {
            const nlohmann::json& fn = functions[i];
            const std::string path = FigureReader::element("functions", i);
            const std::string function = read.text(fn, path, "name");
            if (kind == "baseline") {
                f.functions.push_back({function, rounded(read.number(fn, path, "exclusive_cycles_per_call"), 2),
                                       rounded(read.number(fn, path, "inclusive_cycles_per_call"), 2)});
            } else {
                f.functions.push_back({function, perCall(read.count(fn, path, "exclusive_cycles"), calls),
                                       perCall(read.count(fn, path, "inclusive_cycles"), calls)});
            }
        }
    }
    return f;
}

std::string baselineJson(const Baseline& baseline, const std::filesystem::path& baselineFile)
{
    // Normal paths: "../b.json" has ".." in it, which lexically_relative does not walk.
    const auto normal = [](const std::filesystem::path& path) { return std::filesystem::absolute(path).lexically_normal(); };
    const std::filesystem::path dir = normal(baselineFile).parent_path();
    Json scenarios = Json::array();
    for (const std::string& s : baseline.scenarios) {
        scenarios.push_back(normal(s).lexically_relative(dir).generic_string());
    }
    Json cases = Json::array();
    for (const BaselineCase& baselineCase : baseline.cases) {
        cases.push_back({{"case", baselineCase.name},
                         {"calls", baselineCase.calls},
                         {"mean_cycles", baselineCase.meanCycles},
                         {"max_cycles", baselineCase.maxCycles},
                         {"mean_budget_share", rounded(baselineCase.meanBudgetShare, 4)},
                         {"over_budget", baselineCase.overBudget}});
        if (!baselineCase.longest.empty()) {
            cases.back()["longest_call"] = baselineCase.longest;
        }
    }
    Json functions = Json::array();
    for (const BaselineFunction& fn : baseline.functions) {
        functions.push_back({{"name", fn.name},
                             {"exclusive_cycles_per_call", fn.exclusivePerCall},
                             {"inclusive_cycles_per_call", fn.inclusivePerCall}});
    }
    Json root{{"tileprof", "baseline"}, {"schema", kSchemaVersion}};
    if (baseline.rom) {
        root["rom"] = *baseline.rom;
    }
    if (baseline.play) {
        root["play"] = normal(*baseline.play).lexically_relative(dir).generic_string();
    }
    root["scenarios"] = std::move(scenarios);
    root["cases"] = std::move(cases);
    root["functions"] = std::move(functions);
    return root.dump(2) + "\n";
}

std::string baselinePlay(const Baseline& baseline, const std::filesystem::path& baselineFile)
{
    return (baselineFile.parent_path() / baseline.play.value_or("")).lexically_normal().string();
}

std::vector<std::string> baselineScenarios(const Baseline& baseline, const std::filesystem::path& baselineFile)
{
    const std::filesystem::path dir = baselineFile.parent_path();
    std::vector<std::string> paths;
    for (const std::string& s : baseline.scenarios) {
        paths.push_back((dir / s).lexically_normal().string());
    }
    return paths;
}

} // namespace tileprof
