// Input files: the bytes as a file, whatever form they take (a snes9x movie, a zip archive, an input
// script). A zip archive's members are guarded by their CRC-32s, which few mutations survive, so
// bytes that start with "members\n" are first written into an archive, so that the movies' text is
// fuzzed past them: "NAME\0TEXT\0NAME\0TEXT...", the members deflated and stored by turns. What
// loads must give 1 to kMaxInputFrames frames, no pad holding the bits 3-0 no button has.

#include "base/input_error.hpp"
#include "profiler/formats/input/input_movie.hpp"
#include "base/zip_writer.hpp"

#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

std::string archiveOf(std::string_view members)
{
    std::vector<tileprof::ZipEntry> entries;
    for (std::size_t start = 0; start <= members.size();) {
        const std::size_t nameEnd = std::min(members.find('\0', start), members.size());
        const std::size_t textStart = std::min(nameEnd + 1, members.size());
        const std::size_t textEnd = std::min(members.find('\0', textStart), members.size());
        entries.push_back({std::string(members.substr(start, nameEnd - start)),
                           std::string(members.substr(textStart, textEnd - textStart)), entries.size() % 2 == 0});
        start = textEnd + 1;
    }
    return tileprof::zipArchive(entries);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    constexpr std::string_view kMembers = "members\n";
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::string bytes = input.starts_with(kMembers) ? archiveOf(input.substr(kMembers.size())) : std::string(input);
    try {
        const tileprof::InputMovie movie = tileprof::parseInput(bytes, "fuzz");
        if (movie.frames.empty() || movie.frames.size() > tileprof::kMaxInputFrames) {
            std::abort();
        }
        for (const tileprof::PadFrame& frame : movie.frames) {
            if (((frame.pad1 | frame.pad2) & 0x000F) != 0) {
                std::abort();
            }
        }
    } catch (const tileprof::InputError&) {
    }
    return 0;
}
