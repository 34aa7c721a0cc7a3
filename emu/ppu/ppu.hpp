#pragma once

#include "base/heap_value.hpp"
#include "emu/ppu/cgram.hpp"
#include "emu/ppu/line_renderer.hpp"
#include "emu/ppu/oam.hpp"
#include "emu/ppu/picture.hpp"
#include "emu/ppu/ppu_registers.hpp"
#include "emu/ppu/sprite_flags.hpp"
#include "emu/ppu/sprite_line.hpp"
#include "emu/ppu/sprite_range.hpp"
#include "emu/ppu/vram.hpp"
#include "emu/timing/video_timing.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace emu {

// The PPU as the CPU reaches it through $2100-$213F: the registers, VRAM, CGRAM and OAM behind
// their ports, and the two PPU chips' open bus; and, only when asked, the picture it draws. Where
// the hardware is unclear it does what bsnes v094 (accuracy) does, which the emulator is compared
// against.
// The H/V counter latch ($2137, $213C, $213D, $213F) belongs to the bus, which times it.
class Ppu {
public:
    // A write to $2100 + reg (reg < $34) that lands at `at`.
    void write(std::uint8_t reg, std::uint8_t value, const VideoPosition& at);
    // A read of $2100 + reg (reg < $40) sampled at `at`; `cpuOpenBus` is what registers no PPU
    // chip drives return.
    std::uint8_t read(std::uint8_t reg, const VideoPosition& at, std::uint8_t cpuOpenBus);
    // What read would return, as in V-blank, without side effects.
    std::uint8_t peek(std::uint8_t reg, std::uint8_t cpuOpenBus) const;

    // Line 0: SETINI's overscan bit as the frame begins decides where its V-blank begins for the
    // CPU's side (NMI, HVBJOY, HDMA, the joypad read) and how many rows its picture has, as bsnes
    // v094 latches it then; the PPU's own accesses follow the bit as it is. (Its interlace bit,
    // latched then too, is the frame's as VideoTiming keeps it: the bus passes it on.)
    void startFrame()
    {
        frameVblankLine_ = registers_.vblankStartLine();
        spriteFlags_.startFrame();
    }
    std::uint32_t frameVblankLine() const { return frameVblankLine_; }

    // The start of the first V-blank line of frame `frame`: with the display on, OAM's address
    // starts again from OAMADD (bsnes v094 reloads it then; hardware does it during the first
    // V-blank line), and the frame's picture is finished, with both fields' lines if the frame is
    // `interlaced` (SETINI's bit as it began).
    void startVblank(std::uint64_t frame, bool interlaced);

    // Pictures cost nothing until asked for: then each line the PPU draws (1 to 239, in V-blank
    // too, as bsnes v094 does: an interlaced frame may show them as the other field's) is drawn as
    // it begins, with the registers and memories as they are then (a write in the middle of a line
    // shows from the next line on), and each frame is finished at the start of V-blank.
    void drawPictures(bool on, LayersLeftOut leftOut = {});
    bool drawsPictures() const { return drawing_ != nullptr; }
    // The bus's call as each line begins; `oddField` the frame's field (every other frame),
    // `interlaced` whether the frame is.
    void startLine(unsigned line, bool oddField, bool interlaced);
    // The last frame finished, or null when pictures are off or none was finished yet.
    const Picture* picture() const
    {
        return drawing_ && drawing_->finished ? &drawing_->pictures[drawing_->finishedIndex] : nullptr;
    }
    // The registers each line of the frame being drawn was drawn with, from line 1 on (empty when
    // pictures are off).
    std::span<const PpuRegisters> lineRegisters() const
    {
        return drawing_ ? std::span<const PpuRegisters>(drawing_->lineRegisters) : std::span<const PpuRegisters>();
    }

    // The last value PPU2 put on the bus: the counter latch's reads use it too.
    std::uint8_t ppu2OpenBus() const { return ppu2OpenBus_; }
    void setPpu2OpenBus(std::uint8_t value) { ppu2OpenBus_ = value; }
    std::uint8_t ppu1OpenBus() const { return ppu1OpenBus_; }

    const PpuRegisters& registers() const { return registers_; }
    const Vram& vram() const { return vram_; }
    Vram& vram() { return vram_; }
    const Cgram& cgram() const { return cgram_; }
    const Oam& oam() const { return oam_; }

    // The machine's part of the PPU: registers, memories, latches, STAT77's flags. A machine that
    // draws starts its pictures again from the next line read in.
    template <class Archive>
    void serialize(Archive& a)
    {
        registers_.serialize(a);
        vram_.serialize(a);
        cgram_.serialize(a);
        oam_.serialize(a);
        spriteFlags_.serialize(a);
        a.value(ppu1OpenBus_);
        a.value(ppu2OpenBus_);
        a.bounded(oamRenderAddress_, 0x21Fu);
        a.value(frameVblankLine_);
        a.require(frameVblankLine_ == 225 || frameVblankLine_ == 240, "the frame's V-blank begins neither at line 225 nor 240");
        if constexpr (Archive::kReads) {
            spriteRange_ = SpriteRange{};
            if (drawing_) {
                drawPictures(true, drawing_->layers.leftOut);
            }
        }
    }

private:
    bool vramOpen(const VideoPosition& at) const;
    bool cgramBusy(const VideoPosition& at) const;
    std::optional<unsigned> oamRedirect(const VideoPosition& at);
    SpriteSizes spriteSizes() const { return spriteSizesOf(registers_); }
    // STAT77's flags from the lines up to `line` not evaluated yet, with the sprites as they are.
    void evaluateSpritesThrough(unsigned line, SpriteFlags& flags) const
    {
        flags.evaluateThrough(line, oam_.bytes(), spriteSizes(), oam_.firstSprite(), registers_.vblankStartLine() == 240,
                              spriteRange_);
    }

    PpuRegisters registers_;
    Vram vram_;
    Cgram cgram_;
    Oam oam_;
    mutable SpriteRange spriteRange_; // a cache of OAM: a peek may bring it up to date
    SpriteFlags spriteFlags_;
    // bsnes v094 powers these on at random (bsnes-mercury's core gave PPU1's as $4B); test ROMs
    // set them with a read before anything shows them.
    std::uint8_t ppu1OpenBus_ = 0xFF;
    std::uint8_t ppu2OpenBus_ = 0xFF;
    // Where the PPU sends OAM accesses while it draws (see oamRedirect).
    unsigned oamRenderAddress_ = 0;
    std::uint32_t frameVblankLine_ = 225;
    // What drawing needs, kept apart so that a machine that does not draw carries none of it.
    struct Drawing {
        std::array<Picture, 2> pictures; // the frame's, and the last finished
        unsigned drawingIndex = 0;       // the frame's: lines past its V-blank start go there too
        unsigned finishedIndex = 0;
        bool finished = false;
        LineLayers layers;
        // bsnes v094 keeps each field's lines apart, and an interlaced frame shows the lines its
        // field draws between the other field's last ones: the even field's are also those of the
        // last frame not interlaced. Sized at the first interlaced frame.
        std::array<std::vector<std::uint32_t>, 2> fieldLines;
        bool evenFieldInPicture = false; // the even field's lines are the last finished picture's rows
        std::vector<PpuRegisters> lineRegisters;
        std::span<std::uint32_t, Picture::kWidth> fieldLine(bool oddField, unsigned index)
        {
            return std::span<std::uint32_t, Picture::kWidth>{fieldLines[oddField].data() + index * Picture::kWidth,
                                                             Picture::kWidth};
        }
    };
    // The row line `line` is drawn into: the picture's own, or its field's in an interlaced frame.
    std::span<std::uint32_t, Picture::kWidth> lineRow(unsigned line, bool oddField, bool interlaced);
    void finishPicture(std::uint64_t frame, bool interlaced);
    tileprof::HeapValue<Drawing> drawing_; // copied with the machine
};

} // namespace emu
