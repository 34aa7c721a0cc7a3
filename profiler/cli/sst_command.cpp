#include "profiler/cli/sst_command.hpp"

#include "base/exit_codes.hpp"
#include "base/input_error.hpp"
#include "profiler/engine/conformance/sst_runner.hpp"

#include <cstdio>

namespace tileprof {

int runSstCommand(const std::vector<std::string>& files, bool quiet)
{
    std::size_t passed = 0;
    std::size_t failed = 0;
    for (const std::string& path : files) {
        SstResult result;
        try {
            result = runSstFile(readSstFile(path));
        } catch (const InputError& e) {
            std::fprintf(stderr, "tileprof sst: %s\n", e.what());
            return kExitBadInput;
        }
        passed += result.passed;
        failed += result.failures.size();
        if (quiet) {
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

} // namespace tileprof
