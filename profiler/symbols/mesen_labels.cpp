#include "profiler/symbols/mesen_labels.hpp"

#include "profiler/text/printf_string.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace tileprof {

namespace {

struct Place {
    const char* memory;
    std::uint32_t offset;

    bool operator<(const Place& o) const { return std::tie(memory, offset) < std::tie(o.memory, o.offset); }
};

// Where Mesen puts a CPU address; nothing for what it has no memory type for here.
std::optional<Place> placeOf(std::uint32_t address, std::size_t romBytes)
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
    if (const std::optional<std::size_t> offset = emu::loRomOffset(address, romBytes)) {
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

} // namespace

std::string mesenLabels(const ProfiledRom& rom)
{
    struct Label {
        const DebugSymbol* symbol;
        std::string comment;
    };
    std::map<Place, Label> labels;
    const auto depth = [](const DebugSymbol& s) { return std::count(s.qualifiedName.begin(), s.qualifiedName.end(), ':'); };
    for (const DebugSymbol& s : rom.debug.symbols()) {
        if (!s.isLabel) {
            continue;
        }
        const std::optional<Place> place = placeOf(s.value, rom.image.bytes.size());
        if (!place) {
            continue;
        }
        const auto found = labels.find(*place);
        if (found == labels.end() || depth(s) > depth(*found->second.symbol) ||
            (depth(s) == depth(*found->second.symbol) && s.qualifiedName < found->second.symbol->qualifiedName)) {
            labels[*place] = {&s, ""};
        }
    }
    for (std::size_t i = 0; i < rom.manifest.cases.size(); ++i) {
        if (const std::optional<Place> place = placeOf(rom.addresses.caseLabels[i], rom.image.bytes.size())) {
            const auto found = labels.find(*place);
            if (found != labels.end()) {
                found->second.comment = "tileprof case \"" + rom.manifest.cases[i].name + "\"";
            }
        }
    }
    std::string out;
    for (const auto& [place, label] : labels) {
        const DebugSymbol& s = *label.symbol;
        std::string range = printfString("%X", place.offset);
        if (s.size && *s.size > 1) {
            range += printfString("-%X", place.offset + *s.size - 1);
        }
        out += std::string(place.memory) + ":" + range + ":" + mesenName(s.qualifiedName);
        out += label.comment.empty() ? "\n" : ":" + label.comment + "\n";
    }
    return out;
}

} // namespace tileprof
