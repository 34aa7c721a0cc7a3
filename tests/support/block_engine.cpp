#include "tests/support/block_engine.hpp"

#include "base/bundled_files.hpp"
#include "base/input_error.hpp"
#include "profiler/model/target/manifest.hpp"
#include "profiler/model/opening/game_opener.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

namespace tileprof::test {

std::filesystem::path blockEngineSource(const std::string& name)
{
    return std::filesystem::path(TILEPROF_SOURCE_DIR) / "roms/block-engine" / name;
}

std::string blockEngineText(const std::string& name)
{
    return slurp(blockEngineSource(name));
}

std::string blockEngineScenarioText(const std::string& name)
{
    return replaced(blockEngineText("scenarios/" + name + ".toml"), "\"../levels/",
                    "\"" + blockEngineSource("levels").string() + "/");
}

std::filesystem::path writeEngineManifest(const TempDir& dir, const std::string& text)
{
    dir.write("blocks.toml", blockEngineText("blocks.toml"));
    return dir.write("manifest.toml", text);
}

std::string engineManifestError(const std::string& text)
{
    const TempDir dir;
    try {
        loadManifest(writeEngineManifest(dir, text));
    } catch (const InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

std::string engineRomError(const std::string& text)
{
    const TempDir dir;
    try {
        loadProfiledRom(RomFiles{bundledRomPath("block-engine"), std::nullopt, writeEngineManifest(dir, text)});
    } catch (const InputError& e) {
        return dir.relative(e.what());
    }
    return "";
}

namespace {

template <class Load>
void checkRefusals(const std::string& text, const std::vector<Refusal>& refusals, const Load& load)
{
    for (const Refusal& refusal : refusals) {
        CAPTURE(refusal.to);
        const std::string edited = replaced(text, refusal.from, refusal.to);
        const std::string message = load(edited);
        INFO(message);
        CHECK(message.starts_with("manifest.toml:" + std::to_string(lineWith(edited, refusal.at)) + ": "));
        for (const std::string& word : refusal.words) {
            CHECK(contains(message, word));
        }
    }
}

} // namespace

void checkManifestRefusals(const std::string& text, const std::vector<Refusal>& refusals)
{
    checkRefusals(text, refusals, engineManifestError);
}

void checkRomRefusals(const std::string& text, const std::vector<Refusal>& refusals)
{
    checkRefusals(text, refusals, engineRomError);
}

} // namespace tileprof::test
