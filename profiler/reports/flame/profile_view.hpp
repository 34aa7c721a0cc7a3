#pragma once

#include "profiler/engine/attribution/profile.hpp"

#include <string>
#include <vector>

namespace tileprof {

// A profile as the flame-graph and callgrind formats show it, with what it is of: `command` and
// `selection` name it ("tileprof run: all calls"), `notRun` the inputs missing from it.
struct ProfileView {
    const Profile& profile;
    std::string command;             // "run", "profile", "play"
    std::string selection;           // "all calls", "case \"falling\"", ...
    std::vector<std::string> notRun; // one line each, "not run: ..."
    std::string notRunKind = "Scenario"; // what callgrind's desc: lines call them
};

// "N calls were made 64 or more calls deep (recursion): each is counted in the context it was
// made in", for a profile that folded some (Profile::foldedCalls).
std::string foldedCallsText(const Profile& profile);

// callgrind (KCachegrind), folded stacks (flamegraph.pl) and speedscope JSON.
std::string formatCallgrind(const ProfileView& view);
std::string formatFolded(const ProfileView& view);
std::string formatSpeedscope(const ProfileView& view);

} // namespace tileprof
