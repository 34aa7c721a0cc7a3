#pragma once

#include "base/file_contents.hpp"
#include "profiler/formats/symbols/label_file.hpp"
#include "profiler/formats/symbols/label_roles.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tileprof {

inline constexpr FileLimit kDebugFileLimit{64u << 20, "an ld65 debug file"};

struct SourceLine {
    std::string file; // as ld65 recorded it: the path ca65 was given, which need not exist here
    int line;

    bool operator==(const SourceLine&) const = default;
};

struct DebugSymbol {
    std::string name;          // as written, e.g. "MovingDown" or "@done"
    // With the enclosing scopes, e.g. "MoveEntity::MovingDown". A cheap local belongs to the label
    // before it rather than to a scope, so it follows that label's name: "MoveEntity::Clamp@done".
    std::string qualifiedName;
    std::uint32_t value;       // the address of a label, the value of an equate
    std::optional<std::uint32_t> size;
    bool isLabel;
    LabelRole role = LabelRole::Routine; // of a label: whether it names a routine (label_roles.hpp)
};

// A segment of the linked output: where it runs and, for what ld65 wrote to a file, where.
struct DebugSegment {
    std::string name;
    std::uint32_t start; // the CPU address it was linked at
    std::uint32_t size;
    std::optional<std::string> outputFile;   // the file ld65 wrote it to, as ld65 named it
    std::optional<std::uint32_t> outputOffset; // its offset in that file

    bool operator==(const DebugSegment&) const = default;
};

struct DebugScope {
    std::string name;          // "" for the global scope of a module
    std::string qualifiedName; // "Outer::Inner"; a module's global scope is ""
    int depth;                 // 0 for a global scope
};

// How a symbol file is read for the ROM it describes: where that ROM's bytes are (Mesen's offsets,
// the home of each ROM byte among its mirrors), and what the user says of its labels.
struct SymbolReading {
    SymbolReading(CartridgePlaces cartridge = {}, LabelConventions labels = {})
        : places(std::move(cartridge)), conventions(std::move(labels))
    {
    }

    CartridgePlaces places;
    LabelConventions conventions;
};

// The symbols, scopes and source lines of an ld65 `--dbgfile` (format version 2), or of a label
// file.
//
// Address lookups accept the address the CPU runs at, in any bank that mirrors the ROM byte the
// symbol file placed (CartridgePlaces::home). Each costs a binary search over tables built at load.
class DebugInfo {
public:
    // Throws InputError ("FILE:LINE: problem") for a file that cannot be read or is malformed,
    // or "FILE: SIZE; an ld65 debug file is at most 64 MiB".
    static DebugInfo load(const std::filesystem::path& path, const SymbolReading& reading = {});
    // The same for the text of a debug file read elsewhere; `path` names it in messages. A label
    // in a module's global scope that names a routine (LabelRole) is a scope too, spanning its code
    // to the next such label or .proc: code after an .endproc is the routine's before it.
    static DebugInfo parse(const std::filesystem::path& path, std::string_view text, const SymbolReading& reading = {});
    // The labels of a label file (label_file.hpp), which has no sizes and no lines. Each label
    // that names a routine is a scope, nested in the scopes its dotted name gives where the format
    // nests by dots, and spans from its address to the next such label at the same or an outer
    // level, or to the end of its bank; a part of a name that is no label is a scope spanning the
    // labels in it. Scope ranges include the nested scopes', wherever they lie (bass may place a
    // scope's label after some of the labels in it). Local labels and markers are labels but no
    // scopes: their code is the routine's they lie in.
    static DebugInfo fromLabels(const std::filesystem::path& path, const LabelFile& file, const SymbolReading& reading = {});

    const std::filesystem::path& path() const { return path_; }
    // What joins a scope and a name in qualified names: "::" in ld65's, "." in label files'.
    std::string_view scopeSeparator() const { return separator_; }

    // An exact qualified name ("Scope::Name") or, for a name without a separator that is no global
    // symbol's, the one symbol of that name in any scope. nullptr if there is none; throws
    // InputError, listing the candidates, if several match.
    const DebugSymbol* findSymbol(std::string_view name) const;
    // Like findSymbol, but a missing symbol is an InputError too. The context, which says who
    // asked (e.g. "scenario.toml:12"), ends each message.
    const DebugSymbol& symbol(std::string_view name, std::string_view context) const;

    // The innermost scope whose code or data holds the 24-bit address; nullptr outside every scope.
    const DebugScope* scopeAt(std::uint32_t address) const;
    // The source line of the byte at the address: of the lines that cover it, an assembly line
    // before a macro line, then the one covering the fewest bytes. An instruction a macro emitted
    // thus reports the line that invoked the macro.
    std::optional<SourceLine> lineAt(std::uint32_t address) const;
    // The first address whose line (as lineAt reports it) is `line` of `file`, a path as ld65
    // recorded it or its last components ("actors.s", "block-engine/actors.s"); nothing when no
    // byte has that line. Throws InputError, listing them, when the name fits several files.
    std::optional<std::uint32_t> addressOfLine(std::string_view file, int line) const;
    // The label at exactly this address, the one in the innermost scope if there are several.
    const DebugSymbol* labelAt(std::uint32_t address) const;
    // The sorted, disjoint [start, end) address ranges of the scope's code and data, nested scopes
    // included, merged over every scope of that qualified name. Throws InputError if no scope
    // has the name.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> scopeRanges(std::string_view qualifiedName) const;

    const std::vector<DebugSegment>& segments() const { return segments_; }
    // The CRC-32 of the ROM the file was written for, where it says (WLA-DX's "[rom checksum]").
    std::optional<std::uint32_t> romCrc32() const { return romCrc32_; }
    const std::vector<DebugScope>& scopes() const { return scopes_; }
    const std::vector<DebugSymbol>& symbols() const { return symbols_; }
    std::vector<std::string> sourceFiles() const { return files_; }

private:
    using AddressRange = std::pair<std::uint32_t, std::uint32_t>;

    // One of the things that may answer a lookup for the addresses [start, end); of those covering
    // an address, the lowest rank wins, then the lowest item.
    struct Candidate {
        std::uint32_t start;
        std::uint32_t end;
        std::array<std::uint32_t, 3> rank;
        std::uint32_t item;
    };
    // Addresses [start, end) whose lookup answers item. A table of them is sorted and disjoint.
    struct Run {
        std::uint32_t start;
        std::uint32_t end;
        std::uint32_t item;
    };
    struct LabelEntry {
        std::uint32_t address;
        std::uint32_t symbol;
    };
    struct LineSource {
        std::uint32_t file;
        int line;
    };

    static std::vector<Run> flatten(std::vector<Candidate> candidates);
    const Run* findRun(const std::vector<Run>& table, std::uint32_t address) const;
    void addGlobalRoutines(const std::vector<std::uint32_t>& routineSymbols, std::vector<Candidate>& candidates);
    const LabelEntry* findLabel(std::uint32_t address) const;
    std::vector<const DebugSymbol*> matches(std::string_view name) const;
    // Where lookups keep the byte at `address`: its home among its mirrors.
    std::uint32_t homeOf(std::uint32_t address) const;
    // The same for a range that lies in one bank.
    std::pair<std::uint32_t, std::uint32_t> homeOf(std::uint32_t start, std::uint32_t end) const;

    std::filesystem::path path_;
    std::function<std::uint32_t(std::uint32_t)> home_;
    std::optional<std::uint32_t> romCrc32_;
    std::string_view separator_ = "::";
    std::vector<std::string> files_;
    std::vector<DebugSegment> segments_;
    std::vector<DebugScope> scopes_;
    std::vector<std::vector<AddressRange>> scopeSpans_; // parallel to scopes_
    std::vector<DebugSymbol> symbols_;
    std::vector<LineSource> lines_;
    std::vector<Run> scopeRuns_; // items index scopes_
    std::vector<Run> lineRuns_;  // items index lines_
    std::vector<LabelEntry> labels_; // sorted by address, one per address
};

} // namespace tileprof
