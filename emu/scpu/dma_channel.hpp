#pragma once

#include <array>
#include <cstdint>

namespace emu {

// One of the eight DMA/HDMA channels: its registers $43x0-$43xB (and $43xF, which mirrors
// $43xB) and the HDMA state the registers do not show. Power-on values are bsnes's: every
// register bit set.
struct DmaChannel {
    std::uint8_t control = 0xFF;        // DMAPx: direction, indirect, unused, decrement, fixed, pattern
    std::uint8_t bAddress = 0xFF;       // BBADx
    std::uint16_t aAddress = 0xFFFF;    // A1Tx
    std::uint8_t aBank = 0xFF;          // A1Bx
    std::uint16_t count = 0xFFFF;       // DASx: DMA's byte count, HDMA's indirect address
    std::uint8_t indirectBank = 0xFF;   // DASBx
    std::uint16_t tableAddress = 0xFFFF; // A2Ax: HDMA's table pointer
    std::uint8_t lineCounter = 0xFF;    // NTRLx
    std::uint8_t unused = 0xFF;         // $43xB/$43xF: a byte of storage

    bool dmaEnabled = false;      // set by $420B, cleared when the channel's transfer ends
    bool hdmaEnabled = false;     // $420C
    bool hdmaCompleted = false;   // its table ended this frame
    bool hdmaDoTransfer = false;  // transfer on the next HDMA line

    bool bToA() const { return control & 0x80; }
    bool indirect() const { return control & 0x40; }
    bool decrement() const { return control & 0x10; }
    bool fixed() const { return control & 0x08; }
    unsigned pattern() const { return control & 0x07; }
    bool hdmaActive() const { return hdmaEnabled && !hdmaCompleted; }

    // Bytes in one unit of the transfer pattern, and the B-bus register the `index`th byte goes to.
    unsigned unitBytes() const { return kUnitBytes[pattern()]; }
    std::uint8_t bRegister(unsigned index) const
    {
        return static_cast<std::uint8_t>(bAddress + kUnitOffsets[pattern()][index & 3]);
    }

    std::uint8_t read(unsigned reg) const
    {
        switch (reg) {
        case 0x0: return control;
        case 0x1: return bAddress;
        case 0x2: return static_cast<std::uint8_t>(aAddress);
        case 0x3: return static_cast<std::uint8_t>(aAddress >> 8);
        case 0x4: return aBank;
        case 0x5: return static_cast<std::uint8_t>(count);
        case 0x6: return static_cast<std::uint8_t>(count >> 8);
        case 0x7: return indirectBank;
        case 0x8: return static_cast<std::uint8_t>(tableAddress);
        case 0x9: return static_cast<std::uint8_t>(tableAddress >> 8);
        case 0xA: return lineCounter;
        default: return unused; // $43xB and its mirror $43xF
        }
    }

    void write(unsigned reg, std::uint8_t value)
    {
        switch (reg) {
        case 0x0: control = value; break;
        case 0x1: bAddress = value; break;
        case 0x2: aAddress = static_cast<std::uint16_t>((aAddress & 0xFF00) | value); break;
        case 0x3: aAddress = static_cast<std::uint16_t>((aAddress & 0x00FF) | value << 8); break;
        case 0x4: aBank = value; break;
        case 0x5: count = static_cast<std::uint16_t>((count & 0xFF00) | value); break;
        case 0x6: count = static_cast<std::uint16_t>((count & 0x00FF) | value << 8); break;
        case 0x7: indirectBank = value; break;
        case 0x8: tableAddress = static_cast<std::uint16_t>((tableAddress & 0xFF00) | value); break;
        case 0x9: tableAddress = static_cast<std::uint16_t>((tableAddress & 0x00FF) | value << 8); break;
        case 0xA: lineCounter = value; break;
        default: unused = value; break;
        }
    }

    // $43xC-$43xE are not registers: reads are open bus, writes go nowhere.
    static bool isRegister(unsigned reg) { return reg < 0xC || reg == 0xF; }

    template <class Archive>
    void serialize(Archive& a)
    {
        a.value(control);
        a.value(bAddress);
        a.value(aAddress);
        a.value(aBank);
        a.value(count);
        a.value(indirectBank);
        a.value(tableAddress);
        a.value(lineCounter);
        a.value(unused);
        a.value(dmaEnabled);
        a.value(hdmaEnabled);
        a.value(hdmaCompleted);
        a.value(hdmaDoTransfer);
    }

private:
    static constexpr std::array<std::uint8_t, 8> kUnitBytes{1, 2, 2, 4, 4, 4, 2, 4};
    static constexpr std::array<std::array<std::uint8_t, 4>, 8> kUnitOffsets{{
        {0, 0, 0, 0}, {0, 1, 0, 1}, {0, 0, 0, 0}, {0, 0, 1, 1},
        {0, 1, 2, 3}, {0, 1, 0, 1}, {0, 0, 0, 0}, {0, 0, 1, 1},
    }};
};

} // namespace emu
