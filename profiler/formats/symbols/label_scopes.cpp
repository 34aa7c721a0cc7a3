// DebugInfo::fromLabels: the scopes a label file implies, for files that record no spans.

#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/formats/symbols/label_file.hpp"

#include <algorithm>
#include <limits>
#include <tuple>
#include <unordered_map>

namespace tileprof {
namespace {

constexpr char kSeparator = '.';
constexpr std::uint32_t kBankBytes = 0x10000;

int depthOf(std::string_view name)
{
    return static_cast<int>(std::ranges::count(name, kSeparator));
}

struct Place {
    std::uint32_t address;
    int depth;
    std::uint32_t symbol;
    std::uint32_t end = 0;
};

// Each label's end: the next label at its depth or an outer one, at a higher address. Labels in
// address order close, on a stack of the open ones (deepest on top), those at least as deep as
// the shallowest label of the next address. Code cannot run across a bank, so a span ends with its.
void closeSpans(std::vector<Place>& places)
{
    std::ranges::sort(places, [](const Place& left, const Place& right) {
        return std::tie(left.address, left.depth, left.symbol) < std::tie(right.address, right.depth, right.symbol);
    });
    std::vector<std::size_t> open;
    for (std::size_t first = 0; first < places.size();) {
        const std::uint32_t address = places[first].address;
        const int shallowest = places[first].depth;
        while (!open.empty() && places[open.back()].depth >= shallowest) {
            places[open.back()].end = address;
            open.pop_back();
        }
        for (; first < places.size() && places[first].address == address; ++first)
            open.push_back(first);
    }
    for (Place& place : places) {
        const std::uint32_t bankEnd = (place.address / kBankBytes + 1) * kBankBytes;
        place.end = place.end == 0 ? bankEnd : std::min(place.end, bankEnd);
    }
}

} // namespace

DebugInfo DebugInfo::fromLabels(const std::filesystem::path& path, const LabelFile& file, const SymbolReading& reading)
{
    DebugInfo info;
    info.path_ = path;
    info.home_ = reading.places.home;
    info.romCrc32_ = file.romCrc32;
    const bool nests = nestsByDots(file.format);
    info.separator_ = nests ? "." : "::"; // WLA-DX's names hold no "::": a colon ends a label there
    const auto depthOfName = [nests](std::string_view name) { return nests ? depthOf(name) : 0; };

    std::vector<Place> places;
    struct Labelled {
        std::uint32_t address;
        LabelRole role;
        int depth;
        std::uint32_t symbol;
    };
    std::vector<Labelled> labelled;
    for (const FileLabel& label : file.labels) {
        const auto symbol = static_cast<std::uint32_t>(info.symbols_.size());
        const std::size_t last = nests ? label.name.rfind(kSeparator) : std::string::npos;
        const LabelRole role = labelRole(label.name, file.format, reading.conventions);
        info.symbols_.push_back({last == std::string::npos ? label.name : label.name.substr(last + 1), label.name,
                                 label.address, label.size, label.isLabel, role});
        if (!label.isLabel)
            continue;
        labelled.push_back({info.homeOf(label.address), role, depthOfName(label.name), symbol});
        if (role == LabelRole::Routine)
            places.push_back({label.address, depthOfName(label.name), symbol});
    }
    closeSpans(places);

    // A scope for every routine's label and for every part of a name before a separator.
    std::unordered_map<std::string, std::uint32_t> scopeOf;
    const auto scopeNamed = [&info, &scopeOf, nests](const std::string& qualified) {
        const auto [found, added] = scopeOf.emplace(qualified, static_cast<std::uint32_t>(info.scopes_.size()));
        if (added) {
            const std::size_t last = nests ? qualified.rfind(kSeparator) : std::string::npos;
            info.scopes_.push_back({last == std::string::npos ? qualified : qualified.substr(last + 1), qualified,
                                    nests ? depthOf(qualified) : 0});
            info.scopeSpans_.emplace_back();
        }
        return found->second;
    };
    std::vector<Candidate> scopeCandidates;
    for (const Place& place : places) {
        const std::string& name = info.symbols_[place.symbol].qualifiedName;
        const std::uint32_t own = scopeNamed(name);
        const auto shallowness = std::numeric_limits<std::uint32_t>::max() - static_cast<std::uint32_t>(place.depth);
        const auto [home, homeEnd] = info.homeOf(place.address, place.end);
        scopeCandidates.push_back({home, homeEnd, {shallowness, place.end - place.address, 0}, own});
        info.scopeSpans_[own].emplace_back(place.address, place.end);
        for (std::size_t dot = nests ? name.find(kSeparator) : std::string::npos; dot != std::string::npos;
             dot = name.find(kSeparator, dot + 1))
            info.scopeSpans_[scopeNamed(name.substr(0, dot))].emplace_back(place.address, place.end);
    }
    info.scopeRuns_ = flatten(std::move(scopeCandidates));

    // At one address a routine's label names it, the innermost if several do, as in an ld65 file;
    // a local label or a marker only when nothing else does.
    std::ranges::sort(labelled, [](const Labelled& left, const Labelled& right) {
        return std::tuple(left.address, left.role, -left.depth, left.symbol) <
               std::tuple(right.address, right.role, -right.depth, right.symbol);
    });
    for (const Labelled& label : labelled) {
        if (info.labels_.empty() || info.labels_.back().address != label.address)
            info.labels_.push_back({label.address, label.symbol});
    }
    return info;
}

} // namespace tileprof
