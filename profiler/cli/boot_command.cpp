// tileprof boot: runs a ROM on the whole machine from power-on and prints what it reports.

#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "base/counted.hpp"
#include "base/printf_string.hpp"
#include "emu/rom_image.hpp"
#include "emu/snes.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/formats/input/input_movie.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "profiler/reports/machine/screen_text.hpp"

#include <charconv>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

namespace {

struct BootOptions {
    std::string rom;
    std::string symbols;
    std::uint64_t frames = 60;
    std::string input;
    std::string until;
    std::vector<std::string> prints;
    std::vector<std::string> expects;
    bool screen = false;
    unsigned spaceTile = ' ';
};

// A place in memory a --print or --expect names: a symbol or a $bank:address, and a byte count.
struct Watch {
    std::string name;
    std::uint32_t address;
    unsigned bytes;
};

std::optional<std::uint32_t> parseNumber(std::string_view text, int base)
{
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (error != std::errc{} || end != text.data() + text.size() || text.empty()) {
        return std::nullopt;
    }
    return value;
}

// "$1F" or "31".
std::optional<std::uint32_t> parseValue(std::string_view text)
{
    return text.starts_with('$') ? parseNumber(text.substr(1), 16) : parseNumber(text, 10);
}

// "NAME", "NAME:BYTES", "$7E0010" or "$7E0010:BYTES"; two bytes unless given.
Watch parseWatch(const std::string& text, const DebugInfo* symbols, const char* option)
{
    const std::size_t colon = text.rfind(':');
    std::string name = text;
    unsigned bytes = 2;
    if (colon != std::string::npos && colon + 1 < text.size() && text.find_first_not_of("0123456789", colon + 1) == std::string::npos) {
        name = text.substr(0, colon);
        const std::optional<std::uint32_t> count = parseNumber(std::string_view(text).substr(colon + 1), 10);
        if (!count || *count < 1 || *count > 4) {
            throw InputError(std::string(option) + " " + text + ": a watch is 1 to 4 bytes");
        }
        bytes = *count;
    }
    if (!name.empty() && name[0] == '$') {
        std::string digits = name.substr(1);
        std::erase(digits, ':');
        if (const std::optional<std::uint32_t> address = parseNumber(digits, 16); address && *address <= 0xFFFFFF) {
            return {name, *address, bytes};
        }
        throw InputError(std::string(option) + " " + text + ": not an address ($BBAAAA or $BB:AAAA)");
    }
    if (symbols == nullptr) {
        throw InputError(std::string(option) + " " + text + ": a name needs the ROM's symbol file (none found; give one with --symbols)");
    }
    return {name, symbols->symbol(name, option).value & 0xFFFFFF, bytes};
}

std::uint32_t readWatch(const emu::Snes& snes, const Watch& watch)
{
    std::uint32_t value = 0;
    for (unsigned i = 0; i < watch.bytes; ++i) {
        value |= std::uint32_t{snes.bus().peek((watch.address + i) & 0xFFFFFF)} << (8 * i);
    }
    return value;
}

std::string addressText(std::uint32_t address)
{
    return printfString("$%02X:%04X", address >> 16, address & 0xFFFF);
}

std::string hexText(std::uint32_t value, unsigned bytes)
{
    return printfString("$%0*X", static_cast<int>(bytes * 2), value);
}

std::string faultText(const emu::BusFault& fault)
{
    return printfString("a write to ROM at %s ($%02X) on CPU cycle %llu", addressText(fault.address).c_str(), fault.value,
                        static_cast<unsigned long long>(fault.cycle));
}

int boot(const BootOptions& o)
{
    try {
        const bool namesMemory = !o.until.empty() || !o.prints.empty() || !o.expects.empty();
        const OpenedGame game = openGame(GameFiles{o.rom, givenPath(o.symbols), std::nullopt, givenPath(o.input), {}},
                                         namesMemory ? SymbolNeed::WhenThere : SymbolNeed::WhenGiven);
        const emu::RomImage& image = game.image;
        const std::optional<DebugInfo>& symbols = game.symbols;
        const DebugInfo* table = symbols ? &*symbols : nullptr;
        std::optional<std::uint32_t> until;
        if (!o.until.empty()) {
            if (table == nullptr) {
                throw InputError("--until " + o.until + ": a label needs the ROM's symbol file (none found; give one with --symbols)");
            }
            until = table->symbol(o.until, "--until").value & 0xFFFFFF;
        }
        std::vector<Watch> prints;
        for (const std::string& text : o.prints) {
            prints.push_back(parseWatch(text, table, "--print"));
        }
        std::vector<std::pair<Watch, std::uint32_t>> expects;
        for (const std::string& text : o.expects) {
            const std::size_t equals = text.find('=');
            const std::optional<std::uint32_t> value =
                equals == std::string::npos ? std::nullopt : parseValue(std::string_view(text).substr(equals + 1));
            if (!value) {
                throw InputError("--expect " + text + ": write NAME=VALUE (VALUE decimal or $hex)");
            }
            expects.emplace_back(parseWatch(text.substr(0, equals), table, "--expect"), *value);
        }

        emu::Snes snes(image);
        std::string stopped = printfString("after %llu frames", static_cast<unsigned long long>(o.frames));
        snes.playPads(game.input ? game.input->schedule() : emu::PadSchedule{});
        while (snes.frame() < o.frames) {
            const emu::StopReason why = snes.runFrame(until.value_or(emu::kNoBreakAddress));
            const std::uint32_t at = snes.cpu().regs.programAddress();
            const std::string where = addressText(at) + " in frame " + std::to_string(snes.frame());
            if (why == emu::StopReason::BreakAddress) {
                stopped = "at " + o.until + " (" + where + ")";
                break;
            }
            if (why == emu::StopReason::Stopped) {
                stopped = "by STP, before " + where;
                break;
            }
            if (why == emu::StopReason::WaitingForever) {
                stopped = "waiting (WAI) with no interrupt enabled, before " + where;
                break;
            }
        }

        const emu::CpuState& cpu = snes.cpu();
        std::printf("%s\n", o.rom.c_str());
        std::printf("  stopped   %s\n", stopped.c_str());
        const emu::VideoPosition now = snes.bus().position(cpu.time.masterClocks);
        std::printf("  ran       %s CPU cycles, %s master clocks, to frame %llu line %u\n", grouped(cpu.time.cycles).c_str(),
                    grouped(cpu.time.masterClocks).c_str(), static_cast<unsigned long long>(now.frame), now.line);
        std::printf("  cpu       PC=%s A=$%04X X=$%04X Y=$%04X S=$%04X D=$%04X DB=$%02X P=$%02X%s\n",
                    addressText(cpu.regs.programAddress()).c_str(), cpu.regs.a, cpu.regs.x, cpu.regs.y, cpu.regs.s,
                    cpu.regs.d, cpu.regs.dbr, cpu.regs.p, cpu.regs.e ? " (emulation)" : "");
        const std::vector<emu::BusFault>& faults = snes.bus().faults();
        if (faults.empty()) {
            std::printf("  faults    none\n");
        }
        for (const emu::BusFault& fault : faults) {
            std::printf("  fault     %s\n", faultText(fault).c_str());
        }
        for (const Watch& watch : prints) {
            std::printf("  %-24s %s = %s\n", watch.name.c_str(), addressText(watch.address).c_str(),
                        hexText(readWatch(snes, watch), watch.bytes).c_str());
        }
        if (o.screen) {
            const std::vector<ScreenLayer> layers = screenText(snes.bus().ppu(), o.spaceTile);
            if (layers.empty()) {
                std::printf("  screen    no background layer on the main screen\n");
            }
            for (const ScreenLayer& layer : layers) {
                std::printf("  screen    %s\n", layer.title.c_str());
                for (const std::string& row : layer.rows) {
                    std::printf("  |%s%s\n", row.empty() ? "" : " ", row.c_str());
                }
            }
        }
        int exitCode = kExitOk;
        for (const auto& [watch, expected] : expects) {
            const std::uint32_t value = readWatch(snes, watch);
            const bool holds = value == expected;
            std::printf("  expect %-17s %s = %s%s\n", watch.name.c_str(), addressText(watch.address).c_str(),
                        hexText(value, watch.bytes).c_str(),
                        holds ? "" : (", not " + hexText(expected, watch.bytes)).c_str());
            if (!holds) {
                exitCode = kExitFailed;
            }
        }
        return exitCode;
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof boot: %s\n", e.what());
        return kExitBadInput;
    }
}

CommandAction defineBoot(CLI::App& command)
{
    auto o = std::make_shared<BootOptions>();
    command.add_option("rom", o->rom, "ROM image (.sfc/.smc)")->required();
    command.add_option("--symbols", o->symbols, "Symbol file (default: the one beside the ROM)");
    command.add_option("--frames", o->frames, "Frames to run (default 60)");
    command.add_option("--input", o->input, "The pads frame by frame: an input script or a BizHawk, lsnes, Mesen or snes9x movie");
    command.add_option("--until", o->until, "Stop when the CPU reaches this label");
    command.add_option("--print", o->prints, "Print memory at the end: NAME or $BB:AAAA, with :BYTES (1-4, default 2)");
    command.add_option("--expect", o->expects, "Exit 1 unless memory holds a value at the end: NAME=VALUE");
    command.add_flag("--screen", o->screen, "Print the background layers on the main screen as text (tile numbers as characters)");
    command.add_option("--space-tile", o->spaceTile, "With --screen: the tile number of a space (default 32: tile n is character n)")
        ->check(CLI::Range(0u, 1023u));
    return [o] { return boot(*o); };
}

} // namespace

// `tileprof boot ROM [--frames N] [--until LABEL] [--print W]... [--expect W=V]... [--screen]`: the whole
// machine from power-on. Exits 0, 1 when an --expect does not hold, 2 on bad input.
const Command kBootCommand{"boot", "Run a ROM from power-on on the whole machine and print what it reports", defineBoot};

} // namespace tileprof
