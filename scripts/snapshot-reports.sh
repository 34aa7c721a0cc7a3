#!/usr/bin/env bash
# Writes every report the bundled material produces into DIR (default: build/report-snapshot), one
# file per command, so that a change meant to keep behaviour can be checked byte for byte:
#
#   ./scripts/snapshot-reports.sh /tmp/before    # on the old code
#   ./scripts/snapshot-reports.sh /tmp/after     # on the new
#   diff -r /tmp/before /tmp/after
#
# It covers run, profile and trace in every format, coverage, FastROM, every bundled ROM's
# scenarios, explore (JSON and the scenarios it writes), compare, validate, baseline, check, diff,
# labels, rom, sst and the GUI's headless screenshots. Exit codes are recorded beside each output.
# Run after ./scripts/setup.sh. Takes a few minutes.
set -uo pipefail
cd "$(dirname "$0")/.."
target="${1:-build/report-snapshot}"
# Reports name the files they write: always the same place, moved to the target at the end.
out=build/report-snapshot.work
rm -rf "$out" "$target"
mkdir -p "$out"
tileprof=./build/tileprof
gui=./build/tileprof-gui
scenarios=roms/tile-collision/scenarios

# snap NAME COMMAND...: stdout to NAME, stderr to NAME.err, the exit code to NAME.exit.
snap() {
    local name="$1"
    shift
    "$@" >"$out/$name" 2>"$out/$name.err"
    echo $? >"$out/$name.exit"
}

for format in table json csv markdown junit callgrind folded speedscope; do
    snap "run.$format" $tileprof run --format "$format"
    snap "profile.$format" $tileprof profile --format "$format"
done
snap profile-selected.table $tileprof profile --case falling --entity player "$scenarios/walkthrough-12x24.toml"
snap profile-frame.json $tileprof profile --frame 252 --format json "$scenarios/walkthrough-12x24.toml"
snap run-fastrom.table $tileprof run --fastrom
snap run-coverage.table $tileprof run --coverage "$out/run.info"
for format in table json csv; do
    snap "trace.$format" $tileprof trace "$scenarios/fall-and-land.toml" --frame 10 --entity player --format "$format"
done
snap trace-frames.table $tileprof trace --rom build/roms/tile-collision-frames.sfc \
    "$scenarios/walkthrough-12x24.toml" --frame 252 --entity player

for rom in build/roms/*.sfc; do
    name=$(basename "$rom" .sfc)
    snap "rom.$name" $tileprof rom "$rom"
    [[ -f build/roms/$name.manifest.toml ]] || continue
    snap "labels.$name.mlb" $tileprof labels --mlb "$rom"
    case "$name" in
    tile-collision-rom-frames) ;;
    tile-collision*) snap "run-rom.$name.json" $tileprof run --format json --rom "$rom" ;;
    esac
done
for dir in roms/*/scenarios; do
    name=$(basename "$(dirname "$dir")")
    [[ "$dir" == "$scenarios" ]] && continue # run above
    snap "run-scenarios.$name.json" $tileprof run --format json "$dir"
    snap "profile-scenarios.$name.table" $tileprof profile "$dir"
done

for tour in roms/tours/*; do
    for format in table markdown json; do
        snap "compare.$(basename "$tour").$format" $tileprof compare --format "$format" "$tour"
    done
done

snap explore.json $tileprof explore roms/tile-collision/explore/reference-room-with-hitbox-7.toml \
    --allow-invalid-map --calls 100000 --format json --out "$out/explored" --coverage "$out/explore.info"
snap explore-seed003.table $tileprof explore roms/seed003-box-and-slopes/scenarios/room-ankle.toml \
    --calls 20000 --out "$out/explored-seed003"

snap validate-scenarios $tileprof validate "$scenarios"/*.toml
snap validate-maps $tileprof validate tests/data/maps/*.tmj

for baseline in roms/*/baseline.json; do
    name=$(basename "$(dirname "$baseline")")
    snap "check.$name" $tileprof check --baseline "$baseline"
done
snap baseline.json $tileprof baseline --out /dev/stdout
snap diff.table $tileprof diff build/roms/tile-collision.sfc build/roms/tile-collision-slowed.sfc
snap diff-reports.table $tileprof diff roms/tile-collision/baseline.json roms/tile-collision-fixed-height/baseline.json

snap sst $tileprof sst ../shared/testdata/ssts-65816/a9.e.json.gz

"$gui" --headless "$scenarios/walkthrough-12x24.toml" --frame 252 --screenshot "$out/gui-walkthrough.png" --size 1600x900 \
    >"$out/gui-walkthrough.out" 2>&1
"$gui" --headless "$scenarios/hill-30-right.toml" --frame 69 --instruction 60 --screenshot "$out/gui-stepping.png" \
    --size 1600x900 >"$out/gui-stepping.out" 2>&1
mkdir -p "$(dirname "$target")"
mv "$out" "$target"
echo "snapshot: $(find "$target" -type f | wc -l) files in $target"
