// tensorreduce (chapter 05 §4.5, the partial-reduce rule of §3.4; reference
// backend/trn/tile_primitive/reduction/utils.py).

#include "ir/make.h"
#include "layout/layout_algebra.h"
#include "transform/tile/families.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/nest.h"
#include "transform/tile/reduce_plan.h"
#include "transform/workspace_rules.h"

namespace tirx {

namespace {

class ReductionLowering final : public TileLowering {
public:
    void planWorkspaces(TileCall& c, WorkspaceTable& table, const VarRanges& ranges) const override
    {
        partialReduceRule(c, table, ranges);
    }

    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& ranges) const override
    {
        c.requireThreadScope("requires Trainium target and thread exec_scope");
        const std::string opcode = c.instructionReduceOp();
        const Expr dst = c.region("dst");
        const Expr src = c.region("src");
        const auto* dt = operandType(dst);
        const auto* st = operandType(src);
        if (!as<TensorRegionNode>(dst) || !as<TensorRegionNode>(src) || !dt || !st)
            throw TileError("'" + std::string(c.name()) + "' takes tensor regions as dst and src");
        const auto axes = normalizeAxes(c.axes(), st->shape().size());
        const DimMap map = reductionDimMap(src, dst, axes, ranges);
        const bool valid = dt->layout() && st->layout() && (st->isSbuf() || st->isPsum()) && dt->isSbuf() &&
                           isTrainiumLayout(st->layout().get()) && isTrainiumLayout(dt->layout().get()) &&
                           partitionsOf(src) == partitionsOf(dst);
        if (!valid)
            throw TileError("invalid layout: '" + std::string(c.name()) +
                            "' needs an SBUF or PSUM source and an SBUF destination with Trainium layouts of the same "
                            "partition size");
        InstructionPlanner planner(ranges);
        const size_t s = planner.addRegion(src);
        const size_t d = planner.addRegion(dst);
        planner.link(s, d, map);
        InstRepr inst = planner.maxInstFromRegion(s, &axes);
        InstructionPlanner::bound(inst, c.maxInstSize(std::nullopt));
        if (inst.size <= 1)
            throw TileError("'" + std::string(c.name()) +
                            "': the instruction size must be greater than 1 (the reduced axes hold no free run)");
        const bool negate = c.boolQualifier("negate", false);

        const NestLoops loops;
        const Var reductionBlock = loopVar("reduction_b_loop");
        requireOneBank(planner, s, inst);
        planner.bind(s, loops.free, inst.size, inst.stride, true);
        planner.bind(s, loops.partition, planner.partitions(s), 1, false);
        const int64_t reduceBlocks = planner.fillBlock(s, reductionBlock, axes);
        const int64_t spatialBlocks = planner.fillBlock(s, loops.block);
        const int64_t partitions = planner.partitions(s);
        const auto reduce = [&](Expr out, Expr in, bool neg) {
            return nkiCall(NkiOp::TensorReduce,
                           {std::move(out), std::move(in), stringImm(opcode), boolImm(neg), intImm(-1)});
        };
        if (reduceBlocks == 1) {
            auto instr = reduce(element(dst, planner.indices(d)), element(src, planner.indices(s)), negate);
            return instructionNest(loops, spatialBlocks, partitions, inst.size, planner.guard(s), std::move(instr));
        }

        if (!c.has("partial_reduce"))
            throw TileError(
                "the partial reduce tensor must be specified in workspace; run TrnPrivateTensorAlloc first");
        const auto dstPartitions = partitionsOf(dst);
        checkUserWorkspace(c, "partial_reduce", {dstPartitions.value_or(partitions), reduceBlocks}, MemSpace::Sbuf);
        const Expr partial = c.operand("partial_reduce");
        auto first =
            reduce(element(partial, {loops.partition, reductionBlock}), element(src, planner.indices(s)), false);
        auto stage1 = serialLoop(
            reductionBlock, reduceBlocks,
            tensorizedNest(loops.partition, partitions, loops.free, inst.size, planner.guard(s), std::move(first)));
        const Var p2 = loopVar("p_loop");
        const Var f2 = loopVar("f_loop");
        const VarSubst second{{loops.partition.get(), p2}, {loops.free.get(), intImm(0)}, {reductionBlock.get(), f2}};
        auto last = reduce(element(dst, planner.indices(d, second)), element(partial, {p2, f2}), negate);
        auto stage2 = tensorizedNest(p2, partitions, f2, reduceBlocks, planner.guard(s, second), std::move(last));
        return serialLoop(loops.block, spatialBlocks, makeSeq({std::move(stage1), std::move(stage2)}));
    }
};

} // namespace

const TileLowering& reductionLowering()
{
    static const ReductionLowering lowering;
    return lowering;
}

} // namespace tirx
