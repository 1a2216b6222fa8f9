#pragma once

#include "analysis/int_bounds.h"
#include "ir/expr.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tirx {

// The sizes the reduce tile ops plan before they emit anything (chapter 05
// §4.5, §4.9, §4.10), as the reference's lowerings compute them in
// allocation-only mode: the instruction size, and the number of reduction
// blocks left over. More than one reduction block means a two-stage
// reduction through a (P, rB) partial_reduce workspace; the instruction size
// is the width of activation_reduce's constant-bias tile.
//
// Each function throws PlanError (analysis/instruction_plan.h) with the
// reason when the lowering would reject the call.

struct ReductionPlan {
    int64_t partitions = 1;      // partition count of the planning region
    int64_t instSize = 1;        // free elements per instruction
    int64_t reductionBlocks = 1; // rB: instructions per reduced row
};

// Axes as given (negative counts from the end), normalised against `rank`.
[[nodiscard]] std::vector<size_t> normalizeAxes(const std::vector<int64_t>& axes, size_t rank);

// tensorreduce(dst, src, axes=...): plans on src (§4.5).
[[nodiscard]] ReductionPlan planTensorReduce(const Expr& dst, const Expr& src, const std::vector<int64_t>& axes,
                                             std::optional<int64_t> maxInstSize, const VarRanges& ranges);

// tensorscalar_reduce(dst, reduced, lhs, rhs, axes=...): plans on dst (§4.9).
[[nodiscard]] ReductionPlan planTensorScalarReduce(const Expr& dst, const Expr& reduced, const Expr& lhs,
                                                   const Expr& rhs, const std::vector<int64_t>& axes,
                                                   std::optional<int64_t> maxInstSize, const VarRanges& ranges);

// activation_reduce(dst, reduced, src, bias=..., axes=...): plans on dst
// (§4.10); `bias` is a region or a scalar.
[[nodiscard]] ReductionPlan planActivationReduce(const Expr& dst, const Expr& reduced, const Expr& src,
                                                 const Expr& bias, const std::vector<int64_t>& axes,
                                                 std::optional<int64_t> maxInstSize, const VarRanges& ranges);

} // namespace tirx
