#!/usr/bin/env bash
# CI (root, throwaway machine): installs the Debian package built by
# packaging/build-deb.sh, runs the installed programs from /usr/bin as a
# user would, with a fresh HOME outside the checkout, and removes the
# package again.
# Usage: .ci/deb-smoke.sh PACKAGE.deb
set -euo pipefail

deb=$(realpath "$1")
export DEBIAN_FRONTEND=noninteractive
apt-get install -y "$deb"
scratch=$(mktemp -d)
trap 'apt-get purge -y tirx-explorer >/dev/null; rm -rf "$scratch"' EXIT
cd "$scratch"
export HOME="$scratch/home"
mkdir -p "$HOME"

[[ "$(command -v tirx-cli)" == /usr/bin/tirx-cli ]] || { echo "deb-smoke: tirx-cli is not /usr/bin/tirx-cli" >&2; exit 1; }
/usr/bin/tirx-cli --version
/usr/bin/tirx-cli lower /usr/share/tirx-explorer/examples/softmax.py >lowered.py
[[ -s lowered.py ]] || { echo "deb-smoke: tirx-cli lower printed nothing" >&2; exit 1; }
QT_QPA_PLATFORM=offscreen /usr/bin/tirx-explorer --screenshot shot.png /usr/share/tirx-explorer/examples/softmax.py
size=$(stat -c %s shot.png)
((size > 20000)) || { echo "deb-smoke: the screenshot is $size bytes, too small to show the window" >&2; exit 1; }
man -w tirx-cli >/dev/null 2>&1 || [[ -f /usr/share/man/man1/tirx-cli.1.gz ]] ||
    { echo "deb-smoke: no manual page tirx-cli(1)" >&2; exit 1; }
echo "deb-smoke: installed package ran (lowered softmax.py, screenshot of $size bytes)"
