#pragma once

#include <array>
#include <cstdint>

namespace emu::apu {

// The S-DSP as the SPC700 sees it through $F2/$F3: 128 bytes of registers and nothing behind
// them. No sound is made: KON, KOFF, FLG and the rest are only stored. The one register whose
// write is not a plain store is ENDX ($7C): any write clears it (the DSP would set its bits as
// voices end, which never happens here).
class DspRegisters {
public:
    static constexpr std::uint8_t kEndx = 0x7C;
    static constexpr std::uint8_t kFlg = 0x6C;

    // FLG at power-on: soft reset, mute, echo writes off (fullsnes); every other register 0.
    DspRegisters() { registers_[kFlg] = 0xE0; }

    std::uint8_t read(std::uint8_t address) const { return registers_[address & 0x7F]; }

    void write(std::uint8_t address, std::uint8_t value)
    {
        registers_[address & 0x7F] = address == kEndx ? 0 : value;
    }

    const std::array<std::uint8_t, 128>& bytes() const { return registers_; }

    template <class Archive>
    void serialize(Archive& a)
    {
        a.bytes(registers_);
    }

private:
    std::array<std::uint8_t, 128> registers_{};
};

} // namespace emu::apu
