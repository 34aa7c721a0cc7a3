#pragma once

#include "tests/support/temp_dir.hpp"
#include "profiler/model/opening/game_opener.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace tileprof::test {

// The block engine's files as written in the source tree (roms/block-engine/NAME).
std::filesystem::path blockEngineSource(const std::string& name);
std::string blockEngineText(const std::string& name);
// A bundled scenario's text (scenarios/NAME.toml), its Tiled level named by an absolute path, so
// that it loads from anywhere.
std::string blockEngineScenarioText(const std::string& name);

// A manifest's text saved as manifest.toml beside a copy of blocks.toml, which the block engine's
// manifests name by a relative path. Returns the manifest's path.
std::filesystem::path writeEngineManifest(const TempDir& dir, const std::string& text);

// What loadManifest throws for `text` saved so, with the directory cut out; "" if it loads.
std::string engineManifestError(const std::string& text);

// What loadProfiledRom throws for the built block-engine ROM with `text` as its manifest, with the
// directory cut out; "" if it loads.
std::string engineRomError(const std::string& text);

// A manifest's text with `from` replaced by `to`: loading it fails at the line of `at` in the edited
// text, manifest.toml:LINE, with a message holding each of `words`.
struct Refusal {
    std::string from;
    std::string to;
    std::string at;
    std::vector<std::string> words;
};

// Each refusal on a block-engine manifest's `text`, through loadManifest.
void checkManifestRefusals(const std::string& text, const std::vector<Refusal>& refusals);

// The same through loadProfiledRom, for what only the ROM and its debug file can refuse.
void checkRomRefusals(const std::string& text, const std::vector<Refusal>& refusals);

} // namespace tileprof::test
