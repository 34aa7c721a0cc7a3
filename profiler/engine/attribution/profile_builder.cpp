#include "profiler/engine/attribution/profile_builder.hpp"

#include "emu/cpu/control_flow.hpp"
#include "emu/cpu/disassembler.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace tileprof {

namespace {


constexpr const char* kNoScope = "(no scope)";
constexpr const char* kGlobalScope = "(global)";

// Where a call instruction's return lands: the next instruction, in the same bank.
std::uint32_t after(std::uint32_t address, std::uint32_t length)
{
    return (address & 0xFF0000) | ((address + length) & 0xFFFF);
}

// Whether values[i] does not occur before i: recursion puts a function, line or edge on a stack
// more than once, and its inclusive cost counts once.
bool firstOccurrence(const std::vector<std::uint32_t>& values, std::size_t i)
{
    const auto end = values.begin() + static_cast<std::ptrdiff_t>(i);
    return std::find(values.begin(), end, values[i]) == end;
}

} // namespace

std::uint32_t ProfileBuilder::debugIndex(const DebugInfo& debug, const emu::RomImage& image, std::string_view romName)
{
    const auto found = std::find(debugs_.begin(), debugs_.end(), &debug);
    if (found != debugs_.end()) {
        return static_cast<std::uint32_t>(found - debugs_.begin());
    }
    debugs_.push_back(&debug);
    images_.push_back(&image);
    romNames_.emplace_back(romName);
    return static_cast<std::uint32_t>(debugs_.size() - 1);
}

std::uint32_t ProfileBuilder::functionId(const std::string& name, std::uint32_t debugIndex, bool isScope)
{
    const std::string& rom = romNames_[debugIndex];
    const std::string shown = rom.empty() ? name : rom + ": " + name;
    if (const auto found = functionIds_.find(shown); found != functionIds_.end()) {
        return found->second;
    }
    const DebugInfo& debug = *debugs_[debugIndex];
    const auto id = static_cast<std::uint32_t>(functions_.size());
    functionIds_.emplace(shown, id);
    functions_.push_back({shown, 0, debug.scopeSeparator(), std::nullopt});
    functionCalls_.push_back(0);
    functionLastCall_.push_back(0);
    const std::optional<std::uint32_t> start =
        isScope ? std::optional(debug.scopeRanges(name).front().first) : std::nullopt;
    const std::optional<SourceLine> entry = start ? debug.lineAt(*start) : std::nullopt;
    functions_[id].entryLine = lineId(entry, id, debugIndex);
    functions_[id].entryAddress = entry ? std::nullopt : start;
    return id;
}

std::uint32_t ProfileBuilder::lineId(const std::optional<SourceLine>& line, std::uint32_t function,
                                     std::uint32_t debugIndex)
{
    const std::string file = line ? line->file : "";
    const int number = line ? line->line : 0;
    const std::string key = romNames_[debugIndex] + '\n' + file + '\n' + std::to_string(number);
    if (const auto found = lineIds_.find(key); found != lineIds_.end()) {
        return found->second;
    }
    const auto id = static_cast<std::uint32_t>(lineKeys_.size());
    lineIds_.emplace(key, id);
    lineKeys_.push_back({romNames_[debugIndex], file, number, function, std::nullopt, {}});
    return id;
}

// Keyed by ROM as well: the same address holds other code in another ROM.
std::uint32_t ProfileBuilder::instructionLineId(std::uint32_t debugIndex, std::uint32_t address, std::uint8_t flags,
                                                std::uint32_t function)
{
    const std::string key = '\n' + std::to_string(debugIndex) + '\n' + std::to_string(address);
    if (const auto found = lineIds_.find(key); found != lineIds_.end()) {
        return found->second;
    }
    const auto id = static_cast<std::uint32_t>(lineKeys_.size());
    lineIds_.emplace(key, id);
    lineKeys_.push_back({romNames_[debugIndex], "", 0, function, address,
                         emu::disassembleRom(*images_[debugIndex], address, flags).text()});
    return id;
}

std::uint32_t ProfileBuilder::edgeId(std::uint32_t caller, std::uint32_t callee, std::uint32_t line)
{
    const std::uint64_t key = (std::uint64_t{caller} << 42) | (std::uint64_t{callee} << 21) | line;
    if (const auto found = edgeIds_.find(key); found != edgeIds_.end()) {
        return found->second;
    }
    const auto id = static_cast<std::uint32_t>(edgeKeys_.size());
    edgeIds_.emplace(key, id);
    edgeKeys_.push_back({caller, callee, line});
    edgeEntries_.push_back(0);
    edgeInclusive_.emplace_back();
    edgeOpen_.push_back(0);
    return id;
}

// A branch, jump or fall-through that enters a nested scope runs in the scope's caller (or in a
// scope nested in it): the edge is entered at that instruction's line. Otherwise (a call, an
// interrupt, a return that dispatches elsewhere) the edge keeps the line it was made with, which
// for calls and interrupts is the line of the step before anyway.
std::uint32_t ProfileBuilder::enteredEdge(const Site& before, std::uint32_t edge)
{
    const EdgeKey key = edgeKeys_[edge];
    const std::string& caller = functions_[key.caller].name;
    const FunctionInfo& ran = functions_[before.functions.back()];
    const bool inCaller = ran.name == caller
        || (ran.name.starts_with(caller) && ran.name.compare(caller.size(), ran.separator.size(), ran.separator) == 0);
    return inCaller ? edgeId(key.caller, key.callee, before.lines.back()) : edge;
}

void ProfileBuilder::closeEdges(std::vector<OpenEdge>& open, std::size_t keep)
{
    for (; open.size() > keep; open.pop_back()) {
        const OpenEdge& e = open.back();
        if (e.counts) {
            edgeInclusive_[e.edge] += total_ - e.start;
        }
        --edgeOpen_[e.edge];
    }
}

std::vector<std::uint32_t> ProfileBuilder::lexicalFunctions(std::uint32_t debugIndex, std::uint32_t address)
{
    const DebugInfo& debug = *debugs_[debugIndex];
    const DebugScope* scope = debug.scopeAt(address);
    if (scope == nullptr) {
        return {functionId(kNoScope, debugIndex, false)};
    }
    if (scope->qualifiedName.empty()) {
        return {functionId(kGlobalScope, debugIndex, false)};
    }
    std::vector<std::uint32_t> chain;
    const std::string& name = scope->qualifiedName;
    const std::string_view separator = debug.scopeSeparator();
    for (std::size_t end = name.find(separator); ; end = name.find(separator, end + separator.size())) {
        chain.push_back(functionId(name.substr(0, end), debugIndex, true));
        if (end == std::string::npos) {
            return chain;
        }
    }
}

bool ProfileBuilder::tailCallTarget(std::uint32_t debugIndex, const Site& site, std::uint32_t from, std::uint32_t address)
{
    // What the debug file says of a jump is the same every time it runs: worked out once.
    constexpr std::uint32_t kNoCall = ~std::uint32_t{0};
    const std::uint64_t key = (std::uint64_t{debugIndex} << 48) | (std::uint64_t{from} << 24) | address;
    auto [known, added] = jumpTargets_.try_emplace(key, kNoCall);
    if (added) {
        const DebugInfo& debug = *debugs_[debugIndex];
        const DebugScope* scope = debug.scopeAt(address);
        if (scope != nullptr && !scope->qualifiedName.empty() && debug.scopeRanges(scope->qualifiedName).front().first == address) {
            // A jump between the nested scopes of one routine is its own control flow, not a call.
            const std::vector<std::uint32_t> target = lexicalFunctions(debugIndex, address);
            if (target.front() != lexicalFunctions(debugIndex, from).front()) {
                known->second = target.back();
            }
        }
    }
    return known->second != kNoCall &&
           std::find(site.functions.begin(), site.functions.end(), known->second) == site.functions.end();
}

std::uint32_t ProfileBuilder::contextFor(std::uint32_t debug, std::uint32_t parent, std::uint32_t callSite)
{
    const std::uint64_t key = (std::uint64_t{debug} << 56) | (std::uint64_t{parent} << 24) | callSite;
    if (const auto found = contextIds_.find(key); found != contextIds_.end()) {
        return found->second;
    }
    if (contexts_[parent].depth >= Profile::kMaxCallDepth) {
        ++foldedCalls_;
        return parent;
    }
    const auto id = static_cast<std::uint32_t>(contexts_.size());
    contextIds_.emplace(key, id);
    contexts_.push_back({parent, callSite, contexts_[parent].depth + 1});
    return id;
}

std::uint32_t ProfileBuilder::siteFor(std::uint32_t debug, std::uint32_t context, std::uint32_t address,
                                      std::uint8_t flags)
{
    const std::uint64_t key = (std::uint64_t{debug} << 56) | (std::uint64_t{context} << 24) | address;
    CachedSite& cached = siteCache_[(address ^ (context * 0x9E37u) ^ (debug << 7)) & (siteCache_.size() - 1)];
    if (cached.key == key) {
        return cached.id;
    }
    std::uint32_t id = 0;
    if (const auto found = siteIds_.find(key); found != siteIds_.end()) {
        id = found->second;
    } else {
        id = makeSite(debug, context, address, flags);
        siteIds_.emplace(key, id);
    }
    cached = {key, id};
    return id;
}

std::uint32_t ProfileBuilder::makeSite(std::uint32_t debugIndex, std::uint32_t context, std::uint32_t address,
                                       std::uint8_t flags)
{
    const DebugInfo& debug = *debugs_[debugIndex];
    const std::vector<std::uint32_t> own = lexicalFunctions(debugIndex, address);
    Site site;
    std::size_t shared = 0; // the outer scopes of `own` that the caller's stack already ends with
    std::uint32_t entryLine = 0;
    if (context != 0) {
        const Context c = contexts_[context];
        const Site& caller = sites_[siteFor(debugIndex, c.parent, c.callSite, flags)];
        site.functions = caller.functions;
        site.edges = caller.edges;
        site.lines = caller.lines;
        entryLine = caller.lines.back();
        const std::vector<std::uint32_t> callerScopes = lexicalFunctions(debugIndex, c.callSite);
        while (shared < own.size() && shared < callerScopes.size() && own[shared] == callerScopes[shared]) {
            ++shared;
        }
    }
    for (std::size_t k = shared; k < own.size(); ++k) {
        if (!site.functions.empty()) {
            const std::uint32_t line = k == shared && context != 0 ? entryLine : functions_[own[k]].entryLine;
            site.edges.push_back(edgeId(site.functions.back(), own[k], line));
        }
        site.functions.push_back(own[k]);
    }
    const std::optional<SourceLine> source = debug.lineAt(address);
    site.lines.push_back(source ? lineId(source, own.back(), debugIndex)
                                : instructionLineId(debugIndex, address, flags, own.back()));
    sites_.push_back(std::move(site));
    return static_cast<std::uint32_t>(sites_.size() - 1);
}

void ProfileBuilder::add(const CallRecord& call, const DebugInfo& debug, const emu::RomImage& image, std::string_view romName)
{
    Feed feed(*this, debug, image, romName);
    for (const StepCost& step : call.steps) {
        feed.step(step);
    }
}

ProfileBuilder::Feed::Feed(ProfileBuilder& builder, const DebugInfo& debug, const emu::RomImage& image, std::string_view romName)
    : builder_(builder), debug_(builder.debugIndex(debug, image, romName)), serial_(++builder.calls_)
{
}

ProfileBuilder::Feed::~Feed()
{
    builder_.closeEdges(open_, 0);
}

void ProfileBuilder::Feed::push(const Frame& frame)
{
    if (frames_.size() == kMostFrames) {
        frames_.erase(frames_.begin(), frames_.begin() + kMostFrames / 8); // an eighth at once: each erase from the front moves the rest
    }
    frames_.push_back(frame);
}

void ProfileBuilder::Feed::step(const StepCost& step)
{
    ProfileBuilder& b = builder_;
    const std::uint32_t d = debug_;
    if (returning_) {
        const auto matched = std::find_if(frames_.rbegin(), frames_.rend(),
                                          [&step](const Frame& frame) { return frame.returnAddress == step.address; });
        if (matched != frames_.rend()) {
            auto i = static_cast<std::size_t>(frames_.rend() - matched) - 1;
            while (i > 0 && frames_[i].tail) {
                --i; // the tail call's caller returned with it
            }
            frames_.resize(i);
        } else if (!frames_.empty() && frames_.back().dispatched) {
            // A routine reached by a return went back to what its dispatcher pushed, with the
            // routines it tail-called.
            while (frames_.back().tail) {
                frames_.pop_back();
            }
            frames_.pop_back();
        } else if (returnDispatches_ && !emu::followsCall(step.address, [image = b.images_[d]](std::uint32_t at) {
                       const std::optional<std::size_t> offset = image->offsetOf(at);
                       return offset ? image->bytes[*offset] : std::uint8_t{0};
                   })) {
            // Dispatch by return: the routine at the address pushed minus one is called from the
            // return, and returns where its dispatcher chose.
            push({kHostReturn, b.contextFor(d, context_, returnSite_), false, true});
        }
        context_ = frames_.empty() ? 0 : frames_.back().context;
        returning_ = false;
    }
    if (jumped_ && b.tailCallTarget(d, b.sites_[*previous_], jumpAddress_, step.address)) {
        const std::uint32_t returnAddress = frames_.empty() ? kHostReturn : frames_.back().returnAddress;
        const bool dispatched = !frames_.empty() && frames_.back().dispatched;
        push({returnAddress, b.contextFor(d, context_, jumpAddress_), true, dispatched});
        context_ = frames_.back().context;
    }
    jumped_ = false;
    const std::uint32_t id = b.siteFor(d, context_, step.address, step.flags);
    Site& site = b.sites_[id];
    // Every edge from where this stack parts from the previous step's was just left or taken.
    std::size_t same = 0;
    if (previous_) {
        const Site& before = b.sites_[*previous_];
        while (same < before.edges.size() && same < site.edges.size() && before.edges[same] == site.edges[same]) {
            ++same;
        }
    }
    b.closeEdges(open_, same);
    for (std::size_t k = same; k < site.edges.size(); ++k) {
        const std::uint32_t e = k == same && previous_ ? b.enteredEdge(b.sites_[*previous_], site.edges[k]) : site.edges[k];
        ++b.edgeEntries_[e];
        open_.push_back({e, b.total_, b.edgeOpen_[e]++ == 0});
    }
    previous_ = id;

    const Cost cost{step.cycles, step.masterClocks};
    site.cost += cost;
    b.total_ += cost;
    site.executions += step.kind == emu::StepKind::Instruction ? 1 : 0;
    if (site.lastCall != serial_) {
        site.lastCall = serial_;
        for (const std::uint32_t f : site.functions) {
            if (b.functionLastCall_[f] != serial_) {
                b.functionLastCall_[f] = serial_;
                ++b.functionCalls_[f];
            }
        }
    }

    if (emu::isInterrupt(step.kind)) {
        push({step.address, b.contextFor(d, context_, step.address)});
        context_ = frames_.back().context;
    } else if (step.kind == emu::StepKind::Instruction) {
        const emu::ControlFlow flow = emu::controlFlowOf(step.opcode);
        if (emu::isCall(flow)) {
            push({after(step.address, emu::callLength(step.opcode)), b.contextFor(d, context_, step.address)});
            context_ = frames_.back().context;
        } else if (emu::isReturn(flow)) {
            returning_ = true;
            returnDispatches_ = flow == emu::ControlFlow::Return;
            returnSite_ = step.address;
        } else {
            jumped_ = flow == emu::ControlFlow::Jump || flow == emu::ControlFlow::JumpIndirect;
            jumpAddress_ = step.address;
        }
    }
}

Profile ProfileBuilder::build() const
{
    std::vector<Cost> functionExclusive(functions_.size());
    std::vector<Cost> functionInclusive(functions_.size());
    std::vector<Cost> lineExclusive(lineKeys_.size());
    std::vector<Cost> lineInclusive(lineKeys_.size());
    std::vector<std::uint64_t> lineExecutions(lineKeys_.size());
    std::map<std::vector<std::string>, Cost> stacks;
    for (const Site& site : sites_) {
        functionExclusive[site.functions.back()] += site.cost;
        lineExclusive[site.lines.back()] += site.cost;
        lineExecutions[site.lines.back()] += site.executions;
        const auto addInclusive = [&](const std::vector<std::uint32_t>& stack, std::vector<Cost>& inclusive) {
            for (std::size_t i = 0; i < stack.size(); ++i) {
                if (firstOccurrence(stack, i)) {
                    inclusive[stack[i]] += site.cost;
                }
            }
        };
        addInclusive(site.functions, functionInclusive);
        addInclusive(site.lines, lineInclusive);
        std::vector<std::string> names;
        for (const std::uint32_t f : site.functions) {
            names.push_back(functions_[f].name);
        }
        stacks[names] += site.cost;
    }

    Profile p;
    p.calls = calls_;
    p.foldedCalls = foldedCalls_;
    p.total = total_;
    for (std::size_t f = 0; f < functions_.size(); ++f) {
        const LineKey& entry = lineKeys_[functions_[f].entryLine];
        p.functions.push_back({functions_[f].name, entry.file, entry.line, functions_[f].entryAddress, functionExclusive[f],
                               functionInclusive[f], functionCalls_[f]});
    }
    std::sort(p.functions.begin(), p.functions.end(), [](const FunctionProfile& left, const FunctionProfile& right) {
        return left.exclusive.cycles != right.exclusive.cycles ? left.exclusive.cycles > right.exclusive.cycles : left.name < right.name;
    });
    for (std::size_t l = 0; l < lineKeys_.size(); ++l) {
        if (lineExecutions[l] > 0 || lineInclusive[l].cycles > 0) {
            const LineKey& k = lineKeys_[l];
            p.lines.push_back({k.rom, k.file, k.line, k.address, k.instruction, functions_[k.function].name,
                               lineExclusive[l], lineInclusive[l], lineExecutions[l]});
        }
    }
    std::stable_sort(p.lines.begin(), p.lines.end(), [](const LineProfile& left, const LineProfile& right) {
        return std::tie(left.rom, left.file, left.line, left.address) < std::tie(right.rom, right.file, right.line, right.address);
    });
    for (auto& [names, cost] : stacks) {
        p.stacks.push_back({names, cost});
    }
    for (std::size_t e = 0; e < edgeKeys_.size(); ++e) {
        if (edgeEntries_[e] == 0) {
            continue; // a site's edge, only ever entered from other lines
        }
        const LineKey& at = lineKeys_[edgeKeys_[e].line];
        p.edges.push_back({functions_[edgeKeys_[e].caller].name, functions_[edgeKeys_[e].callee].name, at.file,
                           at.line, at.address, edgeEntries_[e], edgeInclusive_[e]});
    }
    std::sort(p.edges.begin(), p.edges.end(), [](const CallEdgeProfile& left, const CallEdgeProfile& right) {
        return std::tie(left.caller, left.callee, left.file, left.line, left.address) <
               std::tie(right.caller, right.callee, right.file, right.line, right.address);
    });
    return p;
}

} // namespace tileprof
