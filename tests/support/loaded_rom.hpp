#pragma once

#include "profiler/model/target/profiled_rom.hpp"

#include <string_view>

namespace tileprof::test {

// A bundled ROM (build/roms/<name>.sfc with its symbols and manifest), loaded once per test run.
const ProfiledRom& loadedBundledRom(std::string_view name);

} // namespace tileprof::test
