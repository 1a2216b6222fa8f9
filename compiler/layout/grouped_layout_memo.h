#pragma once

#include "layout/layout_algebra.h"

#include <vector>

namespace tirx {

// Grouped layout memo: groupLayout(*canonicalizeLayout(*layout), shape) for
// the last few (layout, shape) pairs asked on this thread. Every tile call
// builds a new instruction planner, and the calls of one kernel name the
// same few tensors, so each call re-derived the grouping of every operand's
// layout; on bench_tile_dispatch (BM_LowerTirxMatmulReduction/1000) the
// memo took lower-tirx from 1,296 M to 1,082 M instructions (Debug). A hit
// compares pointers only: the layout object and the shape's expression
// nodes, which the memo holds so that no address is reused while it is
// cached. Layouts are immutable, so a hit is the result the computation
// would give.
class GroupedLayoutMemo {
public:
    [[nodiscard]] static GroupResult canonicalGrouping(const Layout& layout, const std::vector<Expr>& shape);
};

} // namespace tirx
