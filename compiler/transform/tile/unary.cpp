// memset, reciprocal and activation (chapter 05 §4.2, §4.3, the const-bias
// rule of §3.3; reference backend/trn/tile_primitive/unary/).

#include "ir/make.h"
#include "target/hardware.h"
#include "transform/tile/families.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/nest.h"
#include "transform/workspace_rules.h"

namespace tirx {

namespace {

constexpr int64_t kDefaultMaxInstSize = hw::kDefaultMaxInstSize;

std::string floatRule(const TileCall& c, std::string_view operand)
{
    return "'" + std::string(c.name()) + "' needs a float constant as " + std::string(operand) +
           " (write 0.0 or T.float32(0), not an integer)";
}

class UnaryLowering final : public TileLowering {
public:
    void planWorkspaces(TileCall& c, WorkspaceTable& table, const VarRanges& /*ranges*/) const override
    {
        if (c.op() != TileOp::Activation) return;
        constBiasRule(c, table, c.maxInstSize(kDefaultMaxInstSize).value_or(kDefaultMaxInstSize));
    }

    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& ranges) const override
    {
        c.requireThreadScope("requires Trainium target and thread exec_scope");
        const Expr dst = c.region("dst");
        const Expr src = c.region("src");
        if (!as<TensorRegionNode>(dst)) throw TileError("'" + std::string(c.name()) + "' writes a tensor region");
        InstructionPlanner planner(ranges);
        const PlanOperand d{dst, planner.addRegion(dst)};
        if (c.op() == TileOp::Memset) {
            if (!as<FloatImmNode>(src)) throw TileError(floatRule(c, "the fill value (src)"));
            return emit(c, planner, d, findInstUnary(planner, d, d, {}, ranges), [&](const Expr& out) {
                return nkiCall(NkiOp::Memset, {out, src});
            });
        }
        if (!as<TensorRegionNode>(src)) {
            if (as<FloatImmNode>(src))
                throw TileError("'" + std::string(c.name()) + "' does not take a constant as its source");
            throw TileError("'" + std::string(c.name()) + "' reads a tensor region as src");
        }
        if (c.op() == TileOp::Reciprocal) {
            const PlanOperand s{src, planner.addRegion(src)};
            return emit(c, planner, d, findInstUnary(planner, d, s, {}, ranges), [&](const Expr& out) {
                return nkiCall(NkiOp::Reciprocal, {out, element(src, planner.indices(*s.region))});
            });
        }
        return activation(c, planner, d, src, ranges);
    }

private:
    template <class MakeInstr>
    static Stmt emit(const TileCall& c, InstructionPlanner& planner, const PlanOperand& d, InstRepr inst,
                     MakeInstr&& make, const NestLoops& loops = {})
    {
        InstructionPlanner::bound(inst, c.maxInstSize(kDefaultMaxInstSize));
        const int64_t blocks = bindNest(planner, *d.region, inst, loops);
        auto instr = make(element(d.expr, planner.indices(*d.region)));
        return instructionNest(loops, blocks, planner.partitions(*d.region), inst.size, planner.guard(*d.region),
                               std::move(instr));
    }

    static Stmt activation(const TileCall& c, InstructionPlanner& planner, const PlanOperand& d, const Expr& src,
                           const VarRanges& ranges)
    {
        const std::string opcode = c.stringQualifier("opcode", "exp");
        if (!lowersOpcode(opcode, OpcodeUse::Activation))
            throw TileError("unsupported activation operation '" + opcode + "': the opcode must be exp or sqrt");
        const Expr scale = c.scalar("scale", 1.0);
        Expr bias = c.operand("bias");
        if (isAbsent(bias))
            bias = floatImm(0.0);
        else if (as<VarNode>(bias))
            bias = c.region("bias");
        const PlanOperand s{src, planner.addRegion(src)};
        InstRepr inst;
        std::optional<size_t> biasRegion;
        if (as<TensorRegionNode>(bias)) {
            biasRegion = planner.addRegion(bias);
            std::vector<PlanOperand> srcs{s, {bias, biasRegion}};
            inst = findInstNary(planner, d, srcs, {}, ranges).inst;
        } else if (as<FloatImmNode>(bias)) {
            inst = findInstUnary(planner, d, s, {}, ranges);
        } else {
            throw TileError("the bias of '" + std::string(c.name()) + "' must be a float constant or a tensor region");
        }
        const NestLoops loops;
        InstructionPlanner::bound(inst, c.maxInstSize(kDefaultMaxInstSize));
        Expr biasTensor;
        if (!biasRegion) {
            if (!c.has("const_bias"))
                throw TileError("the constant bias tensor must be specified in workspace; run TrnPrivateTensorAlloc "
                                "first");
            checkUserWorkspace(c, "const_bias", {planner.partitions(*d.region), inst.size}, MemSpace::Sbuf);
            biasTensor = c.operand("const_bias");
        }
        return emit(
            c, planner, d, inst,
            [&](const Expr& out) {
                const Expr b = biasRegion ? element(bias, planner.indices(*biasRegion))
                                          : element(biasTensor, {loops.partition, loops.free});
                return nkiCall(NkiOp::Activation,
                               {out, element(src, planner.indices(*s.region)), stringImm(opcode), b, scale});
            },
            loops);
    }
};

} // namespace

const TileLowering& unaryLowering()
{
    static const UnaryLowering lowering;
    return lowering;
}

} // namespace tirx
