#!/usr/bin/env bash
# Regenerates every picture of the user guide (docs/images/*.png) with the
# app's own --screenshot, from the bundled examples and one hand-written NKI
# kernel of tests/nki/corpus. Light theme, 1280x800, no display needed.
#
#   scripts/screenshots.sh [BUILD_DIR]      # default build/dev
#
# The app runs with a private, empty settings folder, so neither the
# user's settings nor their trusted NKI folders are read or changed.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${1:-build/dev}
app="$build/app/tirx-explorer"
if [[ ! -x "$app" ]]; then
  echo "no $app: build it first (cmake --build --preset dev --target tirx-explorer)" >&2
  exit 2
fi

out=docs/images
mkdir -p "$out"
work=$(mktemp -d -t tirx-guide.XXXXXX)
trap 'rm -rf "$work"' EXIT

export QT_QPA_PLATFORM=offscreen
export XDG_CONFIG_HOME="$work/config"
export XDG_DATA_HOME="$work/data"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"

examples=resources/examples
failed=0

# shot NAME ARGS...: one picture; a warning from the app (an unknown pass,
# a view that does not apply) fails the script, since the picture would
# then not show what the guide says.
shot() {
  local name=$1
  shift
  local log="$work/$name.log"
  if ! "$app" --screenshot "$out/$name.png" --size 1280x800 --theme light "$@" >"$log" 2>&1 || [[ -s "$log" ]]; then
    echo "screenshot $name failed:" >&2
    cat "$log" >&2
    failed=1
    return
  fi
  printf '%-22s %6d bytes\n' "$name.png" "$(stat -c %s "$out/$name.png")"
}

# The editor, the Passes dock and the diff of one pass.
shot editor --view editor "$examples/softmax.py"
shot diff --pipeline trn --pass TileDispatch --view diff "$examples/matmul_psum.py"
shot ir --pass LowerTrainiumLayout --view ir "$examples/tiled_add.py"

# Memory: the maps, the allocation table with the what-if, the lifetimes.
shot sbuf --pass TrnNaiveAllocator --view sbuf "$examples/naive_allocator.py"
shot psum --view psum "$examples/memory_map.py"
shot alloc --pass TrnNaiveAllocator --view alloc "$examples/naive_allocator.py"
shot lifetimes --pass TrnNaiveAllocator --view lifetimes "$examples/naive_allocator.py"
shot overflow --view sbuf "$examples/sbuf_overflow.py"

# Layouts and the IR graph.
shot layout --pass TrnNaiveAllocator --view layout "$examples/matmul_psum.py"
shot graph --pass LowerTrainiumLayout --view graph "$examples/tiled_add.py"

# The NKI kernel a module lowers to (the trn pipeline ends in the NKI passes).
shot nki --pipeline trn --view nki "$examples/vector_add.py"

# The tour: its SBUF step, and its last step (the simulator's Run dock).
shot tour --tour-step 4
shot run --tour-step 8

# A hand-written NKI kernel: first in a folder not trusted yet (the banner),
# then trusted, with its SBUF map. A copy, so the corpus is never written.
kernels="$work/kernels"
mkdir -p "$kernels"
cp tests/nki/corpus/matmul_psum.py tests/nki/corpus/matmul_psum.launch.json "$kernels/"
shot nki-trust --view editor "$kernels/matmul_psum.py"
mkdir -p "$XDG_CONFIG_HOME/TIRx Explorer"
printf '[nki]\ntrustedFolders=%s\n' "$(cd "$kernels" && pwd -P)" >"$XDG_CONFIG_HOME/TIRx Explorer/tirx-explorer.conf"
shot nki-kernel --view sbuf "$kernels/matmul_psum.py"

exit "$failed"
