#include "chip/timing/clock.hpp"
#include "chip/cpu/core.hpp"

int pictureLine() { return clockTicks() + coreStep(); }
