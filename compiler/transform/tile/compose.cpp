// The compose ops: scalar_tensor_scalar, scalar_tensor_tensor,
// tensorscalar_reduce and activation_reduce (chapter 05 §4.8–§4.10, the
// workspace rules of §3.4 and §3.6; reference
// backend/trn/tile_primitive/compose_op/).

#include "ir/make.h"
#include "layout/layout_algebra.h"
#include "target/hardware.h"
#include "transform/tile/families.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/nest.h"
#include "transform/tile/reduce_plan.h"
#include "transform/workspace_rules.h"

namespace tirx {

namespace {

constexpr int64_t kDefaultMaxInstSize = hw::kDefaultMaxInstSize;

std::string aluOpcode(const TileCall& c, std::string_view key, std::string_view fallback)
{
    std::string op = c.stringQualifier(key, fallback);
    if (lowersOpcode(op, OpcodeUse::Alu)) return op;
    throw TileError("unsupported operation '" + op + "' for " + std::string(key) + " of '" + std::string(c.name()) +
                    "': it must be add, sub, mul, max or min");
}

PlanOperand source(const TileCall& c, InstructionPlanner& planner, std::string_view slot)
{
    const Expr e = c.region(slot);
    if (as<IntImmNode>(e))
        throw TileError("'" + std::string(c.name()) + "' needs a float constant as " + std::string(slot) +
                        " (write 1.0 or T.float32(1), not an integer)");
    return planOperand(planner, e, "the " + std::string(slot) + " operand of '" + std::string(c.name()) + "'");
}

Expr readOperand(const InstructionPlanner& planner, const PlanOperand& o)
{
    return o.isConst() ? o.expr : element(o.expr, planner.indices(*o.region));
}

Expr destination(const TileCall& c, std::string_view slot)
{
    Expr e = c.region(slot);
    const auto* t = operandType(e);
    if (!as<TensorRegionNode>(e) || !t || !t->layout() || !isTrainiumLayout(t->layout().get()))
        throw TileError("'" + std::string(c.name()) + "' writes " + std::string(slot) +
                        " as a tensor region with a Trainium layout");
    return e;
}

// The reduce tail both fused reductions share: one instruction per spatial
// block writing `reduced`, or the partial sums of each reduction block
// through partial_reduce and a tensorreduce over them (§4.9, §4.10).
class FusedReduce {
public:
    FusedReduce(const TileCall& c, InstructionPlanner& planner, size_t dst, size_t reduced,
                const std::vector<size_t>& axes, const InstRepr& inst)
        : m_call(c), m_planner(planner), m_dst(dst), m_reduced(reduced), m_inst(inst)
    {
        planner.bind(dst, m_loops.partition, planner.partitions(dst), 1, false);
        requireOneBank(planner, dst, inst);
        planner.bind(dst, m_loops.free, inst.size, inst.stride, true);
        m_reduceBlocks = planner.fillBlock(dst, m_reductionBlock, axes);
        m_spatialBlocks = planner.fillBlock(dst, m_loops.block);
    }

    [[nodiscard]] const NestLoops& loops() const { return m_loops; }

    // The element the first stage reduces into.
    [[nodiscard]] Expr target() const
    {
        if (m_reduceBlocks == 1) return element(m_planner.region(m_reduced), m_planner.indices(m_reduced));
        return element(partial(), {m_loops.partition, m_reductionBlock});
    }

    [[nodiscard]] Stmt build(Stmt instruction, const std::string& reduceOp) const
    {
        const int64_t partitions = m_planner.partitions(m_dst);
        const Expr guard = m_planner.guard(m_dst);
        if (m_reduceBlocks == 1)
            return instructionNest(m_loops, m_spatialBlocks, partitions, m_inst.size, guard, std::move(instruction));
        auto stage1 = serialLoop(
            m_reductionBlock, m_reduceBlocks,
            tensorizedNest(m_loops.partition, partitions, m_loops.free, m_inst.size, guard, std::move(instruction)));
        const Var p2 = loopVar("p_loop");
        const Var f2 = loopVar("f_loop");
        const VarSubst second{{m_loops.partition.get(), p2}};
        auto last = nkiCall(NkiOp::TensorReduce,
                            {element(m_planner.region(m_reduced), m_planner.indices(m_reduced, second)),
                             element(partial(), {p2, f2}), stringImm(reduceOp), boolImm(false), intImm(-1)});
        auto stage2 =
            tensorizedNest(p2, partitions, f2, m_reduceBlocks, m_planner.guard(m_reduced, second), std::move(last));
        return serialLoop(m_loops.block, m_spatialBlocks, makeSeq({std::move(stage1), std::move(stage2)}));
    }

private:
    [[nodiscard]] Expr partial() const
    {
        if (!m_call.has("partial_reduce"))
            throw TileError(
                "the partial reduce tensor must be specified in workspace; run TrnPrivateTensorAlloc first");
        const auto p = partitionsOf(m_planner.region(m_reduced));
        checkUserWorkspace(m_call, "partial_reduce", {p.value_or(1), m_reduceBlocks}, MemSpace::Sbuf);
        return m_call.operand("partial_reduce");
    }

    const TileCall& m_call;
    InstructionPlanner& m_planner;
    size_t m_dst;
    size_t m_reduced;
    InstRepr m_inst;
    NestLoops m_loops;
    Var m_reductionBlock = loopVar("reduction_b_loop");
    int64_t m_reduceBlocks = 1;
    int64_t m_spatialBlocks = 1;
};

class ComposeLowering final : public TileLowering {
public:
    void planWorkspaces(TileCall& c, WorkspaceTable& table, const VarRanges& ranges) const override
    {
        if (c.op() == TileOp::TensorScalarReduce) partialReduceRule(c, table, ranges);
        if (c.op() == TileOp::ActivationReduce) unaryReduceRule(c, table, ranges);
    }

    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& ranges) const override
    {
        c.requireThreadScope("requires Trainium target and thread exec_scope");
        if (c.op() == TileOp::TensorScalarReduce) return tensorScalarReduce(c, ranges);
        if (c.op() == TileOp::ActivationReduce) return activationReduce(c, ranges);
        return chain(c, ranges);
    }

private:
    static Stmt chain(const TileCall& c, const VarRanges& ranges)
    {
        const std::string op0 = aluOpcode(c, "op0", "mul");
        const std::string op1 = aluOpcode(c, "op1", "add");
        const Expr dst = destination(c, "dst");
        InstructionPlanner planner(ranges);
        const PlanOperand d{dst, planner.addRegion(dst)};
        std::vector<PlanOperand> srcs{source(c, planner, "data"), source(c, planner, "operand0"),
                                      source(c, planner, "operand1")};
        NaryPlan plan = findInstNary(planner, d, srcs, {}, ranges);
        if (!plan.tensorScalar[0])
            throw TileError("the first operator of '" + std::string(c.name()) +
                            "' must be a tensor-scalar operator: operand0 must be a float constant or a per-partition "
                            "column");
        // The reference swaps data and operand0 back after planning, so the
        // instruction keeps the user's order and only carries reverse0.
        if (plan.reversed) {
            std::swap(srcs[0], srcs[1]);
            c.warn("data is the smaller operand: the instruction keeps data and operand0 in the order given and sets "
                   "reverse0, as the reference lowers it");
        }
        if (srcs[0].isConst()) throw TileError("'" + std::string(c.name()) + "' cannot take a constant as data");
        const bool scalar = plan.tensorScalar[1];
        const TileOp required = scalar ? TileOp::ScalarTensorScalar : TileOp::ScalarTensorTensor;
        if (c.op() != required)
            throw TileError("'" + std::string(c.name()) + "' operands require T.trn.tile." +
                            std::string(tileOpInfo(required).name));
        InstructionPlanner::bound(plan.inst, c.maxInstSize(kDefaultMaxInstSize));
        const NestLoops loops;
        const int64_t blocks = bindNest(planner, *d.region, plan.inst, loops);
        auto instr = nkiCall(scalar ? NkiOp::ScalarTensorScalar : NkiOp::ScalarTensorTensor,
                             {element(dst, planner.indices(*d.region)), readOperand(planner, srcs[0]),
                              readOperand(planner, srcs[1]), readOperand(planner, srcs[2]), stringImm(op0),
                              stringImm(op1), boolImm(plan.reversed), boolImm(c.boolQualifier("reverse1", false))});
        return instructionNest(loops, blocks, planner.partitions(*d.region), plan.inst.size, planner.guard(*d.region),
                               std::move(instr));
    }

    static Stmt tensorScalarReduce(const TileCall& c, const VarRanges& ranges)
    {
        const std::string opcode = aluOpcode(c, "opcode", "add");
        const std::string reduceOp = c.instructionReduceOp();
        const Expr dst = destination(c, "dst");
        const Expr reduced = destination(c, "reduced");
        const auto axes = normalizeAxes(c.axes(), operandType(dst)->shape().size());
        InstructionPlanner planner(ranges);
        const PlanOperand d{dst, planner.addRegion(dst)};
        std::vector<PlanOperand> srcs{source(c, planner, "lhs"), source(c, planner, "rhs")};
        const size_t r = planner.addRegion(reduced);
        planner.link(*d.region, r, reductionDimMap(dst, reduced, axes, ranges));
        NaryPlan plan = findInstNary(planner, d, srcs, axes, ranges);
        InstructionPlanner::bound(plan.inst, c.maxInstSize(std::nullopt));
        if (!plan.tensorScalar[0])
            throw TileError("a tensor-tensor step is not supported for a vector reduce: rhs of '" +
                            std::string(c.name()) + "' must be a float constant or a per-partition column");
        const FusedReduce fused(c, planner, *d.region, r, axes, plan.inst);
        auto instr =
            nkiCall(NkiOp::TensorScalarReduce,
                    {fused.target(), element(dst, planner.indices(*d.region)), readOperand(planner, srcs[0]),
                     readOperand(planner, srcs[1]), stringImm(opcode), stringImm(reduceOp), boolImm(plan.reversed)});
        return fused.build(std::move(instr), reduceOp);
    }

    static Stmt activationReduce(const TileCall& c, const VarRanges& ranges)
    {
        const std::string opcode = c.stringQualifier("opcode", "exp");
        if (!lowersOpcode(opcode, OpcodeUse::Activation))
            throw TileError("unsupported activation operation '" + opcode + "': the opcode must be exp or sqrt");
        const std::string reduceOp = c.instructionReduceOp();
        const Expr dst = destination(c, "dst");
        const Expr reduced = destination(c, "reduced");
        const Expr src = c.region("src");
        if (!as<TensorRegionNode>(src)) throw TileError("'" + std::string(c.name()) + "' reads a tensor region as src");
        const Expr scale = c.scalar("scale", 1.0);
        Expr bias = c.operand("bias");
        if (isAbsent(bias))
            bias = floatImm(0.0);
        else if (as<VarNode>(bias))
            bias = c.region("bias");
        const auto axes = normalizeAxes(c.axes(), operandType(dst)->shape().size());
        InstructionPlanner planner(ranges);
        const PlanOperand d{dst, planner.addRegion(dst)};
        const PlanOperand s{src, planner.addRegion(src)};
        std::optional<size_t> biasRegion;
        if (as<TensorRegionNode>(bias))
            biasRegion = planner.addRegion(bias);
        else if (!as<FloatImmNode>(bias))
            throw TileError("the bias of '" + std::string(c.name()) + "' must be a float constant or a tensor region");
        const size_t r = planner.addRegion(reduced);
        planner.link(*d.region, r, reductionDimMap(dst, reduced, axes, ranges));
        InstRepr inst;
        if (biasRegion) {
            std::vector<PlanOperand> srcs{s, {bias, biasRegion}};
            inst = findInstNary(planner, d, srcs, axes, ranges).inst;
        } else {
            inst = findInstUnary(planner, d, s, axes, ranges);
        }
        InstructionPlanner::bound(inst, c.maxInstSize(std::nullopt));
        Expr biasTensor;
        if (!biasRegion) {
            if (!c.has("const_bias"))
                throw TileError("the constant bias tensor must be specified in workspace; run TrnPrivateTensorAlloc "
                                "first");
            checkUserWorkspace(c, "const_bias", {planner.partitions(*d.region), inst.size}, MemSpace::Sbuf);
            biasTensor = c.operand("const_bias");
        }
        const FusedReduce fused(c, planner, *d.region, r, axes, inst);
        const Expr b = biasRegion ? element(bias, planner.indices(*biasRegion))
                                  : element(biasTensor, {fused.loops().partition, fused.loops().free});
        auto instr = nkiCall(NkiOp::ActivationReduce, {fused.target(), element(dst, planner.indices(*d.region)),
                                                       element(src, planner.indices(*s.region)), stringImm(opcode),
                                                       stringImm(reduceOp), b, scale});
        return fused.build(std::move(instr), reduceOp);
    }
};

} // namespace

const TileLowering& composeLowering()
{
    static const ComposeLowering lowering;
    return lowering;
}

} // namespace tirx
