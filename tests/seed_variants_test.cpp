// The seeds' faster variants change how their routine computes an answer, not the answer: on every
// scenario of the seed's ROM and on its tour, each call of the variant leaves the entity exactly as
// the faithful build does and runs the same case, and the variant costs fewer cycles in all.

#include "base/bundled_files.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/bundled_calls.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kRoms = fs::path(TILEPROF_SOURCE_DIR) / "roms";

struct Variant {
    const char* faithful;
    const char* fast;
    const char* tour; // roms/tours/<tour>/<faithful>.toml
};

// The scenarios of the faithful ROM's directory (of the ROM itself: seed004's eight-probe build
// has scenarios of its own, named "-eight") and its tour.
std::vector<fs::path> scenariosOf(const Variant& v)
{
    const std::string name = v.faithful;
    const bool eight = name.ends_with("-eight");
    const fs::path dir = kRoms / (eight ? name.substr(0, name.size() - 6) : name) / "scenarios";
    std::vector<fs::path> paths;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
        const bool ofEight = entry.path().stem().string().ends_with("-eight");
        if (entry.path().extension() == ".toml" && ofEight == eight) {
            paths.push_back(entry.path());
        }
    }
    paths.push_back(kRoms / "tours" / v.tour / (name + ".toml"));
    std::sort(paths.begin(), paths.end());
    return paths;
}

void checkVariant(const Variant& v)
{
    CAPTURE(v.fast);
    const ProfiledRom faithful = loadProfiledRom(bundledRomPath(v.faithful));
    const ProfiledRom fast = loadProfiledRom(bundledRomPath(v.fast));
    std::uint64_t faithfulCycles = 0;
    std::uint64_t fastCycles = 0;
    const std::size_t calls = compareCalls(fast, faithful, scenariosOf(v), [&](const CallRecord& a, const CallRecord& b) {
        fastCycles += a.cycles;
        faithfulCycles += b.cycles;
        return a.after == b.after && a.caseIndex == b.caseIndex;
    });
    CHECK(calls > 300);
    CHECK(fastCycles < faithfulCycles);
}

TEST_CASE("seed variants: seed001 with shifts answers every call as the article's subtraction does, faster")
{
    checkVariant({"seed001-metatile-walkability", "seed001-metatile-walkability-shifts", "top-down"});
}

TEST_CASE("seed variants: seed002 with surface tables moves every call as the pixel scans do, faster")
{
    checkVariant({"seed002-pixel-masks", "seed002-pixel-masks-surfaces", "platformer"});
}

TEST_CASE("seed variants: seed003 with one lookup per cell moves every call as the article's tests do, faster")
{
    checkVariant({"seed003-box-and-slopes", "seed003-box-and-slopes-one-lookup", "platformer"});
}

TEST_CASE("seed variants: seed004 probing byte pairs answers every call as single probes do, faster")
{
    checkVariant({"seed004-probes", "seed004-probes-pairs", "top-down"});
    checkVariant({"seed004-probes-eight", "seed004-probes-eight-pairs", "top-down"});
}

} // namespace
} // namespace tileprof::test
