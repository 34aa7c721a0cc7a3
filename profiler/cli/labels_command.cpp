#include "profiler/cli/labels_command.hpp"

#include "base/bundled_files.hpp"
#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/reports/labels/mesen_labels.hpp"

#include <cstdio>

namespace tileprof {

int runLabelsCommand(const std::string& rom, const std::string& out)
{
    try {
        const ProfiledRom loaded = loadProfiledRom(rom.empty() ? bundledRomPath(kDefaultRom) : std::filesystem::path(rom));
        return writeReport(mesenLabels(loaded), out, "labels") ? kExitOk : kExitBadInput;
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof labels: %s\n", e.what());
        return kExitBadInput;
    }
}

} // namespace tileprof
