#include "emu/cpu/cpu.hpp"
#include "emu/scpu/snes_bus.hpp"

namespace emu {

template StopReason detail::run<SnesBus, NoObserver>(CpuState&, SnesBus&, NoObserver&, const RunLimits&);

} // namespace emu
