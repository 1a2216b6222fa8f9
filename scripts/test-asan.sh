#!/usr/bin/env bash
# Builds everything with AddressSanitizer and UBSan (preset asan) and runs the
# whole test suite under them. Any report (a memory error, a leak, undefined
# behaviour) stops that test with a failure, so the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."

jobs="${JOBS:-$(nproc)}"
cmake --preset asan
cmake --build --preset asan --parallel "$jobs"
# Set here, not through the test preset, whose environment keeps leak
# detection off for interactive runs.
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
ctest --test-dir build/asan --output-on-failure --no-tests=error --parallel "$jobs"
