#!/usr/bin/env bash
# Builds TIRx Explorer (preset dev) and starts it on the default example,
# or on the file given. Extra arguments go to tirx-explorer.
set -euo pipefail
cd "$(dirname "$0")"

scripts/install-deps.sh
cmake --preset dev
cmake --build --preset dev --parallel "$(nproc)"

if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  echo "tirx-explorer needs a display (DISPLAY or WAYLAND_DISPLAY is not set)." >&2
  echo "Without one, run it under Xvfb, for example:" >&2
  echo "  xvfb-run -s '-screen 0 1280x800x24' build/dev/app/tirx-explorer resources/examples/softmax.py" >&2
  echo "or render a screenshot: build/dev/app/tirx-explorer --screenshot shot.png" >&2
  exit 1
fi

if (($# == 0)); then
  set -- resources/examples/softmax.py
fi
exec build/dev/app/tirx-explorer "$@"
