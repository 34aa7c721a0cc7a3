#include "emu/cpu/cpu.hpp"
#include "emu/cpu/flat_bus.hpp"

namespace emu {

template StopReason detail::run<FlatBus, NoObserver>(CpuState&, FlatBus&, NoObserver&, const RunLimits&);

} // namespace emu
