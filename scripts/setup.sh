#!/usr/bin/env bash
# Installs the Debian packages tileprof needs (only those missing; with sudo unless root), then
# configures a Release build in build/ and builds what the main job needs: the command line, the
# debugger and the ROMs. With --tests it also installs what the tests run and builds the test
# suite. With --fuzz it also installs clang and libFuzzer, and builds nothing (scripts/fuzz.sh
# does). With --package it installs only what the command line needs, builds it alone in
# build-package/ and makes its Debian package there (a CI job's way to tileprof; prints the
# package's path last). TILEPROF_WERROR=ON makes warnings errors.
set -euo pipefail
cd "$(dirname "$0")/.."

tests=false
fuzz=false
package=false
case "${1-}" in
    "") ;;
    --tests) tests=true ;;
    --fuzz) fuzz=true ;;
    --package) package=true ;;
    *) echo "usage: $0 [--tests | --fuzz | --package]" >&2; exit 2 ;;
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
)
if $package; then
    packages+=(
        dpkg-dev file       # the package: dpkg-shlibdeps works out its dependencies from the binary
    )
else
    packages+=(
        doctest-dev         # tests (the build configures them either way)
        pkg-config          # finds Dear ImGui
        libimgui-dev        # tileprof-gui: Dear ImGui with its GLFW, OpenGL 3 and SDL2 backends
        libglfw3-dev        # tileprof-gui: the window
        libgl-dev           # tileprof-gui: OpenGL
        libsdl2-dev         # tileprof-gui --headless: SDL2's software renderer
        libstb-dev          # tileprof-gui --headless: PNG writing (and reading, in the tests)
    )
fi
if $tests; then
    packages+=(
        valgrind            # tests: callgrind_annotate reads the callgrind reports
        libxml2-utils       # tests: xmllint checks the JUnit reports against a schema
        lcov                # tests: genhtml renders the coverage tracefiles
        dpkg-dev file       # tests: the Debian packages (dpkg-shlibdeps works out their dependencies)
        python3-yaml        # tests: the CI examples' YAML is read and checked against the runners' keys
        libretro-bsnes-mercury-accuracy # tests: bsnes v094 (accuracy) as a libretro core, the
                                        # oracle oracle/ loads with dlopen (never linked)
    )
fi

if $fuzz; then
    packages+=(clang libclang-rt-14-dev) # scripts/fuzz.sh: clang 14 and its libFuzzer runtime
fi

missing=()
for name in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$name")
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

if $package; then
    generator=()
    if [[ ! -f build-package/CMakeCache.txt ]]; then
        generator=(-G Ninja)
    fi
    # A source archive has no git to say its commit: TILEPROF_COMMIT says it for --version.
    cmake -S . -B build-package "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DTILEPROF_GUI=OFF \
        -DTILEPROF_WERROR="${TILEPROF_WERROR:-OFF}" -DTILEPROF_COMMIT="${TILEPROF_COMMIT-}"
    cmake --build build-package -j2 --target tileprof roms
    rm -f build-package/packages/*.deb
    cpack --config build-package/CPackConfig.cmake -B build-package/packages > /dev/null
    ls "$PWD"/build-package/packages/tileprof_*.deb
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
