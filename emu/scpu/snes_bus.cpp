#include "emu/scpu/snes_bus.hpp"

#include <algorithm>
#include <unordered_map>

namespace emu {

namespace {

bool isSystemBank(std::uint32_t bank)
{
    return (bank & 0x40) == 0; // $00-$3F and $80-$BF
}

// Where the H/V IRQ fires, relative to the start of the dot or line it waits for (Anomie).
constexpr std::uint32_t kHIrqDelayClocks = 14; // H = HTIME + 3.5 dots, counted as 4-clock units
constexpr std::uint32_t kVIrqDelayClocks = 10; // H = 2.5 dots
constexpr std::uint32_t kNmiDelayClocks = 2;   // H = 0.5 dots: RDNMI's flag
// The CPU sees the NMI 4 clocks after RDNMI's flag rises, and the H/V IRQ 4 clocks after
// TIMEUP's: bsnes v094 holds /NMI and /IRQ through one 4-clock poll before they reach the CPU
// (sfc/cpu/timing/irq.cpp); the counter ROM's NMIs, and the machine test ROMs' IRQs ending a WAI,
// land on the same clocks as bsnes-mercury's with it, and on others without.
constexpr std::uint32_t kInterruptHoldClocks = 4;
constexpr std::uint32_t kHBlankStart = 1096;   // H = 274 dots
constexpr std::uint32_t kHBlankEnd = 4;        // H = 1 dot
constexpr unsigned kReadSampleBeforeEnd = 4;   // a read samples the bus 4 clocks before its cycle ends

} // namespace

std::optional<std::uint32_t> wramIndex(std::uint32_t address)
{
    const std::uint32_t bank = address >> 16 & 0xFF;
    const std::uint32_t offset = address & 0xFFFF;
    if (bank == 0x7E || bank == 0x7F) {
        return (bank - 0x7E) << 16 | offset;
    }
    if (isSystemBank(bank) && offset < 0x2000) {
        return offset;
    }
    return std::nullopt;
}

SnesBus::SnesBus(const RomImage& rom)
    : rom_(std::make_shared<const std::vector<std::uint8_t>>(rom.bytes)), layout_(rom.layout), wram_(kWramBytes, 0), sram_(rom.header.sramBytes(), 0)
{
    mapPages();
    refreshAt_ = video_.refreshAt();
    scheduleInterrupts(video_.lineStart());
    startHdmaLine();
}

void SnesBus::mapPages()
{
    for (std::size_t page = 0; page < kPages; ++page) {
        const auto address = static_cast<std::uint32_t>(page << kPageBits);
        const std::uint32_t bank = address >> 16;
        const std::uint32_t offset = address & 0xFFFF;
        std::uint8_t* writable = nullptr;
        const std::uint8_t* readable = nullptr;
        if (bank == 0x7E || bank == 0x7F) {
            writable = &wram_[*wramIndex(address)];
        } else if (const std::optional<std::size_t> inRom = romOffset(address, layout_, rom_->size())) {
            readable = &(*rom_)[*inRom];
        } else if (isSystemBank(bank)) {
            if (offset < 0x2000) {
                writable = &wram_[offset];
            }
        } else if (const std::optional<std::size_t> sram = sramOffset(address); sram && sram_.size() >= kPageBytes) {
            // SRAM smaller than a page mirrors within it, which a page cannot show: the slow paths serve it.
            writable = &sram_[*sram];
        }
        writePages_[page] = writable;
        readPages_[page] = writable != nullptr ? writable : readable;
    }
    mapRomSpeed();
}

void SnesBus::rebasePages(const SnesBus& from)
{
    const auto rebase = [](auto* page, const std::vector<std::uint8_t>& old, std::vector<std::uint8_t>& own) {
        const auto at = reinterpret_cast<std::uintptr_t>(page) - reinterpret_cast<std::uintptr_t>(old.data());
        return at < old.size() ? own.data() + at : page;
    };
    for (std::size_t page = 0; page < kPages; ++page) {
        if (std::uint8_t* const writable = writePages_[page]) {
            writePages_[page] = rebase(rebase(writable, from.wram_, wram_), from.sram_, sram_);
            readPages_[page] = writePages_[page];
        }
    }
}

std::optional<std::size_t> SnesBus::sramOffset(std::uint32_t address) const
{
    const std::uint32_t bank = address >> 16;
    const std::uint32_t offset = address & 0xFFFF;
    if (sram_.empty()) {
        return std::nullopt;
    }
    if (layout_ == RomLayout::HiRom) {
        if ((bank & 0x60) != 0x20 || offset < 0x6000 || offset >= 0x8000) {
            return std::nullopt;
        }
        return ((bank & 0x1F) * std::size_t{0x2000} + offset - 0x6000) % sram_.size();
    }
    if ((bank & 0x7F) < 0x70 || bank == 0x7E || bank == 0x7F || offset >= 0x8000) {
        return std::nullopt;
    }
    return (((bank & 0x7F) - 0x70) * std::size_t{0x8000} + offset) % sram_.size();
}

void SnesBus::mapRomSpeed()
{
    for (std::size_t page = 0; page < kPages; ++page) {
        pageClocks_[page] = static_cast<std::uint8_t>(accessClocks(static_cast<std::uint32_t>(page << kPageBits)));
    }
}

// ---- Slow paths: I/O registers, open bus, ROM writes -----------------------------------------

SnesBus::IoResult SnesBus::readSlow(std::uint32_t address, Time time)
{
    const unsigned clocks = accessClocks(address);
    const std::uint64_t begin = time.masterClocks;
    if (resumesOwed_ != 0) [[unlikely]] {
        time.masterClocks = resumeCpu(time, clocks);
    }
    const auto waited = static_cast<unsigned>(time.masterClocks - begin);
    return {readIo(address, time, clocks), waited + clocks};
}

std::uint8_t SnesBus::readIo(std::uint32_t address, Time time, unsigned clocks)
{
    const std::uint32_t bank = address >> 16;
    const std::uint32_t offset = address & 0xFFFF;
    // A refresh due by the time the read samples the bus comes first (bsnes v094 looks for it
    // after the first clocks of the cycle): what the read sees is 40 clocks later.
    if (refreshAt_ <= time.masterClocks + clocks - kReadSampleBeforeEnd) {
        time.masterClocks += VideoTiming::kRefreshClocks;
    }
    if (const std::optional<std::size_t> sram = sramOffset(address)) {
        mdr_ = sram_[*sram];
        return mdr_;
    }
    if (isSystemBank(bank)) {
        if (offset >= 0x2100 && offset < 0x2200) {
            mdr_ = readBBus(static_cast<std::uint8_t>(offset), time, clocks);
            return mdr_;
        }
        if (offset >= 0x4000 && offset < 0x4400) {
            return readCpuRegister(offset, time, clocks); // these reads leave the data bus as it was
        }
    }
    return mdr_;
}

unsigned SnesBus::writeSlow(std::uint32_t address, std::uint8_t value, Time time)
{
    const unsigned clocks = accessClocks(address);
    const std::uint64_t begin = time.masterClocks;
    if (resumesOwed_ != 0) [[unlikely]] {
        time.masterClocks = resumeCpu(time, clocks);
    }
    writeIo(address, value, time, clocks);
    return static_cast<unsigned>(time.masterClocks - begin) + clocks;
}

void SnesBus::writeIo(std::uint32_t address, std::uint8_t value, Time time, unsigned clocks)
{
    const std::uint32_t bank = address >> 16;
    const std::uint32_t offset = address & 0xFFFF;
    // A write lands at the end of its cycle, after a refresh due by then.
    if (refreshAt_ <= time.masterClocks + clocks) {
        time.masterClocks += VideoTiming::kRefreshClocks;
    }
    if (romOffset(address, layout_, rom_->size())) {
        fault(BusFault::Kind::RomWrite, address, value, time.cycles);
    } else if (const std::optional<std::size_t> sram = sramOffset(address)) {
        sram_[*sram] = value;
    } else if (isSystemBank(bank)) {
        if (offset >= 0x2100 && offset < 0x2200) {
            writeBBus(static_cast<std::uint8_t>(offset), value, time.masterClocks + clocks);
        } else if (offset >= 0x4000 && offset < 0x4400) {
            writeCpuRegister(address, value, time);
        }
    }
}

std::uint8_t SnesBus::readBBus(std::uint8_t reg, Time time, unsigned clocks)
{
    switch (reg) {
    case 0x37: // SLHV: latches the counters when WRIO bit 7 allows it; the value is open bus
        if (wrio_ & 0x80) {
            latchCounters(time.masterClocks + clocks - kReadSampleBeforeEnd);
        }
        return mdr_;
    case 0x3C: { // OPHCT: low byte, then bit 8; PPU2 drives the bus
        const std::uint8_t open = ppu_.ppu2OpenBus();
        const std::uint8_t v = ophctHigh_ ? static_cast<std::uint8_t>((open & 0xFE) | (latchedH_ >> 8))
                                          : static_cast<std::uint8_t>(latchedH_);
        ophctHigh_ = !ophctHigh_;
        ppu_.setPpu2OpenBus(v);
        return v;
    }
    case 0x3D: { // OPVCT
        const std::uint8_t open = ppu_.ppu2OpenBus();
        const std::uint8_t v = opvctHigh_ ? static_cast<std::uint8_t>((open & 0xFE) | (latchedV_ >> 8))
                                          : static_cast<std::uint8_t>(latchedV_);
        opvctHigh_ = !opvctHigh_;
        ppu_.setPpu2OpenBus(v);
        return v;
    }
    case 0x3F: { // STAT78: field, latch flag, NTSC, PPU2 version 3
        const auto v = static_cast<std::uint8_t>(video_.oddField() << 7 | counterLatched_ << 6 |
                                                 (ppu_.ppu2OpenBus() & 0x20) | 0x03);
        counterLatched_ = false;
        ophctHigh_ = false;
        opvctHigh_ = false;
        ppu_.setPpu2OpenBus(v);
        return v;
    }
    case 0x80: { // WMDATA
        const std::uint8_t v = wram_[wramPortAddress_];
        wramPortAddress_ = (wramPortAddress_ + 1) & (kWramBytes - 1);
        return v;
    }
    default:
        if (reg < 0x40) {
            return ppu_.read(reg, video_.positionAt(time.masterClocks + clocks - kReadSampleBeforeEnd), mdr_);
        }
        if (reg < 0x80) { // APU ports 0-3, mirrored through $217F
            return apu_.readPort(reg & 3, time.masterClocks + clocks - kReadSampleBeforeEnd);
        }
        return mdr_;
    }
}

std::uint8_t SnesBus::readCpuRegister(std::uint32_t offset, Time time, unsigned clocks)
{
    const std::uint64_t sampled = time.masterClocks + clocks - kReadSampleBeforeEnd;
    // The auto-joypad read may start or step inside this very cycle, before the event that runs it.
    catchUpAutoRead(sampled);
    if (offset >= 0x4218 && offset < 0x4220) {
        shiftAutoRead(sampled);
        ++padReads_;
    }
    switch (offset) {
    case 0x4016: // JOYSER0: pad 1's data line; the second data line (multitaps) reads 0
        ++padReads_;
        return static_cast<std::uint8_t>((mdr_ & 0xFC) | joypads_.readSerial(0));
    case 0x4017: // JOYSER1: bits 2-4 always read 1
        ++padReads_;
        return static_cast<std::uint8_t>((mdr_ & 0xE0) | 0x1C | joypads_.readSerial(1));
    case 0x4210: { // RDNMI: reading clears the flag but in the 4 clocks it is held as it rises; 5A22 version 2
        if (nmiAt_ <= sampled) {
            // The flag rises inside this very cycle, before the event that raises it.
            nmiFlag_ = true;
            nmiRaiseAt_ = nmiAt_ + kInterruptHoldClocks;
            nmiAt_ = kNever;
            scheduleNextEvent();
        }
        const auto v = static_cast<std::uint8_t>(nmiFlag_ << 7 | (mdr_ & 0x70) | 0x02);
        nmiFlag_ = nmiFlag_ && nmiRaiseAt_ != kNever && sampled < nmiRaiseAt_;
        return v;
    }
    case 0x4211: { // TIMEUP: reading acknowledges the H/V IRQ
        const auto v = static_cast<std::uint8_t>(irqFlag_ << 7 | (mdr_ & 0x7F));
        irqFlag_ = false;
        irqLine_ = false;
        return v;
    }
    case 0x4212: { // HVBJOY
        const VideoPosition at = video_.positionAt(sampled);
        const bool vblank = at.line >= vblankStartLine();
        const bool hblank = at.hclock < kHBlankEnd || at.hclock >= kHBlankStart;
        const bool autoReading = autoReadBusy(sampled);
        return static_cast<std::uint8_t>(vblank << 7 | hblank << 6 | (mdr_ & 0x3E) | autoReading);
    }
    case 0x4213: // RDIO: nothing drives the I/O port, so it reads back WRIO
        return wrio_;
    case 0x4214: return static_cast<std::uint8_t>(mulDiv_.quotient(stepClock(time)));
    case 0x4215: return static_cast<std::uint8_t>(mulDiv_.quotient(stepClock(time)) >> 8);
    case 0x4216: return static_cast<std::uint8_t>(mulDiv_.product(stepClock(time)));
    case 0x4217: return static_cast<std::uint8_t>(mulDiv_.product(stepClock(time)) >> 8);
    default:
        return peekCpuRegister(offset);
    }
}

void SnesBus::writeBBus(std::uint8_t reg, std::uint8_t value, std::uint64_t clock)
{
    if (reg < PpuRegisters::kCount) {
        ppu_.write(reg, value, video_.positionAt(clock));
        if (reg == 0x33) { // SETINI: interlace as the next frame begins decides its length
            video_.setInterlace(value & 0x01);
        }
        return;
    }
    switch (reg) {
    case 0x80:
        wram_[wramPortAddress_] = value;
        wramPortAddress_ = (wramPortAddress_ + 1) & (kWramBytes - 1);
        break;
    case 0x81: wramPortAddress_ = (wramPortAddress_ & 0x1FF00) | value; break;
    case 0x82: wramPortAddress_ = (wramPortAddress_ & 0x100FF) | std::uint32_t{value} << 8; break;
    case 0x83: wramPortAddress_ = (wramPortAddress_ & 0x0FFFF) | std::uint32_t{value & 1u} << 16; break;
    default:
        if (reg >= 0x40 && reg < 0x80) {
            apu_.writePort(reg & 3, value, clock);
        }
        break;
    }
}

void SnesBus::writeCpuRegister(std::uint32_t address, std::uint8_t value, Time time)
{
    const std::uint64_t afterWrite = time.cycles + 1;
    const std::uint32_t offset = address & 0xFFFF;
    switch (offset) {
    case 0x4016:
        joypads_.writeLatch(value & 1);
        break;
    case 0x4200: {
        const bool nmiWasEnabled = nmitimen_ & kNmiEnable;
        nmitimen_ = value;
        if ((value & kIrqModeMask) == 0) {
            irqFlag_ = false;
            irqLine_ = false;
        }
        // Enabling NMI during V-blank, before RDNMI is read, raises it at once.
        if (!nmiWasEnabled && (value & kNmiEnable) && nmiFlag_) {
            raiseNmi(afterWrite);
        }
        scheduleInterrupts(time.masterClocks);
        break;
    }
    case 0x4201:
        if ((wrio_ & 0x80) && !(value & 0x80)) {
            latchCounters(time.masterClocks + accessClocks(offset) - kReadSampleBeforeEnd + 4); // one dot later than SLHV
        }
        wrio_ = value;
        break;
    case 0x4202: mulDiv_.writeMultiplicand(value); break;
    case 0x4203: mulDiv_.startMultiply(value, stepClock(time) + 1); break;
    case 0x4204: mulDiv_.writeDividendLow(value); break;
    case 0x4205: mulDiv_.writeDividendHigh(value); break;
    case 0x4206: mulDiv_.startDivide(value, stepClock(time) + 1); break;
    case 0x4207: htime_ = static_cast<std::uint16_t>((htime_ & 0x100) | value); scheduleInterrupts(time.masterClocks); break;
    case 0x4208: htime_ = static_cast<std::uint16_t>((htime_ & 0xFF) | (value & 1) << 8); scheduleInterrupts(time.masterClocks); break;
    case 0x4209: vtime_ = static_cast<std::uint16_t>((vtime_ & 0x100) | value); scheduleInterrupts(time.masterClocks); break;
    case 0x420A: vtime_ = static_cast<std::uint16_t>((vtime_ & 0xFF) | (value & 1) << 8); scheduleInterrupts(time.masterClocks); break;
    case 0x420B:
        for (unsigned i = 0; i < dma_.size(); ++i) {
            dma_[i].dmaEnabled = (value >> i) & 1;
        }
        dmaPending_ = dmaPending_ || value != 0;
        scheduleDmaEdge();
        break;
    case 0x420C:
        for (unsigned i = 0; i < dma_.size(); ++i) {
            dma_[i].hdmaEnabled = (value >> i) & 1;
        }
        scheduleDmaEdge();
        break;
    case 0x420D:
        setFastRom((value & 1) != 0);
        break;
    default:
        if (offset >= 0x4300 && offset < 0x4380 && DmaChannel::isRegister(offset & 0xF)) {
            dma_[(offset >> 4) & 7].write(offset & 0xF, value);
        }
        break;
    }
}

void SnesBus::setFastRom(bool enabled)
{
    fastRom_ = enabled;
    mapRomSpeed();
}

void SnesBus::latchCounters(std::uint64_t clock)
{
    const VideoPosition at = video_.positionAt(clock);
    latchedH_ = static_cast<std::uint16_t>(video_.dotAt(at.hclock));
    latchedV_ = static_cast<std::uint16_t>(at.line);
    counterLatched_ = true;
}

void SnesBus::fault(BusFault::Kind kind, std::uint32_t address, std::uint8_t value, std::uint64_t cycle)
{
    if (faults_.size() < kMaxFaults) {
        faults_.push_back({kind, address, value, cycle});
    }
    ++faultCount_;
}

// ---- Host access -----------------------------------------------------------------------------

// The registers whose reads have no side effects: JOY1-4 and the DMA channels'.
std::uint8_t SnesBus::peekCpuRegister(std::uint32_t offset) const
{
    if (offset >= 0x4218 && offset < 0x4220) {
        // JOY1/JOY2 hold the pads' last auto-read; JOY3/JOY4 (the second data lines) read 0.
        const unsigned index = offset - 0x4218;
        return index < 4 ? static_cast<std::uint8_t>(joypadRegisters_[index >> 1] >> (index & 1) * 8) : 0;
    }
    if (offset >= 0x4300 && offset < 0x4380 && DmaChannel::isRegister(offset & 0xF)) {
        return dma_[(offset >> 4) & 7].read(offset & 0xF);
    }
    return mdr_;
}

std::uint8_t SnesBus::peek(std::uint32_t address) const
{
    address &= 0xFFFFFF;
    if (const std::uint8_t* memory = readPages_[address >> kPageBits]) {
        return memory[address & kPageMask];
    }
    if (const std::optional<std::size_t> sram = sramOffset(address)) {
        return sram_[*sram];
    }
    const std::uint32_t offset = address & 0xFFFF;
    if (isSystemBank(address >> 16)) {
        if (offset >= 0x2100 && offset < 0x2140) {
            return ppu_.peek(static_cast<std::uint8_t>(offset), mdr_);
        }
        if (offset >= 0x2140 && offset < 0x2180) {
            return apu_.bus().portToCpu(offset & 3);
        }
        switch (offset) {
        case 0x4210: return static_cast<std::uint8_t>(nmiFlag_ << 7 | (mdr_ & 0x70) | 0x02);
        case 0x4211: return static_cast<std::uint8_t>(irqFlag_ << 7 | (mdr_ & 0x7F));
        case 0x4214: return static_cast<std::uint8_t>(mulDiv_.lastQuotient());
        case 0x4215: return static_cast<std::uint8_t>(mulDiv_.lastQuotient() >> 8);
        case 0x4216: return static_cast<std::uint8_t>(mulDiv_.lastProduct());
        case 0x4217: return static_cast<std::uint8_t>(mulDiv_.lastProduct() >> 8);
        default: return peekCpuRegister(offset);
        }
    }
    return mdr_;
}

bool SnesBus::poke(std::uint32_t address, std::uint8_t value)
{
    address &= 0xFFFFFF;
    if (std::uint8_t* memory = writePages_[address >> kPageBits]) {
        memory[address & kPageMask] = value;
        return true;
    }
    if (const std::optional<std::size_t> sram = sramOffset(address)) {
        sram_[*sram] = value;
        return true;
    }
    return false;
}

// ---- Events: refresh, lines, NMI, IRQ --------------------------------------------------------

namespace {

// What idling to the next frame adds, from one place in a frame.
struct IdleJump {
    std::uint64_t cycles;
    std::uint64_t masterClocks;
    std::uint64_t refreshes;
};

// Per thread: buses on different threads look their jumps up without locking.
std::unordered_map<std::uint64_t, IdleJump>& idleJumps()
{
    static thread_local std::unordered_map<std::uint64_t, IdleJump> jumps;
    return jumps;
}

} // namespace

Time SnesBus::idleWaiting(Time time, std::uint64_t untilClock, std::uint64_t untilCycle)
{
    idle(time);
    while (!interruptRequested() && time.masterClocks < untilClock && time.cycles < untilCycle) {
        if (time.masterClocks >= cycleCheckAt_) {
            idle(time); // a DMA edge comes at once, or the cycle after a DMA waits for the bus
            continue;
        }
        // Whole cycles up to the first that ends at or past an event, a DMA edge or the clock
        // limit: nothing can happen between them.
        const std::uint64_t stop = std::min(cycleCheckAt_, untilClock);
        const std::uint64_t cycles = std::min((stop - time.masterClocks + idleClocks - 1) / idleClocks,
                                              untilCycle - time.cycles);
        time.cycles += cycles;
        time.masterClocks += cycles * idleClocks;
        if (time.masterClocks >= cycleCheckAt_) {
            time.masterClocks = finishCycle(time, idleClocks, false);
        }
    }
    return time;
}

void SnesBus::idleUntilNextFrame(Time& time)
{
    // With neither NMI nor IRQ enabled, idling to the next frame changes nothing but the time, the
    // refresh count and the video position (the NMI flag it sets in vblank is clear again at line
    // 0), and how much it adds depends only on where in its frame it begins: the line, the clock
    // in it, the refresh grid's phase, the field, interlace and the events of the line still to
    // come. Each such jump is worked out once, event by event, and then reused.
    if (dmaPending_ || hdmaPending_ || dmaActive_ || anyHdmaEnabled()) {
        // DMA and HDMA take the bus at cycle edges: only idling cycle by cycle finds them all.
        const std::uint64_t frame = video_.frame();
        while (video_.frame() == frame) {
            idle(time);
        }
        return;
    }
    // Without them, and without pictures (whose lines are drawn one by one), an edge only resets
    // HDMA state that the next frame's setup resets again.
    const bool memo = (nmitimen_ & (kNmiEnable | kIrqModeMask | kAutoJoypad)) == 0 && !ppu_.drawsPictures() &&
                      autoJoypadTiming_ == AutoJoypadTiming::Anomie && nextEvent_ > time.masterClocks;
    std::uint64_t key = 0;
    if (memo) {
        key = (time.masterClocks - video_.lineStart()) | std::uint64_t{video_.line()} << 16 |
              (video_.lineStart() & 7) << 25 | std::uint64_t{video_.oddField()} << 28 |
              std::uint64_t{video_.interlace()} << 29 | std::uint64_t{refreshAt_ != kNever} << 30 |
              std::uint64_t{nmiAt_ != kNever} << 31;
        if (const auto found = idleJumps().find(key); found != idleJumps().end()) {
            const IdleJump& jump = found->second;
            time.cycles += jump.cycles;
            time.masterClocks += jump.masterClocks;
            refreshes_ += jump.refreshes;
            if (video_.line() < vblankStartLine()) {
                ppu_.startVblank(video_.frame(), video_.interlace()); // the jump passes the start of V-blank
                switchPads(PadSwitch::VblankStart, time.masterClocks);
            }
            video_.nextFrame();
            ppu_.startFrame();
            nmiFlag_ = false;
            switchPads(PadSwitch::FrameStart, video_.lineStart());
            refreshAt_ = video_.refreshAt();
            scheduleInterrupts(video_.lineStart());
            startHdmaLine();
            return;
        }
    }
    const Time start = time;
    const std::uint64_t refreshes = refreshes_;
    // The frame can only change at a line end, and line ends are events: stopping at the first
    // cycle that reaches each event visits every cycle where one-at-a-time idling could stop.
    const std::uint64_t frame = position(time.masterClocks).frame;
    while (position(time.masterClocks).frame == frame) {
        const std::uint64_t ahead = nextEvent_ > time.masterClocks ? nextEvent_ - time.masterClocks : 1;
        const std::uint64_t cycles = (ahead + idleClocks - 1) / idleClocks;
        time.cycles += cycles;
        time.masterClocks += cycles * idleClocks;
        if (time.masterClocks >= nextEvent_) {
            time.masterClocks = runEvents(time);
        }
    }
    if (memo) {
        idleJumps().emplace(key, IdleJump{time.cycles - start.cycles, time.masterClocks - start.masterClocks,
                                          refreshes_ - refreshes});
    }
}

// The end of a cycle of `clocks` that reached cycleCheckAt_ (see endCycle).
std::uint64_t SnesBus::finishCycle(Time time, unsigned clocks, bool read)
{
    if (resumesOwed_ != 0) {
        // The first cycle after a DMA: its access came after the CPU's wait for the bus, and
        // whatever fell due in the wait came before the access.
        const Time start{time.cycles - 1, time.masterClocks - clocks};
        time.masterClocks = resumeCpu(start, clocks) + clocks;
    }
    if (time.masterClocks >= nextEvent_) {
        readSampleAt_ = read ? time.masterClocks - kReadSampleBeforeEnd : 0;
        time.masterClocks = runEvents(time);
        readSampleAt_ = 0;
    }
    if (time.masterClocks >= dmaEdgeAt_) {
        dmaEdge(time);
    }
    updateCycleCheck();
    return time.masterClocks;
}

std::uint64_t SnesBus::runEvents(Time time)
{
    std::uint64_t now = time.masterClocks;
    while (now >= nextEvent_) {
        if (nextEvent_ == refreshAt_) {
            now += VideoTiming::kRefreshClocks;
            ++refreshes_;
            refreshAt_ = kNever;
        } else if (nextEvent_ == nmiAt_) {
            nmiFlag_ = true;
            nmiRaiseAt_ = nmiAt_ + kInterruptHoldClocks;
            nmiAt_ = kNever;
        } else if (nextEvent_ == nmiRaiseAt_) {
            if (nmitimen_ & kNmiEnable) {
                raiseNmi(time.cycles);
            }
            nmiRaiseAt_ = kNever;
        } else if (nextEvent_ == irqAt_) {
            irqFlag_ = true;
            irqRaiseAt_ = irqAt_ + kInterruptHoldClocks;
            irqAt_ = kNever;
        } else if (nextEvent_ == irqRaiseAt_) {
            if (nmitimen_ & kIrqModeMask) {
                irqFlag_ = true; // bsnes v094 keeps it through the hold, even when TIMEUP is read then
                raiseIrq(time.cycles);
            }
            irqRaiseAt_ = kNever;
        } else if (nextEvent_ == joypadAt_) {
            autoReadJoypads(joypadAt_);
            joypadAt_ = kNever;
        } else if (nextEvent_ == joypadMarkAt_) {
            // bsnes steps at the end of the piece of time the mark falls in: the cycle's (a read's
            // first half), or the refresh after it
            const std::uint64_t mark = joypadMarkAt_;
            placeAutoReadStep(mark <= readSampleAt_ ? readSampleAt_ : mark <= time.masterClocks ? time.masterClocks : now);
        } else {
            video_.nextLine();
            if (video_.line() == 0) {
                ppu_.startFrame();
                nmiFlag_ = false;
                switchPads(PadSwitch::FrameStart, video_.lineStart());
            } else if (video_.line() == vblankStartLine()) {
                ppu_.startVblank(video_.frame(), video_.interlace());
                switchPads(PadSwitch::VblankStart, video_.lineStart());
            }
            refreshAt_ = video_.refreshAt();
            if (autoJoypadTiming_ == AutoJoypadTiming::Bsnes094 && video_.line() + 1 == vblankStartLine()) {
                startAutoReadMarks(video_.lineStart());
            }
            scheduleInterrupts(video_.lineStart());
            startHdmaLine();
            if (ppu_.drawsPictures()) {
                ppu_.startLine(video_.line(), video_.oddField(), video_.interlace());
            }
            continue;
        }
        scheduleNextEvent();
    }
    return now;
}

// Computes this line's NMI and IRQ times from the registers. Called at each line start, and again
// when a register write changes them mid-line: an event whose time is at or before `notBefore`
// (the write's start) has already been handled and must not fire a second time.
void SnesBus::scheduleInterrupts(std::uint64_t notBefore)
{
    const std::uint64_t lineStart = video_.lineStart();
    const std::uint32_t line = video_.line();
    nmiAt_ = line == vblankStartLine() ? lineStart + kNmiDelayClocks : kNever;
    joypadAt_ = line == vblankStartLine() ? autoReadStartAt(lineStart) : kNever;

    // The H/V timer compares its dot counter in 4-clock units, so the long dots do not move it:
    // an H-IRQ comes 14 + 4 * HTIME clocks into its line (Anomie's timing document; bsnes v094's
    // (HTIME + 1) * 4, 10 clocks late), and for HTIME 337-339 that is past the line's end: it
    // comes early in the next line, the one scheduled here when the last line's V matched.
    irqAt_ = kNever;
    const unsigned mode = (nmitimen_ & kIrqModeMask) >> 4; // 1: H, 2: V, 3: H and V
    if (mode == 2 && vtime_ == line) {
        irqAt_ = lineStart + kVIrqDelayClocks;
    } else if ((mode == 1 || mode == 3) && htime_ < 340) {
        const std::uint64_t offset = kHIrqDelayClocks + 4 * std::uint64_t{htime_};
        const std::uint64_t spilled = video_.previousLineStart() + offset;
        if (spilled >= lineStart && (mode == 1 || vtime_ == video_.previousLine())) {
            irqAt_ = spilled;
        } else if (lineStart + offset < video_.lineEnd() && (mode == 1 || vtime_ == line)) {
            irqAt_ = lineStart + offset;
        }
    }
    if (nmiAt_ <= notBefore) {
        nmiAt_ = kNever;
    }
    if (irqAt_ <= notBefore) {
        irqAt_ = kNever;
    }
    if (joypadAt_ <= notBefore) {
        joypadAt_ = kNever;
    }
    scheduleNextEvent();
}

void SnesBus::scheduleNextEvent()
{
    nextEvent_ = std::min({refreshAt_, nmiAt_, nmiRaiseAt_, irqAt_, irqRaiseAt_, joypadAt_, joypadMarkAt_, video_.lineEnd()});
    updateCycleCheck();
}

void SnesBus::raiseNmi(std::uint64_t cycle)
{
    nmiPending_ = true;
    interruptRaisedAt_ = cycle;
}

void SnesBus::raiseIrq(std::uint64_t cycle)
{
    irqLine_ = true;
    interruptRaisedAt_ = cycle;
}

} // namespace emu
