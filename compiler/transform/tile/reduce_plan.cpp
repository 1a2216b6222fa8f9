#include "transform/tile/reduce_plan.h"

#include "analysis/simplify.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "layout/layout_algebra.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/nest.h"
#include "transform/tile/tile_call.h"
#include "transform/workspace_rules.h"

#include <algorithm>

namespace tirx {

namespace {

const TensorType& typeOf(const Expr& region) { return *as<TensorRegionNode>(region)->tensor()->tensorType(); }

std::string nameOf(const Expr& region) { return as<TensorRegionNode>(region)->tensor()->name(); }

int64_t regionPartitions(const Expr& region)
{
    int64_t p = 1;
    for (const auto& it : typeOf(region).layout()->shard()) {
        if (it.axis == Axis::P()) {
            auto e = constInt(it.extent);
            if (!e) throw PlanError("the partition extent of '" + nameOf(region) + "' is not a constant");
            p *= *e;
        }
    }
    return p;
}

bool onChipLayout(const TensorType& t) { return t.layout() && isTrainiumLayout(t.layout().get()); }

bool sourceScope(const TensorType& t) { return t.isSbuf() || t.isPsum(); }

void requireRegion(const Expr& e, const std::string& what)
{
    if (!as<TensorRegionNode>(e)) throw PlanError(what + " must be a tensor region");
}

// The common tail of the three reductions: cover the planning region with the
// (bounded) instruction and count the reduction blocks left.
ReductionPlan finish(InstructionPlanner& planner, size_t region, const Expr& regionExpr, const InstRepr& inst,
                     const std::vector<size_t>& axes)
{
    ReductionPlan plan;
    plan.partitions = regionPartitions(regionExpr);
    plan.instSize = inst.size;
    // Workspace planning needs the sizes only; the variables are placeholders.
    requireOneBank(planner, region, inst);
    planner.bind(region, loopVar("F"), inst.size, inst.stride, true);
    planner.bind(region, loopVar("P"), plan.partitions, 1, false);
    plan.reductionBlocks = planner.fillBlock(region, loopVar("rB"), axes);
    return plan;
}

} // namespace

ReductionPlan planTensorReduce(const Expr& dst, const Expr& src, const std::vector<int64_t>& axes,
                               std::optional<int64_t> maxInstSize, const VarRanges& ranges)
{
    requireRegion(dst, "the destination");
    requireRegion(src, "the source");
    const auto normalized = normalizeAxes(axes, typeOf(src).shape().size());
    const DimMap map = reductionDimMap(src, dst, normalized, ranges);
    const auto& s = typeOf(src);
    const auto& d = typeOf(dst);
    if (!(onChipLayout(s) && onChipLayout(d) && sourceScope(s) && d.isSbuf()) ||
        regionPartitions(src) != regionPartitions(dst))
        throw PlanError("invalid layout: tensorreduce needs an SBUF or PSUM source and an SBUF destination with "
                        "Trainium layouts of the same partition size");
    InstructionPlanner planner(ranges);
    const size_t si = planner.addRegion(src);
    const size_t di = planner.addRegion(dst);
    planner.link(si, di, map);
    InstRepr inst = planner.maxInstFromRegion(si, &normalized);
    InstructionPlanner::bound(inst, maxInstSize);
    if (inst.size <= 1) throw PlanError("the instruction size must be greater than 1");
    return finish(planner, si, src, inst, normalized);
}

// The operand checks the fused ops share; returns the axes normalised
// against dst, whose values are reduced.
std::vector<size_t> fusedAxes(const Expr& dst, const Expr& reduced, const std::vector<int64_t>& axes)
{
    requireRegion(dst, "the destination");
    requireRegion(reduced, "the reduced output");
    if (!onChipLayout(typeOf(reduced)))
        throw PlanError("invalid layout: '" + nameOf(reduced) + "' needs a Trainium layout");
    return normalizeAxes(axes, typeOf(dst).shape().size());
}

ReductionPlan planTensorScalarReduce(const Expr& dst, const Expr& reduced, const Expr& lhs, const Expr& rhs,
                                     const std::vector<int64_t>& axes, std::optional<int64_t> maxInstSize,
                                     const VarRanges& ranges)
{
    const auto normalized = fusedAxes(dst, reduced, axes);
    InstructionPlanner planner(ranges);
    const PlanOperand d{dst, planner.addRegion(dst)};
    const PlanOperand a = planOperand(planner, lhs, "lhs");
    const PlanOperand b = planOperand(planner, rhs, "rhs");
    const size_t r = planner.addRegion(reduced);
    planner.link(*d.region, r, reductionDimMap(dst, reduced, normalized, ranges));
    std::vector<PlanOperand> srcs{a, b};
    auto nary = findInstNary(planner, d, srcs, normalized, ranges);
    InstructionPlanner::bound(nary.inst, maxInstSize);
    if (!nary.tensorScalar.front())
        throw PlanError("a tensor-tensor step is not supported for a vector reduce: the second operand must be a "
                        "float constant or a per-partition column");
    return finish(planner, *d.region, dst, nary.inst, normalized);
}

ReductionPlan planActivationReduce(const Expr& dst, const Expr& reduced, const Expr& src, const Expr& bias,
                                   const std::vector<int64_t>& axes, std::optional<int64_t> maxInstSize,
                                   const VarRanges& ranges)
{
    requireRegion(src, "the source");
    const auto normalized = fusedAxes(dst, reduced, axes);
    InstructionPlanner planner(ranges);
    const PlanOperand d{dst, planner.addRegion(dst)};
    const PlanOperand s{src, planner.addRegion(src)};
    const bool biasRegion = as<TensorRegionNode>(bias) != nullptr;
    const PlanOperand b{bias, biasRegion ? std::optional<size_t>(planner.addRegion(bias)) : std::nullopt};
    const size_t r = planner.addRegion(reduced);
    planner.link(*d.region, r, reductionDimMap(dst, reduced, normalized, ranges));
    std::vector<PlanOperand> srcs{s, b};
    InstRepr inst = biasRegion ? findInstNary(planner, d, srcs, normalized, ranges).inst
                               : findInstUnary(planner, d, s, normalized, ranges);
    InstructionPlanner::bound(inst, maxInstSize);
    return finish(planner, *d.region, dst, inst, normalized);
}

namespace {

// The lowering's plan in allocation-only mode, read from the call.
ReductionPlan planReduction(const TileCall& c, const VarRanges& ranges)
{
    c.requireThreadScope("requires thread exec_scope on Trainium");
    const auto axes = c.axes();
    const auto max = c.maxInstSize(std::nullopt);
    if (c.op() == TileOp::TensorReduce) return planTensorReduce(c.region("dst"), c.region("src"), axes, max, ranges);
    if (c.op() == TileOp::TensorScalarReduce)
        return planTensorScalarReduce(c.region("dst"), c.region("reduced"), c.region("lhs"), c.region("rhs"), axes, max,
                                      ranges);
    Expr bias = c.operand("bias");
    if (isAbsent(bias))
        bias = floatImm(0.0);
    else if (as<VarNode>(bias))
        bias = c.region("bias");
    return planActivationReduce(c.region("dst"), c.region("reduced"), c.region("src"), bias, axes, max, ranges);
}

// The reduction output: dst for tensorreduce, reduced for the fused ops.
Expr reductionOutput(const TileCall& c)
{
    return c.op() == TileOp::TensorReduce ? c.operand("dst") : c.operand("reduced");
}

bool biasIsRegion(const TileCall& c)
{
    const Expr b = c.region("bias");
    return as<TensorRegionNode>(b) != nullptr;
}

DataType dtypeOf(const Expr& operand)
{
    const auto* t = operandType(operand);
    return t ? t->dtype() : DataType::float32();
}

} // namespace

ReductionPlan planAndCheckReduction(const TileCall& c, const VarRanges& ranges, std::vector<int64_t>& partialShape)
{
    const ReductionPlan plan = planReduction(c, ranges);
    const auto outP = partitionsOf(reductionOutput(c));
    if (!outP) throw TileError("the partition count of the reduction output is not a constant");
    partialShape = {*outP, plan.reductionBlocks};
    if (plan.reductionBlocks != 1 && c.has("partial_reduce"))
        checkUserWorkspace(c, "partial_reduce", partialShape, MemSpace::Sbuf);
    if (c.op() == TileOp::ActivationReduce && !biasIsRegion(c) && c.has("const_bias"))
        checkUserWorkspace(c, "const_bias", {plan.partitions, plan.instSize}, MemSpace::Sbuf);
    return plan;
}

void partialReduceRule(TileCall& c, WorkspaceTable& table, const VarRanges& ranges)
{
    if (c.has("partial_reduce")) return;
    std::vector<int64_t> shape;
    const ReductionPlan plan = planAndCheckReduction(c, ranges, shape);
    if (plan.reductionBlocks == 1) return;
    auto var = table.newWorkspace("partial_reduce", shape, dtypeOf(reductionOutput(c)), MemSpace::Sbuf);
    c.set("partial_reduce", table.add({var, allocStmt(var, {}), nullptr}));
}

void unaryReduceRule(TileCall& c, WorkspaceTable& table, const VarRanges& ranges)
{
    if (c.maxInstSize(std::nullopt)) {
        partialReduceRule(c, table, ranges);
        constBiasRule(c, table, *c.maxInstSize(std::nullopt));
        return;
    }
    if (c.has("const_bias") && c.has("partial_reduce")) return;
    std::vector<int64_t> partialShape;
    const ReductionPlan plan = planAndCheckReduction(c, ranges, partialShape);
    const bool needsPartial = plan.reductionBlocks != 1 && !c.has("partial_reduce");
    const bool needsBias = !biasIsRegion(c) && !c.has("const_bias");
    if (needsPartial) {
        auto var = table.newWorkspace("partial_reduce", partialShape, dtypeOf(c.operand("reduced")), MemSpace::Sbuf);
        c.set("partial_reduce", table.add({var, allocStmt(var, {}), nullptr}));
    }
    if (needsBias) {
        const Expr value = c.scalar("bias", 0.0);
        auto var = table.newWorkspace("const_bias", {plan.partitions, plan.instSize}, dtypeOf(c.operand("dst")),
                                      MemSpace::Sbuf);
        c.set("const_bias",
              table.add({var, allocStmt(var, {}), memsetInit(var, plan.partitions, plan.instSize, value)}));
    }
}

} // namespace tirx
