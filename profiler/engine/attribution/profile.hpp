#pragma once

#include "profiler/engine/attribution/cost.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

// A function is a ca65 scope, named by its qualified name; code outside every scope is "(no scope)"
// and code in a module's global scope "(global)". A function's stack is the chain of scopes that
// hold it, behind the stack of the code that called it with JSR/JSL (or was interrupted).

struct FunctionProfile {
    std::string name;
    std::string file; // where the scope's code begins; "" when unknown
    int line = 0;
    std::optional<std::uint32_t> address; // its first instruction, for code without line information
    Cost exclusive;   // its own instructions
    Cost inclusive;   // and those of the scopes nested in it and the code it called
    std::uint64_t calls = 0; // calls of the routine in which it ran
};

struct LineProfile {
    std::string rom;  // its ROM's name in a profile of several ROMs; "" otherwise
    std::string file; // as ld65 recorded it; "" for code without line information
    int line = 0;
    // Code without line information is attributed instruction by instruction: its address, and
    // its disassembly with the M and X widths of its first execution.
    std::optional<std::uint32_t> address;
    std::string instruction;
    std::string function; // the function of its first instruction
    Cost exclusive;       // its own instructions
    Cost inclusive;       // and, for a line that calls (JSR/JSL), everything the call ran
    std::uint64_t executions = 0; // instructions executed on it
};

// One distinct stack of functions, outermost first, and what was spent with it on top.
struct StackProfile {
    std::vector<std::string> functions;
    Cost cost;
};

// Entries of `callee` from `caller` at the caller's line that entered it: the line of the call
// instruction, or of the branch, jump or fall-through that reached the nested scope. (A scope
// entered together with the scope around it has no such line; its own first line stands in.)
struct CallEdgeProfile {
    std::string caller;
    std::string callee;
    std::string file;
    int line = 0;
    std::optional<std::uint32_t> address; // the caller's instruction, for code without line information
    std::uint64_t count = 0;
    Cost inclusive;
};

// Where the cycles of a selection of calls went. Functions are sorted by exclusive cycles, most
// first, then by name; lines by file and line; stacks and edges by name.
struct Profile {
    // Calling contexts deeper than this are not told apart: a call made at this depth or deeper
    // (recursion) is folded into the context it was made in, so that memory is bounded.
    static constexpr std::uint32_t kMaxCallDepth = 64;

    std::uint64_t calls = 0;
    std::uint64_t foldedCalls = 0; // calls made at kMaxCallDepth levels or deeper, folded
    Cost total;
    std::vector<FunctionProfile> functions;
    std::vector<LineProfile> lines;
    std::vector<StackProfile> stacks;
    std::vector<CallEdgeProfile> edges;
};

} // namespace tileprof
