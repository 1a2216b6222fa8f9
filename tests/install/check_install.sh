#!/usr/bin/env bash
# The install tree: `cmake --install` into a temporary prefix holds every
# file of the layout (cmake/TirxInstall.cmake), and the installed programs,
# moved to another prefix with the source and build trees out of reach,
# find their resources, lower an example, check an NKI kernel and take a
# screenshot.
# Usage: check_install.sh BUILD_DIR SOURCE_DIR APP_ID
set -euo pipefail

build=$(cd "$1" && pwd)
source=$(cd "$2" && pwd)
app_id=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/tirx-install.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() {
    echo "check_install: FAIL: $*" >&2
    exit 1
}

cmake --install "$build" --prefix "$work/stage" >/dev/null

# --- Every file of the layout -------------------------------------------
expected=(
    bin/tirx-explorer bin/tirx-cli
    share/tirx-explorer/templates/new_kernel.py
    share/tirx-explorer/device/harness.py
    share/tirx-explorer/nki/run_kernel.py
    share/tirx-explorer/nki/_nki_standin/__init__.py
    share/tirx-explorer/nki/nki/language.py
    share/tirx-explorer/nki/neuronxcc/nki/language.py
    "share/applications/$app_id.desktop"
    "share/metainfo/$app_id.metainfo.xml"
    "share/metainfo/$app_id.cli.metainfo.xml"
    "share/icons/hicolor/scalable/apps/$app_id.svg"
    share/man/man1/tirx-explorer.1.gz share/man/man1/tirx-cli.1.gz
    share/doc/tirx-explorer/copyright share/doc/tirx-explorer/changelog.gz share/doc/tirx-explorer/README.md
)
for example in "$source"/resources/examples/*.py; do
    expected+=("share/tirx-explorer/examples/$(basename "$example")")
done
sizes=(16 22 24 32 48 64 128 256 512)
for size in "${sizes[@]}"; do
    expected+=("share/icons/hicolor/${size}x${size}/apps/$app_id.png")
done
for file in "${expected[@]}"; do
    [[ -f "$work/stage/$file" ]] || fail "the install tree lacks $file"
done
[[ -x "$work/stage/bin/tirx-explorer" && -x "$work/stage/bin/tirx-cli" ]] || fail "the programs are not executable"
# Nothing of the build's own: no caches, no test programs.
if find "$work/stage" -name __pycache__ -o -name '*.pyc' -o -name '.gitignore' | grep -q .; then
    fail "the install tree holds build leftovers: $(find "$work/stage" -name __pycache__ -o -name '*.pyc' -o -name .gitignore)"
fi
[[ -z "$(ls "$work/stage/bin" | grep -v -x -e tirx-explorer -e tirx-cli)" ]] || fail "bin/ holds more than the two programs"

# Each PNG is a PNG of its size (width and height from the IHDR chunk).
for size in "${sizes[@]}"; do
    png="$work/stage/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
    read -r width height < <(/usr/bin/python3 -c '
import struct, sys
data = open(sys.argv[1], "rb").read(24)
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
print(*struct.unpack(">II", data[16:24]))' "$png")
    [[ "$width" == "$size" && "$height" == "$size" ]] || fail "$png is ${width}x$height, not ${size}x$size"
done

# The desktop entry names the installed icon and program.
desktop="$work/stage/share/applications/$app_id.desktop"
grep -q -x "Icon=$app_id" "$desktop" || fail "the desktop entry's Icon is not $app_id"
grep -q '^Exec=tirx-explorer' "$desktop" || fail "the desktop entry does not start tirx-explorer"
desktop-file-validate "$desktop" || fail "desktop-file-validate rejects $desktop"
for metainfo in "$work"/stage/share/metainfo/*.xml; do
    appstreamcli validate --no-net --pedantic "$metainfo" >"$work/appstream.log" 2>&1 ||
        { cat "$work/appstream.log" >&2; fail "appstreamcli rejects $metainfo"; }
done
for page in tirx-explorer tirx-cli; do
    gzip -t "$work/stage/share/man/man1/$page.1.gz" || fail "$page.1.gz is not gzip"
done

# --- The installed programs, relocated and alone -------------------------
# Moved to a prefix cmake never saw: resources must be found relative to
# bin/, not at the install prefix or in the build.
mkdir -p "$work/elsewhere"
mv "$work/stage" "$work/elsewhere/usr"
prefix="$work/elsewhere/usr"

# A decoy resources/ in the working folder, which must never be read: its
# stand-in would fail every run.
mkdir -p "$work/cwd/resources/nki" "$work/cwd/share/tirx-explorer/nki"
for decoy in "$work/cwd/resources/nki" "$work/cwd/share/tirx-explorer/nki"; do
    printf 'import sys\nsys.exit("decoy stand-in read from the working folder")\n' >"$decoy/run_kernel.py"
done

# A small hand-written NKI kernel: it runs on the installed stand-in.
cat >"$work/cwd/copy_kernel.py" <<'KERNEL'
import nki
import nki.isa as nisa
import nki.language as nl


@nki.jit
def copy_kernel(a):
    out = nl.ndarray((128, 64), dtype=a.dtype, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 64), dtype=a.dtype, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=a)
    nisa.dma_copy(dst=out, src=t)
    return out
KERNEL

# The checks, run with a fresh HOME from the decoy working folder.
cat >"$work/relocated.sh" <<'CHECKS'
#!/usr/bin/env bash
set -euo pipefail
prefix=$1 work=$2
fail() { echo "check_install: FAIL: $*" >&2; exit 1; }
cd "$work/cwd"
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
export XDG_CACHE_HOME="$work/home/.cache" XDG_RUNTIME_DIR="$work/home/run"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
unset PYTHONPATH

version=$("$prefix/bin/tirx-cli" --version)
[[ "$version" == "tirx-cli "* ]] || fail "tirx-cli --version printed '$version'"

"$prefix/bin/tirx-cli" lower "$prefix/share/tirx-explorer/examples/softmax.py" >"$work/lowered.py" ||
    fail "tirx-cli lower of the installed softmax example failed"
grep -q 'T.prim_func\|def ' "$work/lowered.py" || fail "tirx-cli lower printed no module"

"$prefix/bin/tirx-cli" check copy_kernel.py --arg a=128x64:float32 >"$work/check.log" 2>&1 ||
    { cat "$work/check.log" >&2; fail "tirx-cli check of an NKI kernel failed with the installed stand-in"; }

QT_QPA_PLATFORM=offscreen "$prefix/bin/tirx-explorer" --screenshot "$work/shot.png" \
    "$prefix/share/tirx-explorer/examples/softmax.py" || fail "tirx-explorer --screenshot failed"
/usr/bin/python3 -c '
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
assert (width, height) == (1280, 800), (width, height)
assert len(data) > 20000, "a blank picture: %d bytes" % len(data)' "$work/shot.png" ||
    fail "the screenshot is not a 1280x800 picture"

# Without the installed stand-in the program says so; it never falls back
# to the source tree or the working folder.
mv "$prefix/share/tirx-explorer/nki" "$prefix/share/tirx-explorer/nki.away"
if "$prefix/bin/tirx-cli" check copy_kernel.py --arg a=128x64:float32 >"$work/missing.log" 2>&1; then
    fail "tirx-cli check succeeded without the installed stand-in: it read another copy"
fi
grep -q 'not installed' "$work/missing.log" ||
    { cat "$work/missing.log" >&2; fail "a missing stand-in is not reported as such"; }
mv "$prefix/share/tirx-explorer/nki.away" "$prefix/share/tirx-explorer/nki"
echo "check_install: relocated programs passed"
CHECKS

# A sanitizer build's leak suppressions live in the source tree, which is
# about to be hidden: the checks read a copy.
if [[ "${LSAN_OPTIONS:-}" =~ suppressions=([^:]*) ]]; then
    cp "${BASH_REMATCH[1]}" "$work/lsan.supp"
    export LSAN_OPTIONS="${LSAN_OPTIONS/${BASH_REMATCH[1]}/$work/lsan.supp}"
fi

# Out of reach for real where the kernel allows a private mount namespace
# (root, or unprivileged user namespaces): the source and build trees are
# covered by empty folders for the checks. Elsewhere the checks above still
# hold the programs to the relocated prefix (the stand-in removal check).
if unshare --mount --map-root-user true 2>/dev/null; then
    echo "check_install: source and build trees hidden in a private mount namespace"
    unshare --mount --map-root-user bash -c '
        set -e
        mount -t tmpfs tirx-hidden "$1"
        [ "$2" = "$1" ] || case "$2" in "$1"/*) ;; *) mount -t tmpfs tirx-hidden "$2" ;; esac
        [ -z "$(ls -A "$1")" ] || { echo "check_install: FAIL: the source tree is still visible" >&2; exit 1; }
        exec bash "$3/relocated.sh" "$4" "$3"' _ "$source" "$build" "$work" "$prefix"
else
    echo "check_install: no private mount namespace here; trees stay visible, relocation checks only"
    bash "$work/relocated.sh" "$prefix" "$work"
fi
echo "check_install: OK"
