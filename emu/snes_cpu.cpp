#include "emu/cpu.hpp"
#include "emu/snes_bus.hpp"

namespace emu {

template StopReason detail::run<SnesBus, NoObserver>(CpuState&, SnesBus&, NoObserver&, const RunLimits&);

} // namespace emu
