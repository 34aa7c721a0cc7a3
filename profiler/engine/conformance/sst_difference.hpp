#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace tileprof {

// How both vector runners (65816 and SPC700) word a difference.

inline std::string sstHex(std::uint32_t value, int digits)
{
    char text[16];
    std::snprintf(text, sizeof text, "$%0*X", digits, value);
    return text;
}

// "A: expected $12, got $34", when the register differs.
inline void checkSstRegister(std::vector<std::string>& out, const char* name, unsigned want, unsigned got, int digits)
{
    if (want != got) {
        out.push_back(std::string(name) + ": expected " + sstHex(want, digits) + ", got " + sstHex(got, digits));
    }
}

} // namespace tileprof
