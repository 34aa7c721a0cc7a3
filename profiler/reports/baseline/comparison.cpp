#include "profiler/reports/baseline/comparison.hpp"

#include "base/printf_string.hpp"
#include "base/rounding.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace tileprof {

namespace {

template <class T>
const T* named(const std::vector<T>& items, const std::string& name)
{
    const auto found = std::find_if(items.begin(), items.end(), [&](const T& i) { return i.name == name; });
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

std::string verdict(const CaseDelta& d)
{
    if (!d.old) {
        return "new case";
    }
    if (!d.now) {
        return "no longer runs";
    }
    std::string text = d.slower ? "SLOWER" : d.faster ? "faster" : "same";
    if (d.overBudget) {
        text += ", OVER BUDGET";
    }
    if (d.old->calls != d.now->calls) {
        text += printfString(" (calls %llu -> %llu)", static_cast<unsigned long long>(d.old->calls),
                             static_cast<unsigned long long>(d.now->calls));
    }
    return text;
}

double percentChange(double old, double now)
{
    return old == 0 ? 0.0 : 100.0 * (now - old) / old;
}

std::string summary(const Comparison& c)
{
    std::string text = c.failed() ? "FAILED:" : "passed:";
    text += printfString(" %zu case%s slower than %s (tolerance %.0f cycles)", c.slower(), c.slower() == 1 ? "" : "s",
                         c.oldSource.c_str(), c.tolerance);
    if (c.budgetCounts) {
        text += printfString(", %zu over budget", c.overBudget());
    }
    text += printfString(", %zu faster", c.faster());
    return text + "\n";
}

std::string table(const Comparison& c, const std::string& command)
{
    std::string out = printfString("tileprof %s: %s (new) against %s (old)\n\n", command.c_str(), c.newSource.c_str(),
                                   c.oldSource.c_str());
    out += printfString("%-18s   %-35s   %-29s\n", "", "mean cycles", "max cycles");
    out += printfString("%-18s   %8s %8s %8s %7s   %6s %6s %6s %7s   %s\n", "case", "old", "new", "delta", "%", "old",
                        "new", "delta", "%", "verdict");
    for (const CaseDelta& d : c.cases) {
        if (d.old && d.now) {
            const double meanDelta = d.now->meanCycles - d.old->meanCycles;
            const auto maxDelta = static_cast<double>(d.now->maxCycles) - static_cast<double>(d.old->maxCycles);
            out += printfString("%-18s   %8.2f %8.2f %+8.2f %+6.1f%%   %6llu %6llu %+6.0f %+6.1f%%   %s\n", d.name.c_str(),
                                d.old->meanCycles, d.now->meanCycles, meanDelta,
                                percentChange(d.old->meanCycles, d.now->meanCycles),
                                static_cast<unsigned long long>(d.old->maxCycles),
                                static_cast<unsigned long long>(d.now->maxCycles), maxDelta,
                                percentChange(static_cast<double>(d.old->maxCycles), static_cast<double>(d.now->maxCycles)),
                                verdict(d).c_str());
        } else {
            const BaselineCase& f = d.old ? *d.old : *d.now;
            out += printfString("%-18s   %8s %8.2f %8s %7s   %6s %6llu %6s %7s   %s\n", d.name.c_str(), "", f.meanCycles, "",
                                "", "", static_cast<unsigned long long>(f.maxCycles), "", "", verdict(d).c_str());
        }
    }
    if (!c.functions.empty()) {
        out += "\nfunctions whose cycles per call of the routine changed (exclusive, inclusive)\n";
        out += printfString("  %10s %10s %8s %10s %10s %8s  %s\n", "excl old", "excl new", "delta", "incl old",
                            "incl new", "delta", "function");
        for (const FunctionDelta& f : c.functions) {
            const BaselineFunction none;
            const BaselineFunction& o = f.old ? *f.old : none;
            const BaselineFunction& n = f.now ? *f.now : none;
            out += printfString("  %10.2f %10.2f %+8.2f %10.2f %10.2f %+8.2f  %s%s\n", o.exclusivePerCall,
                                n.exclusivePerCall, n.exclusivePerCall - o.exclusivePerCall, o.inclusivePerCall,
                                n.inclusivePerCall, n.inclusivePerCall - o.inclusivePerCall, f.name.c_str(),
                                !f.old ? " (new)" : !f.now ? " (gone)" : "");
        }
    }
    return out + "\n" + summary(c);
}

std::string markdown(const Comparison& c, const std::string& command)
{
    std::string out = printfString("### tileprof %s: %s\n\n", command.c_str(), c.failed() ? "FAILED" : "passed");
    out += "| case | mean cycles (old) | mean cycles (new) | delta | max cycles (old) | max cycles (new) | delta | "
           "verdict |\n|---|---:|---:|---:|---:|---:|---:|---|\n";
    for (const CaseDelta& d : c.cases) {
        const auto mean = [](const std::optional<BaselineCase>& f) { return f ? printfString("%.2f", f->meanCycles) : ""; };
        const auto max = [](const std::optional<BaselineCase>& f) {
            return f ? std::to_string(f->maxCycles) : std::string();
        };
        const std::string meanDelta = d.old && d.now ? printfString("%+.2f", d.now->meanCycles - d.old->meanCycles) : "";
        const std::string maxDelta =
            d.old && d.now ? printfString("%+lld", static_cast<long long>(d.now->maxCycles) -
                                                       static_cast<long long>(d.old->maxCycles))
                           : "";
        out += "| " + d.name + " | " + mean(d.old) + " | " + mean(d.now) + " | " + meanDelta + " | " + max(d.old) +
               " | " + max(d.now) + " | " + maxDelta + " | " + verdict(d) + " |\n";
    }
    return out + "\n" + summary(c);
}

std::string json(const Comparison& c, const std::string& command)
{
    using Json = nlohmann::ordered_json;
    const auto figures = [](const std::optional<BaselineCase>& f) {
        return f ? Json{{"calls", f->calls}, {"mean_cycles", f->meanCycles}, {"max_cycles", f->maxCycles},
                        {"over_budget", f->overBudget}}
                 : Json(nullptr);
    };
    Json cases = Json::array();
    for (const CaseDelta& d : c.cases) {
        cases.push_back({{"case", d.name}, {"old", figures(d.old)}, {"new", figures(d.now)}, {"slower", d.slower},
                         {"faster", d.faster}, {"over_budget", d.overBudget}});
    }
    Json functions = Json::array();
    for (const FunctionDelta& f : c.functions) {
        const auto perCall = [](const std::optional<BaselineFunction>& x) {
            return x ? Json{{"exclusive_cycles_per_call", x->exclusivePerCall},
                            {"inclusive_cycles_per_call", x->inclusivePerCall}}
                     : Json(nullptr);
        };
        functions.push_back({{"name", f.name}, {"old", perCall(f.old)}, {"new", perCall(f.now)}});
    }
    const Json root{{"tileprof", command},
                    {"schema", 2},
                    {"old", c.oldSource},
                    {"new", c.newSource},
                    {"tolerance_cycles", c.tolerance},
                    {"failed", c.failed()},
                    {"cases", std::move(cases)},
                    {"functions", std::move(functions)}};
    return root.dump(2) + "\n";
}

} // namespace

std::size_t Comparison::slower() const
{
    return static_cast<std::size_t>(std::count_if(cases.begin(), cases.end(), [](const CaseDelta& d) { return d.slower; }));
}

std::size_t Comparison::faster() const
{
    return static_cast<std::size_t>(std::count_if(cases.begin(), cases.end(), [](const CaseDelta& d) { return d.faster; }));
}

std::size_t Comparison::overBudget() const
{
    return static_cast<std::size_t>(
        std::count_if(cases.begin(), cases.end(), [](const CaseDelta& d) { return d.overBudget; }));
}

Comparison compare(const Baseline& old, const Baseline& now, double tolerance, bool budgetCounts)
{
    Comparison c{old.source, now.source, tolerance, budgetCounts, {}, {}};
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
        d.overBudget = budgetCounts && d.now && d.now->overBudget;
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

std::string formatComparison(const Comparison& c, const std::string& command, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Json:
        return json(c, command);
    case ReportFormat::Markdown:
        return markdown(c, command);
    default:
        return table(c, command);
    }
}

} // namespace tileprof
