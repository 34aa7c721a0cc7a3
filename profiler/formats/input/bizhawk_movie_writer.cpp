#include "profiler/formats/input/bizhawk_movie_writer.hpp"

#include "base/zip_writer.hpp"
#include "profiler/formats/input/joypad_buttons.hpp"

#include <array>
#include <cstdint>
#include <utility>

namespace tileprof {

namespace {

// The SNES pad in BizHawk's order: each button's letter in the log and its name in the log's key,
// the name as the reader takes it (joypadBit).
struct LoggedButton {
    char letter;
    const char* name;
};
constexpr std::array<LoggedButton, 12> kLoggedButtons{{
    {'U', "Up"}, {'D', "Down"}, {'L', "Left"}, {'R', "Right"}, {'s', "Select"}, {'S', "Start"},
    {'Y', "Y"}, {'B', "B"}, {'X', "X"}, {'A', "A"}, {'l', "L"}, {'r', "R"},
}};

std::string letters(std::uint16_t pad)
{
    std::string out;
    for (const LoggedButton& button : kLoggedButtons) {
        out += (pad & *joypadBit(button.name, ButtonCase::Any)) != 0 ? button.letter : '.';
    }
    return out;
}

} // namespace

std::string bizhawkMovie(const std::vector<PadFrame>& frames, const std::string& gameName)
{
    std::string key = "LogKey:#Reset|Power|";
    for (const char* port : {"P1", "P2"}) {
        key += "#";
        for (const LoggedButton& button : kLoggedButtons) {
            key += std::string(port) + " " + button.name + "|";
        }
    }
    // BizHawk writes its text with Windows line ends.
    std::string log = "[Input]\r\n" + key + "\r\n|..|" + letters(0) + "|" + letters(0) + "|\r\n";
    for (const PadFrame& frame : frames) {
        log += "|..|" + letters(frame.pad1) + "|" + letters(frame.pad2) + "|\r\n";
    }
    log += "[/Input]\r\n";
    std::string header;
    for (const std::string& line : {std::string("MovieVersion BizHawk v2.0.0"), std::string("Author tileprof"),
                                    std::string("emuVersion Version 2.9.1"), std::string("Platform SNES"), "GameName " + gameName,
                                    std::string("SHA1 0000000000000000000000000000000000000000"), std::string("Core BSNES"),
                                    std::string("rerecordCount 0"), std::string("StartsFromSavestate False"),
                                    std::string("StartsFromSaveRam False"), std::string("PAL False")}) {
        header += line + "\r\n";
    }
    return zipArchive({{"Header.txt", header, true},
                       {"Comments.txt", "", false},
                       {"Subtitles.txt", "", false},
                       {"SyncSettings.json", R"({"o":{"$type":"BizHawk.Emulation.Cores.Nintendo.BSNES.BsnesCore+SnesSyncSettings"}})",
                        false},
                       {"Input Log.txt", log, true}});
}

} // namespace tileprof
