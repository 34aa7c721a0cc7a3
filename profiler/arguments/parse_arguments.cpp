#include "profiler/arguments/parse_arguments.hpp"

#include "base/exit_codes.hpp"

namespace tileprof {

std::optional<int> parseArguments(CLI::App& app, int argc, char** argv)
{
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitBadInput;
    }
    return std::nullopt;
}

} // namespace tileprof
