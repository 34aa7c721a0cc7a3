#include "profiler/formats/json/json_excerpt.hpp"

namespace tileprof {
namespace {

constexpr std::size_t kMaxExcerptBytes = 40;

} // namespace

std::string jsonExcerpt(const nlohmann::json& value)
{
    if (value.is_array()) {
        return "an array of " + std::to_string(value.size()) + (value.size() == 1 ? " value" : " values");
    }
    if (value.is_object()) {
        return "an object";
    }
    // Bytes that are not UTF-8 (in a string built from another format's text) are replaced.
    const auto dump = [](const nlohmann::json& shown) {
        return shown.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    };
    if (!value.is_string() || value.get_ref<const std::string&>().size() <= kMaxExcerptBytes) {
        return dump(value);
    }
    const std::string& text = value.get_ref<const std::string&>();
    std::size_t cut = kMaxExcerptBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) {
        --cut; // not in the middle of a UTF-8 character, which dump() would refuse
    }
    std::string excerpt = dump(text.substr(0, cut));
    excerpt.insert(excerpt.size() - 1, "...");
    return excerpt;
}

} // namespace tileprof
