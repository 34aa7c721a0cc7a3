#include "profiler/reports/run/run_report.hpp"

#include "base/counted.hpp"
#include "base/printf_string.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace tileprof {

namespace {

std::string fileName(const std::string& file)
{
    return file.empty() ? "(unknown)" : file;
}

// A position: the line, or with `instr` positions the instruction's address before it (0 for a
// source line, whose instructions the line stands for).
std::string position(bool instr, std::optional<std::uint32_t> address, int line)
{
    if (!instr) {
        return std::to_string(line);
    }
    return (address ? printfString("0x%06X", *address) : std::string("0")) + " " + std::to_string(line);
}

std::string costs(const Cost& cost)
{
    return printfString("%llu %llu", static_cast<unsigned long long>(cost.cycles),
                        static_cast<unsigned long long>(cost.masterClocks));
}

} // namespace

// The callgrind profile format (valgrind's "Callgrind Format Specification"): a header whose
// `event:` long names come before the `events:` line that ends it for callgrind_annotate, then a
// block per function with the self cost of each of its lines and the inclusive cost of each call
// it made, positioned at the caller's line that entered the callee.
std::string formatCallgrind(const RunReport& r)
{
    const Attribution& a = *r.attribution;
    const Profile& p = a.selected;
    std::string out = "# callgrind format\nversion: 1\ncreator: tileprof\n";
    out += "cmd: tileprof " + r.command + " (" + a.selection.describe() + ", " + counted(p.calls, "call") + ")\n";
    for (const InputProblem& problem : r.inputProblems) {
        out += "desc: Scenario " + notRunText(problem) + "\n";
    }
    // Code without line information is positioned by instruction address, as the listing is.
    const bool instr = std::any_of(p.lines.begin(), p.lines.end(), [](const LineProfile& l) { return l.address.has_value(); });
    out += instr ? "positions: instr line\n" : "positions: line\n";
    out += "event: Cycles : CPU cycles\nevent: MasterClocks : master clocks (DRAM refresh included)\n";
    out += "events: Cycles MasterClocks\nsummary: " + costs(p.total) + "\n";

    std::map<std::string, const FunctionProfile*> functions;
    for (const FunctionProfile& f : p.functions) {
        functions[f.name] = &f;
    }
    std::map<std::string, std::vector<const LineProfile*>> linesOf;
    for (const LineProfile& l : p.lines) {
        linesOf[l.function].push_back(&l);
    }
    std::map<std::string, std::vector<const CallEdgeProfile*>> callsOf;
    for (const CallEdgeProfile& e : p.edges) {
        callsOf[e.caller].push_back(&e);
    }
    for (const auto& [name, function] : functions) {
        const std::string file = fileName(function->file);
        out += "\nfl=" + file + "\nfn=" + name + "\n";
        std::string current = file;
        const auto inFile = [&](const std::string& lineFile) {
            if (fileName(lineFile) != current) {
                current = fileName(lineFile);
                out += "fi=" + current + "\n";
            }
        };
        for (const LineProfile* l : linesOf[name]) {
            if (l->exclusive.cycles > 0) {
                inFile(l->file);
                out += position(instr, l->address, l->line) + " " + costs(l->exclusive) + "\n";
            }
        }
        for (const CallEdgeProfile* e : callsOf[name]) {
            const FunctionProfile& callee = *functions.at(e->callee);
            inFile(e->file);
            out += "cfi=" + fileName(callee.file) + "\ncfn=" + e->callee + "\n";
            out += "calls=" + std::to_string(e->count) + " " + position(instr, callee.address, callee.line) + "\n";
            out += position(instr, e->address, e->line) + " " + costs(e->inclusive) + "\n";
        }
    }
    return out;
}

} // namespace tileprof
