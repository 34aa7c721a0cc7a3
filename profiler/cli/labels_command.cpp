#include "profiler/cli/labels_command.hpp"

#include "emu/input_error.hpp"
#include "profiler/bundled_roms.hpp"
#include "profiler/cli/exit_codes.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/symbols/mesen_labels.hpp"

#include <cstdio>

namespace tileprof {

int runLabelsCommand(const std::string& rom, const std::string& out)
{
    try {
        const ProfiledRom loaded = loadProfiledRom(rom.empty() ? bundledRomPath(kDefaultRom) : std::filesystem::path(rom));
        return writeReport(mesenLabels(loaded), out, "labels") ? kExitOk : kExitBadInput;
    } catch (const emu::InputError& e) {
        std::fprintf(stderr, "tileprof labels: %s\n", e.what());
        return kExitBadInput;
    }
}

} // namespace tileprof
