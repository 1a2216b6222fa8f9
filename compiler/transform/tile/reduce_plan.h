#pragma once

#include "analysis/int_bounds.h"
#include "ir/expr.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tirx {

class TileCall;
class WorkspaceTable;

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

// The plan of a reduce tile call, checking the workspaces the user passed
// against the sizes the lowering will index; `partialShape` receives the
// (P_out, rB) shape a partial_reduce tile needs.
[[nodiscard]] ReductionPlan planAndCheckReduction(const TileCall& call, const VarRanges& ranges,
                                                  std::vector<int64_t>& partialShape);

// Partial-reduce rule (chapter 05 §3.4): a (P_out, rB) tile when the
// reduction needs two stages.
void partialReduceRule(TileCall& call, WorkspaceTable& table, const VarRanges& ranges);
// Unary-reduce rule (chapter 05 §3.6). With max_inst_size the partial-reduce
// and const-bias rules apply; without it both workspaces come from the plan:
// the bias tile is (P_dst, instruction size) in dst's dtype and is not shared.
void unaryReduceRule(TileCall& call, WorkspaceTable& table, const VarRanges& ranges);

} // namespace tirx
