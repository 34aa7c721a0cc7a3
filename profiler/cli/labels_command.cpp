// tileprof labels: a ROM's labels for other debuggers.

#include "base/bundled_files.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/cli/report_file.hpp"
#include "profiler/reports/labels/mesen_labels.hpp"

#include <cstdio>
#include <memory>
#include <string>

namespace tileprof {

namespace {

struct LabelsCommandOptions {
    std::string rom; // empty: the bundled tile-collision ROM
    std::string out;
    bool mlb = false;
};

int labels(const LabelsCommandOptions& o)
{
    try {
        const ProfiledRom loaded = loadProfiledRom(o.rom.empty() ? bundledRomPath(kDefaultRom) : std::filesystem::path(o.rom));
        return writeReport(mesenLabels(loaded), o.out, "labels") ? kExitOk : kExitBadInput;
    } catch (const InputError& e) {
        std::fprintf(stderr, "tileprof labels: %s\n", e.what());
        return kExitBadInput;
    }
}

CommandAction defineLabels(CLI::App& command)
{
    auto o = std::make_shared<LabelsCommandOptions>();
    command.add_option("rom", o->rom, "ROM file (.sfc) with its symbol file and manifest beside it");
    command.add_flag("--mlb", o->mlb, "Mesen label file (.mlb), the one format so far")->required();
    command.add_option("--out", o->out, "Write the labels to this file instead of stdout");
    return [o] { return labels(*o); };
}

} // namespace

// `tileprof labels --mlb`: writes the ROM's labels (default: the bundled tile-collision ROM) as a
// Mesen label file. Exits 0, or 2 when the ROM, its debug file or its manifest cannot be used.
const Command kLabelsCommand{"labels", "Export a ROM's labels for other debuggers (default: the bundled ROM)", defineLabels};

} // namespace tileprof
