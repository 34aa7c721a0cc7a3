#pragma once

#include <cmath>

namespace tileprof {

// `value` to `decimals` decimal places, as reports and baselines write figures.
inline double rounded(double value, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

} // namespace tileprof
