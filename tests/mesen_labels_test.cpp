// `tileprof labels --mlb`: a Mesen label file that Mesen2 imports whole. The import is checked by
// a model of Mesen2's rules (its CodeLabel.FromString and LabelManager.SetLabel): a row is
// "MemoryType:ADDR[-END]:Label[:Comment]" split at its first three colons, with hex addresses, an
// END above ADDR, and a name of letters, digits, "_" and "@" not starting with a digit; each label
// then deletes every earlier label that has its name or any of its bytes.

#include "base/bundled_files.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace tileprof::test {
namespace {

struct MesenLabel {
    std::string memory;
    std::uint32_t address;
    std::uint32_t length;
    std::string name;
    std::string comment;
};

class MesenImport {
public:
    explicit MesenImport(const std::string& file)
    {
        std::istringstream rows(file);
        for (std::string row; std::getline(rows, row);) {
            if (const std::optional<MesenLabel> label = parse(row)) {
                set(*label);
            } else {
                rejected.push_back(row);
            }
        }
    }

    // The labels that survived, by name.
    std::map<std::string, MesenLabel> labels() const
    {
        std::map<std::string, MesenLabel> alive;
        for (const std::optional<MesenLabel>& l : labels_) {
            if (l) {
                alive.emplace(l->name, *l);
            }
        }
        return alive;
    }
    std::size_t imported() const { return labels_.size(); }

    std::vector<std::string> rejected;

private:
    using Byte = std::pair<std::string, std::uint32_t>;

    static std::optional<std::uint32_t> hex(const std::string& text)
    {
        if (text.empty() || text.size() > 8 || text.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
            return std::nullopt;
        }
        return static_cast<std::uint32_t>(std::stoul(text, nullptr, 16));
    }

    static std::optional<MesenLabel> parse(const std::string& row)
    {
        std::vector<std::string> parts;
        std::size_t start = 0;
        while (parts.size() < 3) {
            const std::size_t colon = row.find(':', start);
            if (colon == std::string::npos) {
                break;
            }
            parts.push_back(row.substr(start, colon - start));
            start = colon + 1;
        }
        parts.push_back(row.substr(start));
        static const std::set<std::string> memories{"SnesPrgRom", "SnesWorkRam", "SnesSaveRam", "SnesRegister"};
        if (parts.size() < 3 || !memories.contains(parts[0])) {
            return std::nullopt;
        }
        MesenLabel label{parts[0], 0, 1, parts[2], parts.size() > 3 ? parts[3] : ""};
        const std::size_t dash = parts[1].find('-');
        const std::optional<std::uint32_t> first = hex(parts[1].substr(0, dash));
        if (!first) {
            return std::nullopt;
        }
        label.address = *first;
        if (dash != std::string::npos) {
            const std::optional<std::uint32_t> last = hex(parts[1].substr(dash + 1));
            if (!last || *last <= *first) {
                return std::nullopt;
            }
            label.length = *last - *first + 1;
        }
        // Mesen2's ^[@_a-zA-Z]+[@_a-zA-Z0-9]*$, or no name (a comment alone).
        const std::string letters = "@_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        if (!label.name.empty() && (letters.find(label.name[0]) == std::string::npos ||
                                    label.name.find_first_not_of(letters + "0123456789") != std::string::npos)) {
            return std::nullopt;
        }
        return label;
    }

    void erase(std::size_t id)
    {
        const MesenLabel label = *labels_[id];
        labels_[id].reset();
        for (std::uint32_t i = label.address; i < label.address + label.length; ++i) {
            if (const auto owner = byByte_.find({label.memory, i}); owner != byByte_.end()) {
                byName_.erase(labels_[owner->second] ? labels_[owner->second]->name : label.name);
                byByte_.erase(owner);
            }
        }
    }

    void set(const MesenLabel& label)
    {
        if (const auto same = byName_.find(label.name); same != byName_.end()) {
            erase(same->second);
        }
        const std::size_t id = labels_.size();
        labels_.push_back(label);
        for (std::uint32_t i = label.address; i < label.address + label.length; ++i) {
            if (const auto owner = byByte_.find({label.memory, i}); owner != byByte_.end() && owner->second != id) {
                erase(owner->second);
            }
            byByte_[{label.memory, i}] = id;
        }
        if (!label.name.empty()) {
            byName_[label.name] = id;
        }
    }

    std::vector<std::optional<MesenLabel>> labels_;
    std::map<Byte, std::size_t> byByte_;
    std::map<std::string, std::size_t> byName_;
};

std::string mesenName(std::string qualified)
{
    for (std::size_t at = qualified.find("::"); at != std::string::npos; at = qualified.find("::", at)) {
        qualified.replace(at, 2, "_");
    }
    return qualified;
}

TEST_CASE("labels: the import model deletes what overlaps a later label or shares its name, and rejects bad rows")
{
    const MesenImport overlapped("SnesPrgRom:0-F:Outer\nSnesPrgRom:4:Inner\n");
    CHECK(overlapped.labels().size() == 1);
    CHECK(overlapped.labels().contains("Inner"));
    const MesenImport renamed("SnesPrgRom:4:A\nSnesWorkRam:8:A:later\n");
    REQUIRE(renamed.labels().size() == 1);
    CHECK(renamed.labels().at("A").memory == "SnesWorkRam");
    CHECK(renamed.labels().at("A").comment == "later");
    const MesenImport apart("SnesPrgRom:0-3:A\nSnesPrgRom:4:B:c: with a colon\n");
    CHECK(apart.labels().size() == 2);
    CHECK(apart.labels().at("B").comment == "c: with a colon");
    const MesenImport bad("SnesPrgRom:5-5:A\nSnesPrgRom:5:1A\nPrgRom:5:A\nSnesPrgRom:G:A\nSnesPrgRom\n");
    CHECK(bad.rejected.size() == 5);
    CHECK(bad.imported() == 0);
}

TEST_CASE("labels: Mesen2 imports every label, each scope's entry, every case with its comment, and no macro noise")
{
    const CommandResult r = runTileprof({"labels", "--mlb"});
    REQUIRE(r.exitCode == 0);
    CHECK(r.err.empty());
    const MesenImport mesen(r.out);
    CHECK(mesen.rejected.empty());
    const std::map<std::string, MesenLabel> labels = mesen.labels();
    // Nothing written was lost.
    CHECK(labels.size() == mesen.imported());
    CHECK(mesen.imported() > 50);
    CHECK_FALSE(contains(r.out, "LOCAL"));

    const ProfiledRom rom = loadProfiledRom(bundledRomPath("tile-collision"));
    const auto romOffset = [&](std::uint32_t address) {
        const std::optional<std::size_t> offset = rom.image.offsetOf(address);
        REQUIRE(offset.has_value());
        return static_cast<std::uint32_t>(*offset);
    };
    // Each scope of the routine, from its first byte.
    std::size_t scopes = 0;
    for (const DebugScope& scope : rom.debug.scopes()) {
        const DebugSymbol* symbol = scope.qualifiedName.empty() ? nullptr : rom.debug.findSymbol(scope.qualifiedName);
        if (symbol == nullptr || !symbol->isLabel || (symbol->value & 0xFFFF) < 0x8000) {
            continue;
        }
        INFO(scope.qualifiedName);
        ++scopes;
        const auto found = labels.find(mesenName(scope.qualifiedName));
        REQUIRE(found != labels.end());
        CHECK(found->second.memory == "SnesPrgRom");
        CHECK(found->second.address == romOffset(symbol->value));
        CHECK(found->second.length == 1);
    }
    CHECK(scopes >= 14); // the routine and its 12 nested scopes, Reset, Halt, the height tables
    CHECK(labels.at("MoveEntityAndProcessTileCollisions").address == romOffset(rom.addresses.entry));
    for (const char* name : {"XAxis", "MovingDown", "MovingDown_Standing", "MovingUp", "MovingUp_Standing", "FloorStop"}) {
        CHECK(labels.contains(std::string("MoveEntityAndProcessTileCollisions_") + name));
    }
    // Every case label, with its case as the comment.
    REQUIRE(rom.manifest.cases.size() == 5);
    for (std::size_t i = 0; i < rom.manifest.cases.size(); ++i) {
        const CaseLabel& c = rom.manifest.cases[i];
        INFO(c.name);
        const auto found = labels.find(mesenName(rom.debug.symbol(c.label->name, "test").qualifiedName));
        REQUIRE(found != labels.end());
        CHECK(found->second.address == romOffset(rom.addresses.caseLabels[i]));
        CHECK(found->second.comment == "tileprof case \"" + c.name + "\"");
    }
    // Sized data keeps its range: the entity slots in WRAM.
    const MesenLabel& slots = labels.at(mesenName(rom.debug.symbol(rom.manifest.entitySlots.name, "test").qualifiedName));
    CHECK(slots.memory == "SnesWorkRam");
    CHECK(slots.address == (rom.addresses.entitySlots & 0x1FFFF));
    CHECK(slots.length == *rom.debug.symbol(rom.manifest.entitySlots.name, "test").size);
}

TEST_CASE("labels: --out writes the same file, and a ROM that cannot be loaded is an input error")
{
    const TempDir dir;
    const CommandResult toFile = runTileprof({"labels", "--mlb", "--out", dir.file("x.mlb").string()});
    CHECK(toFile.exitCode == 0);
    CHECK(toFile.out.empty());
    CHECK(slurp(dir.file("x.mlb")) == runTileprof({"labels", "--mlb"}).out);

    const CommandResult missing = runTileprof({"labels", "--mlb", "/nonexistent/rom.sfc"});
    CHECK(missing.exitCode == 2);
    CHECK(contains(missing.err, "/nonexistent/rom"));
    CHECK(runTileprof({"labels"}).exitCode == 2); // --mlb is the only format, and it must be asked for
}

} // namespace
} // namespace tileprof::test
