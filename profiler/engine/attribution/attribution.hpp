#pragma once

#include "profiler/engine/attribution/profile.hpp"
#include "profiler/engine/runner/scenario_runner.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tileprof {

// Which calls a profile covers: all of the scenarios' calls, narrowed by any of these.
struct Selection {
    std::optional<std::string> caseName;
    std::optional<int> frame;
    std::optional<std::string> entity;

    bool selects(const ScenarioResult& scenario, const CallRecord& call) const;
    std::string describe() const; // "all calls", "case \"falling\", frame 12", ...
};

struct CaseProfile {
    std::string name;
    Profile profile;
};

// Where the cycles of the selected calls went, and of each case's calls.
struct Attribution {
    Selection selection;
    Profile selected;
    std::vector<CaseProfile> cases; // in the order the cases first ran
};

// Attributes the calls of scenarios[i], recorded with their steps, through roms[i]: the ROM it
// ran on, whose symbols give the functions and lines (its image, where they have no line). With
// `romNames` (romNames[i] for scenarios[i]), each ROM's functions are "ROM: function" and its
// lines its own; without, functions and lines of one name are merged.
Attribution attribute(std::span<const ScenarioResult> scenarios, std::span<const ProfiledRom* const> roms,
                      const Selection& selection, std::span<const std::string> romNames = {});

} // namespace tileprof
