// tensortensor and tensorscalar (chapter 05 §4.4; reference
// backend/trn/tile_primitive/binary/).

#include "ir/make.h"
#include "target/hardware.h"
#include "transform/tile/families.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/nest.h"

namespace tirx {

namespace {

constexpr int64_t kDefaultMaxInstSize = hw::kDefaultMaxInstSize;

// A source operand as the planner takes it: a region (a bare tensor widened)
// or a float constant; an integer constant is refused by name.
PlanOperand source(const TileCall& c, InstructionPlanner& planner, std::string_view slot)
{
    const Expr e = c.region(slot);
    if (as<IntImmNode>(e))
        throw TileError("'" + std::string(c.name()) + "' needs a float constant as " + std::string(slot) +
                        " (write 1.0 or T.float32(1), not an integer)");
    return planOperand(planner, e, "the " + std::string(slot) + " operand of '" + std::string(c.name()) + "'");
}

class BinaryLowering final : public TileLowering {
public:
    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& ranges) const override
    {
        c.requireThreadScope("requires Trainium target and thread exec_scope");
        const std::string opcode = c.stringQualifier("opcode", "add");
        if (!lowersOpcode(opcode, OpcodeUse::Alu))
            throw TileError("unsupported binary operation '" + opcode +
                            "': the opcode must be add, sub, mul, max or min");
        const Expr dst = c.region("dst");
        if (!as<TensorRegionNode>(dst)) throw TileError("'" + std::string(c.name()) + "' writes a tensor region");
        InstructionPlanner planner(ranges);
        const PlanOperand d{dst, planner.addRegion(dst)};
        std::vector<PlanOperand> srcs{source(c, planner, "lhs"), source(c, planner, "rhs")};
        NaryPlan plan = findInstNary(planner, d, srcs, {}, ranges);
        const bool scalar = plan.tensorScalar.front();
        const TileOp required = scalar ? TileOp::TensorScalar : TileOp::TensorTensor;
        if (c.op() != required)
            throw TileError("'" + std::string(c.name()) + "' operands require T.trn.tile." +
                            std::string(tileOpInfo(required).name) + ": " +
                            (scalar ? "the second operand is a constant or is read once per partition"
                                    : "both operands are read element by element"));
        InstructionPlanner::bound(plan.inst, c.maxInstSize(kDefaultMaxInstSize));
        const NestLoops loops;
        const int64_t blocks = bindNest(planner, *d.region, plan.inst, loops);
        const auto read = [&](const PlanOperand& o) {
            return o.isConst() ? o.expr : element(o.expr, planner.indices(*o.region));
        };
        std::vector<Expr> args{element(dst, planner.indices(*d.region)), read(srcs[0]), read(srcs[1]),
                               stringImm(opcode)};
        if (scalar) args.push_back(boolImm(plan.reversed));
        return instructionNest(loops, blocks, planner.partitions(*d.region), plan.inst.size, planner.guard(*d.region),
                               nkiCall(scalar ? NkiOp::TensorScalar : NkiOp::TensorTensor, std::move(args)));
    }
};

} // namespace

const TileLowering& binaryLowering()
{
    static const BinaryLowering lowering;
    return lowering;
}

} // namespace tirx
