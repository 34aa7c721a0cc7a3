#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace emu {

// Palette RAM, 256 BGR555 words, and its CPU port: CGADD ($2121), CGDATA ($2122) and RDCGRAM
// ($213B), at a 9-bit byte address whose low bit is the byte toggle.
//
// `busy` says the PPU is drawing (display on, lines 1 to V-blank, 88 to 1095 clocks into the
// line). bsnes v094 then sends the access to the entry its renderer looked up last; with nothing
// rendered here, that is taken to be entry 0, which is bsnes's own answer when nothing but the
// backdrop is on screen (each of its lines and backdrop pixels look up entry 0).
class Cgram {
public:
    static constexpr std::size_t kBytes = 0x200;

    void writeAddress(std::uint8_t value) { address_ = static_cast<std::uint16_t>(value << 1); }

    // The first byte is held; the second writes the word, bit 15 cleared (bsnes v094 stores 15 bits).
    void writeData(std::uint8_t value, bool busy)
    {
        const bool second = (address_ & 1) != 0;
        const unsigned at = busy ? kRenderingAddress : address_;
        address_ = (address_ + 1) & (kBytes - 1);
        if (!second) {
            latch_ = value;
        } else {
            bytes_[at & ~1u] = latch_;
            bytes_[at | 1u] = value & 0x7F;
        }
    }

    // Low byte, then high byte with bit 7 from PPU2's open bus `openBus`.
    std::uint8_t readData(std::uint8_t openBus, bool busy)
    {
        const std::uint8_t value = peekData(openBus, busy);
        address_ = (address_ + 1) & (kBytes - 1);
        return value;
    }

    std::uint8_t peekData(std::uint8_t openBus, bool busy) const
    {
        const std::uint8_t byte = bytes_[busy ? kRenderingAddress : address_];
        return (address_ & 1) != 0 ? static_cast<std::uint8_t>((openBus & 0x80) | byte) : byte;
    }

    std::uint16_t address() const { return address_; }
    // Colour `index` (0-255), 0bbbbbgggggrrrrr.
    std::uint16_t colour(unsigned index) const
    {
        return static_cast<std::uint16_t>(bytes_[2 * index] | bytes_[2 * index + 1] << 8);
    }
    std::span<const std::uint8_t, kBytes> bytes() const { return bytes_; }

    template <class Archive>
    void serialize(Archive& a)
    {
        a.bytes(bytes_);
        a.bounded(address_, std::uint16_t{kBytes - 1});
        a.value(latch_);
    }

private:
    static constexpr unsigned kRenderingAddress = 0;

    std::array<std::uint8_t, kBytes> bytes_{};
    std::uint16_t address_ = 0;
    std::uint8_t latch_ = 0;
};

} // namespace emu
