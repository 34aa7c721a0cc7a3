#!/usr/bin/env bash
# Builds the libFuzzer harnesses of fuzz/ with clang (AddressSanitizer, UndefinedBehaviorSanitizer)
# into build-fuzz/ and runs each for SECONDS (default 60), or for N executions, on its seeds: the
# project's own test files, scenarios and built ROMs, referenced in place. What a run finds new is
# kept in build-fuzz/corpus/HARNESS for the next run; a crash, a sanitizer report, a hang (10 s on
# one input) or a leak of memory (1 GiB) is saved in build-fuzz/findings/ and makes the script fail.
#   scripts/fuzz.sh [SECONDS | --runs N] [HARNESS...]
set -euo pipefail
cd "$(dirname "$0")/.."
bound=(-max_total_time=60)
if [[ "${1-}" == --runs ]]; then
    [[ "${2-}" =~ ^[0-9]+$ ]] || { echo "usage: $0 [SECONDS | --runs N] [HARNESS...]" >&2; exit 2; }
    bound=(-runs="$2")
    shift 2
elif [[ "${1-}" =~ ^[0-9]+$ ]]; then
    bound=(-max_total_time="$1")
    shift
fi

# Each harness, the longest input it is given, and its seeds.
declare -A max_len=(
    [rom_image]=66048 [debug_info]=8192 [symbol_file]=8192 [scenario]=8192 [manifest]=8192 [design]=8192
    [tiled_map]=16384 [sst_file]=32768 [baseline]=16384 [cpu]=4097 [spc700]=4097 [input]=16384 [play_file]=8192 [state]=4096 [exploration]=8192
)
seeds_of() {
    case "$1" in
    rom_image | cpu) echo build-fuzz/roms/*.sfc ;;
    debug_info) echo build-fuzz/roms/*.dbg tests/data/dbg/game.dbg ;;
    symbol_file) echo tests/data/labels/*.{vice,dump,labels,sym} build-fuzz/roms/*.sym \
        fuzz/seeds/symbol_file/* ;;
    scenario) echo tests/data/runner/*.toml roms/*/scenarios/*.toml roms/*/explore/*.toml roms/tours/*/*.toml \
        fuzz/seeds/scenario/* ;;
    manifest) echo roms/*/manifest*.toml roms/block-engine/*.toml roms/point-engine/*.toml roms/c-engine/*.toml ;;
    design) echo roms/designs/*.toml roms/block-engine/blocks.toml roms/point-engine/points.toml roms/c-engine/tiles.toml ;;
    tiled_map) echo tests/data/maps/*.tmj tests/data/maps/*.tmx fuzz/seeds/tiled_map/* ;;
    sst_file) echo fuzz/seeds/sst_file/* ../shared/testdata/ssts-65816/{08.e,a9.e,fb.n}.json.gz \
        ../shared/testdata/oracle-65816/{44.n,fb.e}.json.gz ;;
    baseline) echo roms/*/baseline.json fuzz/seeds/baseline/* ;;
    spc700) echo fuzz/seeds/spc700/* ;;
    input) echo tests/data/movies/sequence.* fuzz/seeds/input/* ;;
    play_file) echo roms/demo/walk.play.toml fuzz/seeds/play_file/* ;;
    state) echo fuzz/seeds/state/* ;;
    exploration) echo fuzz/seeds/exploration/* ;;
    esac
}

harnesses=("$@")
if ((${#harnesses[@]} == 0)); then
    harnesses=(rom_image debug_info symbol_file scenario manifest design tiled_map sst_file baseline cpu spc700 input play_file state exploration)
fi
for harness in "${harnesses[@]}"; do
    if [[ -z "${max_len[$harness]-}" ]]; then
        echo "fuzz: no harness '$harness'; there are: ${!max_len[*]}" >&2
        exit 2
    fi
done

./scripts/setup.sh --fuzz
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ -DTILEPROF_FUZZ=ON \
    -DTILEPROF_WERROR="${TILEPROF_WERROR:-OFF}" >/dev/null
cmake --build build-fuzz -j2 --target fuzzers

mkdir -p build-fuzz/findings
failed=()
for harness in "${harnesses[@]}"; do
    seeds="build-fuzz/seeds/$harness"
    corpus="build-fuzz/corpus/$harness"
    rm -rf "$seeds"
    mkdir -p "$seeds" "$corpus"
    for seed in $(seeds_of "$harness"); do
        ln -s "$PWD/$seed" "$seeds/${seed//\//_}"
    done
    log="build-fuzz/findings/$harness.log"
    status=0
    # stdin from /dev/null: no input can make a loader wait for a terminal.
    "build-fuzz/fuzz/fuzz_$harness" "$corpus" "$seeds" "${bound[@]}" -max_len="${max_len[$harness]}" \
        -timeout=10 -rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="build-fuzz/findings/$harness-" \
        </dev/null >"$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz $harness: ${executions:-?} executions, ${rate:-?}/s, corpus $(ls "$corpus" | wc -l) inputs"
    if ((status != 0)); then
        failed+=("$harness")
        echo "fuzz $harness: FAILED (exit $status); the input is saved in build-fuzz/findings/, the log in $log:"
        grep -E "ERROR|SUMMARY|==[0-9]+==|runtime error|Test unit written|cpu fuzzer|spc700 fuzzer" "$log" | head -20
    fi
done

if ((${#failed[@]} > 0)); then
    echo "fuzz: findings in ${failed[*]}"
    exit 1
fi
