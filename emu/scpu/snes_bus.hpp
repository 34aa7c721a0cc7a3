#pragma once

#include "emu/timing/access_timing.hpp"
#include "emu/apu/apu.hpp"
#include "emu/scpu/dma_channel.hpp"
#include "emu/scpu/joypads.hpp"
#include "emu/scpu/mul_div_unit.hpp"
#include "emu/ppu/ppu.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/timing/time.hpp"
#include "emu/timing/video_timing.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace emu {

// Something a program did that the SNES would not do as tileprof models it. The host decides
// whether it matters (the profiler fails a call that writes ROM).
struct BusFault {
    enum class Kind : std::uint8_t {
        RomWrite, // a write to ROM, by the CPU or by DMA: the hardware ignores it
    };
    Kind kind;
    std::uint32_t address;
    std::uint8_t value;
    std::uint64_t cycle;
};

// Master clocks since power-on in which something else had the bus and the CPU waited: what a
// profiler splits from the CPU's own time.
struct StolenClocks {
    std::uint64_t dma = 0;     // $420B's transfers, and the CPU's wait for the bus after them
    std::uint64_t hdma = 0;    // HDMA's setup and line transfers, and the same wait after them
    std::uint64_t refresh = 0; // DRAM refresh
};

// Where `address` is in the 128 KiB of work RAM: banks $7E-$7F, and their first 8 KiB at
// $0000-$1FFF of banks $00-$3F and $80-$BF. Nothing for any other address.
std::optional<std::uint32_t> wramIndex(std::uint32_t address);

enum class AutoJoypadTiming : std::uint8_t {
    Anomie,   // from H = 32.5 dots of the first V-blank line, 4,224 clocks
    Bsnes094, // from the first 256-clock step since power-on in that line, 4,096 clocks
};

// The S-CPU's view of a LoROM or HiROM cartridge system: the memory map with WRAM, its low mirror,
// ROM and its mirrors, SRAM when the header declares it, and open bus elsewhere; per-access master-clock
// cost (6/8/12, MEMSEL FastROM), DRAM refresh, the H/V position, NMI and H/V IRQ, the multiplier
// and divider, the status registers code polls, the PPU's registers and memories behind their
// ports, DMA and HDMA, two joypads, and the APU behind its ports. No picture, no sound.
class SnesBus {
public:
    static constexpr unsigned idleClocks = kFastClocks;
    static constexpr std::size_t kWramBytes = 0x20000;

    explicit SnesBus(const RomImage& rom);
    SnesBus(SnesBus&&) = delete;

    // ---- The CPU's side: one bus cycle each --------------------------------------------------

    std::uint8_t read(std::uint32_t address, Time& time)
    {
        const std::uint32_t page = address >> kPageBits;
        std::uint8_t value;
        unsigned clocks;
        if (const std::uint8_t* memory = readPages_[page]) [[likely]] {
            value = memory[address & kPageMask];
            mdr_ = value;
            clocks = pageClocks_[page];
        } else {
            const IoResult result = readSlow(address, time);
            value = result.value;
            clocks = result.clocks;
        }
        time.masterClocks += clocks;
        endCycle(time, clocks, true);
        return value;
    }

    void write(std::uint32_t address, std::uint8_t value, Time& time)
    {
        const std::uint32_t page = address >> kPageBits;
        mdr_ = value;
        unsigned clocks;
        if (std::uint8_t* memory = writePages_[page]) [[likely]] {
            memory[address & kPageMask] = value;
            clocks = pageClocks_[page];
        } else {
            clocks = writeSlow(address, value, time);
        }
        time.masterClocks += clocks;
        endCycle(time, clocks, false);
    }

    void idle(Time& time)
    {
        time.masterClocks += idleClocks;
        endCycle(time, idleClocks, false);
    }

    // Idles whole cycles, exactly as idle() one at a time would, while no interrupt is requested,
    // until `untilClock` or `untilCycle` (at least one cycle); jumps from event to event.
    Time idleWaiting(Time time, std::uint64_t untilClock, std::uint64_t untilCycle);

    // Idles whole cycles, exactly as idle() one at a time would, until the next video frame has
    // begun; jumps from event to event instead of visiting every cycle.
    void idleUntilNextFrame(Time& time);

    unsigned accessClocks(std::uint32_t address) const { return emu::accessClocks(address, fastRom_); }

    bool interruptRequested() const { return nmiPending_ || irqLine_; }
    bool nmiPending() const { return nmiPending_; }
    bool irqAsserted() const { return irqLine_; }
    void acknowledgeNmi() { nmiPending_ = false; }
    std::uint64_t interruptRaisedAt() const { return interruptRaisedAt_; }
    bool nmiEnabled() const { return nmitimen_ & kNmiEnable; }
    bool canInterrupt() const { return interruptRequested() || (nmitimen_ & (kNmiEnable | kIrqModeMask)) != 0; }

    // ---- The host's side: no time passes ------------------------------------------------------

    // What a read would return, without its side effects: memory, the NMI/IRQ flags, the
    // multiplier's registers as last updated, the DMA registers and the PPU's ports (as in V-blank);
    // other I/O reads as open bus.
    std::uint8_t peek(std::uint32_t address) const;
    // Writes WRAM or SRAM; returns false (and changes nothing) for any other address.
    bool poke(std::uint32_t address, std::uint8_t value);

    std::span<std::uint8_t> wram() { return wram_; }
    std::span<const std::uint8_t> wram() const { return wram_; }
    // The cartridge's battery-backed RAM; empty when it has none.
    std::span<const std::uint8_t> sram() const { return sram_; }
    // The PPU's registers and memories (VRAM, CGRAM, OAM) as the CPU's writes left them.
    const Ppu& ppu() const { return ppu_; }
    Ppu& ppu() { return ppu_; }
    // The APU behind $2140-$217F. It runs only when the S-CPU reaches a port, and when the host
    // brings it up to a time (Snes does at the end of each frame).
    apu::Apu& apu() { return apu_; }
    const apu::Apu& apu() const { return apu_; }
    bool fastRom() const { return fastRom_; }
    // What writing MEMSEL ($420D) bit 0 does: FastROM timing for ROM in banks $80-$FF.
    void setFastRom(bool enabled);

    // When the auto-joypad read runs: Anomie's measurements (the default), or as bsnes v094
    // steps it, for comparisons with bsnes-mercury (docs/machine.md, Controllers).
    void setAutoJoypadTiming(AutoJoypadTiming timing) { autoJoypadTiming_ = timing; }

    // The pads' buttons from now on (see Joypads for the layout).
    // `now`: the CPU's time, so that a bsnes-timed auto-joypad read under way has taken the
    // buttons held until then.
    void setJoypad(unsigned port, std::uint16_t buttons, std::uint64_t now)
    {
        shiftAutoRead(now);
        joypads_.setButtons(port, buttons);
    }
    // The pads frame by frame from now on (PadSchedule): each frame's are set at its switch, as the
    // machine reaches it, and those held now at `now`. A host that plays input gives it here, so
    // that a frame's pads are the frame's whatever DMA or loop spans its start.
    void playPads(PadSchedule schedule, std::uint64_t now);
    const DmaChannel& dmaChannel(unsigned channel) const { return dma_[channel]; }

    // Where `masterClocks` (the CPU's current time) falls in the frame.
    VideoPosition position(std::uint64_t masterClocks) const { return video_.positionAt(masterClocks); }
    std::uint64_t refreshes() const { return refreshes_; }
    StolenClocks stolenClocks() const { return {dmaStolen_, hdmaStolen_, refreshes_ * VideoTiming::kRefreshClocks}; }
    const VideoTiming& video() const { return video_; }
    // The CPU's reads of the pads since power-on: of $4016, $4017 and $4218-$421F. A frame without
    // one is a lag frame, as emulators' movies count them.
    std::uint64_t padReads() const { return padReads_; }
    std::uint64_t frame() const { return video_.frame(); }
    // The home of the ROM byte at `address` among its mirrors (emu::homeAddress).
    std::uint32_t romHome(std::uint32_t address) const { return homeAddress(address, layout_, rom_->size()); }
    // The cartridge's ROM, copier header removed.
    std::span<const std::uint8_t> rom() const { return *rom_; }
    std::uint64_t nextFrameStart() const { return video_.nextFrameStart(); }

    // Lets `clocks` master clocks pass with no CPU cycle: the reset sequence's.
    void passClocks(Time& time, unsigned clocks)
    {
        time.masterClocks += clocks;
        if (time.masterClocks >= nextEvent_) {
            time.masterClocks = runEvents(time);
        }
    }

    // The first 64 faults, and how many there were.
    const std::vector<BusFault>& faults() const { return faults_; }
    std::uint64_t faultCount() const { return faultCount_; }
    void clearFaults()
    {
        faults_.clear();
        faultCount_ = 0;
    }

    // The bus's state and everything behind it (work RAM, SRAM, the PPU, the APU), for a saved
    // state. Not the ROM (the state names it), and not what a host gave: the pads it plays and the
    // faults it was shown (a state read in starts with neither).
    template <class Archive>
    void serialize(Archive& a)
    {
        a.bytes(wram_);
        a.bytes(sram_);
        a.value(mdr_);
        a.value(fastRom_);
        video_.serialize(a);
        a.value(nextEvent_);
        a.value(cycleCheckAt_);
        a.value(refreshAt_);
        a.value(nmiAt_);
        a.value(nmiRaiseAt_);
        a.value(irqAt_);
        a.value(irqRaiseAt_);
        a.value(joypadAt_);
        a.value(refreshes_);
        a.value(nmitimen_);
        a.value(wrio_);
        a.value(htime_);
        a.value(vtime_);
        a.value(nmiFlag_);
        a.value(irqFlag_);
        a.value(nmiPending_);
        a.value(irqLine_);
        a.value(interruptRaisedAt_);
        a.value(latchedH_);
        a.value(latchedV_);
        a.value(counterLatched_);
        a.value(ophctHigh_);
        a.value(opvctHigh_);
        a.bounded(wramPortAddress_, std::uint32_t{kWramBytes - 1});
        ppu_.serialize(a);
        apu_.serialize(a);
        mulDiv_.serialize(a);
        for (DmaChannel& channel : dma_) {
            channel.serialize(a);
        }
        a.value(dmaEdgeAt_);
        a.value(dmaPending_);
        a.value(hdmaPending_);
        a.value(hdmaInitPending_);
        a.value(dmaActive_);
        a.value(dmaClocks_);
        a.values(resumeDmaClocks_);
        a.values(resumeAfterHdma_);
        a.bounded(resumesOwed_, 2u);
        a.value(hdmaRunning_);
        a.value(dmaStolen_);
        a.value(hdmaStolen_);
        a.value(hdmaInitAt_);
        a.value(hdmaLineAt_);
        joypads_.serialize(a);
        a.values(joypadRegisters_);
        a.value(autoReadEnd_);
        a.value(padReads_);
        a.value(joypadMarkAt_);
        a.values(autoReadStepTimes_);
        a.bounded(autoReadStepsTimed_, static_cast<unsigned>(autoReadStepTimes_.size()));
        a.bounded(autoReadStep_, static_cast<unsigned>(autoReadStepTimes_.size()));
        a.value(autoReadEnabled_);
        a.value(readSampleAt_);
        a.bounded(autoJoypadTiming_, AutoJoypadTiming::Bsnes094);
        if constexpr (Archive::kReads) {
            mapRomSpeed(); // the pages stay: the memories were read in place
            padSchedule_.reset();
            clearFaults();
        }
    }

private:
    // Copied only by Snes, which then moves the copy's pages to its own memory (rebasePages): the
    // page tables point into rom_, wram_ and sram_.
    friend class Snes;
    SnesBus(const SnesBus&) = default;
    SnesBus& operator=(const SnesBus&) = default;

    static constexpr unsigned kPageBits = 13; // 8 KiB pages: the coarsest that separates WRAM, I/O and ROM
    static constexpr std::uint32_t kPageBytes = 1u << kPageBits;
    static constexpr std::uint32_t kPageMask = kPageBytes - 1;
    static constexpr std::size_t kPages = std::size_t{1} << (24 - kPageBits);
    static constexpr std::uint8_t kNmiEnable = 0x80;
    static constexpr std::uint8_t kIrqModeMask = 0x30;
    static constexpr std::uint8_t kAutoJoypad = 0x01;
    static constexpr std::size_t kMaxFaults = 64;

    struct IoResult {
        std::uint8_t value;
        unsigned clocks;
    };

    // A cycle that ends at or past cycleCheckAt_ has more to do than its access: an event is due,
    // DMA or HDMA takes the bus at the edge after it, or it was the first cycle after a DMA and
    // began only once the CPU had the bus back (see finishCycle).
    // `read`: a read's cycle, which bsnes v094 times in two pieces, the second its last 4 clocks.
    void endCycle(Time& time, unsigned clocks, bool read)
    {
        ++time.cycles;
        if (time.masterClocks >= cycleCheckAt_) [[unlikely]] {
            time.masterClocks = finishCycle(time, clocks, read);
        }
    }
    std::uint64_t finishCycle(Time time, unsigned clocks, bool read);
    void updateCycleCheck() { cycleCheckAt_ = resumesOwed_ != 0 ? 0 : std::min(nextEvent_, dmaEdgeAt_); }

    // Steps the multiplier/divider has taken as of an access that starts at `time` (see MulDivUnit).
    std::uint64_t stepClock(const Time& time) const { return time.cycles + 5 * refreshes_; }

    void mapPages();
    // After a copy of `from`: its pages in work RAM and SRAM moved to this bus's own (its ROM is
    // shared). What mapPages does, without working each page out again.
    void rebasePages(const SnesBus& from);
    // Where `address` lies in SRAM, or nothing: LoROM $70-$7D/$F0-$FF:$0000-$7FFF, HiROM
    // $20-$3F/$A0-$BF:$6000-$7FFF, each mirrored.
    std::optional<std::size_t> sramOffset(std::uint32_t address) const;
    void mapRomSpeed();
    // Their clocks include the wait for the bus when a DMA has just given it back.
    IoResult readSlow(std::uint32_t address, Time time);
    unsigned writeSlow(std::uint32_t address, std::uint8_t value, Time time);
    std::uint8_t readIo(std::uint32_t address, Time time, unsigned clocks);
    void writeIo(std::uint32_t address, std::uint8_t value, Time time, unsigned clocks);
    std::uint8_t readBBus(std::uint8_t reg, Time time, unsigned clocks);
    std::uint8_t readCpuRegister(std::uint32_t offset, Time time, unsigned clocks);
    std::uint8_t peekCpuRegister(std::uint32_t offset) const;
    // ---- The auto-joypad read (snes_auto_joypad.cpp) ----
    std::uint64_t autoReadStartAt(std::uint64_t vblankLineStart) const;
    void autoReadJoypads(std::uint64_t start);
    void shiftAutoRead(std::uint64_t clock);
    void startAutoReadMarks(std::uint64_t lineStart);
    void placeAutoReadStep(std::uint64_t at);
    void catchUpAutoRead(std::uint64_t sampled);
    bool autoReadBusy(std::uint64_t sampled) const;
    // `clock`: when the write lands, the end of its cycle.
    void writeBBus(std::uint8_t reg, std::uint8_t value, std::uint64_t clock);
    void writeCpuRegister(std::uint32_t address, std::uint8_t value, Time time);
    void latchCounters(std::uint64_t clock);
    void fault(BusFault::Kind kind, std::uint32_t address, std::uint8_t value, std::uint64_t cycle);

    // ---- DMA and HDMA (snes_dma.cpp) ----
    void dmaEdge(Time& time);
    void noticeDmaTriggers(const Time& time);
    std::uint64_t resumeCpu(Time time, unsigned clocks);
    void scheduleDmaEdge();
    void dmaStep(Time& time, unsigned clocks);
    void runDma(Time& time);
    void hdmaInit(Time& time);
    void hdmaLine(Time& time);
    void hdmaNextEntry(unsigned channel, Time& time);
    void transfer(const DmaChannel& channel, std::uint8_t bRegister, std::uint32_t aAddress, Time& time);
    std::uint8_t readABus(std::uint32_t address);
    void writeABus(std::uint32_t address, std::uint8_t value, const Time& time);
    bool anyDmaEnabled() const;
    bool anyHdmaEnabled() const;
    void startHdmaLine();

    std::uint64_t runEvents(Time time);
    void scheduleInterrupts(std::uint64_t notBefore);
    void scheduleNextEvent();
    void raiseNmi(std::uint64_t cycle);
    void raiseIrq(std::uint64_t cycle);
    std::uint32_t vblankStartLine() const { return ppu_.frameVblankLine(); }

    std::array<const std::uint8_t*, kPages> readPages_{};
    std::array<std::uint8_t*, kPages> writePages_{};
    std::array<std::uint8_t, kPages> pageClocks_{};

    std::shared_ptr<const std::vector<std::uint8_t>> rom_; // shared by copies: they never write it
    RomLayout layout_;
    std::vector<std::uint8_t> wram_;
    std::vector<std::uint8_t> sram_;
    std::uint8_t mdr_ = 0; // the last value on the CPU data bus: what open bus reads return
    bool fastRom_ = false;

    // Scheduled events, as absolute master-clock times (never = the event is not pending).
    static constexpr std::uint64_t kNever = ~std::uint64_t{0};
    VideoTiming video_;
    std::uint64_t nextEvent_ = 0;
    std::uint64_t cycleCheckAt_ = 0; // see endCycle
    std::uint64_t refreshAt_ = kNever;
    std::uint64_t nmiAt_ = kNever;
    std::uint64_t nmiRaiseAt_ = kNever;
    std::uint64_t irqAt_ = kNever;
    std::uint64_t irqRaiseAt_ = kNever;
    std::uint64_t joypadAt_ = kNever;
    std::uint64_t refreshes_ = 0;

    // $4200 NMITIMEN, $4201 WRIO, $4207-$420A H/V timer
    std::uint8_t nmitimen_ = 0;
    std::uint8_t wrio_ = 0xFF;
    std::uint16_t htime_ = 0x1FF;
    std::uint16_t vtime_ = 0x1FF;
    bool nmiFlag_ = false; // RDNMI bit 7
    bool irqFlag_ = false; // TIMEUP bit 7
    bool nmiPending_ = false;
    bool irqLine_ = false;
    std::uint64_t interruptRaisedAt_ = 0;

    // H/V counter latch ($2137, $213C, $213D, $213F)
    std::uint16_t latchedH_ = 0;
    std::uint16_t latchedV_ = 0;
    bool counterLatched_ = false;
    bool ophctHigh_ = false;
    bool opvctHigh_ = false;

    // WRAM port ($2180-$2183)
    std::uint32_t wramPortAddress_ = 0;
    Ppu ppu_;
    apu::Apu apu_;

    MulDivUnit mulDiv_;

    // DMA and HDMA: what is waiting for the next cycle edge, and the HDMA triggers of this line.
    std::array<DmaChannel, 8> dma_{};
    std::uint64_t dmaEdgeAt_ = kNever;
    bool dmaPending_ = false;   // $420B was written
    bool hdmaPending_ = false;  // an HDMA trigger came; it runs at the next edge
    bool hdmaInitPending_ = false; // the pending HDMA is the frame's setup, not a line
    bool dmaActive_ = false;    // the bus is (about to be) taken from the CPU
    std::uint64_t dmaClocks_ = 0; // clocks DMA and HDMA took since they last took the bus
    // Each time they gave the bus back, dmaClocks_ then: the CPU's next cycle waits for a whole
    // number of its own cycles since (resumeCpu). Owed until that cycle, whose speed decides.
    std::array<std::uint64_t, 2> resumeDmaClocks_{};
    std::array<bool, 2> resumeAfterHdma_{}; // which of them the wait is counted to
    unsigned resumesOwed_ = 0;
    bool hdmaRunning_ = false; // the engine's clocks now are HDMA's, not DMA's
    std::uint64_t dmaStolen_ = 0;
    std::uint64_t hdmaStolen_ = 0;
    std::uint64_t hdmaInitAt_ = kNever;
    std::uint64_t hdmaLineAt_ = kNever;

    // Auto-joypad read ($4200 bit 0) and the serial ports
    Joypads joypads_;
    std::optional<PadSchedule> padSchedule_; // playPads'; nothing while a host sets the pads itself
    void switchPads(PadSwitch at, std::uint64_t when);
    std::array<std::uint16_t, Joypads::kPorts> joypadRegisters_{}; // $4218-$421B
    std::uint64_t autoReadEnd_ = 0;
    std::uint64_t padReads_ = 0;
    // bsnes v094's read (AutoJoypadTiming::Bsnes094): its 256-clock marks from the line before
    // V-blank, the times of the steps they gave, how many of those are known and how many
    // shifted in, and whether $4200 enabled it at its first step.
    std::uint64_t joypadMarkAt_ = kNever;
    std::array<std::uint64_t, 17> autoReadStepTimes_{};
    unsigned autoReadStepsTimed_ = 0;
    unsigned autoReadStep_ = 0;
    bool autoReadEnabled_ = false;
    std::uint64_t readSampleAt_ = 0; // while a read's cycle ends: when it sampled the bus
    AutoJoypadTiming autoJoypadTiming_ = AutoJoypadTiming::Anomie;
    std::vector<BusFault> faults_;
    std::uint64_t faultCount_ = 0;
};

} // namespace emu
