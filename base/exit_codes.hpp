#pragma once

namespace tileprof {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1; // a check failed: vectors, budget, regression, expectation
inline constexpr int kExitBadInput = 2; // usage or input error

} // namespace tileprof
