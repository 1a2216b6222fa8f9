#!/usr/bin/env bash
# Builds the Debian package from a build tree that is already built
# (default build/dev) and checks it with lintian: any error fails, the
# warnings packaging/README.md explains are printed.
# Usage: packaging/build-deb.sh [BUILD_DIR]   -> BUILD_DIR/packages/*.deb
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:-build/dev}
[[ -f "$build/CPackConfig.cmake" ]] || { echo "build-deb: $build is not a configured build tree" >&2; exit 2; }
# A stale package would be installed instead of the new one.
rm -rf "$build/packages"
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$build/packages" >"$build/cpack.log" 2>&1 ||
    { cat "$build/cpack.log" >&2; exit 1; }
debs=("$build"/packages/tirx-explorer_*.deb)
[[ -f "${debs[0]}" ]] || { echo "build-deb: cpack wrote no package" >&2; exit 1; }
echo "build-deb: ${debs[0]} ($(du -h "${debs[0]}" | cut -f1))"

if command -v lintian >/dev/null; then
    # --fail-on error: warnings are reviewed in packaging/README.md.
    lintian --fail-on error --tag-display-limit 0 "${debs[0]}"
else
    echo "build-deb: lintian is not installed (scripts/install-deps.sh installs it)" >&2
    exit 1
fi
