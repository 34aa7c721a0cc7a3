#pragma once

#include "profiler/engine/conformance/sst_file.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace tileprof {

struct SstFailure {
    std::string test;                     // the vector's name, e.g. "a9 e 17"
    std::vector<std::string> differences; // one line each: register, RAM byte, cycle count or cycle N
};

struct SstResult {
    std::size_t passed = 0;
    std::vector<SstFailure> failures;
};

// Runs every test of the file: a 65816 file's on a flat 16 MiB bus, one instruction (a block move
// runs until its PC leaves the instruction); an SPC700 file's on a flat 64 KiB RAM, one instruction
// (SLEEP and STOP: their three cycles, until they halt). Then compares registers, RAM and every bus
// cycle with the vector.
SstResult runSstFile(const SstFile& file);

// The SPC700 half of runSstFile (spc700_sst_runner.cpp).
SstResult runSpc700SstFile(const SstFile& file);

} // namespace tileprof
