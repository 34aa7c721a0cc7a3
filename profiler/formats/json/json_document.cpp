#include "profiler/formats/json/json_document.hpp"

#include "base/input_error.hpp"

namespace tileprof {
namespace {

// Counts brackets outside strings; the document need not be valid JSON, the parser judges that.
void checkDepth(std::string_view text, const std::string& where)
{
    int depth = 0;
    int line = 1;
    int column = 0;
    bool inString = false;
    bool escaped = false;
    for (const char c : text) {
        ++column;
        if (c == '\n') {
            ++line;
            column = 0;
        }
        if (inString) {
            inString = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth) {
                throw InputError(where + ":" + std::to_string(line) + ":" + std::to_string(column)
                                      + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
            }
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
}

} // namespace

nlohmann::json parseJsonDocument(std::string_view text, const std::string& where)
{
    checkDepth(text, where);
    try {
        return nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& error) {
        throw InputError(where + ": not JSON: " + error.what());
    } catch (const nlohmann::json::exception& error) {
        throw InputError(where + ": a JSON number out of range: " + error.what());
    }
}

} // namespace tileprof
