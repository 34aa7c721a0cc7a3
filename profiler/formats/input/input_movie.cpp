#include "profiler/formats/input/input_movie.hpp"

#include "base/input_error.hpp"
#include "profiler/formats/input/movie_reading.hpp"
#include "profiler/formats/toml/toml_file.hpp"

namespace tileprof {
namespace {

// snes9x's signature, "SMV" and an end-of-file character (its movie.cpp's SMV_MAGIC).
constexpr std::string_view kSnes9xSignature{"SMV\x1A", 4};

// Which emulator wrote a zip archive, by the member only its movies hold.
InputMovie readZipMovie(std::string_view bytes, const std::string& name)
{
    const ZipArchive zip(bytes, name);
    if (zip.find("Header.txt") != nullptr) {
        return readBizHawkMovie(zip);
    }
    if (zip.find("systemid") != nullptr || zip.find("gametype") != nullptr) {
        return readLsnesMovie(zip);
    }
    if (zip.find("GameSettings.txt") != nullptr || zip.find("Input.txt") != nullptr) {
        return readMesenMovie(zip);
    }
    throw InputError(name + ": a zip archive, but no movie tileprof reads: it holds no \"Header.txt\" (BizHawk), "
                            "\"systemid\" or \"gametype\" (lsnes), \"GameSettings.txt\" or \"Input.txt\" (Mesen)");
}

InputMovie checkedMovie(InputMovie movie, const std::string& name)
{
    if (movie.frames.empty()) {
        throw InputError(name + ": gives no frames");
    }
    return movie;
}

} // namespace

std::string_view inputFormatName(InputFormat format)
{
    switch (format) {
    case InputFormat::BizHawk:
        return "BizHawk bk2";
    case InputFormat::Lsnes:
        return "lsnes lsmv";
    case InputFormat::Mesen:
        return "Mesen mmo";
    case InputFormat::Snes9x:
        return "snes9x smv";
    case InputFormat::Script:
        break;
    }
    return "input script";
}

InputMovie parseInput(std::string_view bytes, const std::string& name)
{
    if (bytes.starts_with(kSnes9xSignature)) {
        return checkedMovie(readSnes9xMovie(bytes, name), name);
    }
    if (looksLikeZip(bytes)) {
        return checkedMovie(readZipMovie(bytes, name), name);
    }
    // No text format has a NUL byte; TOML allows none.
    if (const std::size_t nul = bytes.find('\0'); nul != std::string_view::npos) {
        throw InputError(name + ": byte " + std::to_string(nul) + " is NUL, so this is no input script (TOML), and it is "
                         "no BizHawk, lsnes or Mesen movie (a zip archive) or snes9x movie (\"SMV\" and 0x1A) either");
    }
    if (bytes.size() > kTomlFileLimit.bytes) {
        failOverLimit(name, byteSize(bytes.size()), kTomlFileLimit);
    }
    return checkedMovie(readInputScript(std::string(bytes), name), name);
}

InputMovie loadInput(const std::filesystem::path& path)
{
    return parseInput(readFileContents(path, path.string(), kInputFileLimit), path.string());
}

} // namespace tileprof
