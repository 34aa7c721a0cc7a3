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

DebugInfo DebugInfo::fromLabels(const std::filesystem::path& path, const std::vector<FileLabel>& labels)
{
    DebugInfo info;
    info.path_ = path;
    info.separator_ = ".";

    std::vector<Place> places;
    for (const FileLabel& label : labels) {
        const auto symbol = static_cast<std::uint32_t>(info.symbols_.size());
        const std::size_t last = label.name.rfind(kSeparator);
        info.symbols_.push_back({last == std::string::npos ? label.name : label.name.substr(last + 1), label.name,
                                 label.address, label.size, label.isLabel});
        if (label.isLabel)
            places.push_back({label.address, depthOf(label.name), symbol});
    }
    closeSpans(places);

    // A scope for every label and for every part of a name before a separator.
    std::unordered_map<std::string, std::uint32_t> scopeOf;
    const auto scopeNamed = [&info, &scopeOf](const std::string& qualified) {
        const auto [found, added] = scopeOf.emplace(qualified, static_cast<std::uint32_t>(info.scopes_.size()));
        if (added) {
            const std::size_t last = qualified.rfind(kSeparator);
            info.scopes_.push_back({last == std::string::npos ? qualified : qualified.substr(last + 1), qualified,
                                    depthOf(qualified)});
            info.scopeSpans_.emplace_back();
        }
        return found->second;
    };
    std::vector<Candidate> scopeCandidates;
    for (const Place& place : places) {
        const std::string& name = info.symbols_[place.symbol].qualifiedName;
        const std::uint32_t own = scopeNamed(name);
        const auto shallowness = std::numeric_limits<std::uint32_t>::max() - static_cast<std::uint32_t>(place.depth);
        scopeCandidates.push_back({place.address, place.end, {shallowness, place.end - place.address, 0}, own});
        info.scopeSpans_[own].emplace_back(place.address, place.end);
        for (std::size_t dot = name.find(kSeparator); dot != std::string::npos; dot = name.find(kSeparator, dot + 1))
            info.scopeSpans_[scopeNamed(name.substr(0, dot))].emplace_back(place.address, place.end);
    }
    info.scopeRuns_ = flatten(std::move(scopeCandidates));

    // At one address the innermost label names it, as in an ld65 file.
    std::vector<Place> byAddress = places;
    std::ranges::sort(byAddress, [](const Place& left, const Place& right) {
        return std::tuple(left.address, -left.depth, left.symbol) < std::tuple(right.address, -right.depth, right.symbol);
    });
    for (const Place& place : byAddress) {
        if (info.labels_.empty() || info.labels_.back().address != place.address)
            info.labels_.push_back({place.address, place.symbol});
    }
    return info;
}

} // namespace tileprof
