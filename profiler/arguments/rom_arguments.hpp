#pragma once

#include "profiler/model/target/rom_files.hpp"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace tileprof {

// --rom IMAGE, with --symbols and --manifest for files not beside it: the ROM every scenario runs
// on instead of its own. tileprof's commands and tileprof-gui take them alike.
class RomArguments {
public:
    void addTo(CLI::App& command);
    // Nothing without --rom.
    std::optional<RomFiles> files() const;

private:
    std::string image_;
    std::string symbols_;
    std::string manifest_;
};

} // namespace tileprof
