#pragma once

#include "emu/cartridge/rom_image.hpp"
#include "profiler/engine/attribution/profile.hpp"
#include "profiler/engine/call/call_record.hpp"
#include "profiler/formats/symbols/debug_info.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tileprof {

// Attributes the steps of calls to functions and source lines. Calls may come from several ROMs;
// their functions and lines are merged by name, unless each ROM is given a name: then they are
// "ROM: function", and a line counts per ROM. A PC belongs to the innermost scope whose span
// holds it, so tail calls and jump tables need no special handling; JSR, JSL and interrupts open
// a frame that the matching return (the one landing on the frame's return address) closes. An RTS
// or RTL that lands on no frame's return address, and not just after a JSR or JSL, is a dispatch:
// it opens a frame for the routine it lands in, which the next such return closes (the routine
// went back to the continuation its dispatcher pushed) unless a matching return closes it first.
class ProfileBuilder {
public:
    // `call.steps` must have been recorded (RunOptions::recordSteps). `debug` and `image` are those
    // of the ROM the call ran on; the image gives the instructions of code `debug` has no line for.
    void add(const CallRecord& call, const DebugInfo& debug, const emu::RomImage& image, std::string_view romName = {});
    Profile build() const;

private:
    // An edge on the stack of the call being added: where its inclusive cost began, and whether it
    // counts it (recursion puts an edge on the stack more than once; its cost counts once).
    struct OpenEdge {
        std::uint32_t edge;
        Cost start;
        bool counts;
    };

public:
    // One call's steps given one by one as they run, for a run too long to record (a game's whole
    // play): what add() does with a recorded call. The call ends when the feed does.
    class Feed {
    public:
        Feed(ProfileBuilder& builder, const DebugInfo& debug, const emu::RomImage& image, std::string_view romName = {});
        ~Feed();
        Feed(const Feed&) = delete;
        Feed& operator=(const Feed&) = delete;

        void step(const StepCost& step);

    private:
        // A routine that jumps into another's entry leaves it to return for both: a tail call puts
        // the other on the stack as called from the jump, returning where its caller returns.
        struct Frame {
            std::uint32_t returnAddress;
            std::uint32_t context;
            bool tail = false;
            bool dispatched = false; // reached by a return (RTS or RTL dispatch): its return address is the dispatcher's choice
        };
        static constexpr std::uint32_t kHostReturn = ~std::uint32_t{0}; // the host's: no step lands there
        // More return addresses than a 64 KiB stack holds: the oldest have been overwritten on the
        // machine, and no return can reach them.
        static constexpr std::size_t kMostFrames = 32768;
        void push(const Frame& frame);

        ProfileBuilder& builder_;
        std::uint32_t debug_;
        std::uint64_t serial_;
        std::vector<Frame> frames_;
        std::vector<OpenEdge> open_; // parallel to the current site's edges
        std::uint32_t context_ = 0;
        bool returning_ = false;
        bool returnDispatches_ = false; // the return is an RTS or RTL, which a dispatch may use
        std::uint32_t returnSite_ = 0;
        bool jumped_ = false;
        std::uint32_t jumpAddress_ = 0;
        std::optional<std::uint32_t> previous_;
    };

private:
    // A dynamic calling context: the root, or a call at `callSite` made in context `parent`.
    struct Context {
        std::uint32_t parent;
        std::uint32_t callSite;
        std::uint32_t depth;
    };
    // An address executed in one calling context of one ROM.
    struct Site {
        std::vector<std::uint32_t> functions; // stack, outermost first; ids into functions_
        // edges[k] entered functions[k + 1]; its line is the call's, or the nested scope's first
        // line. The profile's edges carry the line that entered them instead (enteredEdge).
        std::vector<std::uint32_t> edges;
        std::vector<std::uint32_t> lines;     // call-site lines, then its own; ids into lineKeys_
        Cost cost;
        std::uint64_t executions = 0;
        std::uint64_t lastCall = 0;
    };
    struct FunctionInfo {
        std::string name;
        std::uint32_t entryLine; // the line of its first byte, where nesting enters it
        std::string_view separator; // between the scopes of its name: its symbol file's
        std::optional<std::uint32_t> entryAddress; // that byte, when its code has no line information
    };
    struct LineKey {
        std::string rom; // its ROM's name when ROMs are named
        std::string file;
        int line;
        std::uint32_t function;
        std::optional<std::uint32_t> address; // an instruction without line information
        std::string instruction;
    };
    struct EdgeKey {
        std::uint32_t caller;
        std::uint32_t callee;
        std::uint32_t line;
    };
    // `flags`: P as the instruction at `address` began, the first time this site ran.
    std::uint32_t siteFor(std::uint32_t debugIndex, std::uint32_t context, std::uint32_t address, std::uint8_t flags);
    std::uint32_t makeSite(std::uint32_t debugIndex, std::uint32_t context, std::uint32_t address, std::uint8_t flags);
    std::uint32_t contextFor(std::uint32_t debugIndex, std::uint32_t parent, std::uint32_t callSite);
    std::vector<std::uint32_t> lexicalFunctions(std::uint32_t debugIndex, std::uint32_t address);
    // Whether a jump at `from` (of `site`) to `address` is a tail call: it lands on the first byte
    // of another routine's scope, which is not on the site's stack.
    bool tailCallTarget(std::uint32_t debugIndex, const Site& site, std::uint32_t from, std::uint32_t address);
    std::uint32_t functionId(const std::string& name, std::uint32_t debugIndex, bool isScope);
    std::uint32_t lineId(const std::optional<SourceLine>& line, std::uint32_t function, std::uint32_t debugIndex);
    std::uint32_t instructionLineId(std::uint32_t debugIndex, std::uint32_t address, std::uint8_t flags,
                                    std::uint32_t function);
    std::uint32_t edgeId(std::uint32_t caller, std::uint32_t callee, std::uint32_t line);
    std::uint32_t enteredEdge(const Site& before, std::uint32_t edge);
    void closeEdges(std::vector<OpenEdge>& open, std::size_t keep);
    std::uint32_t debugIndex(const DebugInfo& debug, const emu::RomImage& image, std::string_view romName);

    std::vector<const DebugInfo*> debugs_;
    std::vector<const emu::RomImage*> images_; // parallel to debugs_
    std::vector<std::string> romNames_;        // parallel to debugs_: "" merges by name
    std::vector<Context> contexts_{{0, 0, 0}}; // [0] is the root
    std::unordered_map<std::uint64_t, std::uint32_t> contextIds_;
    std::vector<Site> sites_;
    std::unordered_map<std::uint64_t, std::uint32_t> siteIds_;
    // Direct-mapped in front of siteIds_: a routine runs the same few hundred sites over and over.
    struct CachedSite {
        std::uint64_t key = ~std::uint64_t{0};
        std::uint32_t id = 0;
    };
    std::vector<CachedSite> siteCache_ = std::vector<CachedSite>(4096);
    std::vector<FunctionInfo> functions_;
    std::unordered_map<std::string, std::uint32_t> functionIds_;
    std::vector<LineKey> lineKeys_;
    std::unordered_map<std::string, std::uint32_t> lineIds_;
    std::vector<EdgeKey> edgeKeys_;
    std::unordered_map<std::uint64_t, std::uint32_t> edgeIds_;
    // Per jump (debug file, from, to): the function a tail call through it enters, or ~0 for none.
    std::unordered_map<std::uint64_t, std::uint32_t> jumpTargets_;
    std::vector<std::uint64_t> functionCalls_;    // per function: calls it ran in
    std::vector<std::uint64_t> functionLastCall_; // the call that last counted it
    std::vector<std::uint64_t> edgeEntries_;
    std::vector<Cost> edgeInclusive_;
    std::vector<std::uint32_t> edgeOpen_; // its occurrences on the stack of the call being added
    std::uint64_t calls_ = 0;
    std::uint64_t foldedCalls_ = 0;
    Cost total_;
};

} // namespace tileprof
