#pragma once

#include "analysis/int_bounds.h"
#include "ir/expr.h"

#include <unordered_map>

namespace tirx {

// Arithmetic simplification in the reference's output forms (apache/tvm
// Analyzer::Simplify: canonical sums of split terms plus the rewrite rules
// that matter for Trainium kernels). `ranges` holds the loop variables in
// scope; a variable whose range has extent 1 is replaced by its value.
//
// What it does: constant folding; sums in canonical order (terms by
// decreasing coefficient, constant last, subtractions after additions);
// floordiv/floormod of sums split by divisibility and decided by bounds,
// e.g. `(i*128 + p) // 128` → `i` when 0 ≤ p < 128; min/max, comparisons,
// `and`/`or`/`not` and `Select` decided by bounds where possible; `x > y`
// printed as `y < x` as the reference does.
//
// `bindings` maps scalar variables bound to pure values (`x = i * 2`) to
// those values; the reference's analyzer substitutes them the same way.
using VarBindings = std::unordered_map<const VarNode*, Expr>;
[[nodiscard]] Expr simplify(const Expr& e, const VarRanges& ranges = {}, const VarBindings* bindings = nullptr);

// No calls and no tensor reads inside: a value the analyzer may substitute
// for its variable.
[[nodiscard]] bool isPureScalar(const Expr& e);

// True when `cond` simplifies to a true constant.
[[nodiscard]] bool canProve(const Expr& cond, const VarRanges& ranges = {});

} // namespace tirx
