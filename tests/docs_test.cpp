// The manual stays true to the programs: every relative link in README.md and docs/ leads to a file
// (and a heading, when it names one), and every option each command's --help lists is documented
// in that command's section.

#include "tests/support/command.hpp"
#include "tests/support/text.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace tileprof::test {
namespace {

const fs::path kSource = TILEPROF_SOURCE_DIR;

struct Page {
    fs::path path;
    std::vector<std::string> lines; // outside fenced code blocks; code lines are empty
};

Page readPage(const fs::path& path)
{
    Page page{path, {}};
    std::istringstream in(slurp(path));
    bool code = false;
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("```")) {
            code = !code;
            page.lines.emplace_back();
            continue;
        }
        page.lines.push_back(code ? "" : line);
    }
    return page;
}

std::vector<fs::path> manualPages()
{
    std::vector<fs::path> pages{kSource / "README.md"};
    for (const auto& entry : fs::directory_iterator(kSource / "docs")) {
        if (entry.path().extension() == ".md") {
            pages.push_back(entry.path());
        }
    }
    std::ranges::sort(pages);
    return pages;
}

// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.
std::string anchorOf(std::string heading)
{
    std::string anchor;
    for (const char c : heading) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) || c == '-' || c == '_' || u >= 0x80) {
            anchor += static_cast<char>(std::tolower(u));
        } else if (c == ' ') {
            anchor += '-';
        }
    }
    return anchor;
}

std::set<std::string> anchorsOf(const Page& page)
{
    std::set<std::string> anchors;
    for (const std::string& line : page.lines) {
        if (line.starts_with('#')) {
            const std::size_t text = line.find_first_not_of("# ");
            anchors.insert(anchorOf(line.substr(text == std::string::npos ? line.size() : text)));
        }
    }
    return anchors;
}

// The targets of the page's Markdown links and images, "path#anchor" as written.
std::vector<std::pair<int, std::string>> linksOf(const Page& page)
{
    std::vector<std::pair<int, std::string>> links;
    for (std::size_t i = 0; i < page.lines.size(); ++i) {
        const std::string& line = page.lines[i];
        for (std::size_t at = line.find("]("); at != std::string::npos; at = line.find("](", at + 2)) {
            const std::size_t end = line.find(')', at + 2);
            if (end != std::string::npos) {
                links.emplace_back(static_cast<int>(i + 1), line.substr(at + 2, end - at - 2));
            }
        }
    }
    return links;
}

// The lines of `page` under the heading `heading` up to the next heading of its level or above.
std::string sectionOf(const Page& page, const std::string& heading)
{
    const auto start = std::ranges::find(page.lines, heading);
    if (start == page.lines.end()) {
        return "";
    }
    const std::size_t level = heading.find(' ');
    std::string text;
    for (auto line = start + 1; line != page.lines.end(); ++line) {
        const std::size_t hashes = line->find_first_not_of('#');
        if (line->starts_with('#') && hashes <= level) {
            break;
        }
        text += *line + "\n";
    }
    return text;
}

// The long options a --help lists ("--format"), without --help itself.
std::vector<std::string> optionsOf(const std::string& help)
{
    std::vector<std::string> options;
    std::istringstream in(help);
    for (std::string line; std::getline(in, line);) {
        const std::size_t first = line.find_first_not_of(' ');
        if (first == std::string::npos || first < 2 || line[first] != '-') {
            continue;
        }
        const std::size_t at = line.find("--", first);
        if (at == std::string::npos) {
            continue;
        }
        const std::size_t end = line.find_first_of(" =:", at);
        const std::string option = line.substr(at, end - at);
        if (option != "--help") {
            options.push_back(option);
        }
    }
    return options;
}

// The subcommands `tileprof --help` lists.
std::vector<std::string> subcommands()
{
    const CommandResult help = runTileprof({"--help"});
    REQUIRE(help.exitCode == 0);
    std::vector<std::string> names;
    std::istringstream in(help.out.substr(help.out.find("Subcommands:")));
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string name;
        if (words >> name) {
            names.push_back(name);
        }
    }
    return names;
}

TEST_CASE("docs: every relative link in README.md and docs/ leads to a file, and to a heading it names")
{
    int checked = 0;
    for (const fs::path& path : manualPages()) {
        const Page page = readPage(path);
        for (const auto& [line, target] : linksOf(page)) {
            if (target.starts_with("http://") || target.starts_with("https://") || target.starts_with("mailto:")) {
                continue;
            }
            CAPTURE(path.lexically_relative(kSource).string() + ":" + std::to_string(line) + ": " + target);
            const std::size_t hash = target.find('#');
            const std::string file = target.substr(0, hash);
            const fs::path linked = file.empty() ? path : path.parent_path() / file;
            CHECK(fs::exists(linked));
            if (hash != std::string::npos && fs::exists(linked)) {
                CHECK(anchorsOf(readPage(linked)).contains(target.substr(hash + 1)));
            }
            ++checked;
        }
    }
    CHECK(checked > 40);
}

TEST_CASE("docs: README.md stays a front door, the manual in docs/")
{
    CHECK(readPage(kSource / "README.md").lines.size() < 250);
    CHECK(fs::exists(kSource / "docs/architecture.md"));
}

TEST_CASE("docs: every command has its section in docs/commands.md, naming every option its --help lists")
{
    const Page commands = readPage(kSource / "docs/commands.md");
    const std::vector<std::string> names = subcommands();
    CHECK(names.size() >= 13);
    for (const std::string& name : names) {
        CAPTURE(name);
        const std::string section = sectionOf(commands, "## `tileprof " + name + "`");
        REQUIRE_FALSE(section.empty());
        const CommandResult help = runTileprof({name, "--help"});
        REQUIRE(help.exitCode == 0);
        for (const std::string& option : optionsOf(help.out)) {
            CAPTURE(option);
            CHECK(contains(section, "`" + option));
        }
    }
}

TEST_CASE("docs: every option of tileprof-gui --help is in docs/debugger.md")
{
    const std::string debugger = slurp(kSource / "docs/debugger.md");
    const CommandResult help = runTileprofGui({"--help"});
    REQUIRE(help.exitCode == 0);
    const std::vector<std::string> options = optionsOf(help.out);
    CHECK(options.size() >= 10);
    for (const std::string& option : options) {
        CAPTURE(option);
        CHECK(contains(debugger, "`" + option));
    }
}

} // namespace
} // namespace tileprof::test
