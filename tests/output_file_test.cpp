// Every file tileprof writes goes through OutputFile: a regular file is replaced whole through a
// temporary of its own, anything else is written through and left what it is, and neither a
// failure, a second writer nor a signal leaves a partial file behind.

#include "base/input_error.hpp"
#include "base/output_file.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tileprof::test {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> names(const fs::path& dir)
{
    std::vector<std::string> found;
    for (const auto& entry : fs::directory_iterator(dir)) {
        found.push_back(entry.path().filename().string());
    }
    std::ranges::sort(found);
    return found;
}

std::string errorOf(const fs::path& path, const std::string& text)
{
    try {
        replaceFile(path, text);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST_CASE("output file: a new file gets the umask's permissions, an old one keeps its own")
{
    const TempDir dir;
    const mode_t mask = ::umask(022);
    replaceFile(dir.file("new.txt"), "first\n");
    CHECK(slurp(dir.file("new.txt")) == "first\n");
    CHECK(fs::status(dir.file("new.txt")).permissions() ==
          (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read));

    fs::permissions(dir.file("new.txt"), fs::perms::owner_read | fs::perms::owner_write);
    replaceFile(dir.file("new.txt"), "second\n");
    ::umask(mask);
    CHECK(slurp(dir.file("new.txt")) == "second\n");
    CHECK(fs::status(dir.file("new.txt")).permissions() == (fs::perms::owner_read | fs::perms::owner_write));
    CHECK(names(dir.path()) == std::vector<std::string>{"new.txt"});
}

TEST_CASE("output file: a file not committed leaves the old one as it was and no temporary")
{
    const TempDir dir;
    const fs::path path = dir.write("report.json", "old\n");
    {
        OutputFile file(path);
        file.write("half of a new report");
        CHECK(partialFiles(dir.path()).size() == 1);
    }
    CHECK(slurp(path) == "old\n");
    CHECK(names(dir.path()) == std::vector<std::string>{"report.json"});

    fs::create_directory(dir.file("folder"));
    CHECK(errorOf(dir.file("folder"), "x") == dir.file("folder").string() + ": cannot write: Is a directory");
    CHECK(errorOf(dir.file("none") / "r.txt", "x") ==
          (dir.file("none") / "r.txt").string() + ": cannot write: No such file or directory");
    CHECK(names(dir.path()) == std::vector<std::string>{"folder", "report.json"});
}

TEST_CASE("output file: a device is written through and stays a device")
{
    replaceFile("/dev/null", "into nothing\n");
    struct stat status {};
    REQUIRE(::stat("/dev/null", &status) == 0);
    CHECK(S_ISCHR(status.st_mode));
    CHECK(!fs::exists("/dev/null.tileprof-partial"));
    // A full device's error is its own, not a temporary file's.
    if (fs::exists("/dev/full")) {
        CHECK(errorOf("/dev/full", "x") == "/dev/full: cannot write: No space left on device");
        REQUIRE(::stat("/dev/full", &status) == 0);
        CHECK(S_ISCHR(status.st_mode));
    }
}

TEST_CASE("output file: a FIFO's reader gets the text, through a symbolic link too")
{
    const TempDir dir;
    const fs::path fifo = dir.file("pipe");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    fs::create_symlink(fifo, dir.file("link"));
    for (const fs::path& path : {fifo, dir.file("link")}) {
        std::future<std::string> read = std::async(std::launch::async, [&fifo] {
            std::ifstream in(fifo, std::ios::binary);
            return std::string(std::istreambuf_iterator<char>(in), {});
        });
        replaceFile(path, "through the pipe\n");
        CHECK(read.get() == "through the pipe\n");
        CHECK(fs::is_fifo(fifo));
    }
    CHECK(names(dir.path()) == std::vector<std::string>{"link", "pipe"});
}

TEST_CASE("output file: writers of one path use temporaries of their own")
{
    const TempDir dir;
    const fs::path path = dir.file("shared.txt");
    OutputFile first(path);
    OutputFile second(path);
    first.write(std::string(100000, 'a'));
    second.write(std::string(100000, 'b'));
    CHECK(partialFiles(dir.path()).size() == 2);
    second.commit();
    CHECK(slurp(path) == std::string(100000, 'b'));
    first.commit();
    CHECK(slurp(path) == std::string(100000, 'a'));
    CHECK(names(dir.path()) == std::vector<std::string>{"shared.txt"});
}

TEST_CASE("output file: a run killed by a signal leaves no temporary and the old file whole")
{
    for (const int signal : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
        CAPTURE(signal);
        const TempDir dir;
        const fs::path path = dir.write("kept.txt", "old\n");
        const pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            std::signal(signal, SIG_DFL); // as in tileprof, not the test runner's handler
            OutputFile file(path);
            file.write("a report cut short");
            ::raise(signal);
            ::_exit(0);
        }
        int status = 0;
        REQUIRE(::waitpid(child, &status, 0) == child);
        CHECK(WIFSIGNALED(status));
        CHECK(WTERMSIG(status) == signal);
        CHECK(slurp(path) == "old\n");
        CHECK(names(dir.path()) == std::vector<std::string>{"kept.txt"});
    }
}

TEST_CASE("output file: two runs with one --out each leave a whole report")
{
    const TempDir dir;
    const std::string out = dir.file("run.json").string();
    const auto run = [&out] { return runTileprof({"run", "--format", "json", "--out", out}); };
    std::future<CommandResult> first = std::async(std::launch::async, run);
    std::future<CommandResult> second = std::async(std::launch::async, run);
    CHECK(first.get().exitCode == 0);
    CHECK(second.get().exitCode == 0);
    CHECK(nlohmann::json::accept(slurp(out)));
    CHECK(names(dir.path()) == std::vector<std::string>{"run.json"});

    const CommandResult null = runTileprof({"run", "--format", "json", "--out", "/dev/null"});
    CHECK(null.exitCode == 0);
    CHECK(null.err.empty());
    struct stat status {};
    REQUIRE(::stat("/dev/null", &status) == 0);
    CHECK(S_ISCHR(status.st_mode));
}

} // namespace
} // namespace tileprof::test
