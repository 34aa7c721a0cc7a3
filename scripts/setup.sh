#!/usr/bin/env bash
# Installs the Debian packages tileprof needs (only those missing; with sudo unless root), then
# configures a Release build in build/ and builds what the main job needs: the command line, the
# debugger and the ROMs. With --tests it also installs what the tests run and builds the test
# suite. With --fuzz it also installs clang and libFuzzer, and builds nothing (scripts/fuzz.sh
# does). TILEPROF_WERROR=ON makes warnings errors.
set -euo pipefail
cd "$(dirname "$0")/.."

tests=false
fuzz=false
case "${1-}" in
    "") ;;
    --tests) tests=true ;;
    --fuzz) fuzz=true ;;
    *) echo "usage: $0 [--tests | --fuzz]" >&2; exit 2 ;;
esac

packages=(
    cmake ninja-build g++   # the build (Ninja compiles a layer while the one below it links)
    cc65                    # ca65/ld65 assemble the ROMs in roms/
    64tass                  # 64tass assembles roms/tile-collision-64tass
    libcli11-dev            # command line
    nlohmann-json3-dev      # JSON: test vectors, Tiled maps, reports
    libpugixml-dev          # XML: Tiled maps (.tmx) and tilesets (.tsx)
    libtomlplusplus-dev     # TOML: scenarios and ROM manifests
    zlib1g-dev              # gzip-compressed test vectors, compressed Tiled tile layers
    doctest-dev             # tests (the build configures them either way)
    pkg-config              # finds Dear ImGui
    libimgui-dev            # tileprof-gui: Dear ImGui with its GLFW, OpenGL 3 and SDL2 backends
    libglfw3-dev            # tileprof-gui: the window
    libgl-dev               # tileprof-gui: OpenGL
    libsdl2-dev             # tileprof-gui --headless: SDL2's software renderer
    libstb-dev              # tileprof-gui --headless: PNG writing (and reading, in the tests)
)
if $tests; then
    packages+=(
        valgrind            # tests: callgrind_annotate reads the callgrind reports
        libxml2-utils       # tests: xmllint checks the JUnit reports against a schema
        lcov                # tests: genhtml renders the coverage tracefiles
        libretro-bsnes-mercury-accuracy # tests: bsnes v094 (accuracy) as a libretro core, the
                                        # oracle oracle/ loads with dlopen (never linked)
    )
fi

if $fuzz; then
    packages+=(clang libclang-rt-14-dev) # scripts/fuzz.sh: clang 14 and its libFuzzer runtime
fi

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if ((${#missing[@]} > 0)); then
    echo "setup: installing ${missing[*]}"
    sudo=()
    if ((EUID != 0)); then
        sudo=(sudo)
    fi
    "${sudo[@]}" apt-get update -q
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}"
fi

if $fuzz; then
    exit 0
fi

# A new build tree uses Ninja; one made before keeps the generator it was made with.
generator=()
if [[ ! -f build/CMakeCache.txt ]]; then
    generator=(-G Ninja)
fi
cmake -S . -B build "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DTILEPROF_WERROR="${TILEPROF_WERROR:-OFF}"
if $tests; then
    cmake --build build -j2
else
    cmake --build build -j2 --target tileprof tileprof-gui roms
fi
