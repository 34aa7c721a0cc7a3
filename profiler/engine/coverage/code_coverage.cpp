#include "profiler/engine/coverage/code_coverage.hpp"

#include "emu/cpu/control_flow.hpp"
#include "emu/cartridge/cpu_address.hpp"
#include "emu/cpu/disassembler.hpp"
#include "emu/cpu/registers.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <tuple>

namespace tileprof {

namespace {

constexpr std::uint8_t kRep = 0xC2;
constexpr std::uint8_t kSep = 0xE2;

// The ROM byte at the address; nothing outside the ROM.
std::optional<std::uint8_t> romByte(const emu::RomImage& image, std::uint32_t address)
{
    const std::optional<std::size_t> offset = image.offsetOf(address);
    return offset ? std::optional(image.bytes[*offset]) : std::nullopt;
}

// The address after an instruction of `length` bytes: the program counter wraps within its bank.
std::uint32_t following(std::uint32_t address, unsigned length)
{
    return (address & 0xFF0000) | ((address + length) & 0xFFFF);
}

// The outermost scope holding the address, "" outside every scope.
std::string outermostScope(const DebugInfo& debug, std::uint32_t address)
{
    const DebugScope* scope = debug.scopeAt(address);
    if (scope == nullptr) {
        return "";
    }
    const std::string& name = scope->qualifiedName;
    return name.substr(0, name.find(debug.scopeSeparator()));
}

// Where control can go from the instruction at `address` (run with `flags`), and the flags it
// leaves for the instruction after it.
struct Successors {
    std::vector<std::uint32_t> addresses;
    std::uint8_t flags;
};

Successors successorsOf(const emu::RomImage& image, std::uint32_t address, std::uint8_t flags)
{
    const emu::Disassembly d = emu::disassembleRom(image, address, flags);
    const std::uint8_t opcode = romByte(image, address).value_or(0);
    const std::uint32_t next = following(address, d.length);
    Successors s{{}, flags};
    switch (emu::controlFlowOf(opcode)) {
    case emu::ControlFlow::Return:
    case emu::ControlFlow::ReturnFromInterrupt:
    case emu::ControlFlow::Interrupt:
    case emu::ControlFlow::Stop:
    case emu::ControlFlow::JumpIndirect:
        return s;
    case emu::ControlFlow::Jump:
        s.addresses.push_back(*d.target);
        return s;
    case emu::ControlFlow::Call:
    case emu::ControlFlow::Branch:
        s.addresses = {*d.target, next};
        return s;
    case emu::ControlFlow::CallIndirect:
    case emu::ControlFlow::BlockMove:
    case emu::ControlFlow::Next:
        break;
    }
    // REP and SEP change the widths the instructions after them are decoded with.
    if (opcode == kRep) {
        s.flags = static_cast<std::uint8_t>(flags & ~romByte(image, following(address, 1)).value_or(0));
    } else if (opcode == kSep) {
        s.flags = static_cast<std::uint8_t>(flags | romByte(image, following(address, 1)).value_or(0));
    }
    s.addresses.push_back(next);
    return s;
}

// Adds what the instructions that ran lead to, within the outermost scopes that ran.
void addReachable(RomCoverage& coverage)
{
    const DebugInfo& debug = *coverage.debug;
    const emu::RomImage& image = *coverage.image;
    std::set<std::string> scopes;
    std::vector<std::pair<std::uint32_t, std::uint8_t>> work;
    for (const auto& [address, instruction] : coverage.instructions) {
        scopes.insert(outermostScope(debug, address));
        work.emplace_back(address, instruction.flags);
    }
    while (!work.empty()) {
        const auto [address, flags] = work.back();
        work.pop_back();
        const Successors s = successorsOf(image, address, flags);
        for (const std::uint32_t to : s.addresses) {
            const std::optional<std::uint8_t> opcode = romByte(image, to);
            if (!opcode || coverage.instructions.contains(to) || !scopes.contains(outermostScope(debug, to))) {
                continue;
            }
            InstructionCoverage& reached = coverage.instructions[to];
            reached.flags = s.flags;
            if (emu::isConditionalBranch(*opcode)) {
                reached.branch = BranchCount{};
            }
            work.emplace_back(to, s.flags);
        }
    }
}

} // namespace

CoverageBuilder::Tally& CoverageBuilder::tallyOf(const emu::RomImage& image, const DebugInfo& debug)
{
    const auto found = std::find_if(roms_.begin(), roms_.end(), [&](const Tally& tally) { return tally.image == &image; });
    if (found != roms_.end()) {
        return *found;
    }
    Tally& tally = roms_.emplace_back(Tally{std::filesystem::path(image.name).stem().string(), &image, &debug, {}});
    tally.instructions.reserve(1024); // a routine's instructions, mostly: no rehashing as a call adds them
    return tally;
}

std::size_t CoverageBuilder::add(const CoverageBuilder& other)
{
    std::size_t firsts = 0;
    for (const Tally& theirs : other.roms_) {
        auto& instructions = tallyOf(*theirs.image, *theirs.debug).instructions;
        for (const auto& [address, counted] : theirs.instructions) {
            const auto [it, added] = instructions.try_emplace(address, InstructionCoverage{counted.flags, 0, {}});
            InstructionCoverage& mine = it->second;
            firsts += added;
            mine.executions += counted.executions;
            if (counted.branch) {
                if (!mine.branch) {
                    mine.branch = BranchCount{};
                }
                firsts += (mine.branch->taken == 0 && counted.branch->taken > 0) +
                          (mine.branch->notTaken == 0 && counted.branch->notTaken > 0);
                mine.branch->taken += counted.branch->taken;
                mine.branch->notTaken += counted.branch->notTaken;
            }
        }
    }
    return firsts;
}

void CoverageBuilder::beginCall(const emu::RomImage& image, const DebugInfo& debug)
{
    current_ = &tallyOf(image, debug);
    pendingBranch_ = nullptr;
    firsts_ = 0;
}

void CoverageBuilder::countStep(std::uint32_t address, std::uint8_t opcode, std::uint8_t flags)
{
    if (pendingBranch_ != nullptr) {
        std::uint64_t& way = address == fallThrough_ ? pendingBranch_->branch->notTaken : pendingBranch_->branch->taken;
        firsts_ += way++ == 0;
        pendingBranch_ = nullptr;
    }
    const auto [it, added] = current_->instructions.try_emplace(address);
    InstructionCoverage& instruction = it->second;
    if (added) {
        instruction.flags = flags;
        ++firsts_;
    }
    ++instruction.executions;
    if (emu::isConditionalBranch(opcode)) {
        if (!instruction.branch) {
            instruction.branch = BranchCount{};
        }
        pendingBranch_ = &instruction;
        fallThrough_ = following(address, 2);
    }
}

std::size_t CoverageBuilder::add(const CallRecord& call, const ProfiledRom& rom)
{
    beginCall(rom.image, rom.debug);
    for (const StepCost& step : call.steps) {
        if (step.kind == emu::StepKind::Instruction) {
            countStep(step.address, step.opcode, step.flags);
        }
    }
    return firsts_;
}

std::vector<RomCoverage> CoverageBuilder::build() const
{
    std::vector<RomCoverage> roms;
    for (const Tally& tally : roms_) {
        RomCoverage& coverage = roms.emplace_back();
        coverage.rom = tally.rom;
        coverage.image = tally.image;
        coverage.debug = tally.debug;
        coverage.instructions.insert(tally.instructions.begin(), tally.instructions.end());
        addReachable(coverage);
    }
    return roms;
}

SourceCoverage sourceCoverage(const RomCoverage& coverage, const std::filesystem::path& listingPath)
{
    const DebugInfo& debug = *coverage.debug;
    SourceCoverage result{coverage.rom, {}, {}};
    std::map<std::string, FileCoverage> files;
    int listingLine = 0;
    std::map<std::uint32_t, int> listingLines; // the listing's line of each instruction in it
    for (const auto& [address, instruction] : coverage.instructions) {
        const std::optional<SourceLine> source = debug.lineAt(address);
        int line = 0;
        std::string file;
        if (source) {
            file = source->file;
            line = source->line;
        } else {
            file = listingPath.string();
            if (const DebugSymbol* label = debug.labelAt(address)) {
                result.listing += label->qualifiedName + ":\n";
                ++listingLine;
            }
            line = ++listingLine;
            listingLines[address] = line;
            result.listing += "    " + cpuAddressText(address) + "  " +
                              emu::disassembleRom(*coverage.image, address, instruction.flags).text() + "\n";
        }
        LineCoverage& tally = files[file].lines[line];
        tally.executions = std::max(tally.executions, instruction.executions);
        if (instruction.branch) {
            tally.branches.push_back(*instruction.branch);
        }
    }
    for (const DebugScope& scope : debug.scopes()) {
        if (scope.qualifiedName.empty()) {
            continue;
        }
        const auto ranges = debug.scopeRanges(scope.qualifiedName);
        if (ranges.empty()) {
            continue;
        }
        const std::uint32_t entry = ranges.front().first;
        const auto found = coverage.instructions.find(entry);
        if (found == coverage.instructions.end()) {
            continue;
        }
        const std::optional<SourceLine> source = debug.lineAt(entry);
        std::vector<FunctionCoverage>& functions = files[source ? source->file : listingPath.string()].functions;
        const bool seen = std::any_of(functions.begin(), functions.end(),
                                      [&](const FunctionCoverage& function) { return function.name == scope.qualifiedName; });
        if (!seen) {
            functions.push_back({source ? source->line : listingLines.at(entry), scope.qualifiedName,
                                 found->second.executions});
        }
    }
    for (auto& [path, file] : files) {
        file.file = path;
        std::sort(file.functions.begin(), file.functions.end(), [](const FunctionCoverage& left, const FunctionCoverage& right) {
            return std::tie(left.line, left.name) < std::tie(right.line, right.name);
        });
        result.files.push_back(std::move(file));
    }
    return result;
}

} // namespace tileprof
