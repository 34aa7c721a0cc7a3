// tileprof sst: CPU test vectors in the SingleStepTests format.

#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "profiler/cli/command.hpp"
#include "profiler/engine/conformance/sst_runner.hpp"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace tileprof {

namespace {

struct SstCommandOptions {
    std::vector<std::string> files;
    bool quiet = false;
};

int sst(const SstCommandOptions& o)
{
    std::size_t passed = 0;
    std::size_t failed = 0;
    for (const std::string& path : o.files) {
        SstResult result;
        try {
            result = runSstFile(readSstFile(path));
        } catch (const InputError& e) {
            std::fprintf(stderr, "tileprof sst: %s\n", e.what());
            return kExitBadInput;
        }
        passed += result.passed;
        failed += result.failures.size();
        if (o.quiet) {
            continue;
        }
        for (const SstFailure& failure : result.failures) {
            for (const std::string& difference : failure.differences) {
                std::printf("%s: test \"%s\": %s\n", path.c_str(), failure.test.c_str(), difference.c_str());
            }
        }
    }
    std::printf("%zu passed, %zu failed\n", passed, failed);
    return failed == 0 ? kExitOk : kExitFailed;
}

CommandAction defineSst(CLI::App& command)
{
    auto o = std::make_shared<SstCommandOptions>();
    command.add_option("files", o->files, "Vector files")->required();
    command.add_flag("-q,--quiet", o->quiet, "Print only the final count");
    return [o] { return sst(*o); };
}

} // namespace

// `tileprof sst FILE...`: runs CPU test-vector files, prints each failure and a final "N passed,
// M failed" line. Exits 0 when every vector passes, 1 when one fails, 2 on a file it cannot read.
const Command kSstCommand{"sst", "Run SingleStepTests-format CPU test vectors (.json or .json.gz)", defineSst};

} // namespace tileprof
