#pragma once

#include "ir/stmt.h"

#include <unordered_set>

namespace tirx {

// The tiles that hold one value wherever they were written: every
// instruction that writes them anywhere in the body is a memset of the same
// constant over the whole tile (the const_bias workspace TrnPrivateTensorAlloc
// makes for an activation's constant bias). Any column of such a tile is all
// of it, which is how the current API prints a full-tile bias (spec 07 §8.2).
[[nodiscard]] std::unordered_set<const VarNode*> uniformTiles(const Stmt& body);

} // namespace tirx
