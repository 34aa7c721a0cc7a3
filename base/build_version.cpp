#include "base/build_version.hpp"

#include "build_commit.hpp"

namespace tileprof {

std::string_view buildVersion()
{
    return TILEPROF_VERSION;
}

std::string_view buildCommit()
{
    return TILEPROF_COMMIT;
}

std::string versionLine(std::string_view program)
{
    return std::string(program) + " " + std::string(buildVersion()) + " (commit " + std::string(buildCommit()) + ")";
}

} // namespace tileprof
