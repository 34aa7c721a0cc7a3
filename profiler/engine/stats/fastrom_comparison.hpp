#pragma once

#include "profiler/engine/runner/scenario_runner.hpp"

#include <span>
#include <string>
#include <vector>

namespace tileprof {

// What FastROM buys a case: the same calls run as they are (SlowROM) and as a FastROM build.
struct FastRomCase {
    std::string name;
    std::size_t calls = 0;
    double slowMeanMasterClocks = 0;
    double fastMeanMasterClocks = 0;
    double slowRomReadsPerCall = 0; // ROM reads the FastROM run still made through banks $00-$7D

    double savingMasterClocks() const { return slowMeanMasterClocks - fastMeanMasterClocks; }
};

// `slow[i]` and `fast[i]` are the same scenario run both ways; per case, in the order cases first ran.
std::vector<FastRomCase> compareFastRom(std::span<const ScenarioResult> slow, std::span<const ScenarioResult> fast);

} // namespace tileprof
