#pragma once

#include <cstdint>

namespace emu {

// The mode-7 registers: M7HOFS/M7VOFS ($210D/$210E, which BG1's scroll registers share), the
// matrix M7A-M7D ($211B-$211E) and the center M7X/M7Y ($211F/$2120). All eight are 16 bits
// written through one latch, the byte written before: each write makes a register the new byte
// above the latch (fullsnes, "PPU Mode 7 registers"; anomie's register notes; bsnes v094 keeps
// one latch for all eight too). Games use the signed multiplier outside mode 7: M7A times the high
// byte of M7B, read at once as a 24-bit product from MPYL, MPYM, MPYH ($2134-$2136).
class Mode7Registers {
public:
    // A write to $210D, $210E or $211B-$2120 (reg 0x0D, 0x0E, 0x1B-0x20).
    void write(std::uint8_t reg, std::uint8_t value)
    {
        const auto word = static_cast<std::uint16_t>(value << 8 | latch_);
        latch_ = value;
        if (reg == 0x0D) {
            hofs_ = word;
        } else if (reg == 0x0E) {
            vofs_ = word;
        } else {
            matrix_[reg - 0x1B] = word;
        }
    }

    // MPYL, MPYM, MPYH: byte 0, 1 or 2 of the product.
    std::uint8_t productByte(unsigned byte) const
    {
        const std::int32_t product = std::int32_t{static_cast<std::int16_t>(a())} * static_cast<std::int8_t>(b() >> 8);
        return static_cast<std::uint8_t>(static_cast<std::uint32_t>(product) >> (8 * byte));
    }

    std::uint16_t hofs() const { return hofs_; }
    std::uint16_t vofs() const { return vofs_; }
    std::uint16_t a() const { return matrix_[0]; }
    std::uint16_t b() const { return matrix_[1]; }
    std::uint16_t c() const { return matrix_[2]; }
    std::uint16_t d() const { return matrix_[3]; }
    std::uint16_t x() const { return matrix_[4]; }
    std::uint16_t y() const { return matrix_[5]; }

    template <class Archive>
    void serialize(Archive& a)
    {
        a.value(latch_);
        a.value(hofs_);
        a.value(vofs_);
        for (std::uint16_t& word : matrix_) {
            a.value(word);
        }
    }

private:
    std::uint8_t latch_ = 0;
    std::uint16_t hofs_ = 0;
    std::uint16_t vofs_ = 0;
    std::uint16_t matrix_[6] = {};
};

} // namespace emu
