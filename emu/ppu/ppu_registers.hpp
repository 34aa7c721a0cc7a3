#pragma once

#include "emu/ppu/mode7_registers.hpp"

#include <array>
#include <cstdint>

namespace emu {

// The PPU's write-only registers $2100-$2133 as the picture would use them: every byte last
// written, and what the write latches make of them (the BG scroll offsets, the mode-7 registers,
// COLDATA's fixed color). The picture is drawn from them; the debugger and the memory ports read
// them too. Power-on values are bsnes v094's with its randomisation off: all zero but INIDISP (force
// blank, $80) and VMAIN (increment after the high byte, $80).
class PpuRegisters {
public:
    static constexpr std::size_t kCount = 0x34;

    // A write to $2100 + reg, reg < kCount.
    void write(std::uint8_t reg, std::uint8_t value)
    {
        written_[reg] = value;
        if (reg >= 0x0D && reg <= 0x14) {
            writeScroll(reg, value);
        } else if (reg >= 0x1B && reg <= 0x20) {
            mode7_.write(reg, value);
        } else if (reg == 0x32) {
            writeColdata(value);
        }
    }

    // The byte last written to $2100 + reg (the power-on value before any write).
    std::uint8_t written(std::uint8_t reg) const { return written_[reg]; }
    const std::array<std::uint8_t, kCount>& writtenBytes() const { return written_; }

    bool forceBlank() const { return (written_[0x00] & 0x80) != 0; }
    // Where BG`bg`'s character data begins (BG12NBA, BG34NBA): a VRAM byte address, 8 KiB a step.
    unsigned bgCharacterBase(unsigned bg) const
    {
        const std::uint8_t nba = written_[0x0B + bg / 2];
        return ((bg % 2 == 0 ? nba : nba >> 4) & 7u) << 13;
    }
    // Whether BG`bg`'s tiles are 16x16 (BGMODE bits 4-7), not 8x8.
    bool bgLargeTiles(unsigned bg) const { return ((written_[0x05] >> (4 + bg)) & 1) != 0; }
    // The first line of V-blank: 225, or 240 with SETINI's overscan bit.
    std::uint32_t vblankStartLine() const { return (written_[0x33] & 0x04) ? 240 : 225; }

    // BGnHOFS/BGnVOFS, bg 0-3, as the scroll latch assembled them (the picture uses 10 bits).
    std::uint16_t bgHofs(unsigned bg) const { return hofs_[bg]; }
    std::uint16_t bgVofs(unsigned bg) const { return vofs_[bg]; }
    const Mode7Registers& mode7() const { return mode7_; }
    std::uint8_t mode7ProductByte(unsigned byte) const { return mode7_.productByte(byte); }
    // COLDATA's color as BGR555: each write sets the components its bits 5-7 select.
    std::uint16_t fixedColor() const { return fixedColor_; }

    template <class Archive>
    void serialize(Archive& a)
    {
        a.values(written_);
        a.value(scrollLatch_);
        a.values(hofs_);
        a.values(vofs_);
        mode7_.serialize(a);
        a.value(fixedColor_);
    }

private:
    // BGnHOFS and BGnVOFS share one latch, the byte written before (anomie; bsnes v094): a VOFS
    // write is the new byte above it, an HOFS write keeps bits 0-2 from the register's own
    // previous high byte. $210D/$210E are M7HOFS/M7VOFS as well, through the mode-7 latch.
    void writeScroll(std::uint8_t reg, std::uint8_t value)
    {
        const unsigned bg = (reg - 0x0Du) / 2;
        if ((reg & 1) != 0) { // $210D, $210F, $2111, $2113
            hofs_[bg] = static_cast<std::uint16_t>(value << 8 | (scrollLatch_ & ~7u) | (hofs_[bg] >> 8 & 7));
        } else {
            vofs_[bg] = static_cast<std::uint16_t>(value << 8 | scrollLatch_);
        }
        scrollLatch_ = value;
        if (reg <= 0x0E) {
            mode7_.write(reg, value);
        }
    }

    void writeColdata(std::uint8_t value)
    {
        const unsigned intensity = value & 0x1Fu;
        for (unsigned component = 0; component < 3; ++component) { // red, green, blue
            if (value & (0x20u << component)) {
                const unsigned shift = 5 * component;
                fixedColor_ = static_cast<std::uint16_t>((fixedColor_ & ~(0x1Fu << shift)) | intensity << shift);
            }
        }
    }

    std::array<std::uint8_t, kCount> written_ = [] {
        std::array<std::uint8_t, kCount> bytes{};
        bytes[0x00] = 0x80;
        bytes[0x15] = 0x80;
        return bytes;
    }();
    std::uint8_t scrollLatch_ = 0;
    std::array<std::uint16_t, 4> hofs_{};
    std::array<std::uint16_t, 4> vofs_{};
    Mode7Registers mode7_;
    std::uint16_t fixedColor_ = 0;
};

} // namespace emu
