#include "base/build_version.hpp"

#include "build_commit.hpp"

namespace tileprof {

std::string versionLine(std::string_view program)
{
    return std::string(program) + " " TILEPROF_VERSION " (commit " TILEPROF_COMMIT ")";
}

} // namespace tileprof
