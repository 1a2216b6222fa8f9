#!/usr/bin/env bash
# Builds everything (preset dev) and runs the whole test suite; fails if
# anything fails or no tests ran.
set -euo pipefail
cd "$(dirname "$0")"

scripts/install-deps.sh
cmake --preset dev
cmake --build --preset dev --parallel "$(nproc)"
ctest --preset dev --parallel "$(nproc)"
