#pragma once

#include <cstdint>

namespace emu {

// The PPU's signed multiplier, which games use outside mode 7 too: M7A ($211B, 16 bits written
// low byte then high through the mode-7 latch) times the byte last written to M7B ($211C), read
// at once as a 24-bit product from MPYL, MPYM, MPYH ($2134-$2136). The mode-7 registers
// $211B-$2120 share one latch, the byte written before: each write makes a register's 16 bits of
// the new byte above the latch (fullsnes, "PPU Mode 7 registers"; anomie's register notes).
class Mode7Multiplier {
public:
    // A write to $211B-$2120 (reg 0x1B-0x20).
    void write(std::uint8_t reg, std::uint8_t value)
    {
        const auto word = static_cast<std::int16_t>(value << 8 | latch_);
        if (reg == 0x1B) {
            m7a_ = word;
        } else if (reg == 0x1C) {
            m7bHigh_ = static_cast<std::int8_t>(value);
        }
        latch_ = value;
    }

    // MPYL, MPYM, MPYH: byte 0, 1 or 2 of the product.
    std::uint8_t productByte(unsigned byte) const
    {
        const std::int32_t product = std::int32_t{m7a_} * m7bHigh_;
        return static_cast<std::uint8_t>(static_cast<std::uint32_t>(product) >> (8 * byte));
    }

private:
    std::uint8_t latch_ = 0;
    std::int16_t m7a_ = 0;
    std::int8_t m7bHigh_ = 0;
};

} // namespace emu
