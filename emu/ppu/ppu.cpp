#include "emu/ppu/ppu.hpp"

#include "emu/ppu/line_renderer.hpp"

#include <algorithm>

namespace emu {

namespace {

// Registers no chip answers for but PPU1, whose open bus they return: $2104-$2106, $2108-$210A
// and the same columns of $211x and $212x (anomie; bsnes v094).
bool readsPpu1OpenBus(std::uint8_t reg)
{
    const unsigned column = reg & 0xF;
    return reg < 0x30 && ((column >= 0x4 && column <= 0x6) || (column >= 0x8 && column <= 0xA));
}

constexpr std::uint8_t kPpu1Version = 1;

} // namespace

bool Ppu::vramOpen(const VideoPosition& at) const
{
    return registers_.forceBlank() || at.line >= registers_.vblankStartLine();
}

bool Ppu::cgramBusy(const VideoPosition& at) const
{
    return !registers_.forceBlank() && at.line > 0 && at.line < registers_.vblankStartLine() && at.hclock >= 88 &&
           at.hclock < 1096;
}

// While the PPU draws (display on, before V-blank), bsnes v094 sends OAM accesses to the high-table
// byte of the last sprite its range evaluation of a line kept, and keeps that address when a line
// has none. Rather than evaluating every line as it is drawn, this looks back from the current
// line, as far as one frame, when an access needs it: the same answer as long as OAM, OBSEL and
// SETINI have not changed since the line that decides it.
std::optional<unsigned> Ppu::oamRedirect(const VideoPosition& at)
{
    if (registers_.forceBlank() || at.line >= registers_.vblankStartLine()) {
        return std::nullopt;
    }
    const unsigned evaluatedLines = registers_.vblankStartLine() - 1; // lines 0-223, or 0-238 with overscan
    const unsigned newest = std::min<unsigned>(at.line, evaluatedLines - 1);
    const SpriteSizes sizes = spriteSizes();
    for (unsigned back = 0; back < evaluatedLines; ++back) {
        const unsigned line = (newest + evaluatedLines - back) % evaluatedLines;
        if (const std::optional<unsigned> sprite = spriteRange_.lastInRange(oam_.bytes(), sizes, oam_.firstSprite(), line)) {
            oamRenderAddress_ = 0x200 + *sprite / 4;
            break;
        }
    }
    return oamRenderAddress_;
}

void Ppu::write(std::uint8_t reg, std::uint8_t value, const VideoPosition& at)
{
    if (reg <= 0x04 || reg == 0x33) { // what the sprites' evaluation reads: the lines before saw it as it was
        evaluateSpritesThrough(at.line, spriteFlags_);
    }
    switch (reg) {
    case 0x00: // INIDISP: in force blank the first V-blank line did not reload OAM's address; bsnes v094 does it now
        if (registers_.forceBlank() && at.line == registers_.vblankStartLine()) {
            oam_.reloadAddress();
        }
        break;
    case 0x02: oam_.writeAddress(false, value); break;
    case 0x03: oam_.writeAddress(true, value); break;
    case 0x04:
        if (const std::optional<unsigned> written = oam_.writeData(value, oamRedirect(at))) {
            spriteRange_.oamWritten(*written);
            spriteFlags_.oamWritten();
        }
        break;
    case 0x15: vram_.writeControl(value); break;
    case 0x16: vram_.writeAddress(false, value, vramOpen(at)); break;
    case 0x17: vram_.writeAddress(true, value, vramOpen(at)); break;
    case 0x18: vram_.writeData(false, value, vramOpen(at)); break;
    case 0x19: vram_.writeData(true, value, vramOpen(at)); break;
    case 0x21: cgram_.writeAddress(value); break;
    case 0x22: cgram_.writeData(value, cgramBusy(at)); break;
    default: break;
    }
    registers_.write(reg, value);
}

std::uint8_t Ppu::read(std::uint8_t reg, const VideoPosition& at, std::uint8_t cpuOpenBus)
{
    switch (reg) {
    case 0x34: // MPYL, MPYM, MPYH
    case 0x35:
    case 0x36: ppu1OpenBus_ = registers_.mode7ProductByte(reg - 0x34u); return ppu1OpenBus_;
    case 0x38: // the address steps, and with it the first sprite under the priority rotation
        evaluateSpritesThrough(at.line, spriteFlags_);
        ppu1OpenBus_ = oam_.readData(oamRedirect(at));
        return ppu1OpenBus_;
    case 0x39: ppu1OpenBus_ = vram_.readData(false, vramOpen(at)); return ppu1OpenBus_;
    case 0x3A: ppu1OpenBus_ = vram_.readData(true, vramOpen(at)); return ppu1OpenBus_;
    case 0x3B: ppu2OpenBus_ = cgram_.readData(ppu2OpenBus_, cgramBusy(at)); return ppu2OpenBus_;
    case 0x3E:
        evaluateSpritesThrough(at.line, spriteFlags_);
        ppu1OpenBus_ = static_cast<std::uint8_t>(spriteFlags_.bits(at.line, at.hclock) | (ppu1OpenBus_ & 0x10) | kPpu1Version);
        return ppu1OpenBus_;
    default: return peek(reg, cpuOpenBus);
    }
}

std::uint8_t Ppu::peek(std::uint8_t reg, std::uint8_t cpuOpenBus) const
{
    switch (reg) {
    case 0x34:
    case 0x35:
    case 0x36: return registers_.mode7ProductByte(reg - 0x34u);
    case 0x38: return oam_.peekData(std::nullopt);
    case 0x39: return vram_.prefetched(false);
    case 0x3A: return vram_.prefetched(true);
    case 0x3B: return cgram_.peekData(ppu2OpenBus_, false);
    case 0x3E: { // STAT77: the time-over and range-over flags as they are once the frame's lines are evaluated
        SpriteFlags flags = spriteFlags_;
        evaluateSpritesThrough(VideoTiming::kLinesPerFrame, flags);
        return static_cast<std::uint8_t>(flags.bits(VideoTiming::kLinesPerFrame, 0) | (ppu1OpenBus_ & 0x10) | kPpu1Version);
    }
    default: return readsPpu1OpenBus(reg) ? ppu1OpenBus_ : cpuOpenBus;
    }
}

void Ppu::startVblank(std::uint64_t frame, bool interlaced)
{
    if (!registers_.forceBlank()) {
        if (oam_.firstSpriteAfterReload() != oam_.firstSprite()) {
            evaluateSpritesThrough(VideoTiming::kLinesPerFrame, spriteFlags_);
        }
        oam_.reloadAddress();
    }
    if (drawing_) {
        finishPicture(frame, interlaced);
    }
}

void Ppu::finishPicture(std::uint64_t frame, bool interlaced)
{
    Drawing& drawing = *drawing_;
    Picture& picture = drawing.pictures[drawing.drawingIndex];
    const unsigned lines = frameVblankLine_ - 1;
    if (interlaced) {
        for (unsigned index = 0; index < lines; ++index) {
            std::ranges::copy(drawing.fieldLine(false, index), picture.row(2 * index).begin());
            std::ranges::copy(drawing.fieldLine(true, index), picture.row(2 * index + 1).begin());
        }
    }
    drawing.evenFieldInPicture = !interlaced;
    picture.finish(frame, interlaced ? 2 * lines : lines);
    drawing.finishedIndex = drawing.drawingIndex;
    drawing.finished = true;
}

void Ppu::drawPictures(bool on, LayersLeftOut leftOut)
{
    drawing_.reset();
    if (on) {
        drawing_.emplace().layers.leftOut = leftOut;
    }
}

std::span<std::uint32_t, Picture::kWidth> Ppu::lineRow(unsigned line, bool oddField, bool interlaced)
{
    Drawing& drawing = *drawing_;
    if (line == 1) {
        drawing.drawingIndex = 1 - drawing.finishedIndex;
    }
    if (!interlaced) {
        return drawing.pictures[drawing.drawingIndex].row(line - 1);
    }
    if (line == 1) {
        for (std::vector<std::uint32_t>& lines : drawing.fieldLines) {
            lines.resize(std::size_t{Picture::kWidth} * Picture::kMaxLines);
        }
        if (drawing.evenFieldInPicture) {
            Picture& last = drawing.pictures[drawing.finishedIndex];
            for (unsigned index = 0; index < Picture::kMaxLines; ++index) {
                std::ranges::copy(last.row(index), drawing.fieldLine(false, index).begin());
            }
            drawing.evenFieldInPicture = false;
        }
    }
    return drawing.fieldLine(oddField, line - 1);
}

// Lines 1 to 239 are drawn, as rows 0 to 238 (or a field's); without overscan those past 224 black.
void Ppu::startLine(unsigned line, bool oddField, bool interlaced)
{
    if (line == 0 || line > Picture::kMaxLines) {
        return;
    }
    const std::span<std::uint32_t, Picture::kWidth> row = lineRow(line, oddField, interlaced);
    if (line == 1) {
        drawing_->lineRegisters.clear();
    }
    drawing_->lineRegisters.push_back(registers_);
    if (line >= registers_.vblankStartLine()) {
        std::ranges::fill(row, 0u);
        return;
    }
    // The sprites shown on a line are those the PPU evaluated on the line before.
    const SpriteSizes sizes = spriteSizes();
    const unsigned evaluated = line - 1;
    drawSpriteLine(spriteRange_.inRange(oam_.bytes(), sizes, oam_.firstSprite(), evaluated), oam_.bytes(), sizes,
                   vram_.bytes(), evaluated, oddField, drawing_->layers.sprites);
    drawLine(registers_, vram_, cgram_, line, oddField, drawing_->layers, row);
}

} // namespace emu
