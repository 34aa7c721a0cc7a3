#include "emu/file_contents.hpp"

#include "emu/input_error.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace emu {

std::string readFileContents(const std::filesystem::path& path, const std::string& where)
{
    // stdio rather than iostreams: fopen and fread set errno, so the message can give the OS reason.
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) {
        throw InputError(where + ": cannot open: " + std::strerror(errno));
    }
    std::string bytes;
    char buffer[1 << 16];
    while (const std::size_t count = std::fread(buffer, 1, sizeof buffer, file.get())) {
        bytes.append(buffer, count);
    }
    if (std::ferror(file.get())) {
        throw InputError(where + ": cannot read: " + std::strerror(errno));
    }
    return bytes;
}

} // namespace emu
