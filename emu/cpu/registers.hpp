#pragma once

#include <cstdint>

namespace emu {

// Bits of the 65816 status register P.
namespace flag {
inline constexpr std::uint8_t carry = 0x01;
inline constexpr std::uint8_t zero = 0x02;
inline constexpr std::uint8_t irqDisable = 0x04;
inline constexpr std::uint8_t decimal = 0x08;
inline constexpr std::uint8_t index8 = 0x10;  // X; the B flag in pushes made in emulation mode
inline constexpr std::uint8_t memory8 = 0x20; // M
inline constexpr std::uint8_t overflow = 0x40;
inline constexpr std::uint8_t negative = 0x80;
} // namespace flag

// The programmer-visible 65816 state. A holds the full 16-bit C (B:A) whatever the M width.
struct Registers {
    std::uint16_t a = 0;
    std::uint16_t x = 0;
    std::uint16_t y = 0;
    std::uint16_t s = 0x01FF;
    std::uint16_t d = 0;
    std::uint16_t pc = 0;
    std::uint8_t pbr = 0;
    std::uint8_t dbr = 0;
    std::uint8_t p = flag::memory8 | flag::index8 | flag::irqDisable;
    bool e = true;

    std::uint32_t programAddress() const { return std::uint32_t{pbr} << 16 | pc; }
    bool operator==(const Registers&) const = default;
    template <class Archive>
    void serialize(Archive& archive)
    {
        archive.value(a);
        archive.value(x);
        archive.value(y);
        archive.value(s);
        archive.value(d);
        archive.value(pc);
        archive.value(pbr);
        archive.value(dbr);
        archive.value(p);
        archive.value(e);
    }
};

} // namespace emu
