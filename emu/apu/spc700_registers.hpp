#pragma once

#include <cstdint>

namespace emu::apu {

// Bits of the SPC700 status word PSW.
namespace spc700_flag {
inline constexpr std::uint8_t carry = 0x01;
inline constexpr std::uint8_t zero = 0x02;
inline constexpr std::uint8_t interrupt = 0x04; // I: stored, nothing interrupts the SNES's SPC700
inline constexpr std::uint8_t halfCarry = 0x08;
inline constexpr std::uint8_t brk = 0x10;
inline constexpr std::uint8_t directPage = 0x20; // P: the direct page is $0100-$01FF
inline constexpr std::uint8_t overflow = 0x40;
inline constexpr std::uint8_t negative = 0x80;
} // namespace spc700_flag

struct Spc700Registers {
    std::uint16_t pc = 0;
    std::uint8_t a = 0;
    std::uint8_t x = 0;
    std::uint8_t y = 0;
    std::uint8_t sp = 0;
    std::uint8_t psw = 0;

    bool operator==(const Spc700Registers&) const = default;
    template <class Archive>
    void serialize(Archive& archive)
    {
        archive.value(pc);
        archive.value(a);
        archive.value(x);
        archive.value(y);
        archive.value(sp);
        archive.value(psw);
    }
};

struct Spc700State {
    Spc700Registers regs;
    // SLEEP or STOP ran: the SPC700 only passes idle cycles until it is reset.
    bool halted = false;

    bool operator==(const Spc700State&) const = default;
    template <class Archive>
    void serialize(Archive& a)
    {
        regs.serialize(a);
        a.value(halted);
    }
};

} // namespace emu::apu
