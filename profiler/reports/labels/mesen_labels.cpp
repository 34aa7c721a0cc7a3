#include "profiler/reports/labels/mesen_labels.hpp"

#include "base/printf_string.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>

namespace tileprof {

namespace {

struct Place {
    std::string_view memory;
    std::uint32_t offset;

    bool operator<(const Place& other) const { return std::tie(memory, offset) < std::tie(other.memory, other.offset); }
};

// Where Mesen puts a CPU address; nothing for what it has no memory type for here.
std::optional<Place> placeOf(std::uint32_t address, const emu::RomImage& image)
{
    const std::uint32_t bank = address >> 16;
    const std::uint32_t low = address & 0xFFFF;
    if (bank == 0x7E || bank == 0x7F) {
        return Place{"SnesWorkRam", address - 0x7E0000};
    }
    const bool systemBank = bank < 0x40 || (bank >= 0x80 && bank < 0xC0);
    if (systemBank && low < 0x2000) {
        return Place{"SnesWorkRam", low};
    }
    if (systemBank && ((low >= 0x2100 && low < 0x2200) || (low >= 0x4000 && low < 0x4400))) {
        return Place{"SnesRegister", low};
    }
    if (const std::optional<std::size_t> offset = image.offsetOf(address)) {
        return Place{"SnesPrgRom", static_cast<std::uint32_t>(*offset)};
    }
    return std::nullopt;
}

std::string mesenName(const std::string& qualified)
{
    std::string name;
    for (std::size_t i = 0; i < qualified.size(); ++i) {
        if (qualified.compare(i, 2, "::") == 0) {
            name += '_';
            ++i;
        } else {
            const char c = qualified[i];
            const bool allowed = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '@';
            name += allowed ? c : '_';
        }
    }
    return name;
}

// ca65 names the labels a macro's .LOCAL declares "LOCAL-MACRO_SYMBOL-XXXX": one per expansion,
// meaningless to a person.
bool isMacroLocal(const DebugSymbol& symbol)
{
    return symbol.name.starts_with("LOCAL-MACRO_SYMBOL-");
}

struct Label {
    const DebugSymbol* symbol;
    bool wanted; // the entry point or a case label: it wins its address
    std::string comment;
};

// Whether `symbol` should hold `place` rather than `held`: a wanted label first, then the innermost,
// then the first by name.
bool wins(const DebugSymbol& symbol, bool wanted, const Label& held)
{
    const auto depth = [](const DebugSymbol& candidate) { return std::count(candidate.qualifiedName.begin(), candidate.qualifiedName.end(), ':'); };
    return std::make_tuple(!wanted, -depth(symbol), symbol.qualifiedName) <
           std::make_tuple(!held.wanted, -depth(*held.symbol), held.symbol->qualifiedName);
}

} // namespace

std::string mesenLabels(const ProfiledRom& rom)
{
    std::map<const DebugSymbol*, std::string> wanted; // with their comments
    if (const DebugSymbol* entry = rom.debug.findSymbol(rom.manifest.entry.name)) {
        wanted[entry];
    }
    for (std::size_t i = 0; i < rom.manifest.cases.size(); ++i) {
        if (const DebugSymbol* label = rom.debug.labelAt(rom.addresses.caseLabels[i])) {
            wanted[label] = "tileprof case \"" + rom.manifest.cases[i].name + "\"";
        }
    }
    std::set<std::string> scopes;
    for (const DebugScope& scope : rom.debug.scopes()) {
        scopes.insert(scope.qualifiedName);
    }

    std::map<Place, Label> labels;
    for (const DebugSymbol& s : rom.debug.symbols()) {
        const std::optional<Place> place = s.isLabel && !isMacroLocal(s) ? placeOf(s.value, rom.image) : std::nullopt;
        if (!place) {
            continue;
        }
        const auto want = wanted.find(&s);
        const auto held = labels.find(*place);
        if (held == labels.end() || wins(s, want != wanted.end(), held->second)) {
            labels[*place] = {&s, want != wanted.end(), want != wanted.end() ? want->second : ""};
        }
    }

    // Mesen's import deletes a label that shares a name or a byte with a later one. Names are made
    // unique; a scope is its first byte (as Mesen's own ca65 import has it), and other sized labels
    // span their bytes only when no label lies inside them.
    std::string out;
    std::set<std::string> names;
    for (auto at = labels.begin(); at != labels.end(); ++at) {
        const auto& [place, label] = *at;
        const DebugSymbol& s = *label.symbol;
        std::string name = mesenName(s.qualifiedName);
        for (int n = 2; !names.insert(name).second; ++n) {
            name = mesenName(s.qualifiedName) + "_" + std::to_string(n);
        }
        std::uint32_t size = s.size && !scopes.contains(s.qualifiedName) ? *s.size : 1;
        const auto next = std::next(at);
        if (next != labels.end() && next->first.memory == place.memory && next->first.offset < place.offset + size) {
            size = 1;
        }
        std::string range = printfString("%X", place.offset);
        if (size > 1) {
            range += printfString("-%X", place.offset + size - 1);
        }
        out += std::string(place.memory) + ":" + range + ":" + name;
        out += label.comment.empty() ? "\n" : ":" + label.comment + "\n";
    }
    return out;
}

} // namespace tileprof
