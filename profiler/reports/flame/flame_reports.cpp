#include "profiler/reports/flame/profile_view.hpp"

#include "base/counted.hpp"
#include "profiler/reports/markup/json.hpp"

#include <nlohmann/json.hpp>

#include <map>

namespace tileprof {

std::string formatFolded(const ProfileView& view)
{
    // Folded stacks have no comments: a line that ends in no number is one that flamegraph.pl skips
    // with a warning and speedscope skips, and never a stack.
    std::string out;
    for (const std::string& line : view.notRun) {
        out += "# tileprof: " + line + " (no stacks from it)\n";
    }
    for (const StackProfile& stack : view.profile.stacks) {
        std::string names;
        for (const std::string& f : stack.functions) {
            names += (names.empty() ? "" : ";") + f;
        }
        out += names + " " + std::to_string(stack.cost.cycles) + "\n";
    }
    return out;
}

std::string formatSpeedscope(const ProfileView& view)
{
    const Profile& selected = view.profile;
    Json frames = Json::array();
    std::map<std::string, std::size_t> frameIndex;
    for (const FunctionProfile& function : selected.functions) {
        frameIndex[function.name] = frames.size();
        Json frame{{"name", function.name}};
        if (!function.file.empty()) {
            frame["file"] = function.file;
            frame["line"] = function.line;
        }
        frames.push_back(std::move(frame));
    }
    Json samples = Json::array();
    Json cycles = Json::array();
    Json clocks = Json::array();
    for (const StackProfile& stack : selected.stacks) {
        Json sample = Json::array();
        for (const std::string& f : stack.functions) {
            sample.push_back(frameIndex.at(f));
        }
        samples.push_back(std::move(sample));
        cycles.push_back(stack.cost.cycles);
        clocks.push_back(stack.cost.masterClocks);
    }
    const auto profile = [&](const std::string& unit, std::uint64_t total, Json weights) {
        return Json{{"type", "sampled"},
                    {"name", unit + ": " + view.selection + " (" + counted(selected.calls, "call") + ")"},
                    {"unit", "none"},
                    {"startValue", 0},
                    {"endValue", total},
                    {"samples", samples},
                    {"weights", std::move(weights)}};
    };
    // The name is what speedscope shows of the file: what was not run belongs in it.
    std::string name = "tileprof " + view.command + ": " + view.selection;
    for (const std::string& line : view.notRun) {
        name += "; " + line;
    }
    const Json root{{"$schema", "https://www.speedscope.app/file-format-schema.json"},
                    {"shared", {{"frames", std::move(frames)}}},
                    {"profiles", Json::array({profile("CPU cycles", selected.total.cycles, std::move(cycles)),
                                              profile("master clocks", selected.total.masterClocks, std::move(clocks))})},
                    {"name", name},
                    {"activeProfileIndex", 0},
                    {"exporter", "tileprof"}};
    return root.dump() + "\n";
}

} // namespace tileprof
