// snes9x's .smv, as TASVideos' "SMV" page describes versions 1 (snes9x 1.43) and 4 (1.51) and
// snes9x's movie.cpp reads them and 5 (1.52 on): a header of 32 bytes (version 1) or 64, little
// endian, then the author's name, the save RAM or savestate the movie starts from, and the
// controller data: samples of 2 bytes a controller in use, each the controller's word in the
// auto-joypad layout (bits 3-0 reserved). There is one sample more than frames: the first is the
// pads when recording began, and each next one the pads snes9x sets at the end of a frame's
// picture, just before that frame's auto-joypad read; a sample of all 0xFF bytes is a reset.

#include "base/counted.hpp"
#include "base/input_error.hpp"
#include "base/little_endian.hpp"
#include "base/printf_string.hpp"
#include "profiler/formats/input/movie_reading.hpp"

#include <algorithm>
#include <bit>

namespace tileprof {
namespace {

constexpr std::size_t kVersion1HeaderSize = 32;
constexpr std::size_t kHeaderSize = 64; // versions 4 and 5
constexpr std::size_t kSaveRamSize = 0x20000; // what snes9x writes before a movie from reset

// The header's fields (movie.cpp's read_movie_header).
constexpr std::size_t kVersionAt = 0x04;
constexpr std::size_t kFramesAt = 0x10;
constexpr std::size_t kMaskAt = 0x14;
constexpr std::size_t kOptionsAt = 0x15;
constexpr std::size_t kSavestateOffsetAt = 0x18;
constexpr std::size_t kDataOffsetAt = 0x1C;
constexpr std::size_t kSamplesAt = 0x20;
constexpr std::size_t kPortTypesAt = 0x24;
constexpr std::size_t kPortIdsAt = 0x26; // four a port

constexpr std::uint8_t kFromReset = 1;   // movie options bit 0; clear: from a snapshot
constexpr std::uint8_t kPal = 2;         // movie options bit 1
constexpr std::uint8_t kPortJoypad = 1;  // the port types: 0 none, 1 joypad, 2 mouse, 3 Super Scope,
                                         // 4 Justifier, 5 multitap

class Smv {
public:
    Smv(std::string_view bytes, const std::string& name) : bytes_(bytes), name_(name) {}

    std::size_t size() const { return bytes_.size(); }
    std::uint8_t u8(std::size_t at) const { return static_cast<std::uint8_t>(bytes_[at]); }
    std::uint16_t u16(std::size_t at) const { return littleEndian16(bytes_, at); }
    std::uint32_t u32(std::size_t at) const { return littleEndian32(bytes_, at); }
    std::string_view bytes(std::size_t at, std::size_t count) const { return bytes_.substr(at, count); }

    // Throws InputError "NAME: byte AT (0xAT): problem".
    [[noreturn]] void fail(std::size_t at, const std::string& problem) const
    {
        throw InputError(name_ + printfString(": byte %zu (0x%zX): ", at, at) + problem);
    }

private:
    std::string_view bytes_;
    const std::string& name_;
};

std::string_view portName(std::uint8_t type)
{
    static constexpr std::string_view kNames[] = {"nothing", "a joypad", "a mouse", "a Super Scope", "a Justifier", "a multitap"};
    return type < std::size(kNames) ? kNames[type] : "a controller of an unknown type";
}

// The joypad (0-7, the controller mask's bit) each port holds, if any: in version 1 joypads 1 and 2;
// later, as the header's port types and controller IDs say.
std::array<std::optional<unsigned>, 2> portJoypads(const Smv& smv, std::uint32_t version)
{
    if (version == 1) {
        return {0u, 1u};
    }
    std::array<std::optional<unsigned>, 2> joypads;
    for (std::size_t port = 0; port < joypads.size(); ++port) {
        const std::uint8_t type = smv.u8(kPortTypesAt + port);
        if (type != 0 && type != kPortJoypad) {
            smv.fail(kPortTypesAt + port, "port " + std::to_string(port + 1) + " holds " + std::string(portName(type))
                                              + "; tileprof plays standard pads");
        }
        const std::size_t idAt = kPortIdsAt + 4 * port;
        if (type == kPortJoypad) {
            if (smv.u8(idAt) > 7) {
                smv.fail(idAt, "port " + std::to_string(port + 1) + "'s joypad is number " + std::to_string(smv.u8(idAt))
                                   + ", where snes9x numbers them 0 to 7");
            }
            joypads[port] = smv.u8(idAt);
        }
    }
    return joypads;
}

// Refuses save RAM that holds a saved game: snes9x writes the save RAM a movie from reset starts
// with, 128 KiB, and one cleared has every byte alike.
void checkSaveRam(const Smv& smv, std::size_t offset, std::size_t dataOffset)
{
    if (offset > smv.size()) {
        smv.fail(kSavestateOffsetAt, "the save RAM's offset, " + std::to_string(offset) + ", lies past the end of the file ("
                                         + std::to_string(smv.size()) + " bytes)");
    }
    const std::size_t end = std::min({smv.size(), offset + kSaveRamSize, std::max(dataOffset, offset)});
    const std::string_view saveRam = smv.bytes(offset, end - offset);
    const auto differs = std::ranges::find_if(saveRam, [&](char byte) { return byte != saveRam.front(); });
    if (differs != saveRam.end()) {
        smv.fail(offset + static_cast<std::size_t>(differs - saveRam.begin()),
                 "the movie starts with save RAM that holds a saved game (its bytes differ); tileprof starts without");
    }
}

} // namespace

InputMovie readSnes9xMovie(std::string_view bytes, const std::string& name)
{
    const Smv smv(bytes, name);
    if (smv.size() < kVersion1HeaderSize) {
        smv.fail(smv.size(), "the file ends inside the header, which takes 32 bytes");
    }
    const std::uint32_t version = smv.u32(kVersionAt);
    if (version != 1 && version != 4 && version != 5) {
        smv.fail(kVersionAt, "version " + std::to_string(version) + "; tileprof reads versions 1 (snes9x 1.43), 4 (1.51) and 5");
    }
    if (version != 1 && smv.size() < kHeaderSize) {
        smv.fail(smv.size(), "the file ends inside the header, which takes 64 bytes in version " + std::to_string(version));
    }
    const std::uint8_t options = smv.u8(kOptionsAt);
    if ((options & kFromReset) == 0) {
        smv.fail(kOptionsAt, "the movie starts from a snapshot (movie options bit 0 clear); tileprof plays from power-on");
    }
    if ((options & kPal) != 0) {
        failPal(name + printfString(": byte %zu (0x%zX)", kOptionsAt, kOptionsAt));
    }
    const std::array<std::optional<unsigned>, 2> joypads = portJoypads(smv, version);
    const std::uint8_t mask = smv.u8(kMaskAt);
    for (unsigned joypad = 0; joypad < 8; ++joypad) {
        if ((mask >> joypad & 1) != 0 && joypads[0] != joypad && joypads[1] != joypad) {
            smv.fail(kMaskAt, "controller " + std::to_string(joypad + 1) + " is in use, but in neither port (on a multitap?); "
                                  "tileprof plays the two pads in the ports");
        }
    }
    const std::uint32_t frames = smv.u32(kFramesAt);
    if (frames > kMaxInputFrames) {
        smv.fail(kFramesAt, grouped(frames) + " frames: " + tooManyFrames());
    }
    if (version != 1 && smv.u32(kSamplesAt) > frames) {
        smv.fail(kSamplesAt, grouped(smv.u32(kSamplesAt)) + " input samples for " + grouped(frames)
                                 + " frames: samples beyond one a frame are a mouse's or Super Scope's polls");
    }
    const std::size_t dataOffset = smv.u32(kDataOffsetAt);
    checkSaveRam(smv, smv.u32(kSavestateOffsetAt), dataOffset);

    const std::size_t sampleSize = 2 * static_cast<std::size_t>(std::popcount(mask));
    const std::size_t dataSize = (std::size_t{frames} + 1) * sampleSize;
    if (dataOffset > smv.size() || smv.size() - dataOffset < dataSize) {
        smv.fail(std::min(dataOffset, smv.size()), "the controller data (" + std::to_string(frames) + " frames and the first sample, "
                                                       + std::to_string(dataSize) + " bytes at byte " + std::to_string(dataOffset)
                                                       + ") runs past the end of the file (" + std::to_string(smv.size()) + " bytes)");
    }
    // Where each joypad's word lies in a sample: the joypads in use one after another, lowest first.
    const auto wordOf = [&](std::size_t sample, const std::optional<unsigned>& joypad) -> std::uint16_t {
        if (!joypad || (mask >> *joypad & 1) == 0) {
            return 0; // snes9x leaves a joypad out of use unpressed
        }
        const auto before = static_cast<std::size_t>(std::popcount(static_cast<unsigned>(mask) & ((1u << *joypad) - 1)));
        return smv.u16(dataOffset + sample * sampleSize + 2 * before) & 0xFFF0;
    };
    InputMovie movie;
    movie.format = InputFormat::Snes9x;
    for (std::size_t sample = 1; sample <= frames; ++sample) {
        const std::size_t at = dataOffset + sample * sampleSize;
        if (sampleSize > 0 && std::ranges::all_of(smv.bytes(at, sampleSize), [](char byte) { return byte == '\xFF'; })) {
            smv.fail(at, "frame " + std::to_string(sample - 1) + " resets the console; tileprof plays from power-on without resets");
        }
        movie.frames.push_back({wordOf(sample, joypads[0]), wordOf(sample, joypads[1])});
    }
    movie.notes.push_back("snes9x smv (version " + std::to_string(version) + "): " + framesCounted(movie.frames.size())
                          + ", one a sample after the first (the pads when recording began), lag frames included");
    // snes9x sets each sample at the end of a frame's picture, as V-blank begins; the first holds
    // until then.
    movie.initial = {wordOf(0, joypads[0]), wordOf(0, joypads[1])};
    movie.padSwitch = emu::PadSwitch::VblankStart;
    return movie;
}

} // namespace tileprof
