#include "emu/system/machine_state.hpp"

#include "base/checksum.hpp"
#include "base/compression.hpp"
#include "base/input_error.hpp"
#include "base/printf_string.hpp"
#include "base/state_archive.hpp"

namespace emu {

namespace {

constexpr std::uint32_t kLongestText = 4096;
// Far more than the machine's state (about 270 KiB with the largest SRAM): a length past it is
// damage, not a state.
constexpr std::uint64_t kLongestState = 4 << 20;

std::string_view bytesOf(std::span<const std::uint8_t> bytes)
{
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

template <class Archive>
void serializeText(Archive& a, std::string& text)
{
    std::uint32_t length = static_cast<std::uint32_t>(text.size());
    a.bounded(length, kLongestText);
    text.resize(length);
    a.bytes(std::span(reinterpret_cast<std::uint8_t*>(text.data()), text.size()));
}

template <class Archive>
void serializeHeader(Archive& a, StateHeader& header)
{
    a.value(header.romCrc32);
    a.value(header.romBytes);
    a.value(header.frame);
    serializeText(a, header.romPath);
    serializeText(a, header.producer);
}

std::string producerText(const StateHeader& header)
{
    return header.producer.empty() ? "" : ", written by " + header.producer;
}

// The header read, and the reader left at the machine's state's CRC.
StateHeader readHeader(tileprof::StateReader& reader, std::string_view file, const std::string& where)
{
    if (!file.starts_with(kStateFileMagic)) {
        throw tileprof::InputError(where + ": not a tileprof state file (it does not begin with \"TPSTATE\")");
    }
    StateHeader header;
    reader.value(header.version);
    // A later version may lay out what follows otherwise: its producer is not read.
    if (header.version != kStateFormatVersion) {
        throw tileprof::InputError(tileprof::printfString(
            "%s: a state of format version %u; this tileprof reads version %u only: save it again with this tileprof",
            where.c_str(), header.version, kStateFormatVersion));
    }
    serializeHeader(reader, header);
    return header;
}

} // namespace

std::string machineState(const Snes& snes)
{
    tileprof::StateWriter machine;
    // The writer only reads the fields serialize() lists; the one list serves reading too.
    const_cast<Snes&>(snes).serialize(machine);
    return machine.text();
}

std::string saveState(const Snes& snes, std::string_view romPath, std::string_view producer)
{
    const std::string machine = machineState(snes);
    const std::string_view rom = bytesOf(snes.bus().rom());
    StateHeader header{.romCrc32 = tileprof::crc32Of(rom),
                       .romBytes = static_cast<std::uint32_t>(rom.size()),
                       .frame = snes.frame(),
                       .romPath = std::string(romPath.substr(0, kLongestText)),
                       .producer = std::string(producer.substr(0, kLongestText))};
    tileprof::StateWriter file;
    file.bytes(std::span(reinterpret_cast<const std::uint8_t*>(kStateFileMagic.data()), kStateFileMagic.size()));
    file.value(header.version);
    serializeHeader(file, header);
    file.value(tileprof::crc32Of(machine));
    file.value(static_cast<std::uint64_t>(machine.size()));
    return file.text() + tileprof::deflated(machine, tileprof::Compression::Zlib);
}

StateHeader readStateHeader(std::string_view file, const std::string& where)
{
    tileprof::StateReader reader(file.substr(std::min(file.size(), kStateFileMagic.size())), where);
    return readHeader(reader, file, where);
}

void restoreState(Snes& snes, std::string_view file, const std::string& where)
{
    tileprof::StateReader reader(file.substr(std::min(file.size(), kStateFileMagic.size())), where);
    const StateHeader header = readHeader(reader, file, where);
    const std::string_view rom = bytesOf(snes.bus().rom());
    const std::uint32_t romCrc32 = tileprof::crc32Of(rom);
    if (header.romCrc32 != romCrc32 || header.romBytes != rom.size()) {
        throw tileprof::InputError(tileprof::printfString(
            "%s: a state of another ROM, %s (CRC-32 $%08X, %u bytes)%s; this ROM's CRC-32 is $%08X (%zu bytes)", where.c_str(),
            header.romPath.empty() ? "unnamed" : header.romPath.c_str(), header.romCrc32, header.romBytes,
            producerText(header).c_str(), romCrc32, rom.size()));
    }
    std::uint32_t crc32 = 0;
    std::uint64_t length = 0;
    reader.value(crc32);
    reader.bounded(length, kLongestState);
    const std::string state = tileprof::inflated(file.substr(file.size() - reader.left()), tileprof::Compression::Zlib, length, where);
    if (state.size() != length || tileprof::crc32Of(state) != crc32) {
        throw tileprof::InputError(where + ": the machine's state is damaged (its length or CRC-32 is not the one recorded)");
    }
    Snes restored = snes;
    tileprof::StateReader machine(state, where + ": the machine's state");
    restored.serialize(machine);
    machine.finish();
    snes = restored;
}

} // namespace emu
