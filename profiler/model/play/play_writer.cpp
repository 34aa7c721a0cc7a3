#include "profiler/model/play/play_writer.hpp"

#include "profiler/formats/toml/toml_string.hpp"

#include <filesystem>

namespace tileprof {

namespace {

std::string pathString(const std::filesystem::path& path)
{
    return tomlString(std::filesystem::absolute(path).lexically_normal().string());
}

std::string stringList(const std::vector<std::string>& items)
{
    std::string list;
    for (const std::string& item : items) {
        list += (list.empty() ? "" : ", ") + tomlString(item);
    }
    return "[" + list + "]";
}

} // namespace

std::string playFileToml(const PlayRequest& request, const std::string& comment)
{
    std::string out;
    for (std::size_t at = 0; at < comment.size();) {
        const std::size_t end = std::min(comment.find('\n', at), comment.size());
        out += "# " + comment.substr(at, end - at) + "\n";
        at = end + 1;
    }
    out += "rom = " + pathString(request.rom) + "\n";
    const auto file = [&](const char* key, const std::optional<std::filesystem::path>& path) {
        if (path) {
            out += std::string(key) + " = " + pathString(*path) + "\n";
        }
    };
    file("start", request.start);
    file("symbols", request.symbols);
    file("manifest", request.manifest);
    file("input", request.input);
    if (request.frames) {
        out += "frames = " + std::to_string(*request.frames) + "\n";
    }
    if (request.until) {
        out += "until = " + tomlString(*request.until) + "\n";
    }
    if (!request.idle.empty()) {
        out += "idle = " + stringList(request.idle) + "\n";
    }
    if (!request.labels.local.empty()) {
        std::vector<std::string> patterns;
        for (const LocalLabelPattern& pattern : request.labels.local) {
            patterns.push_back(pattern.text());
        }
        out += "local_labels = " + stringList(patterns) + "\n";
    }
    for (const PlayRoutine& routine : request.routines) {
        out += "\n[[routine]]\nname = " + tomlString(routine.name) + "\n";
        if (routine.rule.budget) {
            out += "budget = " + std::to_string(*routine.rule.budget) + "\n";
        }
        if (routine.rule.optional) {
            out += "optional = true\n";
        }
    }
    if (request.frameRule) {
        out += "\n[frame]\nbudget = " + std::to_string(request.frameRule->budget) + "\n";
        out += "from = " + std::to_string(request.frameRule->from) + "\n";
        if (request.frameRule->skipLag) {
            out += "skip_lag = true\n";
        }
    }
    return out;
}

} // namespace tileprof
