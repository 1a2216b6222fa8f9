#!/usr/bin/env bash
# Edge coverage of the compiler's own code (compiler/, and its headers under
# build/fuzz/layers/) reached by the fuzz targets' corpora, from libFuzzer's
# -print_coverage report of the fuzz build (SanitizerCoverage edges).
# Per target, then all targets together (a function counts with the most
# edges any target reached in it, a lower bound of the union).
# Usage: scripts/fuzz-coverage.sh CORPUS_ROOT   (CORPUS_ROOT/<target>/ per target)
#    e.g. scripts/fuzz-coverage.sh build/fuzz/corpus
set -euo pipefail
cd "$(dirname "$0")/.."

root="${1:?usage: scripts/fuzz-coverage.sh CORPUS_ROOT}"
reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT

for dir in "$root"/*/; do
    target=$(basename "$dir")
    binary="build/fuzz/tests/fuzz/$target"
    [ -x "$binary" ] || { echo "no fuzz target $binary" >&2; exit 2; }
    "$binary" -runs=0 -print_coverage=1 -timeout=10 -rss_limit_mb=2048 "$dir" >"$reports/$target.log" 2>&1 || true
done

# One line per function of ours: "<function and file> <covered> <total>".
ours() {
    awk '/^(COVERED|UNCOVERED)_FUNC:/ && ($0 ~ /\/compiler\// || $0 ~ /\/layers\//) {
        split($5, edges, "/"); key = $0; sub(/^[A-Z_]+: hits: [0-9]+ edges: [0-9]+\/[0-9]+ /, "", key)
        print key "\t" edges[1] "\t" edges[2] }' "$@"
}

summary() {
    awk -F'\t' '{ if (!($1 in total) || $2 > covered[$1]) covered[$1] = $2; total[$1] = $3 }
        END { c = 0; t = 0; for (k in total) { c += covered[k]; t += total[k] }
              printf "%d/%d edges (%.1f%%) in %d functions\n", c, t, t ? 100 * c / t : 0, length(total) }'
}

for log in "$reports"/*.log; do
    printf '%-16s ' "$(basename "$log" .log)"
    ours "$log" | summary
done
printf '%-16s ' "all targets"
ours "$reports"/*.log | summary
