#include "profiler/reports/markup/json_writer.hpp"

namespace tileprof {

void JsonWriter::next()
{
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (!counts_.empty()) {
        out_ += counts_.back()++ == 0 ? "\n" : ",\n";
        out_.append(2 * counts_.size(), ' ');
    }
}

void JsonWriter::key(std::string_view name)
{
    next();
    out_ += nlohmann::ordered_json(name).dump();
    out_ += ": ";
    afterKey_ = true;
}

namespace {

// dump(2) indents nested lines from column 0; here they sit as deep as the open containers.
void appendIndented(std::string& out, const nlohmann::ordered_json& value, std::size_t depth)
{
    const std::string text = value.dump(2);
    const std::string indent(2 * depth, ' ');
    for (const char c : text) {
        out += c;
        if (c == '\n') {
            out += indent;
        }
    }
}

} // namespace

void JsonWriter::value(const nlohmann::ordered_json& value)
{
    next();
    appendIndented(out_, value, counts_.size());
}

void JsonWriter::element(std::string& out, const nlohmann::ordered_json& value, std::size_t depth, bool first)
{
    out += first ? "\n" : ",\n";
    out.append(2 * depth, ' ');
    appendIndented(out, value, depth);
}

void JsonWriter::open(char bracket)
{
    next();
    out_ += bracket;
    counts_.push_back(0);
}

void JsonWriter::close(char bracket)
{
    const bool empty = counts_.back() == 0;
    counts_.pop_back();
    if (!empty) {
        out_ += '\n';
        out_.append(2 * counts_.size(), ' ');
    }
    out_ += bracket;
}

} // namespace tileprof
