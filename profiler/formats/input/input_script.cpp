// tileprof's own input file: TOML, a [[frame]] table a step, each the pads held for some frames.

#include "base/counted.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"
#include "profiler/formats/input/movie_reading.hpp"
#include "profiler/formats/toml/toml_section.hpp"

namespace tileprof {

InputMovie readInputScript(std::string text, const std::string& name)
{
    const TomlFile file = parseTomlFile(name, std::move(text));
    const TomlSection top(file, file.root, "the input script", "", {"frame"});
    const std::vector<const toml::table*> steps = top.tableArray("frame");
    if (steps.empty()) {
        file.fail(1, "holds no [[frame]] steps: give each the buttons held, like [[frame]] frames = 30 pad1 = [\"right\", \"b\"]");
    }
    InputMovie movie;
    for (const toml::table* table : steps) {
        const TomlSection step(file, *table, "[[frame]]", "frame.", {"frames", "pad1", "pad2"});
        const auto frames = static_cast<std::size_t>(step.integer("frames", 1, kMaxInputFrames).value_or(1));
        const PadFrame pads{readJoypadButtons(step, "pad1", ButtonCase::Any), readJoypadButtons(step, "pad2", ButtonCase::Any)};
        if (frames > kMaxInputFrames - movie.frames.size()) {
            file.fail(step.line(), "the steps up to this one come to " + tooManyFrames());
        }
        movie.frames.insert(movie.frames.end(), frames, pads);
    }
    movie.notes.push_back("input script: " + framesCounted(movie.frames.size()) + " in " + counted(steps.size(), "step"));
    return movie;
}

} // namespace tileprof
