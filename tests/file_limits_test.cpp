// Every file tileprof reads has a bound, checked before the file is read (or, for a device or a
// pipe, as soon as it passes): a ROM image, a debug file, a scenario or manifest, a Tiled map,
// CPU vectors and what they inflate to, a baseline. Over it, the message gives the size and the
// bound, and the command exits 2. Files over a bound are sparse: making them costs nothing.

#include "base/file_contents.hpp"
#include "base/input_error.hpp"
#include "emu/cartridge/rom_image.hpp"
#include "profiler/engine/conformance/sst_file.hpp"
#include "profiler/formats/map/tiled_map.hpp"
#include "profiler/formats/symbols/debug_info.hpp"
#include "profiler/formats/symbols/symbol_file.hpp"
#include "profiler/model/opening/scenario_opener.hpp"
#include "profiler/model/scenario/scenario.hpp"
#include "profiler/model/target/manifest.hpp"
#include "profiler/reports/baseline/baseline.hpp"
#include "tests/support/command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"
#include "tests/support/untech_design.hpp"

#include <doctest/doctest.h>

#define ZLIB_CONST
#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace tileprof::test {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kMiB = 1 << 20;

// A file of `bytes` zero bytes that takes no room on disk.
fs::path sparseFile(const TempDir& dir, const std::string& name, std::uint64_t bytes)
{
    const fs::path path = dir.write(name, "");
    fs::resize_file(path, bytes);
    return path;
}

std::string errorOf(const std::function<void()>& load)
{
    try {
        load();
    } catch (const tileprof::InputError& error) {
        return error.what();
    }
    return "";
}

// `count` zero bytes as one gzip member.
std::string gzipZeros(std::uint64_t count)
{
    z_stream stream{};
    REQUIRE(deflateInit2(&stream, Z_BEST_SPEED, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string out;
    std::vector<char> buffer(kMiB);
    const auto deflateAll = [&](int flush) {
        int status = Z_OK;
        do {
            stream.next_out = reinterpret_cast<Bytef*>(buffer.data());
            stream.avail_out = static_cast<uInt>(buffer.size());
            status = deflate(&stream, flush);
            out.append(buffer.data(), buffer.size() - stream.avail_out);
        } while (stream.avail_out == 0);
        return status;
    };
    const std::vector<char> zeros(kMiB, 0);
    for (std::uint64_t left = count; left > 0;) {
        const std::uint64_t chunk = std::min<std::uint64_t>(left, zeros.size());
        stream.next_in = reinterpret_cast<const Bytef*>(zeros.data());
        stream.avail_in = static_cast<uInt>(chunk);
        deflateAll(Z_NO_FLUSH); // consumes the whole chunk: output room never runs short of it
        left -= chunk;
    }
    while (deflateAll(Z_FINISH) != Z_STREAM_END) {
    }
    deflateEnd(&stream);
    return out;
}

TEST_CASE("file limits: sizes in messages are exact where a limit is and rounded elsewhere")
{
    CHECK(tileprof::byteSize(0) == "0 bytes");
    CHECK(tileprof::byteSize(1) == "1 byte");
    CHECK(tileprof::byteSize(1023) == "1023 bytes");
    CHECK(tileprof::byteSize(1024) == "1 KiB");
    CHECK(tileprof::byteSize(1536) == "1.5 KiB");
    CHECK(tileprof::byteSize(4 * kMiB) == "4 MiB");
    CHECK(tileprof::byteSize(4 * kMiB + 512) == "4 MiB + 512 bytes");
    CHECK(tileprof::byteSize(4 * kMiB + 1) == "4 MiB + 1 byte");
    CHECK(tileprof::byteSize(9 * kMiB + kMiB / 2) == "9.5 MiB");
    CHECK(tileprof::byteSize(std::uint64_t{1} << 40) == "1 TiB");
}

TEST_CASE("file limits: every loader refuses a file over its bound without reading it")
{
    const TempDir dir;
    const auto check = [&](const std::string& name, std::uint64_t bytes,
                           const std::function<void(const fs::path&)>& load, const std::string& expected) {
        const fs::path path = sparseFile(dir, name, bytes);
        CHECK(dir.relative(errorOf([&] { load(path); })) == expected);
    };
    check("big.sfc", 4 * kMiB + 513, [](const fs::path& p) { emu::loadRomFile(p); },
          "big.sfc: 4 MiB + 513 bytes; a ROM image, with a copier header, is at most 4 MiB + 512 bytes");
    check("big.dbg", 65 * kMiB, [](const fs::path& p) { DebugInfo::load(p); },
          "big.dbg: 65 MiB; an ld65 debug file is at most 64 MiB");
    check("big.sym", 65 * kMiB, [](const fs::path& p) { loadSymbolFile(p, {}); },
          "big.sym: 65 MiB; a symbol file is at most 64 MiB");
    check("big.toml", 16 * kMiB + 1, [](const fs::path& p) { loadScenario(p); },
          "big.toml: 16 MiB + 1 byte; a TOML file is at most 16 MiB");
    check("manifest.toml", 17 * kMiB, [](const fs::path& p) { loadManifest(p); },
          "manifest.toml: 17 MiB; a TOML file is at most 16 MiB");
    check("big.tmj", 16 * kMiB + kMiB / 2, [](const fs::path& p) { loadTiledMap(p, test::untechDesign()); },
          "big.tmj: 16.5 MiB; a Tiled map is at most 16 MiB");
    check("big.tmx", 17 * kMiB, [](const fs::path& p) { loadTiledMap(p, test::untechDesign()); },
          "big.tmx: 17 MiB; a Tiled map is at most 16 MiB");
    check("big.tsx", 17 * kMiB, [](const fs::path& p) { readTiledTileset(p); },
          "big.tsx: 17 MiB; a Tiled tileset is at most 16 MiB");
    check("big.json.gz", 65 * kMiB, [](const fs::path& p) { readSstFile(p); },
          "big.json.gz: 65 MiB; a CPU vector file is at most 64 MiB");
    check("baseline.json", 100 * kMiB, [](const fs::path& p) { loadBaseline(p); },
          "baseline.json: 100 MiB; a baseline or JSON report is at most 64 MiB");

    // At the bound itself the file is read, and judged on what it holds.
    const fs::path exact = sparseFile(dir, "exact.sfc", 4 * kMiB + 512);
    checkMessage(dir.relative(errorOf([&] { emu::loadRomFile(exact); })), "exact.sfc", {"no header could start the machine"});
}

TEST_CASE("file limits: a device or pipe is read only up to the bound")
{
    const std::string zero = errorOf([] { emu::loadRomFile("/dev/zero"); });
    CHECK(zero == "/dev/zero: more than 4 MiB + 512 bytes; a ROM image, with a copier header, is at most "
                  "4 MiB + 512 bytes");

    const CommandResult rom = runTileprof({"rom", "/dev/zero"});
    CHECK(rom.exitCode == 2);
    CHECK(rom.err == "tileprof rom: " + zero + "\n");
    CHECK(rom.out.empty());

    const CommandResult validate = runTileprof({"validate", "/dev/zero"});
    CHECK(validate.exitCode == 2);
    CHECK(contains(validate.err, "/dev/zero: more than 16 MiB; a TOML file is at most 16 MiB"));
}

TEST_CASE("file limits: a gzip file may not inflate past the vector file bound")
{
    const TempDir dir;
    const std::string bomb = gzipZeros(65 * kMiB);
    CHECK(bomb.size() < kMiB / 2);
    const fs::path path = dir.write("bomb.json.gz", bomb);
    const std::string expected = "bomb.json.gz: more than 64 MiB inflated; a CPU vector file is at most 64 MiB";
    CHECK(dir.relative(errorOf([&] { readSstFile(path); })) == expected);

    const CommandResult sst = runTileprof({"sst", path.string()});
    CHECK(sst.exitCode == 2);
    CHECK(dir.relative(sst.err) == "tileprof sst: " + expected + "\n");
    CHECK(sst.out.empty());
}

} // namespace
} // namespace tileprof::test
