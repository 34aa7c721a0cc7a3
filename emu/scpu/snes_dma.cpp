// The S-CPU's DMA and HDMA engine: SnesBus's members that take the bus from the CPU.
//
// Timing follows bsnes v094 (accuracy), the emulator tileprof is compared with frame by frame,
// which implements Anomie's timing notes: DMA and HDMA only start at the edge between two CPU
// cycles; a write to $420B lets one more CPU cycle run, and the transfer starts at the edge after
// it. Starting, the engine waits for the next multiple of 8 master clocks since power-on (a full
// 8 when it is on one already), then takes 8 clocks, 8 per byte, and 8 at the end of each
// channel; giving the bus back, it waits until a whole cycle of the speed of the CPU's next
// access has passed since it took the bus. HDMA sets up at 12 + (clocks since power-on mod 8)
// clocks into line 0 and transfers at clock 1104 of lines 0-224 (0-239 with overscan); both
// start at the edge after their trigger, as $420B's DMA does.

#include "emu/scpu/snes_bus.hpp"

namespace emu {

namespace {

constexpr std::uint32_t kHdmaLineClock = 1104;
constexpr std::uint32_t kHdmaInitClock = 12;

bool isSystemBank(std::uint32_t address)
{
    return (address & 0x400000) == 0;
}

// The A-bus cannot reach the B-bus or the S-CPU's own registers: such a read gives 0 and such a
// write is dropped (bsnes v094; fullsnes).
bool reachableByDma(std::uint32_t address)
{
    if (!isSystemBank(address)) {
        return true;
    }
    const std::uint32_t offset = address & 0xFFFF;
    return !((offset & 0xFF00) == 0x2100 || (offset & 0xFE00) == 0x4000 || (offset & 0xFFE0) == 0x4200 ||
             (offset & 0xFF80) == 0x4300);
}

// WRAM to WMDATA ($2180) or back cannot work: the WRAM chip has one address bus.
bool transferWorks(std::uint8_t bRegister, std::uint32_t aAddress)
{
    const bool wram = (aAddress & 0xFE0000) == 0x7E0000 || (isSystemBank(aAddress) && (aAddress & 0xE000) == 0);
    return !(bRegister == 0x80 && wram);
}

} // namespace

bool SnesBus::anyDmaEnabled() const
{
    for (const DmaChannel& channel : dma_) {
        if (channel.dmaEnabled) {
            return true;
        }
    }
    return false;
}

bool SnesBus::anyHdmaEnabled() const
{
    for (const DmaChannel& channel : dma_) {
        if (channel.hdmaEnabled) {
            return true;
        }
    }
    return false;
}

// At a line start: this line's HDMA triggers.
void SnesBus::startHdmaLine()
{
    const std::uint64_t lineStart = video_.lineStart();
    if (video_.line() == 0) {
        hdmaInitAt_ = lineStart + kHdmaInitClock + (lineStart & 7);
    }
    const std::uint32_t lastLine = vblankStartLine() - 1;
    hdmaLineAt_ = video_.line() <= lastLine ? lineStart + kHdmaLineClock : kNever;
    scheduleDmaEdge();
}

void SnesBus::scheduleDmaEdge()
{
    if (dmaPending_ || hdmaPending_ || dmaActive_) {
        dmaEdgeAt_ = 0;
    } else {
        dmaEdgeAt_ = std::min(hdmaInitAt_, anyHdmaEnabled() ? hdmaLineAt_ : kNever);
    }
    updateCycleCheck();
}

void SnesBus::dmaStep(Time& time, unsigned clocks)
{
    time.masterClocks += clocks;
    dmaClocks_ += clocks;
    (hdmaRunning_ ? hdmaStolen_ : dmaStolen_) += clocks;
    if (time.masterClocks >= nextEvent_) {
        time.masterClocks = runEvents(time);
    }
}

// The edge after a CPU cycle (and, during a DMA, after each byte). The CPU's wait for the bus
// when the engine gives it back depends on the speed of its next cycle, which is not known yet:
// it is owed to that cycle (resumeCpu), and what triggered meanwhile is noticed then.
void SnesBus::dmaEdge(Time& time)
{
    const auto releaseBus = [&](bool afterHdma) {
        if (resumesOwed_ < resumeDmaClocks_.size()) {
            resumeAfterHdma_[resumesOwed_] = afterHdma;
            resumeDmaClocks_[resumesOwed_++] = dmaClocks_;
        }
        dmaActive_ = false;
    };
    if (dmaActive_) {
        if (hdmaPending_) {
            hdmaPending_ = false;
            if (anyHdmaEnabled()) {
                hdmaRunning_ = true;
                if (!anyDmaEnabled()) {
                    dmaStep(time, 8 - (time.masterClocks & 7));
                }
                if (hdmaInitPending_) {
                    hdmaInit(time);
                } else {
                    hdmaLine(time);
                }
                hdmaRunning_ = false;
                if (!anyDmaEnabled()) {
                    releaseBus(true);
                }
            }
        }
        if (dmaPending_) {
            dmaPending_ = false;
            if (anyDmaEnabled()) {
                dmaStep(time, 8 - (time.masterClocks & 7));
                runDma(time);
                releaseBus(false);
            }
        }
    }
    if (resumesOwed_ == 0) {
        noticeDmaTriggers(time);
    }
    scheduleDmaEdge();
}

void SnesBus::noticeDmaTriggers(const Time& time)
{
    if (time.masterClocks >= hdmaInitAt_) {
        hdmaInitAt_ = kNever;
        for (DmaChannel& channel : dma_) {
            channel.hdmaCompleted = false;
            channel.hdmaDoTransfer = false;
        }
        if (anyHdmaEnabled()) {
            hdmaPending_ = true;
            hdmaInitPending_ = true;
        }
    }
    if (time.masterClocks >= hdmaLineAt_) {
        hdmaLineAt_ = kNever;
        for (const DmaChannel& channel : dma_) {
            if (channel.hdmaActive()) {
                hdmaPending_ = true;
                hdmaInitPending_ = false;
                break;
            }
        }
    }
    if (!dmaActive_ && (dmaPending_ || hdmaPending_)) {
        dmaClocks_ = 0;
        dmaActive_ = true;
    }
}

// The start of the CPU's first cycle after a DMA, `clocks` long: it waits until a whole number of
// such cycles has passed since the engine took the bus (bsnes v094). Returns when it starts.
std::uint64_t SnesBus::resumeCpu(Time time, unsigned clocks)
{
    for (unsigned i = 0; i < resumesOwed_; ++i) {
        const std::uint64_t wait = clocks - resumeDmaClocks_[i] % clocks;
        time.masterClocks += wait;
        (resumeAfterHdma_[i] ? hdmaStolen_ : dmaStolen_) += wait;
        if (time.masterClocks >= nextEvent_) {
            time.masterClocks = runEvents(time);
        }
    }
    resumesOwed_ = 0;
    noticeDmaTriggers(time);
    scheduleDmaEdge();
    return time.masterClocks;
}

void SnesBus::runDma(Time& time)
{
    dmaStep(time, 8);
    dmaEdge(time);
    for (DmaChannel& channel : dma_) {
        if (!channel.dmaEnabled) {
            continue;
        }
        unsigned index = 0;
        do {
            const std::uint32_t aAddress = std::uint32_t{channel.aBank} << 16 | channel.aAddress;
            if (!channel.fixed()) {
                channel.aAddress = static_cast<std::uint16_t>(channel.aAddress + (channel.decrement() ? -1 : 1));
            }
            transfer(channel, channel.bRegister(index++), aAddress, time);
            dmaEdge(time); // an HDMA may come between two bytes, and end this channel
        } while (channel.dmaEnabled && --channel.count != 0);
        dmaStep(time, 8);
        dmaEdge(time);
        channel.dmaEnabled = false;
    }
}

void SnesBus::transfer(const DmaChannel& channel, std::uint8_t bRegister, std::uint32_t aAddress, Time& time)
{
    const bool works = transferWorks(bRegister, aAddress);
    dmaStep(time, 4);
    if (!channel.bToA()) {
        mdr_ = readABus(aAddress);
        dmaStep(time, 4);
        if (works) {
            writeBBus(bRegister, mdr_, time.masterClocks);
        }
    } else {
        mdr_ = works ? readBBus(bRegister, time, 4) : 0; // a read samples 4 clocks before the end: now
        dmaStep(time, 4);
        if (reachableByDma(aAddress)) {
            writeABus(aAddress, mdr_, time);
        }
    }
}

std::uint8_t SnesBus::readABus(std::uint32_t address)
{
    if (!reachableByDma(address)) {
        return 0;
    }
    if (const std::uint8_t* memory = readPages_[address >> kPageBits]) {
        return memory[address & kPageMask];
    }
    if (const std::optional<std::size_t> sram = sramOffset(address)) {
        return sram_[*sram];
    }
    return mdr_;
}

void SnesBus::writeABus(std::uint32_t address, std::uint8_t value, const Time& time)
{
    if (std::uint8_t* memory = writePages_[address >> kPageBits]) {
        memory[address & kPageMask] = value;
    } else if (const std::optional<std::size_t> sram = sramOffset(address)) {
        sram_[*sram] = value;
    } else if (romOffset(address, layout_, rom_->size())) {
        fault(BusFault::Kind::RomWrite, address, value, time.cycles);
    }
}

void SnesBus::hdmaInit(Time& time)
{
    dmaStep(time, 8);
    for (unsigned i = 0; i < dma_.size(); ++i) {
        DmaChannel& channel = dma_[i];
        if (!channel.hdmaEnabled) {
            continue;
        }
        channel.dmaEnabled = false; // HDMA takes over a channel a DMA is using
        channel.tableAddress = channel.aAddress;
        channel.lineCounter = 0;
        hdmaNextEntry(i, time);
    }
}

void SnesBus::hdmaLine(Time& time)
{
    dmaStep(time, 8);
    for (DmaChannel& channel : dma_) {
        if (!channel.hdmaActive()) {
            continue;
        }
        channel.dmaEnabled = false;
        if (!channel.hdmaDoTransfer) {
            continue;
        }
        for (unsigned index = 0; index < channel.unitBytes(); ++index) {
            const std::uint32_t aAddress = channel.indirect()
                                               ? std::uint32_t{channel.indirectBank} << 16 | channel.count++
                                               : std::uint32_t{channel.aBank} << 16 | channel.tableAddress++;
            transfer(channel, channel.bRegister(index), aAddress, time);
        }
    }
    for (unsigned i = 0; i < dma_.size(); ++i) {
        DmaChannel& channel = dma_[i];
        if (!channel.hdmaActive()) {
            continue;
        }
        --channel.lineCounter;
        channel.hdmaDoTransfer = channel.lineCounter & 0x80; // repeat mode: every line
        hdmaNextEntry(i, time);
    }
}

// Reads the channel's next table byte; when its line count ran out that byte starts the next
// entry (and an indirect entry's address follows it).
void SnesBus::hdmaNextEntry(unsigned i, Time& time)
{
    DmaChannel& channel = dma_[i];
    const auto tableByte = [&](std::uint16_t offset) {
        dmaStep(time, 4);
        mdr_ = readABus(std::uint32_t{channel.aBank} << 16 | offset);
        dmaStep(time, 4);
        return mdr_;
    };
    tableByte(channel.tableAddress);
    if ((channel.lineCounter & 0x7F) != 0) {
        return;
    }
    channel.lineCounter = mdr_;
    ++channel.tableAddress;
    channel.hdmaCompleted = channel.lineCounter == 0;
    channel.hdmaDoTransfer = !channel.hdmaCompleted;
    if (!channel.indirect()) {
        return;
    }
    channel.count = static_cast<std::uint16_t>(tableByte(channel.tableAddress++) << 8);
    bool laterActive = false;
    for (unsigned n = i + 1; n < dma_.size(); ++n) {
        laterActive = laterActive || dma_[n].hdmaActive();
    }
    // A table's last entry reads one byte of address, unless a later channel is still active.
    if (!channel.hdmaCompleted || laterActive) {
        channel.count = static_cast<std::uint16_t>(channel.count >> 8 | tableByte(channel.tableAddress++) << 8);
    }
}

} // namespace emu
