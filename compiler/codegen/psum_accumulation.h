#pragma once

#include "ir/diagnostic.h"
#include "ir/expr.h"
#include "ir/stmt.h"

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tirx {

// How the current NKI API states a PSUM accumulation (spec 07 §8.2).
//
// The lowered kernel clears an accumulator (a memset of 0, or a tensor_copy
// from a tile a memset zeroed) and then adds every partial product with
// `matmul(..., accum=1)`. The nki.isa.nc_matmul page ("Accumulation mode")
// allows accumulate=True only onto a location that a matmul with
// accumulate=False started, and calls accumulating onto a memset or copied
// value undefined on NeuronCore-v2/v3. So a zero-cleared group prints
// without its clear, its first matmul overwriting and the rest adding:
// `accumulate=(k > 0)` over the loops the group runs in (the page's own
// hint for a k-loop: with `range` loops the flag is a Python bool when the
// kernel is traced, so the text stays one straight loop, no peeled first
// iteration). An accumulator that holds other data, or none, has no such
// form and is refused at the matmul.
struct AccumulateFlag {
    // Empty: accumulate is `first ? False : True`. Otherwise the flag is
    // `(v > 0)` over these loops (or-ed): False on the group's first
    // iteration, True on every later one.
    std::vector<const VarNode*> firstIterationLoops;
    bool accumulate = true; // with no loops: True adds, False starts the group
};

struct AccumulationPlan {
    std::unordered_map<const CallNode*, AccumulateFlag> matmuls; // every matmul(..., accum=1)
    std::unordered_set<const CallNode*> droppedClears;           // clears a group's first matmul replaces
    // Instructions the current API cannot print, with why; the printer
    // reports each when it reaches it, so errors keep the kernel's order.
    std::unordered_map<const CallNode*, Diagnostic> errors;
};

// Reads a device function's body in program order. `fallback` locates a
// refusal when neither the call nor a statement around it has a source span
// (the statements a tile op lowers to have none): the function's.
[[nodiscard]] AccumulationPlan planAccumulation(const Stmt& body, const Span& fallback);

} // namespace tirx
