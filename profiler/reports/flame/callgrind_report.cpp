#include "profiler/reports/flame/profile_view.hpp"

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

std::string foldedCallsText(const Profile& profile)
{
    return grouped(profile.foldedCalls) + (profile.foldedCalls == 1 ? " call was" : " calls were") + " made " + std::to_string(Profile::kMaxCallDepth) +
           " or more calls deep (recursion): each is counted in the context it was made in, not one of its own";
}

// The callgrind profile format (valgrind's "Callgrind Format Specification"): a header whose
// `event:` long names come before the `events:` line that ends it for callgrind_annotate, then a
// block per function with the self cost of each of its lines and the inclusive cost of each call
// it made, positioned at the caller's line that entered the callee.
std::string formatCallgrind(const ProfileView& view)
{
    const Profile& profile = view.profile;
    std::string out = "# callgrind format\nversion: 1\ncreator: tileprof\n";
    out += "cmd: tileprof " + view.command + " (" + view.selection + ", " + counted(profile.calls, "call") + ")\n";
    for (const std::string& line : view.notRun) {
        out += "desc: " + view.notRunKind + " " + line + "\n";
    }
    if (profile.foldedCalls != 0) {
        out += "desc: Folded: " + foldedCallsText(profile) + "\n";
    }
    // Code without line information is positioned by instruction address, as the listing is.
    const bool instr = std::any_of(profile.lines.begin(), profile.lines.end(), [](const LineProfile& line) { return line.address.has_value(); });
    out += instr ? "positions: instr line\n" : "positions: line\n";
    out += "event: Cycles : CPU cycles\nevent: MasterClocks : master clocks (DRAM refresh included)\n";
    out += "events: Cycles MasterClocks\nsummary: " + costs(profile.total) + "\n";

    std::map<std::string, const FunctionProfile*> functions;
    for (const FunctionProfile& function : profile.functions) {
        functions[function.name] = &function;
    }
    std::map<std::string, std::vector<const LineProfile*>> linesOf;
    for (const LineProfile& line : profile.lines) {
        linesOf[line.function].push_back(&line);
    }
    std::map<std::string, std::vector<const CallEdgeProfile*>> callsOf;
    for (const CallEdgeProfile& edge : profile.edges) {
        callsOf[edge.caller].push_back(&edge);
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
        for (const LineProfile* line : linesOf[name]) {
            if (line->exclusive.cycles > 0) {
                inFile(line->file);
                out += position(instr, line->address, line->line) + " " + costs(line->exclusive) + "\n";
            }
        }
        for (const CallEdgeProfile* edge : callsOf[name]) {
            const FunctionProfile& callee = *functions.at(edge->callee);
            inFile(edge->file);
            out += "cfi=" + fileName(callee.file) + "\ncfn=" + edge->callee + "\n";
            out += "calls=" + std::to_string(edge->count) + " " + position(instr, callee.address, callee.line) + "\n";
            out += position(instr, edge->address, edge->line) + " " + costs(edge->inclusive) + "\n";
        }
    }
    return out;
}

} // namespace tileprof
