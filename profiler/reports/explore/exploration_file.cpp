#include "profiler/reports/explore/exploration_file.hpp"

#include "base/input_error.hpp"
#include "profiler/formats/input/input_movie.hpp"
#include "profiler/formats/toml/toml_section.hpp"
#include "profiler/formats/toml/toml_string.hpp"

#include <limits>

namespace tileprof {

namespace {

constexpr std::int64_t kMost = std::numeric_limits<std::int64_t>::max();
constexpr std::size_t kMostFeatures = 1'000'000;
constexpr std::size_t kMostKept = 100'000;

std::string line(const char* key, std::uint64_t value)
{
    return std::string(key) + " = " + std::to_string(value) + "\n";
}

} // namespace

std::string explorationToml(const Exploration& exploration, const std::vector<std::string>& inputs,
                            const std::vector<std::string>& corpus)
{
    const GameExploreResult& r = exploration.result;
    std::string out = "# tileprof explore: what one exploration found, for tileprof explore merge\n";
    out += "play = " + tomlString(exploration.play.string()) + "\n";
    out += line("seed", exploration.seed) + line("shard", exploration.shard) + line("shards", exploration.shards);
    out += line("sessions", r.sessions) + line("frames", r.frames) + line("kept", r.corpus);
    out += line("busiest_frame", r.busiestFrame) + line("busiest_clocks", r.busiestClocks);
    out += "reached = [";
    for (std::size_t i = 0; i < r.reached.size(); ++i) {
        out += (i == 0 ? "" : ", ") + std::to_string(r.reached[i]);
    }
    out += "]\ncorpus = [";
    for (std::size_t i = 0; i < corpus.size(); ++i) {
        out += (i == 0 ? "" : ", ") + tomlString(corpus[i]);
    }
    out += "]\n";
    for (const GameWorst& worst : r.worst) {
        out += "\n[[worst]]\n" + line("routine", worst.routine) + "case = " + std::to_string(worst.caseIndex) + "\n" +
               line("clocks", worst.clocks) + line("cycles", worst.cycles) + line("frame", worst.frame);
    }
    for (std::size_t i = 0; i < r.findings.size(); ++i) {
        const GameFinding& finding = r.findings[i];
        out += "\n[[finding]]\nkind = " + tomlString(finding.kind) + "\n" + line("sessions", finding.sessions) +
               line("frame", finding.frame) + "shown = " + tomlString(finding.shown) + "\ninput = " + tomlString(inputs[i]) + "\n";
    }
    return out;
}

Exploration loadExploration(const std::filesystem::path& dir)
{
    const std::filesystem::path path = dir / kExplorationFile;
    const TomlFile file = readTomlFile(path);
    const TomlSection top(file, file.root, "the exploration", "",
                          {"play", "seed", "shard", "shards", "sessions", "frames", "kept", "busiest_frame", "busiest_clocks",
                           "reached", "corpus", "worst", "finding"});
    Exploration e;
    e.play = top.requiredString("play");
    e.seed = static_cast<std::uint32_t>(top.requiredInteger("seed", 0, std::numeric_limits<std::uint32_t>::max()));
    e.shards = static_cast<unsigned>(top.requiredInteger("shards", 1, 1000));
    e.shard = static_cast<unsigned>(top.requiredInteger("shard", 1, e.shards));
    GameExploreResult& r = e.result;
    r.sessions = static_cast<std::uint64_t>(top.requiredInteger("sessions", 0, kMost));
    r.frames = static_cast<std::uint64_t>(top.requiredInteger("frames", 0, kMost));
    r.corpus = static_cast<std::size_t>(top.requiredInteger("kept", 0, kMost));
    r.busiestFrame = static_cast<std::uint64_t>(top.requiredInteger("busiest_frame", 0, kMost));
    r.busiestClocks = static_cast<std::uint64_t>(top.requiredInteger("busiest_clocks", 0, kMost));
    const toml::array* reached = top.require("reached").as_array();
    if (reached == nullptr || reached->size() > kMostFeatures) {
        top.fail(top.require("reached"), "reached", "must be a list of at most 1,000,000 features, each an integer");
    }
    for (const toml::node& feature : *reached) {
        r.reached.push_back(static_cast<std::uint32_t>(top.asInteger(feature, "reached", 0, std::numeric_limits<std::uint32_t>::max())));
    }
    r.features = r.reached.size();
    const toml::array* corpus = top.require("corpus").as_array();
    if (corpus == nullptr || corpus->size() > kMostKept) {
        top.fail(top.require("corpus"), "corpus", "must be a list of at most 100,000 input files in corpus/");
    }
    for (const toml::node& kept : *corpus) {
        const std::optional<std::string_view> name = kept.value<std::string_view>();
        if (!name || name->empty() || name->find('/') != std::string_view::npos) {
            top.fail(kept, "corpus", "must name input files in corpus/, like \"kept-1.input.toml\"");
        }
        r.keptInputs.push_back(loadInput(dir / "corpus" / std::string(*name)).frames);
    }
    for (const toml::table* table : top.tableArray("worst")) {
        const TomlSection worst(file, *table, "[[worst]]", "worst.", {"routine", "case", "clocks", "cycles", "frame"});
        r.worst.push_back({static_cast<std::size_t>(worst.requiredInteger("routine", 0, 1000)),
                           static_cast<int>(worst.requiredInteger("case", -1, 1000)),
                           static_cast<std::uint64_t>(worst.requiredInteger("clocks", 0, kMost)),
                           static_cast<std::uint64_t>(worst.requiredInteger("cycles", 0, kMost)),
                           static_cast<std::uint64_t>(worst.requiredInteger("frame", 0, kMost))});
    }
    for (const toml::table* table : top.tableArray("finding")) {
        const TomlSection finding(file, *table, "[[finding]]", "finding.", {"kind", "sessions", "frame", "shown", "input"});
        GameFinding& f = r.findings.emplace_back();
        f.kind = finding.requiredString("kind");
        f.sessions = static_cast<std::uint64_t>(finding.requiredInteger("sessions", 1, kMost));
        f.frame = static_cast<std::uint64_t>(finding.requiredInteger("frame", 0, kMost));
        f.shown = finding.requiredString("shown");
        const std::string input = finding.requiredString("input");
        if (input.find('/') != std::string::npos) {
            finding.fail(finding.require("input"), "input", "must name a file beside the exploration, not " + input);
        }
        f.input = loadInput(dir / input).frames;
    }
    return e;
}

} // namespace tileprof
