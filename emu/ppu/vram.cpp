#include "emu/ppu/vram.hpp"

namespace emu {

std::uint16_t Vram::wordAddress() const
{
    const unsigned remap = control_ >> 2 & 3;
    if (remap == 0) {
        return address_ & 0x7FFF;
    }
    const unsigned bits = 7 + remap; // 8, 9 or 10 bits rotate
    const unsigned low = address_ & ((1u << bits) - 1);
    const unsigned rotated = (low << 3 | low >> (bits - 3)) & ((1u << bits) - 1);
    return static_cast<std::uint16_t>(((address_ & ~((1u << bits) - 1)) | rotated) & 0x7FFF);
}

void Vram::step()
{
    static constexpr std::uint16_t kSteps[] = {1, 32, 128, 128};
    address_ = static_cast<std::uint16_t>(address_ + kSteps[control_ & 3]);
}

void Vram::fetch(bool open)
{
    const unsigned at = wordAddress() * 2u;
    latch_ = open ? static_cast<std::uint16_t>(bytes_[at] | bytes_[at + 1] << 8) : 0;
}

void Vram::writeAddress(bool high, std::uint8_t value, bool open)
{
    address_ = high ? static_cast<std::uint16_t>((address_ & 0x00FF) | value << 8)
                    : static_cast<std::uint16_t>((address_ & 0xFF00) | value);
    fetch(open);
}

void Vram::writeData(bool high, std::uint8_t value, bool open)
{
    if (open) {
        bytes_[wordAddress() * 2u + high] = value;
    }
    if (stepsOn(high)) {
        step();
    }
}

std::uint8_t Vram::readData(bool high, bool open)
{
    const std::uint8_t value = prefetched(high);
    if (stepsOn(high)) {
        fetch(open);
        step();
    }
    return value;
}

} // namespace emu
