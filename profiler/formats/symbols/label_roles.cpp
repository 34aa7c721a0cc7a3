#include "profiler/formats/symbols/label_roles.hpp"

#include "base/input_error.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

namespace tileprof {

namespace {

// A naming convention of a toolchain: names it gives a role, in the files of one format (nothing:
// of any, for a compiler's names that any symbol file may carry).
struct NamingConvention {
    std::optional<LabelFileFormat> format;
    enum class Match { Prefix, Contains } match;
    std::string_view text;
    LabelRole role;
};

const NamingConvention kConventions[] = {
    {std::nullopt, NamingConvention::Match::Prefix, "__local_", LabelRole::Local}, // tcc-816's labels of C control flow
    {LabelFileFormat::WlaDx, NamingConvention::Match::Prefix, "SECTIONSTART_", LabelRole::Marker},
    {LabelFileFormat::WlaDx, NamingConvention::Match::Prefix, "SECTIONEND_", LabelRole::Marker},
    {LabelFileFormat::WlaDx, NamingConvention::Match::Prefix, "RAM_USAGE_SLOT_", LabelRole::Marker},
    {LabelFileFormat::WlaDx, NamingConvention::Match::Prefix, "_", LabelRole::Local},
    {LabelFileFormat::WlaDx, NamingConvention::Match::Contains, "@", LabelRole::Local},
};

bool follows(const NamingConvention& convention, std::string_view name)
{
    return convention.match == NamingConvention::Match::Prefix ? name.starts_with(convention.text)
                                                               : name.find(convention.text) != std::string_view::npos;
}

// A number the regular expression library would read past its int: libstdc++ 12 multiplies
// back-reference numbers and repetition counts up without a bound (undefined behaviour). Back
// references have at most 3 digits, counts at most 5 (its state limit refuses more repetitions
// than that anyway); the problem, or nothing.
std::optional<std::string> overlongNumber(std::string_view pattern)
{
    const auto digitsAt = [&](std::size_t at) {
        std::size_t end = at;
        while (end < pattern.size() && pattern[end] >= '0' && pattern[end] <= '9') {
            ++end;
        }
        return end - at;
    };
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '\\') {
            if (digitsAt(i + 1) > 3) {
                return "a back-reference has at most 3 digits";
            }
            ++i; // the escaped character
        } else if (pattern[i] == '{') {
            for (std::size_t at = i + 1; at < pattern.size() && pattern[at] != '}'; ++at) {
                if (digitsAt(at) > 5) {
                    return "a repetition count has at most 5 digits";
                }
            }
        }
    }
    return std::nullopt;
}

} // namespace

LocalLabelPattern::LocalLabelPattern(std::string pattern, const std::string& where) : text_(std::move(pattern))
{
    if (text_.empty() || text_.size() > kMaxLength) {
        throw InputError(where + ": a local-label pattern is 1 to " + std::to_string(kMaxLength) + " characters");
    }
    if (const std::optional<std::string> problem = overlongNumber(text_)) {
        throw InputError(where + ": \"" + text_ + "\" is not a regular expression tileprof takes: " + *problem);
    }
    try {
        regex_ = std::make_shared<const std::regex>(text_, std::regex::ECMAScript | std::regex::optimize);
    } catch (const std::regex_error& e) {
        throw InputError(where + ": \"" + text_ + "\" is not a regular expression: " + e.what());
    }
}

bool LocalLabelPattern::matches(std::string_view name) const
{
    return std::regex_search(name.begin(), name.end(), *regex_);
}

LabelRole labelRole(std::string_view name, std::optional<LabelFileFormat> format, const LabelConventions& user)
{
    const auto convention = std::ranges::find_if(kConventions, [&](const NamingConvention& c) {
        return (!c.format || c.format == format) && follows(c, name);
    });
    if (convention != std::end(kConventions)) {
        return convention->role;
    }
    const bool local = std::ranges::any_of(user.local, [&](const LocalLabelPattern& p) { return p.matches(name); });
    return local ? LabelRole::Local : LabelRole::Routine;
}

} // namespace tileprof
