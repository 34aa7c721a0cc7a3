#pragma once

#include <string>
#include <vector>

namespace tileprof {

// `tileprof rom FILE...`: loads each LoROM image and prints its header, size and checksum;
// warnings go to stderr. Returns the exit code.
int runRomCommand(const std::vector<std::string>& files);

} // namespace tileprof
