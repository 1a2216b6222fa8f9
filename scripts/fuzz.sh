#!/usr/bin/env bash
# Builds the libFuzzer targets (preset fuzz, clang) and runs each for a fixed
# time, one after another, on a corpus kept between runs under
# build/fuzz/corpus/<target> and seeded from the repository's own files.
# Crashing inputs land in build/fuzz/artifacts/; each becomes a regression
# test. Needs clang and python3-dev (fuzz_emit_nki embeds CPython).
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET…]
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-1800}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_parser fuzz_roundtrip fuzz_pipeline fuzz_npy fuzz_neuron_ls fuzz_run_input fuzz_emit_nki)

# Seeds: what each target reads, taken from the tests and the examples.
seeds_for() {
    case "$1" in
    fuzz_parser | fuzz_roundtrip) echo tests/golden resources/examples ;;
    fuzz_pipeline | fuzz_emit_nki) ;; # their bytes drive a generator: they start from nothing
    fuzz_npy) echo tests/golden/sim/npy ;;
    fuzz_neuron_ls) echo tests/fuzz/corpus/neuron_ls ;;
    fuzz_run_input) echo tests/fuzz/corpus/run_input ;;
    *) echo "unknown fuzz target $1" >&2; exit 2 ;;
    esac
}

cmake --preset fuzz
cmake --build --preset fuzz --parallel "${JOBS:-$(nproc)}"

mkdir -p build/fuzz/artifacts
for target in "${targets[@]}"; do
    corpus="build/fuzz/corpus/$target"
    mkdir -p "$corpus"
    seeds=()
    for dir in $(seeds_for "$target"); do [ -d "$dir" ] && seeds+=("$dir"); done
    echo "== $target for ${seconds}s (corpus $corpus)"
    # A module is small: larger inputs only slow the search down. The
    # timeout is 25 s, not libFuzzer's 1,200: every input must end in
    # seconds, and 25 leaves room for a loaded shared machine (the inputs
    # that cap sequences take about 1 s under the sanitizers).
    "build/fuzz/tests/fuzz/$target" "$corpus" "${seeds[@]}" \
        -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="build/fuzz/artifacts/$target-" -print_final_stats=1
done
