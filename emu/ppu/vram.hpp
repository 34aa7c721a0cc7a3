#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace emu {

// Video RAM, 32K words, and its CPU port: VMAIN ($2115), VMADD ($2116/$2117), VMDATAL/H writes
// ($2118/$2119) and RDVRAML/H reads ($2139/$213A) through a one-word prefetch latch.
//
// `open` says whether the PPU lets the CPU at VRAM now: during V-blank or force blank. Otherwise
// a write is lost and a fetch into the latch reads 0, but the address still steps (bsnes v094;
// hardware ignores such writes too, and what it fetches then is not pinned down).
class Vram {
public:
    static constexpr std::size_t kBytes = 0x10000;

    void writeControl(std::uint8_t value) { control_ = value; } // VMAIN

    // VMADDL/VMADDH: a new address fills the latch from it at once.
    void writeAddress(bool high, std::uint8_t value, bool open);
    // VMDATAL/VMDATAH: the low or high byte of the word at the address.
    void writeData(bool high, std::uint8_t value, bool open);
    // RDVRAML/RDVRAMH: the latch's low or high byte. On the byte VMAIN bit 7 increments on, the
    // latch is refilled from the address before it steps, so reads return the previous word
    // (fullsnes, anomie, bsnes v094).
    std::uint8_t readData(bool high, bool open);

    // What readData would return, without refilling or stepping.
    std::uint8_t prefetched(bool high) const { return static_cast<std::uint8_t>(high ? latch_ >> 8 : latch_); }
    std::uint16_t address() const { return address_; }
    // Word `wordAddress` (bytes 2n and 2n + 1), the address wrapping at VRAM's 32K words (its bit
    // 15 is not wired).
    std::uint16_t word(unsigned wordAddress) const
    {
        const unsigned at = (wordAddress & 0x7FFF) * 2;
        return static_cast<std::uint16_t>(bytes_[at] | bytes_[at + 1] << 8);
    }
    std::span<const std::uint8_t, kBytes> bytes() const { return bytes_; }
    // The host's way in (power-on contents), no port involved.
    std::span<std::uint8_t, kBytes> bytes() { return bytes_; }

    template <class Archive>
    void serialize(Archive& a)
    {
        a.bytes(bytes_);
        a.value(control_);
        a.value(address_);
        a.value(latch_);
    }

private:
    // The word address VMAIN bits 2-3 remap the CPU's address to: the low 8, 9 or 10 bits rotated
    // left by 3, for writing 2, 4 and 8 bit-plane tiles a row at a time.
    std::uint16_t wordAddress() const;
    bool stepsOn(bool high) const { return high == ((control_ & 0x80) != 0); }
    void step();
    void fetch(bool open);

    std::array<std::uint8_t, kBytes> bytes_{};
    std::uint8_t control_ = 0x80;
    std::uint16_t address_ = 0;
    std::uint16_t latch_ = 0;
};

} // namespace emu
