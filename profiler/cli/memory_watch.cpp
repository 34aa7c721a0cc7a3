#include "profiler/cli/memory_watch.hpp"

#include "base/input_error.hpp"
#include "base/printf_string.hpp"
#include "emu/cartridge/cpu_address.hpp"
#include "emu/system/snes_memories.hpp"

#include <charconv>
#include <optional>
#include <string_view>

namespace tileprof {
namespace {

std::optional<std::uint32_t> hexNumber(std::string_view text, std::size_t maxDigits)
{
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
    if (text.empty() || text.size() > maxDigits || error != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

std::optional<emu::NamedMemory> memoryNamed(const emu::Snes& snes, std::string_view name)
{
    for (const emu::NamedMemory& memory : emu::namedMemories(snes)) {
        if (memory.name == name) {
            return memory;
        }
    }
    return std::nullopt;
}

std::string memoryNames(const emu::Snes& snes)
{
    std::string names;
    for (const emu::NamedMemory& memory : emu::namedMemories(snes)) {
        names += (names.empty() ? "" : ", ") + std::string(memory.name);
    }
    return names;
}

} // namespace

MemoryWatch parseMemoryWatch(const std::string& text, const DebugInfo* symbols, const emu::Snes& snes, const char* option)
{
    const auto refuse = [&](const std::string& problem) -> InputError {
        return InputError(std::string(option) + " " + text + ": " + problem);
    };
    MemoryWatch watch{text, "", 0, 2};
    // A count after the last colon, unless that colon is the one of "$BB:AAAA" (at most two digits before it).
    const std::size_t colon = text.rfind(':');
    const std::string_view tail = colon == std::string::npos ? std::string_view{} : std::string_view(text).substr(colon + 1);
    const bool bankColon = text.starts_with('$') && text.find(':') == colon && colon <= 3;
    if (!tail.empty() && tail.find_first_not_of("0123456789") == std::string_view::npos && !bankColon) {
        if (tail.size() != 1 || tail[0] < '1' || tail[0] > '4') {
            throw refuse("a watch is 1 to 4 bytes");
        }
        watch.bytes = static_cast<unsigned>(tail[0] - '0');
        watch.name = text.substr(0, colon);
    }
    const std::string_view place = watch.name;
    if (place.starts_with('$')) {
        const std::string_view digits = place.substr(1);
        const std::size_t bankEnd = digits.find(':');
        std::optional<std::uint32_t> address;
        if (bankEnd == std::string_view::npos) {
            address = hexNumber(digits, 6);
        } else if (bankEnd <= 2 && digits.size() - bankEnd - 1 == 4) {
            const std::optional<std::uint32_t> bank = hexNumber(digits.substr(0, bankEnd), 2);
            const std::optional<std::uint32_t> offset = hexNumber(digits.substr(bankEnd + 1), 4);
            if (bank && offset) {
                address = *bank << 16 | *offset;
            }
        }
        if (!address) {
            throw refuse("not an address ($BB:AAAA, $BBAAAA, or MEMORY:$OFFSET)");
        }
        watch.address = *address;
        return watch;
    }
    if (const std::size_t nameEnd = place.find(':'); nameEnd != std::string_view::npos && place.substr(nameEnd + 1).starts_with('$')) {
        const std::optional<emu::NamedMemory> memory = memoryNamed(snes, place.substr(0, nameEnd));
        if (!memory) {
            throw refuse("no memory '" + std::string(place.substr(0, nameEnd)) + "' (this machine has " + memoryNames(snes) + ")");
        }
        const std::optional<std::uint32_t> offset = hexNumber(place.substr(nameEnd + 2), 6);
        if (!offset || *offset + watch.bytes > memory->bytes.size()) {
            throw refuse(printfString("not an offset in %s: $0 to $%zX for %u bytes", std::string(memory->name).c_str(),
                                      memory->bytes.size() - watch.bytes, watch.bytes));
        }
        watch.memory = memory->name;
        watch.address = *offset;
        return watch;
    }
    if (symbols == nullptr) {
        throw refuse("a name needs the ROM's symbol file (none found; give one with --symbols)");
    }
    watch.address = symbols->symbol(watch.name, option).value & 0xFFFFFF;
    return watch;
}

std::uint32_t readMemoryWatch(const emu::Snes& snes, const MemoryWatch& watch)
{
    std::uint32_t value = 0;
    const std::optional<emu::NamedMemory> memory =
        watch.memory.empty() ? std::nullopt : memoryNamed(snes, watch.memory);
    for (unsigned i = 0; i < watch.bytes; ++i) {
        const std::uint8_t byte = memory ? memory->bytes[watch.address + i] : snes.bus().peek((watch.address + i) & 0xFFFFFF);
        value |= std::uint32_t{byte} << (8 * i);
    }
    return value;
}

std::string memoryWatchPlace(const MemoryWatch& watch)
{
    if (watch.memory.empty()) {
        return cpuAddressText(watch.address);
    }
    return printfString("%s:$%04X", watch.memory.c_str(), watch.address);
}

} // namespace tileprof
