#pragma once

#include "profiler/engine/call/call_record.hpp"
#include "profiler/model/target/profiled_rom.hpp"

#include <cstddef>
#include <filesystem>
#include <functional>
#include <vector>

namespace tileprof::test {

// Two calls that must agree, as the comparison in hand defines it.
using CallsAgree = std::function<bool(const CallRecord& other, const CallRecord& reference)>;

// Runs each scenario on `other` and on `reference`: `other` must hold every expectation and
// invariant, name the same cases, make as many calls, and each must agree with the reference's.
// Returns how many calls were compared.
std::size_t compareCalls(const ProfiledRom& other, const ProfiledRom& reference,
                         const std::vector<std::filesystem::path>& scenarios, const CallsAgree& agree);

// compareCalls over every bundled scenario.
std::size_t compareBundledCalls(const ProfiledRom& other, const ProfiledRom& reference, const CallsAgree& agree);

// The same tiles, read as the same types in the same order; `atSameCycles` also compares when.
bool sameTileReads(const CallRecord& a, const CallRecord& b, bool atSameCycles);

} // namespace tileprof::test
