#pragma once

inline int clockTicks() { return 1; }
