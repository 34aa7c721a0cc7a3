#include "profiler/reports/baseline/comparison.hpp"

#include "base/printf_string.hpp"
#include "base/rounding.hpp"
#include "profiler/reports/markup/json.hpp"
#include "profiler/reports/markup/junit_suite.hpp"
#include "profiler/reports/markup/name_column.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace tileprof {

namespace {

template <class T>
const T* named(const std::vector<T>& items, const std::string& name)
{
    const auto found = std::find_if(items.begin(), items.end(), [&](const T& item) { return item.name == name; });
    return found == items.end() ? nullptr : &*found;
}

template <class T>
std::optional<T> optionalOf(const T* item)
{
    return item == nullptr ? std::nullopt : std::optional<T>(*item);
}

// The old items' names in order, then those only the new items have.
template <class T>
std::vector<std::string> allNames(const std::vector<T>& old, const std::vector<T>& now)
{
    std::vector<std::string> names;
    for (const T& item : old) {
        names.push_back(item.name);
    }
    for (const T& item : now) {
        if (named(old, item.name) == nullptr) {
            names.push_back(item.name);
        }
    }
    return names;
}

std::string verdict(const CaseDelta& delta)
{
    if (!delta.old) {
        return "new case";
    }
    if (!delta.now) {
        return "no longer runs";
    }
    std::string text = delta.slower ? "SLOWER" : delta.faster ? "faster" : "same";
    if (delta.overBudget) {
        text += ", OVER BUDGET";
    }
    if ((delta.slower || delta.overBudget) && !delta.now->longest.empty()) {
        text += " (its longest call: " + delta.now->longest + ")";
    }
    if (delta.old->calls != delta.now->calls) {
        text += printfString(" (calls %llu -> %llu)", static_cast<unsigned long long>(delta.old->calls),
                             static_cast<unsigned long long>(delta.now->calls));
    }
    return text;
}

double percentChange(double old, double now)
{
    return old == 0 ? 0.0 : 100.0 * (now - old) / old;
}

std::string summary(const Comparison& comparison)
{
    std::string text = comparison.failed() ? "FAILED:" : "passed:";
    text += printfString(" %zu case%s slower than %s (tolerance %.10g cycles)", comparison.slower(), comparison.slower() == 1 ? "" : "s",
                         comparison.oldSource.c_str(), comparison.tolerance);
    if (comparison.checking) {
        text += printfString(", %zu over budget", comparison.overBudget());
        if (comparison.gone() > 0) {
            text += printfString(", %zu no longer run%s (write the baseline again)", comparison.gone(), comparison.gone() == 1 ? "s" : "");
        }
    }
    text += printfString(", %zu faster", comparison.faster());
    text += "\n";
    for (const std::string& line : comparison.broken) {
        text += "  broken: " + line + "\n";
    }
    return text;
}

std::string table(const Comparison& comparison, const std::string& command)
{
    std::string out = printfString("tileprof %s: %s (new) against %s (old)\n\n", command.c_str(), comparison.newSource.c_str(),
                                   comparison.oldSource.c_str());
    // A tour's and a manifest-named ROM's cases are "ROM: case".
    const int w = nameColumnWidth(comparison.cases);
    out += printfString("%-*s   %-35s   %-29s\n", w, "", "mean cycles", "max cycles");
    out += printfString("%-*s   %8s %8s %8s %7s   %6s %6s %6s %7s   %s\n", w, "case", "old", "new", "delta", "%", "old",
                        "new", "delta", "%", "verdict");
    for (const CaseDelta& delta : comparison.cases) {
        if (delta.old && delta.now) {
            const double meanDelta = delta.now->meanCycles - delta.old->meanCycles;
            const auto maxDelta = static_cast<double>(delta.now->maxCycles) - static_cast<double>(delta.old->maxCycles);
            out += printfString("%-*s   %8.2f %8.2f %+8.2f %+6.1f%%   %6llu %6llu %+6.0f %+6.1f%%   %s\n", w, delta.name.c_str(),
                                delta.old->meanCycles, delta.now->meanCycles, meanDelta,
                                percentChange(delta.old->meanCycles, delta.now->meanCycles),
                                static_cast<unsigned long long>(delta.old->maxCycles),
                                static_cast<unsigned long long>(delta.now->maxCycles), maxDelta,
                                percentChange(static_cast<double>(delta.old->maxCycles), static_cast<double>(delta.now->maxCycles)),
                                verdict(delta).c_str());
        } else {
            const BaselineCase& baselineCase = delta.old ? *delta.old : *delta.now;
            out += printfString("%-*s   %8s %8.2f %8s %7s   %6s %6llu %6s %7s   %s\n", w, delta.name.c_str(), "", baselineCase.meanCycles, "",
                                "", "", static_cast<unsigned long long>(baselineCase.maxCycles), "", "", verdict(delta).c_str());
        }
    }
    if (!comparison.functions.empty()) {
        out += "\nfunctions whose cycles per call of the routine changed (exclusive, inclusive)\n";
        out += printfString("  %10s %10s %8s %10s %10s %8s  %s\n", "excl old", "excl new", "delta", "incl old",
                            "incl new", "delta", "function");
        for (const FunctionDelta& function : comparison.functions) {
            const BaselineFunction none;
            const BaselineFunction& old = function.old ? *function.old : none;
            const BaselineFunction& now = function.now ? *function.now : none;
            out += printfString("  %10.2f %10.2f %+8.2f %10.2f %10.2f %+8.2f  %s%s\n", old.exclusivePerCall,
                                now.exclusivePerCall, now.exclusivePerCall - old.exclusivePerCall, old.inclusivePerCall,
                                now.inclusivePerCall, now.inclusivePerCall - old.inclusivePerCall, function.name.c_str(),
                                !function.old ? " (new)" : !function.now ? " (gone)" : "");
        }
    }
    return out + "\n" + summary(comparison);
}

std::string markdownCaseRows(const std::vector<const CaseDelta*>& cases)
{
    std::string out = "| case | mean cycles (old) | mean cycles (new) | delta | max cycles (old) | max cycles (new) | delta | "
                      "verdict |\n|---|---:|---:|---:|---:|---:|---:|---|\n";
    for (const CaseDelta* delta : cases) {
        const auto mean = [](const std::optional<BaselineCase>& baselineCase) { return baselineCase ? printfString("%.2f", baselineCase->meanCycles) : ""; };
        const auto max = [](const std::optional<BaselineCase>& baselineCase) {
            return baselineCase ? std::to_string(baselineCase->maxCycles) : std::string();
        };
        const std::string meanDelta = delta->old && delta->now ? printfString("%+.2f", delta->now->meanCycles - delta->old->meanCycles) : "";
        const std::string maxDelta =
            delta->old && delta->now ? printfString("%+lld", static_cast<long long>(delta->now->maxCycles) -
                                                         static_cast<long long>(delta->old->maxCycles))
                                     : "";
        out += "| " + delta->name + " | " + mean(delta->old) + " | " + mean(delta->now) + " | " + meanDelta + " | " + max(delta->old) +
               " | " + max(delta->now) + " | " + maxDelta + " | " + verdict(*delta) + " |\n";
    }
    return out;
}

// For a pull request's page: the verdict first, then what failed (the cases that got slower, went
// over budget or no longer run, with their longest call, and the budgets a play broke); every case
// and the functions that changed are folded away, so a check that passed is two lines tall.
std::string markdown(const Comparison& comparison, const std::string& command)
{
    std::string out = printfString("### tileprof %s: %s\n\n", command.c_str(), comparison.failed() ? "FAILED" : "passed");
    const std::string verdictLines = summary(comparison);
    out += verdictLines.substr(0, verdictLines.find('\n') + 1);
    std::vector<const CaseDelta*> failing;
    std::vector<const CaseDelta*> every;
    for (const CaseDelta& delta : comparison.cases) {
        every.push_back(&delta);
        if (comparison.fails(delta)) {
            failing.push_back(&delta);
        }
    }
    if (!failing.empty()) {
        out += "\n" + markdownCaseRows(failing);
    }
    if (!comparison.broken.empty()) {
        out += "\nbroken:\n\n";
        for (const std::string& line : comparison.broken) {
            out += "- " + line + "\n";
        }
    }
    if (!comparison.functions.empty()) {
        out += printfString("\n<details><summary>%zu function%s whose cycles per call of the routine changed</summary>\n\n",
                            comparison.functions.size(), comparison.functions.size() == 1 ? "" : "s");
        out += "| function | exclusive (old) | exclusive (new) | delta | inclusive (old) | inclusive (new) | delta |\n"
               "|---|---:|---:|---:|---:|---:|---:|\n";
        for (const FunctionDelta& function : comparison.functions) {
            const BaselineFunction none;
            const BaselineFunction& old = function.old ? *function.old : none;
            const BaselineFunction& now = function.now ? *function.now : none;
            out += printfString("| %s%s | %.2f | %.2f | %+.2f | %.2f | %.2f | %+.2f |\n", function.name.c_str(),
                                !function.old ? " (new)" : !function.now ? " (gone)" : "", old.exclusivePerCall,
                                now.exclusivePerCall, now.exclusivePerCall - old.exclusivePerCall, old.inclusivePerCall,
                                now.inclusivePerCall, now.inclusivePerCall - old.inclusivePerCall);
        }
        out += "\n</details>\n";
    }
    out += printfString("\n<details><summary>every case (%zu)</summary>\n\n", every.size());
    return out + markdownCaseRows(every) + "\n</details>\n";
}

std::string json(const Comparison& comparison, const std::string& command)
{
    const auto figures = [](const std::optional<BaselineCase>& baselineCase) {
        return baselineCase ? Json{{"calls", baselineCase->calls}, {"mean_cycles", baselineCase->meanCycles}, {"max_cycles", baselineCase->maxCycles},
                        {"over_budget", baselineCase->overBudget}}
                 : Json(nullptr);
    };
    Json cases = Json::array();
    for (const CaseDelta& delta : comparison.cases) {
        cases.push_back({{"case", delta.name}, {"old", figures(delta.old)}, {"new", figures(delta.now)}, {"slower", delta.slower},
                         {"faster", delta.faster}, {"over_budget", delta.overBudget}});
    }
    Json functions = Json::array();
    for (const FunctionDelta& function : comparison.functions) {
        const auto perCall = [](const std::optional<BaselineFunction>& baselineFunction) {
            return baselineFunction ? Json{{"exclusive_cycles_per_call", baselineFunction->exclusivePerCall},
                            {"inclusive_cycles_per_call", baselineFunction->inclusivePerCall}}
                     : Json(nullptr);
        };
        functions.push_back({{"name", function.name}, {"old", perCall(function.old)}, {"new", perCall(function.now)}});
    }
    const Json root{{"tileprof", command},
                    {"schema", 2},
                    {"old", comparison.oldSource},
                    {"new", comparison.newSource},
                    {"tolerance_cycles", comparison.tolerance},
                    {"failed", comparison.failed()},
                    {"cases", std::move(cases)},
                    {"functions", std::move(functions)},
                    {"broken", comparison.broken}};
    return root.dump(2) + "\n";
}

// For CI systems: a test case per case, failing when it got slower, went over budget or no longer
// runs, and one per budget or invariant a play broke.
std::string junit(const Comparison& comparison, const std::string& command)
{
    JunitSuite suite(comparison.oldSource);
    for (const CaseDelta& delta : comparison.cases) {
        const auto figures = [](const std::optional<BaselineCase>& side) {
            return side ? printfString("mean %.2f, max %llu cycles", side->meanCycles, static_cast<unsigned long long>(side->maxCycles))
                        : std::string("none");
        };
        suite.add(comparison.oldSource, delta.name, "old " + figures(delta.old) + "; new " + figures(delta.now) + ": " + verdict(delta),
                  comparison.fails(delta));
    }
    for (const std::string& line : comparison.broken) {
        suite.add(comparison.oldSource, line.substr(0, line.find(':')), line, true);
    }
    return suite.document("tileprof " + command);
}

} // namespace

std::size_t Comparison::slower() const
{
    return static_cast<std::size_t>(std::count_if(cases.begin(), cases.end(), [](const CaseDelta& delta) { return delta.slower; }));
}

std::size_t Comparison::faster() const
{
    return static_cast<std::size_t>(std::count_if(cases.begin(), cases.end(), [](const CaseDelta& delta) { return delta.faster; }));
}

std::size_t Comparison::overBudget() const
{
    return static_cast<std::size_t>(
        std::count_if(cases.begin(), cases.end(), [](const CaseDelta& delta) { return delta.overBudget; }));
}

std::size_t Comparison::gone() const
{
    return static_cast<std::size_t>(
        std::count_if(cases.begin(), cases.end(), [](const CaseDelta& delta) { return delta.old && !delta.now; }));
}

Comparison compare(const Baseline& old, const Baseline& now, double tolerance, bool checking)
{
    Comparison c{old.source, now.source, tolerance, checking, {}, {}, {}};
    for (const std::string& name : allNames(old.cases, now.cases)) {
        CaseDelta d{name, optionalOf(named(old.cases, name)), optionalOf(named(now.cases, name))};
        if (d.old && d.now) {
            // Means are figures to the hundredth; so is their difference (512.07 - 510.07 is 2, though
            // the difference of the doubles is not), or a growth of exactly the tolerance would fail.
            const double meanGrowth = rounded(d.now->meanCycles - d.old->meanCycles, 2);
            const double maxGrowth = static_cast<double>(d.now->maxCycles) - static_cast<double>(d.old->maxCycles);
            d.slower = meanGrowth > tolerance || maxGrowth > tolerance;
            d.faster = !d.slower && (meanGrowth < 0 || maxGrowth < 0);
        }
        d.overBudget = checking && d.now && d.now->overBudget;
        c.cases.push_back(std::move(d));
    }
    for (const std::string& name : allNames(old.functions, now.functions)) {
        const BaselineFunction* o = named(old.functions, name);
        const BaselineFunction* n = named(now.functions, name);
        if (o == nullptr || n == nullptr || o->exclusivePerCall != n->exclusivePerCall ||
            o->inclusivePerCall != n->inclusivePerCall) {
            c.functions.push_back({name, optionalOf(o), optionalOf(n)});
        }
    }
    return c;
}

std::string formatComparison(const Comparison& comparison, const std::string& command, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Json:
        return json(comparison, command);
    case ReportFormat::Markdown:
        return markdown(comparison, command);
    case ReportFormat::Junit:
        return junit(comparison, command);
    default:
        return table(comparison, command);
    }
}

} // namespace tileprof
