#include "profiler/model/play/play_file.hpp"

#include "profiler/formats/input/input_movie.hpp"
#include "profiler/formats/toml/toml_section.hpp"
#include "profiler/model/scenario/scenario.hpp"

#include <algorithm>
#include <system_error>

namespace tileprof {

namespace {

constexpr std::int64_t kMostClocks = std::int64_t{1} << 40;

std::vector<std::string> labelList(const TomlSection& section, std::string_view key)
{
    std::vector<std::string> labels;
    const toml::node* node = section.find(key);
    if (node == nullptr) {
        return labels;
    }
    const toml::array* array = node->as_array();
    if (array == nullptr) {
        section.fail(*node, key, "must be a list of labels, like [\"WaitForFrame\"]");
    }
    for (const toml::node& label : *array) {
        const toml::value<std::string>* text = label.as_string();
        if (text == nullptr || text->get().empty()) {
            section.fail(label, key, "must be a list of labels, like [\"WaitForFrame\"]");
        }
        labels.push_back(text->get());
    }
    return labels;
}

// "walk.play.toml:9": where a play file says something.
std::string placeIn(const std::filesystem::path& path, const toml::node& node)
{
    return path.string() + ":" + std::to_string(lineOf(node));
}

LabelConventions localLabels(const std::filesystem::path& path, const TomlSection& top)
{
    LabelConventions conventions;
    const toml::node* node = top.find("local_labels");
    if (node == nullptr) {
        return conventions;
    }
    const toml::array* array = node->as_array();
    if (array == nullptr) {
        top.fail(*node, "local_labels", "must be a list of regular expressions, like [\"^loop\"]");
    }
    for (const toml::node& pattern : *array) {
        const toml::value<std::string>* text = pattern.as_string();
        if (text == nullptr) {
            top.fail(pattern, "local_labels", "must be a list of regular expressions, like [\"^loop\"]");
        }
        conventions.local.emplace_back(text->get(), placeIn(path, pattern) + ": local_labels");
    }
    return conventions;
}

FrameRule frameRule(const TomlFile& file, const TomlSection& top, const toml::node& frame)
{
    const toml::table* table = frame.as_table();
    if (table == nullptr) {
        top.fail(frame, "frame", "must be a table, like [frame] budget = 60000");
    }
    const TomlSection section(file, *table, "[frame]", "frame.", {"budget", "from", "skip_lag"});
    FrameRule rule;
    rule.budget = static_cast<std::uint64_t>(section.requiredInteger("budget", 1, kMostClocks));
    rule.from = static_cast<std::uint64_t>(section.integer("from", 1, kMaxInputFrames).value_or(1));
    rule.skipLag = section.boolean("skip_lag").value_or(false);
    return rule;
}

// A file the play file names at `key`, from its folder; refused there when it is not there, so
// that the message points at the line to fix.
std::filesystem::path namedFile(const TomlSection& top, std::string_view key, const std::filesystem::path& folder,
                                const std::string& name)
{
    const std::filesystem::path path = folder / name;
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
        top.fail(top.require(key), key, "names a file that is not there: " + path.string());
    }
    return path;
}

std::filesystem::path romOf(const TomlSection& top, const std::string& name, const std::filesystem::path& folder)
{
    if (const std::optional<std::string> problem = romNotThere(name, folder)) {
        top.fail(top.require("rom"), "rom", *problem);
    }
    return resolveRomPath(name, folder);
}

PlayRequest readPlayFile(const std::filesystem::path& path, const TomlFile& file)
{
    const TomlSection top(file, file.root, "the play file", "",
                          {"rom", "start", "symbols", "manifest", "input", "frames", "until", "idle", "local_labels", "routine", "frame"});
    const std::filesystem::path folder = path.parent_path();
    PlayRequest request;
    request.where = path.string();
    request.symbolsOption = "symbols = \"FILE\" in " + path.string();
    request.romName = top.requiredString("rom");
    request.rom = romOf(top, request.romName, folder);
    if (const std::optional<std::string> start = top.string("start")) {
        request.start = namedFile(top, "start", folder, *start);
    }
    if (const std::optional<std::string> symbols = top.string("symbols")) {
        request.symbols = namedFile(top, "symbols", folder, *symbols);
    }
    if (const std::optional<std::string> manifest = top.string("manifest")) {
        request.manifest = namedFile(top, "manifest", folder, *manifest);
    }
    if (const std::optional<std::string> input = top.string("input")) {
        request.input = namedFile(top, "input", folder, *input);
    }
    if (const std::optional<std::int64_t> frames = top.integer("frames", 1, kMaxInputFrames)) {
        request.frames = static_cast<std::uint64_t>(*frames);
    }
    request.until = top.string("until");
    request.untilRequired = request.until.has_value();
    request.idle = labelList(top, "idle");
    request.labels = localLabels(path, top);
    for (const toml::table* table : top.tableArray("routine")) {
        const TomlSection routine(file, *table, "[[routine]]", "routine.", {"name", "budget", "optional"});
        PlayRoutine entry{routine.requiredString("name"), {}, placeIn(path, routine.require("name"))};
        if (const std::optional<std::int64_t> budget = routine.integer("budget", 1, kMostClocks)) {
            entry.rule.budget = static_cast<std::uint64_t>(*budget);
        }
        entry.rule.optional = routine.boolean("optional").value_or(false);
        const auto twice = std::ranges::find(request.routines, entry.name, &PlayRoutine::name);
        if (twice != request.routines.end()) {
            routine.fail(routine.require("name"), "name",
                         entry.name + " is profiled already (" + twice->where + "): give each routine once, with its budget");
        }
        request.routines.push_back(std::move(entry));
    }
    if (request.routines.empty()) {
        file.fail(1, "names no routine to profile: add one, like [[routine]] name = \"MoveEntity\"");
    }
    if (const toml::node* frame = top.find("frame")) {
        request.frameRule = frameRule(file, top, *frame);
    }
    return request;
}

} // namespace

PlayRequest parsePlayFile(const std::filesystem::path& path, std::string text)
{
    return readPlayFile(path, parseTomlFile(path.string(), std::move(text)));
}

PlayRequest loadPlayFile(const std::filesystem::path& path)
{
    return readPlayFile(path, readTomlFile(path));
}

} // namespace tileprof
