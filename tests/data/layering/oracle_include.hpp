#pragma once

// A machine header that includes the oracle, which the machine does not link.
#include "oracle/libretro_core.hpp"
