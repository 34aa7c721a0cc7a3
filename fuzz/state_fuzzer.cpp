// State files: a real state of the demo (30 frames in) changed where the input says, read back onto
// the demo. The input's first byte chooses what changes: even, the file's bytes (its header, its
// deflated stream; refused but for luck); odd, the machine's state inside, the file's lengths and
// CRCs made right again, so that every field's own check is reached. Then its length (the next two
// bytes, the file or state cut there when less), then (offset, value) pairs of 3 + 1 bytes.
// A state taken must run on: three frames, within libFuzzer's timeout.

#include "base/bundled_files.hpp"
#include "base/checksum.hpp"
#include "base/compression.hpp"
#include "base/input_error.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "emu/system/machine_state.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

struct Demo {
    emu::RomImage image;
    std::string file;    // its state file
    std::string state;   // the machine's state in it
    std::string header;  // the file up to the deflated state
};

const Demo& demo()
{
    static const Demo made = [] {
        Demo d{emu::loadRomFile(tileprof::bundledRomPath("demo")), {}, {}, {}};
        emu::Snes snes(d.image);
        for (int frame = 0; frame < 30; ++frame) {
            snes.runFrame();
        }
        d.file = emu::saveState(snes, "demo.sfc", "fuzz");
        d.state = emu::machineState(snes);
        d.header = d.file.substr(0, d.file.size() - tileprof::deflated(d.state, tileprof::Compression::Zlib).size());
        return d;
    }();
    return made;
}

void putLittleEndian(std::string& bytes, std::size_t at, std::uint64_t value, unsigned width)
{
    for (unsigned byte = 0; byte < width; ++byte) {
        bytes[at + byte] = static_cast<char>(value >> (8 * byte));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 3) {
        return 0;
    }
    const Demo& d = demo();
    const bool inside = (data[0] & 1) != 0;
    std::string changed = inside ? d.state : d.file;
    const std::size_t length = data[1] | data[2] << 8;
    if (length < changed.size() && (data[0] & 2) != 0) {
        changed.resize(length);
    }
    for (std::size_t at = 3; at + 4 <= size; at += 4) {
        const std::size_t offset = (data[at] | data[at + 1] << 8 | data[at + 2] << 16) % std::max<std::size_t>(changed.size(), 1);
        if (!changed.empty()) {
            changed[offset] = static_cast<char>(data[at + 3]);
        }
    }
    std::string file = changed;
    if (inside) {
        file = d.header;
        putLittleEndian(file, file.size() - 12, tileprof::crc32Of(changed), 4);
        putLittleEndian(file, file.size() - 8, changed.size(), 8);
        file += tileprof::deflated(changed, tileprof::Compression::Zlib);
    }
    emu::Snes snes(d.image);
    try {
        emu::restoreState(snes, file, "fuzz.state");
    } catch (const tileprof::InputError&) {
        return 0;
    }
    for (int frame = 0; frame < 3; ++frame) {
        snes.runFrame();
    }
    return 0;
}
