#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// Writes JSON a piece at a time, byte for byte as nlohmann::ordered_json::dump(2) writes the whole:
// a report of millions of elements is never held as one document, only as its text. Containers are
// opened and closed; members and elements are given as finished values.
class JsonWriter {
public:
    explicit JsonWriter(std::string& out) : out_(out) {}

    void beginObject() { open('{'); }
    void endObject() { close('}'); }
    void beginArray() { open('['); }
    void endArray() { close(']'); }
    // Inside an object: the next value's name.
    void key(std::string_view name);
    void value(const nlohmann::ordered_json& value);
    void member(std::string_view name, const nlohmann::ordered_json& content)
    {
        key(name);
        value(content);
    }

    // An element written apart, for an array `depth` containers deep (the outermost object is 1),
    // to be given on with the writer's text where the array is open (given()). `first`: the array's
    // first element.
    static void element(std::string& out, const nlohmann::ordered_json& value, std::size_t depth, bool first);
    // `count` elements written apart were given on after this writer's text, into the array open.
    void given(std::size_t count) { counts_.back() += count; }

private:
    void open(char bracket);
    void close(char bracket);
    // Before a member or an element: the comma and line break that separate it from the last.
    void next();

    std::string& out_;
    std::vector<std::size_t> counts_; // per open container, the members or elements so far
    bool afterKey_ = false;
};

} // namespace tileprof
