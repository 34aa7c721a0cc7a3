// tileprof boot: runs a ROM on the whole machine from power-on, or from a saved state, and prints
// what it reports.

#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "base/counted.hpp"
#include "base/output_file.hpp"
#include "base/png_image.hpp"
#include "base/printf_string.hpp"
#include "base/build_version.hpp"
#include "emu/cartridge/cpu_address.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/snes.hpp"
#include "emu/system/snes_memories.hpp"
#include "profiler/arguments/count_argument.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/cli/memory_watch.hpp"
#include "profiler/formats/input/input_movie.hpp"
#include "profiler/formats/state/state_file.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "profiler/reports/machine/screen_text.hpp"

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tileprof {

namespace {

struct BootOptions {
    std::string rom; // or a state file
    std::string stateRom;
    std::string save;
    std::string symbols;
    std::uint64_t frames = 60;
    std::string input;
    std::string until;
    std::vector<std::string> prints;
    std::vector<std::string> expects;
    bool screen = false;
    unsigned spaceTile = ' ';
    std::string dump;
    std::string picture;
    unsigned wramFill = emu::Snes::kPowerOnWram;
    bool wramFillGiven = false;
};

// The ROM a run uses: the one given, or the one a state names (--rom if it moved).
std::string romOfRun(const BootOptions& o, const std::optional<StateFile>& state)
{
    if (!state) {
        if (!o.stateRom.empty()) {
            throw InputError("--rom " + o.stateRom + ": only with a state file to run from (" + o.rom + " is not one)");
        }
        return o.rom;
    }
    if (o.wramFillGiven) {
        throw InputError("--wram-fill: a run from a state has the state's work RAM");
    }
    if (!o.stateRom.empty()) {
        return o.stateRom;
    }
    if (!std::filesystem::exists(state->header.romPath)) {
        throw InputError(o.rom + ": its ROM " + state->header.romPath + " is not there; give it with --rom");
    }
    return state->header.romPath;
}

// "$1F" or "31".
std::optional<std::uint32_t> parseValue(std::string_view text)
{
    const bool hex = text.starts_with('$');
    if (hex) {
        text.remove_prefix(1);
    }
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, hex ? 16 : 10);
    if (error != std::errc{} || end != text.data() + text.size() || text.empty()) {
        return std::nullopt;
    }
    return value;
}

std::string hexText(std::uint32_t value, unsigned bytes)
{
    return printfString("$%0*X", static_cast<int>(bytes * 2), value);
}

std::string faultText(const emu::BusFault& fault)
{
    return printfString("a write to ROM at %s ($%02X) on CPU cycle %llu", cpuAddressText(fault.address).c_str(), fault.value,
                        static_cast<unsigned long long>(fault.cycle));
}

// Each of the machine's memories as DIR/NAME.bin, the directory made if it is not there.
void dumpMemories(const emu::Snes& snes, const std::filesystem::path& dir)
{
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error) {
        throw InputError(dir.string() + ": cannot make the directory: " + error.message());
    }
    for (const emu::NamedMemory& memory : emu::namedMemories(snes)) {
        replaceFile(dir / (std::string(memory.name) + ".bin"),
                    std::string_view(reinterpret_cast<const char*>(memory.bytes.data()), memory.bytes.size()));
    }
}

// The last frame the PPU finished as a PNG at `path`.
void writePicture(const emu::Snes& snes, const std::string& path)
{
    const emu::Picture* picture = snes.bus().ppu().picture();
    if (picture == nullptr) {
        throw InputError("--picture " + path + ": the run stopped before the PPU finished a frame (the first is finished as "
                                               "frame 0's V-blank begins, at line 225)");
    }
    replaceFile(path, pngImage(picture->pixels(), picture->width(), picture->height()));
    std::printf("  picture   %s (%ux%u, frame %llu: the last finished)\n", path.c_str(), picture->width(), picture->height(),
                static_cast<unsigned long long>(picture->frame()));
}

int boot(const BootOptions& o)
{
    try {
        const bool namesMemory = !o.until.empty() || !o.prints.empty() || !o.expects.empty();
        const std::optional<StateFile> state = looksLikeStateFile(o.rom) ? std::optional(readStateFile(o.rom)) : std::nullopt;
        const std::string rom = romOfRun(o, state);
        const OpenedGame game = openGame(GameFiles{rom, givenPath(o.symbols), std::nullopt, givenPath(o.input), {}},
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
        emu::Snes snes(image, static_cast<std::uint8_t>(o.wramFill));
        if (state) {
            restoreStateFile(snes, *state);
        }
        snes.bus().ppu().drawPictures(!o.picture.empty());
        std::vector<MemoryWatch> prints;
        for (const std::string& text : o.prints) {
            prints.push_back(parseMemoryWatch(text, table, snes, "--print"));
        }
        std::vector<std::pair<MemoryWatch, std::uint32_t>> expects;
        for (const std::string& text : o.expects) {
            const std::size_t equals = text.find('=');
            const std::optional<std::uint32_t> value =
                equals == std::string::npos ? std::nullopt : parseValue(std::string_view(text).substr(equals + 1));
            if (!value) {
                throw InputError("--expect " + text + ": write PLACE=VALUE (VALUE decimal or $hex)");
            }
            const MemoryWatch watch = parseMemoryWatch(text.substr(0, equals), table, snes, "--expect");
            if (watch.bytes < 4 && *value >> (8 * watch.bytes) != 0) {
                throw InputError(printfString("--expect %s: %s does not fit in %u bytes", text.c_str(),
                                              text.substr(equals + 1).c_str(), watch.bytes));
            }
            expects.emplace_back(watch, *value);
        }
        std::string stopped = printfString("after %llu frames", static_cast<unsigned long long>(o.frames));
        const std::uint64_t firstFrame = snes.frame();
        emu::PadSchedule schedule = game.input ? game.input->schedule() : emu::PadSchedule{};
        schedule.firstFrame = firstFrame;
        snes.playPads(std::move(schedule));
        while (snes.frame() < firstFrame + o.frames) {
            const emu::StopReason why = snes.runFrame(until.value_or(emu::kNoBreakAddress));
            const std::uint32_t at = snes.cpu().regs.programAddress();
            const std::string where = cpuAddressText(at) + " in frame " + std::to_string(snes.frame());
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
        if (state) {
            std::printf("  from      frame %llu of %s, as saved\n", static_cast<unsigned long long>(state->header.frame), rom.c_str());
        }
        std::printf("  stopped   %s\n", stopped.c_str());
        const emu::VideoPosition now = snes.bus().position(cpu.time.masterClocks);
        std::printf("  ran       %s CPU cycles, %s master clocks, to frame %llu line %u\n", grouped(cpu.time.cycles).c_str(),
                    grouped(cpu.time.masterClocks).c_str(), static_cast<unsigned long long>(now.frame), now.line);
        std::printf("  cpu       PC=%s A=$%04X X=$%04X Y=$%04X S=$%04X D=$%04X DB=$%02X P=$%02X%s\n",
                    cpuAddressText(cpu.regs.programAddress()).c_str(), cpu.regs.a, cpu.regs.x, cpu.regs.y, cpu.regs.s,
                    cpu.regs.d, cpu.regs.dbr, cpu.regs.p, cpu.regs.e ? " (emulation)" : "");
        const std::vector<emu::BusFault>& faults = snes.bus().faults();
        if (faults.empty()) {
            std::printf("  faults    none\n");
        }
        for (const emu::BusFault& fault : faults) {
            std::printf("  fault     %s\n", faultText(fault).c_str());
        }
        if (snes.bus().faultCount() > faults.size()) {
            std::printf("  fault     and %s more\n", grouped(snes.bus().faultCount() - faults.size()).c_str());
        }
        for (const MemoryWatch& watch : prints) {
            std::printf("  %-24s %s = %s\n", watch.name.c_str(), memoryWatchPlace(watch).c_str(),
                        hexText(readMemoryWatch(snes, watch), watch.bytes).c_str());
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
        if (!o.dump.empty()) {
            dumpMemories(snes, o.dump);
        }
        if (!o.picture.empty()) {
            writePicture(snes, o.picture);
        }
        if (!o.save.empty()) {
            writeStateFile(o.save, snes, rom, versionLine("tileprof"));
            std::printf("  saved     %s (frame %llu)\n", o.save.c_str(), static_cast<unsigned long long>(snes.frame()));
        }
        int exitCode = kExitOk;
        for (const auto& [watch, expected] : expects) {
            const std::uint32_t value = readMemoryWatch(snes, watch);
            const bool holds = value == expected;
            std::printf("  expect %-17s %s = %s%s\n", watch.name.c_str(), memoryWatchPlace(watch).c_str(),
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
    command.add_option("rom", o->rom, "ROM image (.sfc/.smc), or a state file (--save's) to run on from")->required();
    command.add_option("--rom", o->stateRom, "With a state file: the ROM to run it on (default: the one it names)");
    command.add_option("--save", o->save, "Save the machine's state at the end to this file, to run on from later");
    command.add_option("--symbols", o->symbols, "Symbol file (default: the one beside the ROM)");
    addCount(command, "--frames", o->frames, "Frames to run (default 60)", 0, kMaxInputFrames);
    command.add_option("--input", o->input, "The pads frame by frame: an input script or a BizHawk, lsnes, Mesen or snes9x movie");
    command.add_option("--until", o->until, "Stop when the CPU reaches this label");
    command.add_option("--print", o->prints,
                       "Print memory at the end: NAME, $BB:AAAA or MEMORY:$OFFSET (wram, vram, cgram, oam, aram, dsp, sram), "
                       "with :BYTES (1-4, default 2)");
    command.add_option("--expect", o->expects, "Exit 1 unless memory holds a value at the end: PLACE=VALUE, PLACE as --print's");
    command.add_option("--dump", o->dump, "Write every memory at the end to DIR/NAME.bin (wram, vram, cgram, oam, aram, dsp, sram)");
    command.add_option("--picture", o->picture,
                       "Draw the picture and write the last frame finished to this PNG (512 wide, each pixel twice)");
    addCount(command, "--wram-fill", o->wramFill, "The byte work RAM holds at power-on (default 85, $55 as bsnes)", 0, 255)
        ->each([o](const std::string&) { o->wramFillGiven = true; });
    command.add_flag("--screen", o->screen, "Print the background layers on the main screen as text (tile numbers as characters)");
    addCount(command, "--space-tile", o->spaceTile, "With --screen: the tile number of a space (default 32: tile n is character n)",
             0, 1023);
    return [o] { return boot(*o); };
}

} // namespace

// `tileprof boot ROM|STATE [--frames N] [--until LABEL] [--print W]... [--expect W=V]... [--screen]
// [--save STATE]`: the whole machine from power-on or from a state, N frames more. Exits 0, 1 when
// an --expect does not hold, 2 on bad input.
const Command kBootCommand{"boot", "Run a ROM on the whole machine, from power-on or a saved state, and print what it reports",
                           defineBoot};

} // namespace tileprof
