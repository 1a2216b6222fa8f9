#pragma once

#include "ir/expr.h"

#include <cstdint>
#include <optional>
#include <unordered_set>
#include <utility>
#include <vector>

namespace tirx {

// An index split into the loop variables of a tensorized instruction and the
// rest: Σ coefficient · v + rest, where rest holds no such variable. The
// current NKI API states each operand as an access pattern, which is exactly
// this split over the tensor's element strides.
struct AffineIndex {
    std::vector<std::pair<const VarNode*, int64_t>> terms; // first-seen order, no zero coefficients
    Expr rest;                                             // an int32 0 when nothing is left

    [[nodiscard]] int64_t coefficient(const VarNode* v) const;
};

// nullopt when a loop variable appears other than linearly (under a
// division, a modulo, a product of two variables, ...).
[[nodiscard]] std::optional<AffineIndex> splitAffine(const Expr& e, const std::unordered_set<const VarNode*>& vars);

// a·scale + b, folding what folds.
[[nodiscard]] AffineIndex combine(const AffineIndex& a, int64_t scale, const AffineIndex& b);

} // namespace tirx
