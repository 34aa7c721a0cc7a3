#include "emu/ppu/video_mode.hpp"

namespace emu {

namespace {

constexpr std::uint8_t M7 = VideoMode::kMode7;

// Front first; 1H is BG1's high-priority pixels, S3 the sprites of priority 3.
constexpr std::array<VideoMode, 8> kModes = {{
    // 0: S3 1H 2H S2 1L 2L S1 3H 4H S0 3L 4L
    {{2, 2, 2, 2}, {{{{8, 11}, {7, 10}, {2, 5}, {1, 4}}}, {3, 6, 9, 12}}},
    // 1: S3 1H 2H S2 1L 2L S1 3H S0 3L
    {{4, 4, 2, 0}, {{{{6, 9}, {5, 8}, {1, 3}, {0, 0}}}, {2, 4, 7, 10}}},
    // 2 to 5: S3 1H S2 2H S1 1L S0 2L
    {{4, 4, 0, 0}, {{{{3, 7}, {1, 5}, {0, 0}, {0, 0}}}, {2, 4, 6, 8}}, false, true},
    {{8, 4, 0, 0}, {{{{3, 7}, {1, 5}, {0, 0}, {0, 0}}}, {2, 4, 6, 8}}, false, false, true},
    {{8, 2, 0, 0}, {{{{3, 7}, {1, 5}, {0, 0}, {0, 0}}}, {2, 4, 6, 8}}, false, true, true},
    {{4, 2, 0, 0}, {{{{3, 7}, {1, 5}, {0, 0}, {0, 0}}}, {2, 4, 6, 8}}, true},
    // 6: S3 1H S2 S1 1L S0
    {{4, 0, 0, 0}, {{{{2, 5}, {0, 0}, {0, 0}, {0, 0}}}, {1, 3, 4, 6}}, true, true},
    // 7: S3 S2 S1 1 S0
    {{M7, 0, 0, 0}, {{{{2, 2}, {0, 0}, {0, 0}, {0, 0}}}, {1, 3, 4, 5}}, false, false, true},
}};
// 1 with BGMODE bit 3: 3H S3 1H 2H S2 1L 2L S1 S0 3L.
constexpr VideoMode kMode1Bg3Front = {{4, 4, 2, 0}, {{{{5, 8}, {4, 7}, {1, 10}, {0, 0}}}, {2, 3, 6, 9}}};
// 7 with EXTBG: S3 S2 2H S1 1 S0 2L, BG2 the same map with bit 7 of each pixel its priority.
constexpr VideoMode kMode7Extbg = {{M7, M7, 0, 0}, {{{{3, 3}, {1, 5}, {0, 0}, {0, 0}}}, {2, 4, 6, 7}}, false, false, true};

} // namespace

const VideoMode& videoMode(std::uint8_t bgmode, std::uint8_t setini)
{
    const unsigned mode = bgmode & 7u;
    if (mode == 1 && (bgmode & 0x08) != 0) {
        return kMode1Bg3Front;
    }
    if (mode == 7 && (setini & 0x40) != 0) {
        return kMode7Extbg;
    }
    return kModes[mode];
}

} // namespace emu
