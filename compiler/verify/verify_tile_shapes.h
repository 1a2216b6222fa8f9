#pragma once

#include "ir/diagnostic.h"
#include "ir/function.h"

#include <vector>

namespace tirx {

// The operand shapes of the tile calls whose family pairs its regions
// element by element with no broadcasting (chapter 05 §2.2: the copy family,
// load, store and tensor_copy): after unit extents are dropped, the extents
// must be equal and equally many, or TileDispatch rejects the call. Checked
// here so that `tirx-cli check` and the editor report it at the call before
// any pass runs. Only constant extents are compared; a symbolic one is
// left to TileDispatch, which knows the loop bounds. The families that
// broadcast (tensortensor, tensorscalar, activation bias, reductions) are
// not checked: what they accept depends on the instruction planner.
[[nodiscard]] std::vector<Diagnostic> verifyTileShapes(const Module& module);

} // namespace tirx
