#include "tests/support/command.hpp"

#include "base/shell_word.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/text.hpp"

#include <cstdlib>
#include <filesystem>
#include <random>
#include <sys/wait.h>

namespace tileprof::test {

CommandResult runProgram(const std::filesystem::path& program, const std::vector<std::string>& args)
{
    const auto dir = std::filesystem::temp_directory_path() /
                     ("tileprof-command-" + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(dir);
    std::string command = shellWord(program.string());
    for (const std::string& arg : args) {
        command += " " + shellWord(arg);
    }
    command += " >" + shellWord((dir / "out").string()) + " 2>" + shellWord((dir / "err").string());
    const int status = std::system(command.c_str());
    CommandResult result{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir / "out"), slurp(dir / "err")};
    std::filesystem::remove_all(dir);
    return result;
}

CommandResult runTileprof(const std::vector<std::string>& args)
{
    return runProgram(tileprofBinary(), args);
}

CommandResult runTileprofGui(const std::vector<std::string>& args)
{
    return runProgram(tileprofGuiBinary(), args);
}

} // namespace tileprof::test
