#!/usr/bin/env bash
# Fails when a tracked C++ file differs from what the committed .clang-format
# makes of it, and names each file. `scripts/check-format.sh --fix` rewrites
# them instead.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [[ "${1:-}" == "--fix" ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi

if ! out=$(clang-format --dry-run "${files[@]}" 2>&1); then
  echo "$out" >&2
  exit 1
fi
bad=$(grep -oE '^[^:]+\.(cpp|h):[0-9]+:[0-9]+: (warning|error)' <<<"$out" | cut -d: -f1 | sort -u || true)
if [[ -n "$bad" ]]; then
  echo "these files differ from .clang-format (run scripts/check-format.sh --fix):" >&2
  echo "$bad" >&2
  exit 1
fi
echo "clang-format: ${#files[@]} files clean"
