#include "profiler/regression/figures.hpp"

#include "emu/input_error.hpp"
#include "profiler/text/rounding.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace tileprof {

namespace {

using Json = nlohmann::ordered_json;

constexpr int kSchemaVersion = 2;

double perCall(std::uint64_t cycles, std::uint64_t calls)
{
    return calls == 0 ? 0.0 : rounded(static_cast<double>(cycles) / static_cast<double>(calls), 2);
}

[[noreturn]] void bad(const std::filesystem::path& path, const std::string& problem)
{
    throw emu::InputError(path.string() + ": " + problem);
}

template <class T>
T field(const Json& object, const char* name, const std::filesystem::path& path, const std::string& where)
{
    if (!object.is_object() || !object.contains(name)) {
        bad(path, where + " has no \"" + name + "\"");
    }
    try {
        return object.at(name).get<T>();
    } catch (const nlohmann::json::exception&) {
        bad(path, where + ": \"" + name + "\" has the wrong type");
    }
}

} // namespace

Figures figuresOf(const RunReport& report, std::string source)
{
    Figures f;
    f.source = std::move(source);
    for (const ScenarioResult& s : report.scenarios) {
        f.scenarios.push_back(s.scenario);
    }
    f.calls = totalCalls(report);
    for (const CaseStatistics& c : report.cases) {
        f.cases.push_back({c.name, c.calls, rounded(c.cycles.mean, 2), static_cast<std::uint64_t>(c.cycles.max),
                           c.meanBudgetShare, c.overBudget()});
    }
    if (report.attribution) {
        const Profile& p = report.attribution->selected;
        for (const FunctionProfile& fn : p.functions) {
            f.functions.push_back({fn.name, perCall(fn.exclusive.cycles, p.calls), perCall(fn.inclusive.cycles, p.calls)});
        }
    }
    return f;
}

Figures loadFigures(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        bad(path, "cannot be read");
    }
    std::stringstream text;
    text << in.rdbuf();
    Json root;
    try {
        root = Json::parse(text.str());
    } catch (const nlohmann::json::parse_error& e) {
        bad(path, std::string("is not JSON: ") + e.what());
    }
    const std::string kind = root.is_object() && root.contains("tileprof") && root["tileprof"].is_string()
                                 ? root["tileprof"].get<std::string>()
                                 : "";
    if (kind != "baseline" && kind != "run" && kind != "profile") {
        bad(path, "is not a tileprof baseline or JSON report (no \"tileprof\": \"baseline\", \"run\" or \"profile\")");
    }
    if (field<int>(root, "schema", path, "the file") != kSchemaVersion) {
        bad(path, "has schema " + root["schema"].dump() + "; this tileprof reads schema " +
                      std::to_string(kSchemaVersion) + " (write it again with this version)");
    }
    Figures f;
    f.source = path.string();
    for (const Json& s : field<Json>(root, "scenarios", path, "the file")) {
        f.scenarios.push_back(s.is_string() ? s.get<std::string>() : field<std::string>(s, "scenario", path, "a scenario"));
        f.calls += s.is_string() ? 0 : field<std::uint64_t>(s, "calls", path, "a scenario");
    }
    for (const Json& c : field<Json>(root, "cases", path, "the file")) {
        CaseFigures cf;
        cf.name = field<std::string>(c, "case", path, "a case");
        const std::string where = "case \"" + cf.name + "\"";
        cf.calls = field<std::uint64_t>(c, "calls", path, where);
        cf.meanCycles = rounded(field<double>(c, "mean_cycles", path, where), 2);
        cf.maxCycles = field<std::uint64_t>(c, "max_cycles", path, where);
        cf.meanBudgetShare = field<double>(c, "mean_budget_share", path, where);
        cf.overBudget = field<bool>(c, "over_budget", path, where);
        f.cases.push_back(cf);
        if (kind == "baseline") {
            f.calls += cf.calls;
        }
    }
    if (root.contains("functions")) {
        const auto calls = static_cast<std::uint64_t>(
            kind == "baseline" ? f.calls : field<std::uint64_t>(field<Json>(root, "selection", path, "the file"), "calls", path, "the selection"));
        for (const Json& fn : root["functions"]) {
            const std::string name = field<std::string>(fn, "name", path, "a function");
            if (kind == "baseline") {
                f.functions.push_back({name, rounded(field<double>(fn, "exclusive_cycles_per_call", path, "a function"), 2),
                                       rounded(field<double>(fn, "inclusive_cycles_per_call", path, "a function"), 2)});
            } else {
                f.functions.push_back({name, perCall(field<std::uint64_t>(fn, "exclusive_cycles", path, "a function"), calls),
                                       perCall(field<std::uint64_t>(fn, "inclusive_cycles", path, "a function"), calls)});
            }
        }
    }
    return f;
}

std::string baselineJson(const Figures& f, const std::filesystem::path& baselineFile)
{
    const std::filesystem::path dir = std::filesystem::absolute(baselineFile).parent_path();
    Json scenarios = Json::array();
    for (const std::string& s : f.scenarios) {
        scenarios.push_back(std::filesystem::absolute(s).lexically_relative(dir).generic_string());
    }
    Json cases = Json::array();
    for (const CaseFigures& c : f.cases) {
        cases.push_back({{"case", c.name},
                         {"calls", c.calls},
                         {"mean_cycles", c.meanCycles},
                         {"max_cycles", c.maxCycles},
                         {"mean_budget_share", rounded(c.meanBudgetShare, 4)},
                         {"over_budget", c.overBudget}});
    }
    Json functions = Json::array();
    for (const FunctionFigures& fn : f.functions) {
        functions.push_back({{"name", fn.name},
                             {"exclusive_cycles_per_call", fn.exclusivePerCall},
                             {"inclusive_cycles_per_call", fn.inclusivePerCall}});
    }
    const Json root{{"tileprof", "baseline"},
                    {"schema", kSchemaVersion},
                    {"scenarios", std::move(scenarios)},
                    {"cases", std::move(cases)},
                    {"functions", std::move(functions)}};
    return root.dump(2) + "\n";
}

std::vector<std::string> baselineScenarios(const Figures& baseline, const std::filesystem::path& baselineFile)
{
    const std::filesystem::path dir = baselineFile.parent_path();
    std::vector<std::string> paths;
    for (const std::string& s : baseline.scenarios) {
        paths.push_back((dir / s).lexically_normal().string());
    }
    return paths;
}

} // namespace tileprof
