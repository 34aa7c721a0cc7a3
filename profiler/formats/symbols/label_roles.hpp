#pragma once

#include "profiler/formats/symbols/label_file.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

namespace tileprof {

// What a label is to a profiler.
enum class LabelRole : std::uint8_t {
    Routine, // names the code from it to the next routine's label: a function, a procedure, a handler
    Local,   // a place inside a routine (a loop, a branch's target, an epilogue): a jump there is flow
    Marker,  // a place the toolchain names for itself, such as a section's end: it names no code
};

// Labels the user says are local, besides the toolchain's conventions: a regular expression
// (ECMAScript) that matches a part of the name (--local-labels, a play file's `local_labels`).
class LocalLabelPattern {
public:
    static constexpr std::size_t kMaxLength = 256;

    // Throws InputError "WHERE: ..." for an empty, overlong or malformed expression.
    LocalLabelPattern(std::string pattern, const std::string& where);

    bool matches(std::string_view name) const;
    const std::string& text() const { return text_; }

private:
    std::string text_;
    std::shared_ptr<const std::regex> regex_;
};

struct LabelConventions {
    std::vector<LocalLabelPattern> local;
};

// The role of a label of a file of `format` (nothing: an ld65 debug file) by the toolchains' naming
// conventions (docs/symbol-files.md) and then the user's patterns. ld65's cheap locals and the labels
// inside a .proc are local by the file's own scopes; the conventions here name what a file cannot say:
// tcc-816's __local_N in any file; WLA-DX's local labels (a leading '_', as PVSnesLib's private
// labels), its child labels (PARENT@CHILD) and the section labels wlalink makes (SECTIONSTART_,
// SECTIONEND_).
LabelRole labelRole(std::string_view name, std::optional<LabelFileFormat> format, const LabelConventions& user);

} // namespace tileprof
