#include "profiler/formats/symbols/label_file.hpp"

#include "base/input_error.hpp"
#include "base/printf_string.hpp"
#include "base/text_lines.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>
#include <utility>

namespace tileprof {
namespace {

constexpr std::uint32_t kAddressSpaceEnd = 0x1000000;
constexpr std::uint32_t kWorkRamStart = 0x7E0000;
constexpr std::uint32_t kWorkRamBytes = 0x20000;
constexpr std::size_t kShownLine = 60;

constexpr std::string_view kFormatsRead =
    "ld65 .dbg, bass .sym (\"0080800a Name\"), WLA-DX .sym (\"[labels]\", \"00:8000 Name\"), 64tass label lists "
    "(\"Name = $808000\", --dump-labels), VICE label lists (64tass --vice-labels, ld65 -Ln: \"al 808000 .Name\") and "
    "Mesen .mlb (\"SnesPrgRom:1A2B:Name\")";

bool isHexDigit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

std::optional<std::uint32_t> number(std::string_view digits, int base)
{
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size())
        return std::nullopt;
    return value;
}

// Exactly `minDigits` to `maxDigits` hex digits.
std::optional<std::uint32_t> hex(std::string_view digits, std::size_t minDigits, std::size_t maxDigits)
{
    if (digits.size() < minDigits || digits.size() > maxDigits || !std::ranges::all_of(digits, isHexDigit))
        return std::nullopt;
    return number(digits, 16);
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

// A line as a message quotes it: its start, with what is not printable ASCII as '?'.
std::string shown(std::string_view line)
{
    std::string text;
    for (const char c : line.substr(0, kShownLine))
        text += c >= ' ' && c <= '~' ? c : '?';
    return "'" + text + (line.size() > kShownLine ? "...'" : "'");
}

bool isName(std::string_view name)
{
    return !name.empty() && std::ranges::none_of(name, [](char c) { return isSpace(c) || c == '\0'; });
}

bool mentionsWla(std::string_view comment)
{
    std::string lower(comment);
    std::ranges::transform(lower, lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find("wla") != std::string::npos;
}

// Every part of a dotted name is a scope or the label: none may be empty.
bool hasEmptyScope(std::string_view name)
{
    return name.starts_with('.') || name.ends_with('.') || name.find("..") != std::string_view::npos;
}

// "Name = $808000" or "Name = 32768", the value of 64tass's listings; nothing for a value that is
// no address (a string, a list, a negative or wider number), which 64tass lists all the same.
std::optional<std::uint32_t> tassAddress(std::string_view value)
{
    const std::optional<std::uint32_t> address =
        value.starts_with('$') ? hex(value.substr(1), 1, 6) : number(value, 10);
    return address && *address < kAddressSpaceEnd ? address : std::nullopt;
}

struct TassDumpLine {
    std::string_view name;
    std::string_view value;
};

// A 64tass dump line: "FILE:LINE:COLUMN: NAME = VALUE"; the file name may hold colons.
std::optional<TassDumpLine> parseTassDump(std::string_view line)
{
    const std::size_t equals = line.find(" = ");
    const std::size_t colon = line.rfind(": ", equals);
    if (equals == std::string_view::npos || colon == std::string_view::npos)
        return std::nullopt;
    const std::string_view place = line.substr(0, colon);
    const std::size_t columnColon = place.rfind(':');
    const std::size_t lineColon = columnColon == std::string_view::npos ? columnColon : place.rfind(':', columnColon - 1);
    const std::string_view name = line.substr(colon + 2, equals - colon - 2);
    if (lineColon == std::string_view::npos || lineColon == 0
        || !number(place.substr(lineColon + 1, columnColon - lineColon - 1), 10)
        || !number(place.substr(columnColon + 1), 10) || !isName(name))
        return std::nullopt;
    return TassDumpLine{name, trimmed(line.substr(equals + 3))};
}

struct MesenLine {
    std::string_view type;  // a Mesen memory type: "SnesPrgRom", "SnesWorkRam", ...
    std::string_view range; // as written, for messages
    std::uint32_t start;
    std::optional<std::uint32_t> end;
    std::string_view name;  // empty for a line that carries only a comment
};

// "TYPE:START[-END]:NAME[:COMMENT]" with TYPE of letters and digits and the offsets in hex.
std::optional<MesenLine> parseMesen(std::string_view line)
{
    const std::size_t first = line.find(':');
    const std::size_t second = line.find(':', first + 1);
    if (first == 0 || first == std::string_view::npos || second == std::string_view::npos)
        return std::nullopt;
    const std::string_view type = line.substr(0, first);
    const bool alphanumeric = std::ranges::all_of(type, [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    });
    const std::string_view range = line.substr(first + 1, second - first - 1);
    const std::size_t dash = range.find('-');
    const std::optional<std::uint32_t> start = hex(range.substr(0, dash), 1, 8);
    const std::optional<std::uint32_t> end = dash == std::string_view::npos ? std::nullopt : hex(range.substr(dash + 1), 1, 8);
    if (!alphanumeric || !start || (dash != std::string_view::npos && !end))
        return std::nullopt;
    return MesenLine{type, range, *start, end, line.substr(second + 1, line.find(':', second + 1) - second - 1)};
}

std::string hexText(std::uint64_t value)
{
    return printfString("$%llX", static_cast<unsigned long long>(value));
}

std::optional<LabelFileFormat> recognise(std::string_view line)
{
    const std::size_t space = line.find(' ');
    if (line.starts_with('['))
        return LabelFileFormat::WlaDx;
    if (space == 8 && hex(line.substr(0, 8), 8, 8))
        return LabelFileFormat::Bass;
    if (const std::size_t colon = line.find(':'); colon != std::string_view::npos && space == colon + 5
        && hex(line.substr(0, colon), 1, 4) && hex(line.substr(colon + 1, 4), 4, 4))
        return LabelFileFormat::WlaDx;
    if (line.starts_with("al "))
        return LabelFileFormat::Vice;
    if (parseTassDump(line))
        return LabelFileFormat::Tass64Dump;
    if (parseMesen(line))
        return LabelFileFormat::Mesen;
    if (const std::size_t equals = line.find('='); equals != std::string_view::npos && isName(trimmed(line.substr(0, equals))))
        return LabelFileFormat::Tass64;
    return std::nullopt;
}

// Reads one file's lines, each into at most one label.
class Reader {
public:
    Reader(const std::filesystem::path& path, const CartridgePlaces& places) : name_(path.string()), places_(places) {}

    LabelFile read(std::string_view text)
    {
        forEachLine(text, [this](std::string_view line, int number) {
            lineNumber_ = number;
            line = trimmed(line);
            if (line.starts_with(';') && mentionsWla(line))
                wlaSays_ = true;
            if (line.empty() || line.starts_with(';') || line.starts_with('#'))
                return;
            if (!format_) {
                format_ = recognise(line);
                if (!format_)
                    fail("not a symbol file: " + shown(line) + " is a line of none of the formats tileprof reads: "
                         + std::string(kFormatsRead));
            }
            readLine(line);
        });
        if (labels_.empty())
            throw InputError(name_ + ": no labels" + (format_ ? " in this " + std::string(describe(*format_)) : ""));
        // WLA-DX's no$gmb form as PVSnesLib leaves it ("BBBBAAAA name") reads as bass's does: its
        // comments or the section labels wlalink makes tell it apart, and then dots are no scopes.
        const bool wlaSections = std::ranges::any_of(labels_, [](const FileLabel& label) {
            return label.name.starts_with("SECTIONSTART_") || label.name.starts_with("SECTIONEND_");
        });
        if (format_ == LabelFileFormat::Bass && (wlaSays_ || wlaSections))
            format_ = LabelFileFormat::WlaDx;
        for (const FileLabel& label : labels_) {
            if (nestsByDots(*format_) && hasEmptyScope(label.name)) {
                lineNumber_ = label.line;
                fail("the name " + shown(label.name) + " has an empty scope: a '.' begins or ends it or follows another");
            }
        }
        return {*format_, std::move(labels_), romCrc32_};
    }

private:
    [[noreturn]] void fail(const std::string& problem) const
    {
        throw InputError(name_ + ":" + std::to_string(lineNumber_) + ": " + problem);
    }

    [[noreturn]] void malformed(std::string_view line, std::string_view expected) const
    {
        fail("expected " + std::string(expected) + " (a " + std::string(describe(*format_)) + " line), found "
             + shown(line));
    }

    void readLine(std::string_view line)
    {
        switch (*format_) {
        case LabelFileFormat::Bass: return readBass(line);
        case LabelFileFormat::WlaDx: return readWla(line);
        case LabelFileFormat::Tass64: return readTass(line);
        case LabelFileFormat::Tass64Dump: return readTassDump(line);
        case LabelFileFormat::Vice: return readVice(line);
        case LabelFileFormat::Mesen: return readMesen(line);
        }
    }

    void readBass(std::string_view line)
    {
        const std::optional<std::uint32_t> address = line.size() > 9 && line[8] == ' ' ? hex(line.substr(0, 8), 8, 8) : std::nullopt;
        const std::string_view name = line.substr(std::min<std::size_t>(9, line.size()));
        if (!address || !isName(name))
            malformed(line, "'AAAAAAAA Name'");
        add(name, checkedAddress(*address), std::nullopt, true);
    }

    void readWla(std::string_view line)
    {
        if (line.starts_with('[')) {
            if (!line.ends_with(']'))
                malformed(line, "a section header '[labels]'");
            section_ = line.substr(1, line.size() - 2);
            return;
        }
        const std::size_t space = line.find(' ');
        const std::string_view name = space == std::string_view::npos ? "" : trimmed(line.substr(space));
        const std::string_view value = line.substr(0, space);
        if (section_ == "definitions") {
            const std::optional<std::uint32_t> defined = hex(value, 1, 8);
            if (!defined || !isName(name))
                malformed(line, "'0000000A Name'");
            add(name, *defined, std::nullopt, false);
        } else if (section_.empty() || section_ == "labels") {
            // "BB:AAAA", "BBBB:AAAA", or the no$gmb form without the colon, "BBBBAAAA".
            const std::size_t colon = value.find(':');
            const std::string_view bankDigits = colon == std::string_view::npos ? value.substr(0, value.size() > 4 ? value.size() - 4 : 0) : value.substr(0, colon);
            const std::string_view offsetDigits = colon == std::string_view::npos ? value.substr(bankDigits.size()) : value.substr(colon + 1);
            const std::optional<std::uint32_t> bank = hex(bankDigits, 1, 4);
            const std::optional<std::uint32_t> offset = bank ? hex(offsetDigits, 4, 4) : std::nullopt;
            if (!offset || !isName(name))
                malformed(line, "'BB:AAAA Name'");
            add(name, checkedAddress((std::uint64_t{*bank} << 16) | *offset), std::nullopt, true);
        } else if (section_ == "rom checksum") {
            romCrc32_ = hex(line, 8, 8);
            if (!romCrc32_)
                malformed(line, "the ROM's CRC-32 in 8 hex digits");
        }
        // WLA-DX's other sections (breakpoints, source files, address-to-line mapping) name no symbol.
    }

    void readTass(std::string_view line)
    {
        const std::size_t equals = line.find('=');
        const std::string_view name = trimmed(line.substr(0, equals));
        if (equals == std::string_view::npos || !isName(name))
            malformed(line, "'Name = $808000'");
        if (const std::optional<std::uint32_t> address = tassAddress(trimmed(line.substr(equals + 1))))
            add(name, *address, std::nullopt, true);
    }

    void readTassDump(std::string_view line)
    {
        const std::optional<TassDumpLine> dump = parseTassDump(line);
        if (!dump)
            malformed(line, "'file.asm:12:1: Name = $808000'");
        if (const std::optional<std::uint32_t> address = tassAddress(dump->value))
            add(dump->name, *address, std::nullopt, true);
    }

    void readVice(std::string_view line)
    {
        const std::size_t space = line.find(' ', 3);
        const std::optional<std::uint32_t> address =
            line.starts_with("al ") && space != std::string_view::npos ? hex(line.substr(3, space - 3), 1, 6) : std::nullopt;
        const std::string_view name = address ? trimmed(line.substr(space)) : "";
        if (!address || name.size() < 2 || name.front() != '.' || !isName(name))
            malformed(line, "'al 808000 .Name'");
        // 64tass joins scopes with ':' here (a limit of VICE's), '.' everywhere else.
        std::string dotted(name.substr(1));
        std::ranges::replace(dotted, ':', '.');
        add(dotted, *address, std::nullopt, true);
    }

    void readMesen(std::string_view line)
    {
        const std::optional<MesenLine> mesen = parseMesen(line);
        if (!mesen)
            malformed(line, "'SnesPrgRom:1A2B[-1A3F]:Name[:comment]'");
        if (mesen->end && *mesen->end < mesen->start)
            fail("the range " + std::string(mesen->range) + " ends before it starts");
        // A label with no name carries only a comment.
        if (mesen->name.empty())
            return;
        if (!isName(mesen->name))
            malformed(line, "a name without spaces");
        const std::optional<std::uint32_t> address = mesenAddress(mesen->type, mesen->start, line);
        if (!address)
            return;
        const std::optional<std::uint32_t> size =
            mesen->end ? std::optional(*mesen->end - mesen->start + 1) : std::nullopt;
        add(mesen->name, *address, size, true);
    }

    // Where the CPU sees Mesen's TYPE:OFFSET; nothing for memory it cannot address (another chip's,
    // video memory), which a label file of a whole game holds too.
    std::optional<std::uint32_t> mesenAddress(std::string_view type, std::uint32_t offset, std::string_view line) const
    {
        const auto placed = [&](const auto& place, std::string_view what) {
            const std::optional<std::uint32_t> address = place(offset);
            if (!address)
                fail("offset " + hexText(offset) + " is outside the cartridge's " + std::string(what) + " (" + shown(line) + ")");
            return *address;
        };
        if (type == "SnesMemory")
            return checkedAddress(offset);
        if (type == "SnesPrgRom")
            return placed(places_.rom, "ROM");
        if (type == "SnesSaveRam")
            return placed(places_.sram, "SRAM");
        if (type == "SnesWorkRam") {
            if (offset >= kWorkRamBytes)
                fail("offset " + hexText(offset) + " is past the 128 KiB of work RAM");
            return kWorkRamStart + offset;
        }
        if (type == "SnesRegister") {
            if (offset > 0xFFFF)
                fail("register " + hexText(offset) + " is past $FFFF");
            return offset;
        }
        return std::nullopt;
    }

    std::uint32_t checkedAddress(std::uint64_t address) const
    {
        if (address >= kAddressSpaceEnd)
            fail("address " + hexText(address) + " is beyond the 24-bit address space");
        return static_cast<std::uint32_t>(address);
    }

    void add(std::string_view name, std::uint32_t address, std::optional<std::uint32_t> size, bool isLabel)
    {
        // A flat list may name two places alike (ld65 -Ln lists every proc's "Loop"): each is kept,
        // and a lookup of the name says it is ambiguous. A name listed twice at one place is one label.
        if (!listed_.emplace(std::string(name), address).second)
            return;
        labels_.push_back({std::string(name), address, size, isLabel, lineNumber_});
    }

    std::string name_;
    const CartridgePlaces& places_;
    std::optional<LabelFileFormat> format_;
    std::string_view section_;
    int lineNumber_ = 0;
    std::vector<FileLabel> labels_;
    std::optional<std::uint32_t> romCrc32_;
    bool wlaSays_ = false; // a comment names WLA
    std::set<std::pair<std::string, std::uint32_t>> listed_;
};

} // namespace

std::string_view describe(LabelFileFormat format)
{
    switch (format) {
    case LabelFileFormat::Bass: return "bass .sym";
    case LabelFileFormat::WlaDx: return "WLA-DX .sym";
    case LabelFileFormat::Tass64: return "64tass label list";
    case LabelFileFormat::Tass64Dump: return "64tass --dump-labels list";
    case LabelFileFormat::Vice: return "VICE label list";
    case LabelFileFormat::Mesen: return "Mesen .mlb";
    }
    return "label file";
}

bool nestsByDots(LabelFileFormat format)
{
    return format != LabelFileFormat::WlaDx;
}

LabelFile readLabelFile(const std::filesystem::path& path, std::string_view text, const CartridgePlaces& places)
{
    return Reader(path, places).read(text);
}

} // namespace tileprof
