#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

namespace emu {

// Object attribute memory, a 512-byte low table (4 bytes a sprite) and a 32-byte high table (2
// bits a sprite), and its CPU port: OAMADDL/H ($2102/$2103), OAMDATA ($2104) and RDOAM ($2138).
//
// The port's address is 10 bits of bytes; $200-$3FF all reach the high table, mirrored every 32
// bytes. Low-table bytes are written in pairs: the even byte is held and the odd byte writes both.
// High-table bytes are written at once (and an even one is held too). `redirect`, when given, is
// where the PPU sends the access instead while it draws; the address still steps (bsnes v094).
class Oam {
public:
    static constexpr std::size_t kBytes = 544;

    // OAMADDL, or OAMADDH (bit 0: address bit 9; bit 7: the priority rotation). Either reloads the
    // address from the two.
    void writeAddress(bool high, std::uint8_t value)
    {
        if (high) {
            priorityRotation_ = (value & 0x80) != 0;
            base_ = static_cast<std::uint16_t>((value & 1) << 9 | (base_ & 0x1FE));
        } else {
            base_ = static_cast<std::uint16_t>((base_ & 0x200) | value << 1);
        }
        reloadAddress();
    }

    // What OAMADD and the start of V-blank (display on) do: the address starts again from OAMADD.
    void reloadAddress() { address_ = base_; }

    // Returns the byte written (the pair's even byte in the low table), or nothing when the value
    // was only held.
    std::optional<unsigned> writeData(std::uint8_t value, std::optional<unsigned> redirect)
    {
        const bool odd = (address_ & 1) != 0;
        const unsigned at = byteAt(redirect.value_or(address_));
        address_ = (address_ + 1) & 0x3FF;
        if (!odd) {
            latch_ = value;
        }
        if (at >= 0x200) {
            bytes_[at] = value;
            return at;
        }
        if (odd) {
            bytes_[at & ~1u] = latch_;
            bytes_[at | 1u] = value;
            return at & ~1u;
        }
        return std::nullopt;
    }

    std::uint8_t readData(std::optional<unsigned> redirect)
    {
        const std::uint8_t value = peekData(redirect);
        address_ = (address_ + 1) & 0x3FF;
        return value;
    }

    std::uint8_t peekData(std::optional<unsigned> redirect) const { return bytes_[byteAt(redirect.value_or(address_))]; }

    std::uint16_t address() const { return address_; }
    // The sprite the PPU's evaluation starts from: 0, or with the priority rotation the one at the
    // address.
    unsigned firstSprite() const { return priorityRotation_ ? (address_ >> 2) & 127 : 0; }
    // The first sprite once the address is reloaded.
    unsigned firstSpriteAfterReload() const { return priorityRotation_ ? (base_ >> 2) & 127 : 0; }
    std::span<const std::uint8_t, kBytes> bytes() const { return bytes_; }

    template <class Archive>
    void serialize(Archive& a)
    {
        a.bytes(bytes_);
        a.bounded(base_, std::uint16_t{0x3FF});
        a.bounded(address_, std::uint16_t{0x3FF});
        a.value(latch_);
        a.value(priorityRotation_);
    }

private:
    static unsigned byteAt(unsigned address) { return (address & 0x200) != 0 ? 0x200 | (address & 0x1F) : address; }

    std::array<std::uint8_t, kBytes> bytes_{};
    std::uint16_t base_ = 0;
    std::uint16_t address_ = 0;
    std::uint8_t latch_ = 0;
    bool priorityRotation_ = false;
};

} // namespace emu
