#include "profiler/formats/symbols/debug_info.hpp"

#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "base/text_lines.hpp"
#include "emu/cartridge/cpu_address.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iterator>
#include <limits>
#include <set>
#include <tuple>
#include <unordered_map>

namespace tileprof {
namespace {

constexpr std::uint64_t kAddressSpaceEnd = 0x1000000;
constexpr std::uint32_t kMaxLine = std::numeric_limits<int>::max(); // SourceLine holds an int

std::optional<std::uint32_t> parseNumber(std::string_view text)
{
    int base = 10;
    if (text.starts_with("0x") || text.starts_with("0X")) {
        text.remove_prefix(2);
        base = 16;
    }
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

struct Field {
    std::string_view key;
    std::string_view value; // without the quotes of a string
    bool quoted;

    std::string shown() const
    {
        const std::string text(value);
        return std::string(key) + "=" + (quoted ? '"' + text + '"' : text);
    }
};

// One line of the file: `kind<TAB>key=value,...`, the views pointing into the file's text.
class Record {
public:
    Record(std::string where, std::string_view kind, std::string_view fields)
        : where_(std::move(where)), kind_(kind)
    {
        while (!fields.empty()) {
            const std::size_t equals = fields.find('=');
            const std::size_t comma = fields.find(',');
            if (equals == 0 || equals == std::string_view::npos || equals > comma)
                fail("malformed field '" + std::string(fields.substr(0, comma)) + "' in the " + std::string(kind_)
                     + " record: expected key=value");
            Field field{fields.substr(0, equals), {}, false};
            fields.remove_prefix(equals + 1);
            if (fields.starts_with('"')) {
                // ld65 writes strings without escapes, so the next quote closes the string.
                const std::size_t close = fields.find('"', 1);
                if (close == std::string_view::npos)
                    fail("unterminated string in " + std::string(field.key) + "=");
                field.value = fields.substr(1, close - 1);
                field.quoted = true;
                fields.remove_prefix(close + 1);
                if (!fields.empty() && fields.front() != ',')
                    fail("text after the closing quote of " + std::string(field.key) + "=");
            } else {
                field.value = fields.substr(0, fields.find(','));
                fields.remove_prefix(field.value.size());
            }
            if (!fields.empty())
                fields.remove_prefix(1);
            fields_.push_back(field);
        }
    }

    const std::string& where() const { return where_; }

    [[noreturn]] void fail(const std::string& problem) const { throw InputError(where_ + ": " + problem); }

    const Field* find(std::string_view key) const
    {
        const auto found = std::ranges::find(fields_, key, &Field::key);
        return found == fields_.end() ? nullptr : &*found;
    }

    std::uint32_t number(std::string_view key) const
    {
        const std::optional<std::uint32_t> value = optionalNumber(key);
        if (!value)
            fail(std::string(kind_) + " record is missing " + std::string(key) + "=");
        return *value;
    }

    std::optional<std::uint32_t> optionalNumber(std::string_view key) const
    {
        const Field* field = find(key);
        if (!field)
            return std::nullopt;
        const std::optional<std::uint32_t> value = field->quoted ? std::nullopt : parseNumber(field->value);
        if (!value)
            fail(std::string(kind_) + " record: " + field->shown() + " is not a 32-bit number");
        return value;
    }

    std::string text(std::string_view key) const
    {
        const std::optional<std::string> value = optionalText(key);
        if (!value)
            fail(std::string(kind_) + " record is missing " + std::string(key) + "=");
        return *value;
    }

    std::optional<std::string> optionalText(std::string_view key) const
    {
        const Field* field = find(key);
        if (!field)
            return std::nullopt;
        if (!field->quoted)
            fail(std::string(kind_) + " record: " + field->shown() + " is not a quoted string");
        return std::string(field->value);
    }

    // A list of ids joined with '+'; empty when the key is absent.
    std::vector<std::uint32_t> ids(std::string_view key) const
    {
        std::vector<std::uint32_t> list;
        const Field* field = find(key);
        if (!field)
            return list;
        std::string_view rest = field->value;
        while (true) {
            const std::size_t plus = rest.find('+');
            const std::optional<std::uint32_t> id = field->quoted ? std::nullopt : parseNumber(rest.substr(0, plus));
            if (!id)
                fail(std::string(kind_) + " record: " + field->shown() + " is not a list of numbers joined with '+'");
            list.push_back(*id);
            if (plus == std::string_view::npos)
                return list;
            rest.remove_prefix(plus + 1);
        }
    }

private:
    std::string where_;
    std::string_view kind_;
    std::vector<Field> fields_;
};

// Where a record came from, so that a reference found broken after the whole file is read can be
// reported at the line that makes it: "FILE:LINE: span 3".
struct Origin {
    std::string where;
    std::uint32_t id;

    std::string describe(std::string_view kind) const
    {
        return where + ": " + std::string(kind) + " " + std::to_string(id);
    }
};

struct SpanRecord {
    Origin origin;
    std::uint32_t segment;
    std::uint32_t start;
    std::uint32_t size;
};

struct LineRecord {
    Origin origin;
    std::uint32_t file;
    int line;
    bool macro; // type 2 (macro expansion) or 3 (macro parameter)
    std::uint32_t count;
    std::vector<std::uint32_t> spans;
};

struct ScopeRecord {
    Origin origin;
    std::string name;
    std::optional<std::uint32_t> parent;
    std::vector<std::uint32_t> spans;
    std::optional<std::uint32_t> symbol; // the label that names it: a .proc's
};

struct SymbolRecord {
    Origin origin;
    std::string name;
    std::optional<std::uint32_t> value; // none for an import, which stands for another module's export
    std::optional<std::uint32_t> size;
    bool isLabel;
    std::optional<std::uint32_t> scope;
    std::optional<std::uint32_t> parent; // the label a cheap local follows, instead of a scope
};

// The records of one kind, found by the id ld65 gave them: ids are not in file order, and a record
// may refer to one that comes later in the file.
template <typename T>
class IdTable {
public:
    explicit IdTable(std::string_view kind) : kind_(kind) {}

    void add(const Record& record, T item)
    {
        const std::uint32_t id = record.number("id");
        if (!index_.emplace(id, items.size()).second)
            record.fail("duplicate " + std::string(kind_) + " id " + std::to_string(id));
        items.push_back(std::move(item));
    }

    // The position in items of the record with this id; referrer names the record that refers to it.
    std::uint32_t indexOf(std::uint32_t id, const std::string& referrer) const
    {
        const auto found = index_.find(id);
        if (found == index_.end())
            throw InputError(referrer + " refers to " + std::string(kind_) + " " + std::to_string(id)
                                  + ", which does not exist");
        return found->second;
    }

    std::vector<T> items;

private:
    std::string_view kind_;
    std::unordered_map<std::uint32_t, std::uint32_t> index_;
};

struct ParsedFile {
    IdTable<std::string> files{"file"};
    IdTable<DebugSegment> segments{"seg"};
    IdTable<SpanRecord> spans{"span"};
    IdTable<LineRecord> lines{"line"};
    IdTable<ScopeRecord> scopes{"scope"};
    IdTable<SymbolRecord> symbols{"sym"};
};

void checkVersion(const std::string& where, std::string_view line)
{
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos || line.substr(0, tab) != "version")
        throw InputError(where + ": not an ld65 debug file: it does not start with a version record");
    const Record record(where, "version", line.substr(tab + 1));
    const std::uint32_t major = record.number("major");
    if (major != 2)
        record.fail("unsupported debug file version major=" + std::to_string(major) + " (tileprof reads major=2)");
}

void addRecord(ParsedFile& parsed, const Record& record, std::string_view kind)
{
    const auto origin = [&] { return Origin{record.where(), record.number("id")}; };
    if (kind == "file") {
        parsed.files.add(record, record.text("name"));
    } else if (kind == "seg") {
        parsed.segments.add(record, {record.text("name"), record.number("start"), record.number("size"),
                                     record.optionalText("oname"), record.optionalNumber("ooffs")});
    } else if (kind == "span") {
        parsed.spans.add(record, {origin(), record.number("seg"), record.number("start"), record.number("size")});
    } else if (kind == "line") {
        const std::uint32_t type = record.optionalNumber("type").value_or(0);
        const std::uint32_t line = record.number("line");
        if (line > kMaxLine)
            record.fail("line record: line=" + std::to_string(line) + " is not a line number (0.."
                        + std::to_string(kMaxLine) + ")");
        parsed.lines.add(record, {origin(), record.number("file"), static_cast<int>(line), type == 2 || type == 3,
                                  record.optionalNumber("count").value_or(0), record.ids("span")});
    } else if (kind == "scope") {
        parsed.scopes.add(record, {origin(), record.text("name"), record.optionalNumber("parent"), record.ids("span"),
                                   record.optionalNumber("sym")});
    } else if (kind == "sym") {
        const Field* type = record.find("type");
        const bool isImport = type && type->value == "imp";
        SymbolRecord symbol{origin(), record.text("name"),
                            isImport ? std::nullopt : std::optional(record.number("val")),
                            record.optionalNumber("size"), type && type->value == "lab",
                            record.optionalNumber("scope"), record.optionalNumber("parent")};
        if (!symbol.scope && !symbol.parent)
            record.fail("sym record has neither scope= nor parent=");
        parsed.symbols.add(record, std::move(symbol));
    }
}

ParsedFile parseRecords(std::string_view text, const std::string& name)
{
    ParsedFile parsed;
    int lineNumber = 0;
    forEachLine(text, [&](std::string_view line, int number) {
        lineNumber = number;
        const std::string where = name + ":" + std::to_string(number);
        if (number == 1) {
            checkVersion(where, line);
            return;
        }
        if (line.empty())
            return;
        const std::size_t tab = line.find('\t');
        if (tab == std::string_view::npos)
            throw InputError(where + ": malformed record: no tab between the kind and the fields");
        const std::string_view kind = line.substr(0, tab);
        // Records tileprof has no use for (info, mod, lib, type, csym, and any a newer ld65 adds)
        // are passed over unread.
        static constexpr std::string_view kKindsRead[] = {"file", "seg", "span", "line", "scope", "sym"};
        if (std::ranges::find(kKindsRead, kind) != std::end(kKindsRead))
            addRecord(parsed, Record(where, kind, line.substr(tab + 1)), kind);
    });
    if (lineNumber == 0)
        throw InputError(name + ":1: not an ld65 debug file: the file is empty");
    return parsed;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> spanAddresses(const ParsedFile& parsed)
{
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ranges;
    for (const SpanRecord& span : parsed.spans.items) {
        const std::string referrer = span.origin.describe("span");
        const std::uint32_t segment = parsed.segments.indexOf(span.segment, referrer);
        const std::uint64_t start = std::uint64_t{parsed.segments.items[segment].start} + span.start;
        if (start + span.size > kAddressSpaceEnd)
            throw InputError(referrer + " ends past the 24-bit address space");
        ranges.emplace_back(static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(start + span.size));
    }
    return ranges;
}

// Qualified names repeat the names of their outer scopes, so scopes nested deep enough would make
// them grow with the square of the file. A real debug file's names take a small multiple of its size.
class NameBudget {
public:
    explicit NameBudget(std::size_t fileBytes) : total_(16 * std::uint64_t{fileBytes} + (1u << 20)), left_(total_) {}

    void spend(const std::string& qualifiedName, const Origin& origin, std::string_view kind)
    {
        if (qualifiedName.size() > left_)
            throw InputError(origin.describe(kind) + ": scopes nest too deep: the qualified names of the "
                                  "scopes and symbols would take more than " + byteSize(total_));
        left_ -= qualifiedName.size();
    }

private:
    std::uint64_t total_;
    std::uint64_t left_;
};

std::string joinScope(const std::string& outer, const std::string& name)
{
    if (outer.empty())
        return name;
    if (name.empty())
        return outer;
    return outer + "::" + name;
}

// The scopes in file order, named and with their depths.
std::vector<DebugScope> placeScopes(const ParsedFile& parsed, NameBudget& budget)
{
    const std::vector<ScopeRecord>& records = parsed.scopes.items;
    std::vector<std::optional<std::uint32_t>> parents;
    for (const ScopeRecord& record : records) {
        if (record.parent)
            parents.push_back(parsed.scopes.indexOf(*record.parent, record.origin.describe("scope")));
        else
            parents.push_back(std::nullopt);
    }
    // A parent may come after its child in the file, so each scope's chain of parents is walked up
    // to one already placed, then placed top down.
    std::vector<std::optional<DebugScope>> placed(records.size());
    for (std::uint32_t first = 0; first < records.size(); ++first) {
        std::vector<std::uint32_t> chain;
        for (std::optional<std::uint32_t> scope = first; scope && !placed[*scope]; scope = parents[*scope]) {
            if (chain.size() == records.size())
                throw InputError(records[first].origin.describe("scope") + " has a circular chain of parents");
            chain.push_back(*scope);
        }
        for (auto scope = chain.rbegin(); scope != chain.rend(); ++scope) {
            const std::string& name = records[*scope].name;
            const std::optional<std::uint32_t> parent = parents[*scope];
            placed[*scope] = parent ? DebugScope{name, joinScope(placed[*parent]->qualifiedName, name),
                                                 placed[*parent]->depth + 1}
                                    : DebugScope{name, name, 0};
            budget.spend(placed[*scope]->qualifiedName, records[*scope].origin, "scope");
        }
    }
    std::vector<DebugScope> scopes;
    for (std::optional<DebugScope>& scope : placed)
        scopes.push_back(std::move(*scope));
    return scopes;
}

struct SymbolPlace {
    std::string qualifiedName;
    int depth; // of the scope the symbol is in, or for a cheap local, the one its label is in
};

// For each sym record, in file order, its qualified name and depth.
std::vector<SymbolPlace> placeSymbols(const ParsedFile& parsed, const std::vector<DebugScope>& scopes,
                                      NameBudget& budget)
{
    const std::vector<SymbolRecord>& records = parsed.symbols.items;
    std::vector<SymbolPlace> places(records.size());
    for (std::size_t symbol = 0; symbol < records.size(); ++symbol) {
        const SymbolRecord& record = records[symbol];
        if (!record.scope)
            continue;
        const DebugScope& scope = scopes[parsed.scopes.indexOf(*record.scope, record.origin.describe("sym"))];
        places[symbol] = {joinScope(scope.qualifiedName, record.name), scope.depth};
        budget.spend(places[symbol].qualifiedName, record.origin, "sym");
    }
    for (std::size_t symbol = 0; symbol < records.size(); ++symbol) {
        const SymbolRecord& record = records[symbol];
        if (record.scope)
            continue;
        const std::string referrer = record.origin.describe("sym");
        const std::uint32_t parent = parsed.symbols.indexOf(*record.parent, referrer);
        if (!records[parent].scope)
            throw InputError(referrer + " follows sym " + std::to_string(*record.parent)
                                  + ", which is a cheap local too");
        places[symbol] = {places[parent].qualifiedName + record.name, places[parent].depth};
        budget.spend(places[symbol].qualifiedName, record.origin, "sym");
    }
    return places;
}

std::string hexValue(std::uint32_t value)
{
    char text[16];
    std::snprintf(text, sizeof text, "$%06X", value);
    return text;
}

// "symbol NAME is ambiguous in PATH: it may be A ($..), B ($..), ... and N more": a few, so that a
// name shared by thousands of labels makes a message one can read.
std::string ambiguity(const std::filesystem::path& path, std::string_view name,
                      const std::vector<const DebugSymbol*>& candidates)
{
    constexpr std::size_t kShown = 8;
    std::string message = "symbol " + std::string(name) + " is ambiguous in " + path.string() + ": it may be ";
    for (std::size_t i = 0; i < candidates.size() && i < kShown; ++i)
        message += (i == 0 ? "" : ", ") + candidates[i]->qualifiedName + " (" + hexValue(candidates[i]->value) + ")";
    if (candidates.size() > kShown)
        message += " and " + std::to_string(candidates.size() - kShown) + " more";
    return message;
}

} // namespace

DebugInfo DebugInfo::load(const std::filesystem::path& path, const SymbolReading& reading)
{
    return parse(path, readFileContents(path, path.string(), kDebugFileLimit), reading);
}

DebugInfo DebugInfo::parse(const std::filesystem::path& path, std::string_view text, const SymbolReading& reading)
{
    const std::string name = path.string();
    const ParsedFile parsed = parseRecords(text, name);
    NameBudget names(text.size());

    DebugInfo info;
    info.path_ = path;
    info.home_ = reading.places.home;
    info.files_ = parsed.files.items;
    info.segments_ = parsed.segments.items;

    const std::vector<AddressRange> spanRanges = spanAddresses(parsed);

    // An assembly line before a macro line, as the invoking line covers all its macro emitted; then
    // the smallest span, as a .endrepeat line also covers all the repeated lines emitted.
    std::vector<Candidate> lineCandidates;
    for (const LineRecord& line : parsed.lines.items) {
        const std::string referrer = line.origin.describe("line");
        const auto item = static_cast<std::uint32_t>(info.lines_.size());
        info.lines_.push_back({parsed.files.indexOf(line.file, referrer), line.line});
        for (const std::uint32_t span : line.spans) {
            const auto [start, end] = spanRanges[parsed.spans.indexOf(span, referrer)];
            // Line 0 is no line of the file (ld65 gives it to what the command line defines), and
            // listings index source files from line 1: no lookup answers it.
            if (line.line != 0) {
                const auto [home, homeEnd] = info.homeOf(start, end);
                lineCandidates.push_back({home, homeEnd, {line.macro, end - start, line.count}, item});
            }
        }
    }
    info.lineRuns_ = flatten(std::move(lineCandidates));

    info.scopes_ = placeScopes(parsed, names);
    std::vector<Candidate> scopeCandidates;
    for (std::uint32_t scope = 0; scope < info.scopes_.size(); ++scope) {
        const ScopeRecord& record = parsed.scopes.items[scope];
        // Deeper first, then smaller: the innermost scope answers.
        const auto shallowness =
            std::numeric_limits<std::uint32_t>::max() - static_cast<std::uint32_t>(info.scopes_[scope].depth);
        std::vector<AddressRange>& ranges = info.scopeSpans_.emplace_back();
        for (const std::uint32_t span : record.spans) {
            const auto [start, end] = spanRanges[parsed.spans.indexOf(span, record.origin.describe("scope"))];
            ranges.emplace_back(start, end);
            const auto [home, homeEnd] = info.homeOf(start, end);
            scopeCandidates.push_back({home, homeEnd, {shallowness, end - start, 0}, scope});
        }
    }

    const std::vector<SymbolRecord>& symbols = parsed.symbols.items;
    const std::vector<SymbolPlace> places = placeSymbols(parsed, info.scopes_, names);

    struct LabelCandidate {
        std::uint32_t address;
        LabelRole role;
        int depth;
        bool cheapLocal;
        std::uint32_t symbol;
    };
    std::vector<LabelCandidate> labels;
    // The labels that name a scope (a .proc's name) are routines wherever they are.
    std::set<std::uint32_t> scopeNames;
    for (const ScopeRecord& scope : parsed.scopes.items) {
        if (scope.symbol)
            scopeNames.insert(*scope.symbol);
    }
    // The routines of a module's global scope: labels of code outside every .proc (a label with a
    // size names a .proc or data), each a scope of its own.
    std::vector<std::uint32_t> globalRoutines;
    for (std::size_t symbol = 0; symbol < symbols.size(); ++symbol) {
        const SymbolRecord& record = symbols[symbol];
        if (!record.value)
            continue;
        const auto item = static_cast<std::uint32_t>(info.symbols_.size());
        const SymbolPlace& place = places[symbol];
        const bool cheapLocal = record.parent.has_value();
        const bool global = !cheapLocal && info.scopes_[parsed.scopes.indexOf(*record.scope, record.origin.describe("sym"))].depth == 0;
        LabelRole role = LabelRole::Local;
        if (scopeNames.contains(record.origin.id))
            role = LabelRole::Routine;
        else if (global)
            role = labelRole(record.name, std::nullopt, reading.conventions);
        info.symbols_.push_back({record.name, place.qualifiedName, *record.value, record.size, record.isLabel, role});
        if (record.isLabel) {
            labels.push_back({info.homeOf(*record.value), role, place.depth, cheapLocal, item});
            if (role == LabelRole::Routine && global && !record.size)
                globalRoutines.push_back(item);
        }
    }
    info.addGlobalRoutines(globalRoutines, scopeCandidates);
    info.scopeRuns_ = flatten(std::move(scopeCandidates));

    // At one address a routine's label names it best, then the innermost label; a cheap local only
    // if nothing else does.
    std::ranges::sort(labels, [](const LabelCandidate& left, const LabelCandidate& right) {
        return std::tuple(left.address, left.role, -left.depth, left.cheapLocal, left.symbol)
             < std::tuple(right.address, right.role, -right.depth, right.cheapLocal, right.symbol);
    });
    for (const LabelCandidate& label : labels) {
        if (info.labels_.empty() || info.labels_.back().address != label.address)
            info.labels_.push_back({label.address, label.symbol});
    }
    return info;
}

// Code in a module's global scope belongs to the nearest routine before it in its segment: a
// label there, or a .proc that ended. Each such label becomes a scope, and each gap runs to the
// next label or top-level .proc; the candidates rank below every .proc and above the global scope.
void DebugInfo::addGlobalRoutines(const std::vector<std::uint32_t>& routineSymbols, std::vector<Candidate>& candidates)
{
    struct Start {
        std::uint32_t address;
        std::uint32_t scope;
    };
    std::vector<Start> starts;
    for (std::uint32_t scope = 0; scope < scopes_.size(); ++scope) {
        if (scopes_[scope].depth == 1) {
            for (const auto& [start, end] : scopeSpans_[scope])
                starts.push_back({start, scope});
        }
    }
    const auto segmentOf = [this](std::uint32_t address) {
        return std::ranges::find_if(segments_, [address](const DebugSegment& s) {
            return s.outputOffset && address >= s.start && address - s.start < s.size;
        });
    };
    for (const std::uint32_t symbol : routineSymbols) {
        const DebugSymbol& label = symbols_[symbol];
        if (segmentOf(label.value) == segments_.end())
            continue; // work RAM, or no segment written to the ROM
        const auto scope = static_cast<std::uint32_t>(scopes_.size());
        scopes_.push_back({label.name, label.qualifiedName, 0});
        scopeSpans_.emplace_back();
        starts.push_back({label.value, scope});
    }
    std::ranges::sort(starts, {}, &Start::address);
    for (std::size_t i = 0; i < starts.size(); ++i) {
        const std::uint32_t start = starts[i].address;
        const auto segment = segmentOf(start);
        if (segment == segments_.end())
            continue;
        std::uint32_t end = segment->start + segment->size;
        if (i + 1 < starts.size())
            end = std::min(end, starts[i + 1].address);
        if (end <= start)
            continue;
        scopeSpans_[starts[i].scope].emplace_back(start, end);
        const auto [home, homeEnd] = homeOf(start, end);
        candidates.push_back({home, homeEnd, {std::numeric_limits<std::uint32_t>::max(), 0, 0}, starts[i].scope});
    }
}

std::uint32_t DebugInfo::homeOf(std::uint32_t address) const
{
    if (home_)
        return home_(address);
    const std::optional<std::uint32_t> mirror = fastRomMirror(address);
    return mirror && address >= 0x800000 ? *mirror : address;
}

std::pair<std::uint32_t, std::uint32_t> DebugInfo::homeOf(std::uint32_t start, std::uint32_t end) const
{
    if (end <= start)
        return {start, end};
    const std::uint32_t home = homeOf(start);
    return homeOf(end - 1) - home == end - 1 - start ? std::pair(home, home + (end - start)) : std::pair(start, end);
}

// A sweep over the candidates' ends: at each boundary the best of the candidates covering the
// addresses up to the next boundary answers for all of them. O(n log n) in the candidates.
std::vector<DebugInfo::Run> DebugInfo::flatten(std::vector<Candidate> candidates)
{
    std::erase_if(candidates, [](const Candidate& candidate) { return candidate.start == candidate.end; });
    std::vector<const Candidate*> byStart;
    for (const Candidate& candidate : candidates)
        byStart.push_back(&candidate);
    std::vector<const Candidate*> byEnd = byStart;
    std::ranges::sort(byStart, {}, &Candidate::start);
    std::ranges::sort(byEnd, {}, &Candidate::end);

    const auto better = [](const Candidate* left, const Candidate* right) {
        return std::tie(left->rank, left->item, left) < std::tie(right->rank, right->item, right);
    };
    std::set<const Candidate*, decltype(better)> covering(better);
    std::vector<Run> runs;
    std::size_t nextStart = 0;
    std::size_t nextEnd = 0;
    while (nextStart < byStart.size() || !covering.empty()) {
        std::uint32_t position = nextStart < byStart.size() ? byStart[nextStart]->start : byEnd[nextEnd]->end;
        if (!covering.empty())
            position = std::min(position, byEnd[nextEnd]->end);
        for (; nextEnd < byEnd.size() && byEnd[nextEnd]->end == position; ++nextEnd)
            covering.erase(byEnd[nextEnd]);
        for (; nextStart < byStart.size() && byStart[nextStart]->start == position; ++nextStart)
            covering.insert(byStart[nextStart]);
        if (covering.empty())
            continue;
        // Every candidate ending at or before position is gone, so nextEnd is a covering one.
        std::uint32_t next = byEnd[nextEnd]->end;
        if (nextStart < byStart.size())
            next = std::min(next, byStart[nextStart]->start);
        const std::uint32_t item = (*covering.begin())->item;
        if (!runs.empty() && runs.back().end == position && runs.back().item == item)
            runs.back().end = next;
        else
            runs.push_back({position, next, item});
    }
    return runs;
}

const DebugInfo::Run* DebugInfo::findRun(const std::vector<Run>& table, std::uint32_t address) const
{
    const std::uint32_t home = homeOf(address);
    const auto after = std::ranges::upper_bound(table, home, {}, &Run::start);
    if (after == table.begin() || std::prev(after)->end <= home)
        return nullptr;
    return &*std::prev(after);
}

const DebugInfo::LabelEntry* DebugInfo::findLabel(std::uint32_t address) const
{
    const std::uint32_t home = homeOf(address);
    const auto found = std::ranges::lower_bound(labels_, home, {}, &LabelEntry::address);
    return found != labels_.end() && found->address == home ? &*found : nullptr;
}

std::vector<const DebugSymbol*> DebugInfo::matches(std::string_view name) const
{
    std::vector<const DebugSymbol*> found;
    for (const DebugSymbol& symbol : symbols_) {
        if (symbol.qualifiedName == name)
            found.push_back(&symbol);
    }
    if (found.empty() && name.find(separator_) == std::string_view::npos) {
        for (const DebugSymbol& symbol : symbols_) {
            if (symbol.name == name)
                found.push_back(&symbol);
        }
    }
    std::ranges::sort(found, [](const DebugSymbol* left, const DebugSymbol* right) {
        return std::tie(left->qualifiedName, left->value) < std::tie(right->qualifiedName, right->value);
    });
    return found;
}

const DebugSymbol* DebugInfo::findSymbol(std::string_view name) const
{
    const std::vector<const DebugSymbol*> found = matches(name);
    if (found.size() > 1)
        throw InputError(path_.string() + ": " + ambiguity(path_, name, found));
    return found.empty() ? nullptr : found.front();
}

const DebugSymbol& DebugInfo::symbol(std::string_view name, std::string_view context) const
{
    const std::vector<const DebugSymbol*> found = matches(name);
    // Where the name was asked for comes first: that is what the user fixes.
    const std::string asker = (context.empty() ? path_.string() : std::string(context)) + ": ";
    if (found.empty())
        throw InputError(asker + "no symbol " + std::string(name) + " in " + path_.string());
    if (found.size() > 1)
        throw InputError(asker + ambiguity(path_, name, found));
    return *found.front();
}

const DebugScope* DebugInfo::scopeAt(std::uint32_t address) const
{
    const Run* run = findRun(scopeRuns_, address);
    return run ? &scopes_[run->item] : nullptr;
}

std::optional<SourceLine> DebugInfo::lineAt(std::uint32_t address) const
{
    const Run* run = findRun(lineRuns_, address);
    if (!run)
        return std::nullopt;
    const LineSource& source = lines_[run->item];
    return SourceLine{files_[source.file], source.line};
}

std::optional<std::uint32_t> DebugInfo::addressOfLine(std::string_view file, int line) const
{
    const auto named = [file](std::string_view recorded) {
        return recorded == file || (recorded.ends_with(file) && recorded[recorded.size() - file.size() - 1] == '/');
    };
    std::vector<std::uint32_t> fits;
    for (std::uint32_t i = 0; i < files_.size(); ++i) {
        if (named(files_[i])) {
            fits.push_back(i);
        }
    }
    if (fits.size() > 1) {
        std::string names;
        for (const std::uint32_t i : fits) {
            names += (names.empty() ? "" : ", ") + files_[i];
        }
        throw InputError(path_.string() + ": \"" + std::string(file) + "\" names several source files (" + names +
                         "): give more of the path");
    }
    if (fits.empty()) {
        return std::nullopt;
    }
    for (const Run& run : lineRuns_) { // sorted by address
        const LineSource& source = lines_[run.item];
        if (source.file == fits.front() && source.line == line) {
            return run.start;
        }
    }
    return std::nullopt;
}

const DebugSymbol* DebugInfo::labelAt(std::uint32_t address) const
{
    const LabelEntry* label = findLabel(address);
    return label ? &symbols_[label->symbol] : nullptr;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> DebugInfo::scopeRanges(std::string_view qualifiedName) const
{
    std::vector<AddressRange> ranges;
    bool known = false;
    for (std::size_t scope = 0; scope < scopes_.size(); ++scope) {
        if (scopes_[scope].qualifiedName != qualifiedName)
            continue;
        known = true;
        ranges.insert(ranges.end(), scopeSpans_[scope].begin(), scopeSpans_[scope].end());
    }
    if (!known)
        throw InputError(path_.string() + ": no scope " + std::string(qualifiedName));
    std::ranges::sort(ranges);
    std::vector<AddressRange> merged;
    for (const AddressRange& range : ranges) {
        if (!merged.empty() && range.first <= merged.back().second)
            merged.back().second = std::max(merged.back().second, range.second);
        else
            merged.push_back(range);
    }
    return merged;
}

} // namespace tileprof
