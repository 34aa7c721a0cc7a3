#include "chip/cpu/core.hpp"

int coreStep() { return clockTicks(); }
