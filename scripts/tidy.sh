#!/usr/bin/env bash
# clang-tidy over compiler/ with the committed .clang-tidy; any finding
# fails. It reads the compile commands of a configured build (build/dev, or
# the folder given as TIRX_TIDY_BUILD). `--deep` adds the checks CI leaves
# out for time (see .clang-tidy): bugprone-* and clang-analyzer-*.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${TIRX_TIDY_BUILD:-build/dev}
if [[ ! -f "$build/compile_commands.json" ]]; then
  echo "tidy: no $build/compile_commands.json; configure first (cmake --preset dev)" >&2
  exit 2
fi
checks=()
if [[ "${1:-}" == "--deep" ]]; then
  checks=(-checks='bugprone-*,-bugprone-easily-swappable-parameters,clang-analyzer-*')
fi
# The compile commands are GCC's; clang does not know some of its warning
# options and would stop on them.
started=$SECONDS
run-clang-tidy -quiet -p "$build" -j "$(nproc)" -extra-arg=-Wno-unknown-warning-option "${checks[@]}" \
  "^$PWD/compiler/" > "$build/tidy.log" 2>&1 || {
  grep -E '(warning|error):' "$build/tidy.log" | sort -u >&2 || cat "$build/tidy.log" >&2
  echo "tidy: findings above (full log: $build/tidy.log)" >&2
  exit 1
}
echo "clang-tidy: compiler/ clean in $((SECONDS - started)) s"
