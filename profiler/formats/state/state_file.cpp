#include "profiler/formats/state/state_file.hpp"

#include "base/output_file.hpp"

#include <fstream>

namespace tileprof {

bool looksLikeStateFile(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::string start(emu::kStateFileMagic.size(), '\0');
    in.read(start.data(), static_cast<std::streamsize>(start.size()));
    return in && start == emu::kStateFileMagic;
}

StateFile readStateFile(const std::filesystem::path& path)
{
    StateFile file{path, readFileContents(path, path.string(), kStateFileLimit), {}};
    file.header = emu::readStateHeader(file.bytes, path.string());
    return file;
}

void restoreStateFile(emu::Snes& snes, const StateFile& file)
{
    emu::restoreState(snes, file.bytes, file.path.string());
}

void writeStateFile(const std::filesystem::path& path, const emu::Snes& snes, const std::filesystem::path& rom,
                    std::string_view producer)
{
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::absolute(rom, error);
    replaceFile(path, emu::saveState(snes, (error ? rom : absolute).string(), producer));
}

} // namespace tileprof
