#!/usr/bin/env bash
# The Debian packages as a user gets them: built by CPack from this build tree, their control
# fields and files, what apt would bring with the command line's (nothing of the debugger's window
# and OpenGL stack), and the packaged programs run from an extracted tree on the bundled scenarios,
# a play, a check and tileprof-ci.
#   check_package.sh BUILD_DIR OUT_DIR VERSION
set -euo pipefail
build=$1
out=$2
version=$3
failures=0
fail() {
    echo "FAILED: $*" >&2
    failures=$((failures + 1))
}

rm -rf "$out"
mkdir -p "$out"
cpack --config "$build/CPackConfig.cmake" -B "$out" > "$out/cpack.log" || { cat "$out/cpack.log"; exit 1; }
cli=$out/tileprof_${version}_$(dpkg --print-architecture).deb
gui=$out/tileprof-gui_${version}_$(dpkg --print-architecture).deb
[[ -f $cli && -f $gui ]] || { ls "$out"; echo "FAILED: the two packages were not made" >&2; exit 1; }

field() { dpkg-deb -f "$1" "$2"; }
[[ $(field "$cli" Package) == tileprof ]] || fail "the command line's package is $(field "$cli" Package)"
[[ $(field "$gui" Package) == tileprof-gui ]] || fail "the debugger's package is $(field "$gui" Package)"
for deb in "$cli" "$gui"; do
    [[ $(field "$deb" Version) == "$version" ]] || fail "$deb: version $(field "$deb" Version), not $version"
    [[ -n $(field "$deb" Maintainer) && -n $(field "$deb" Description) ]] || fail "$deb: no maintainer or description"
done

# Dependencies come from the binaries (dpkg-shlibdeps): the libraries each links, with versions.
cli_depends=$(field "$cli" Depends)
gui_depends=$(field "$gui" Depends)
for library in libc6 libstdc++6 libtomlplusplus3 libpugixml1v5 zlib1g; do
    [[ $cli_depends =~ (^|, )"$library (>= " ]] || fail "the command line does not depend on $library: $cli_depends"
done
for library in libglfw3 libsdl2-2.0-0 libopengl0; do
    [[ $gui_depends =~ (^|, )"$library" ]] || fail "the debugger does not depend on $library: $gui_depends"
    [[ $cli_depends =~ "$library" ]] && fail "the command line depends on the debugger's $library: $cli_depends"
done
[[ $gui_depends =~ (^|, )"tileprof (= $version)" ]] || fail "the debugger does not need its command line's package: $gui_depends"

# What apt would install with the command line, all the way down: no window system, no OpenGL,
# no sound (what a bare Debian in a CI container lacks and need not fetch).
names=$(sed -E 's/ \([^)]*\)//g; s/, /\n/g' <<< "$cli_depends")
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
          --no-enhances $names 2> /dev/null | grep -v '^ ' | sort -u)
[[ $(wc -l <<< "$closure") -gt 5 ]] || fail "apt-cache gave no dependency closure: $closure"
for unwanted in libglfw3 libsdl2-2.0-0 libgl1 libopengl0 libx11-6 libwayland-client0 libasound2 libpulse0; do
    grep -qx "$unwanted" <<< "$closure" && fail "apt would install $unwanted with the command line"
done

# The files each package holds.
cli_files=$(dpkg-deb -c "$cli" | awk '{print $6}')
for file in ./usr/bin/tileprof ./usr/bin/tileprof-ci ./usr/share/tileprof/roms/tile-collision.sfc \
            ./usr/share/tileprof/roms/demo.sfc ./usr/share/tileprof/roms/demo.dbg \
            ./usr/share/tileprof/roms/tile-collision/scenarios/walkthrough-12x24.toml \
            ./usr/share/tileprof/roms/tile-collision/baseline.json ./usr/share/tileprof/roms/designs/ \
            ./usr/share/tileprof/roms/demo/walk.play.toml ./usr/share/tileprof/roms/demo/walk.toml \
            ./usr/share/tileprof/roms/demo/walk.bk2 ./usr/share/doc/tileprof/README.md ./usr/share/doc/tileprof/docs/ci.md \
            ./usr/share/tileprof/roms/tile-collision/tile_collision.s ./usr/share/tileprof/roms/common/native_mode.inc; do
    grep -qxF "$file" <<< "$cli_files" || fail "the command line's package lacks $file"
done
grep -q '\.cpp$\|CMakeLists' <<< "$cli_files" && fail "the command line's package holds the build's sources: $(grep '\.cpp$\|CMakeLists' <<< "$cli_files" | head -3)"
gui_files=$(dpkg-deb -c "$gui" | awk '{print $6}' | grep -v '/$')
[[ $gui_files == ./usr/bin/tileprof-gui ]] || fail "the debugger's package holds more than its program: $gui_files"

# The packaged programs, from an extracted tree: they find what they ship with beside themselves.
root=$out/root
dpkg-deb -x "$cli" "$root"
dpkg-deb -x "$gui" "$root"
bin=$root/usr/bin
share=$root/usr/share/tileprof/roms
[[ $("$bin/tileprof" --version) =~ ^tileprof\ $version\ \(commit\ .+\)$ ]] || fail "tileprof --version: $("$bin/tileprof" --version)"
[[ $("$bin/tileprof-gui" --version) =~ ^tileprof-gui\ $version\  ]] || fail "tileprof-gui --version: $("$bin/tileprof-gui" --version)"
run=$("$bin/tileprof" run) || fail "tileprof run exited $?"
[[ $run == *"tileprof run: 23 scenarios, 5965 calls"* ]] || fail "tileprof run on the bundled scenarios: $(head -1 <<< "$run")"
play=$("$bin/tileprof" play "$share/demo/walk.play.toml") || fail "tileprof play of the demo's walk exited $?"
[[ $play == *"MoveEntityAndProcessTileCollisions"*"7,668"* ]] || fail "tileprof play: $play"
check=$("$bin/tileprof" check --baseline "$share/tile-collision/baseline.json") || fail "tileprof check exited $?"
[[ $check == *"passed: 0 cases slower than $share/tile-collision/baseline.json"* ]] || fail "tileprof check: $check"
(cd "$out" && TILEPROF="$bin/tileprof" GITHUB_STEP_SUMMARY= "$bin/tileprof-ci" --baselines "$share/tile-collision/baseline.json" \
    --plays "$share/demo/walk.play.toml" > ci.log) || fail "tileprof-ci exited $?: $(tail -3 "$out/ci.log")"
head -1 "$out/tileprof-junit/summary.md" | grep -qx '## tileprof: passed (2 passed, 0 failed, 0 could not run)' ||
    fail "tileprof-ci's summary: $(head -1 "$out/tileprof-junit/summary.md")"

((failures == 0)) || exit 1
echo "packages: $(basename "$cli") and $(basename "$gui") checked"
