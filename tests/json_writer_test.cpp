// JsonWriter writes, a piece at a time, the bytes nlohmann::ordered_json::dump(2) writes whole.

#include "profiler/reports/markup/json_writer.hpp"

#include <doctest/doctest.h>

#include <string>

namespace tileprof::test {
namespace {

using Json = nlohmann::ordered_json;

TEST_CASE("json writer: pieces written one by one read as dump(2) of the whole")
{
    const Json element{{"name", "caf\xc3\xa9 \"quoted\"\n"}, {"list", Json::array({1, 2.5, nullptr})}, {"empty", Json::object()}};
    const Json whole{{"rom", "demo"},
                     {"none", Json::array()},
                     {"routines", Json::array({Json{{"name", "A"}, {"calls", Json::array({element, element})}},
                                               Json{{"name", "B"}, {"calls", Json::array()}}})},
                     {"frames", Json::array({Json{{"frame", 1}}})},
                     {"nothing", Json::object()}};
    std::string out;
    JsonWriter json(out);
    json.beginObject();
    json.member("rom", "demo");
    json.key("none");
    json.beginArray();
    json.endArray();
    json.key("routines");
    json.beginArray();
    for (const char* name : {"A", "B"}) {
        json.beginObject();
        json.member("name", name);
        json.key("calls");
        json.beginArray();
        if (std::string(name) == "A") {
            json.value(element);
            json.value(element);
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.key("frames");
    json.beginArray();
    json.value(Json{{"frame", 1}});
    json.endArray();
    json.key("nothing");
    json.beginObject();
    json.endObject();
    json.endObject();
    CHECK(out == whole.dump(2));
}

} // namespace
} // namespace tileprof::test
