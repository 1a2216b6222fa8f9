#pragma once

#include "ir/expr.h"

#include <cstdint>
#include <limits>
#include <unordered_map>

namespace tirx {

// The values a loop variable takes: [min, min + extent). Collected from the
// enclosing loops by the passes that simplify.
struct VarRange {
    int64_t min = 0;
    int64_t extent = 1;
};

// Keyed by the variable object: two variables may share a name.
using VarRanges = std::unordered_map<const VarNode*, VarRange>;

// Constant integer bounds of an expression, both ends inclusive, as the
// reference's ConstIntBound analysis computes them (apache/tvm
// src/arith/const_int_bound.cc). kNegInf/kPosInf stand for "unbounded".
struct IntBound {
    static constexpr int64_t kNegInf = std::numeric_limits<int64_t>::min();
    static constexpr int64_t kPosInf = std::numeric_limits<int64_t>::max();
    int64_t min = kNegInf;
    int64_t max = kPosInf;

    [[nodiscard]] bool isConst() const { return min == max; }
};

[[nodiscard]] IntBound constIntBound(const Expr& e, const VarRanges& ranges);

// The full range of an integer dtype (int32 vars without a loop range are
// only known to be int32 values; the reference reasons the same way).
[[nodiscard]] IntBound dtypeBound(DataType dtype);

// Saturating arithmetic on bound ends.
[[nodiscard]] int64_t boundAdd(int64_t a, int64_t b);
[[nodiscard]] int64_t boundMul(int64_t a, int64_t b);

// Floor division / modulo on integers (b != 0).
[[nodiscard]] int64_t floorDivI(int64_t a, int64_t b);
[[nodiscard]] int64_t floorModI(int64_t a, int64_t b);

} // namespace tirx
