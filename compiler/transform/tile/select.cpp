// affine_select (chapter 05 §4.7; reference
// backend/trn/tile_primitive/select/default.py).

#include "analysis/simplify.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "target/hardware.h"
#include "transform/tile/families.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/nest.h"

#include <map>

namespace tirx {

namespace {

constexpr int64_t kMaxInstSize = hw::kDefaultMaxInstSize;

// Replaces the lambda's parameters by the destination's coordinates.
class Apply final : public IrMutator {
public:
    explicit Apply(std::map<const VarNode*, Expr> values) : m_values(std::move(values)) {}

protected:
    Expr mutateVar(const Var& v) override
    {
        auto it = m_values.find(v.get());
        return it == m_values.end() ? v : it->second;
    }

private:
    std::map<const VarNode*, Expr> m_values;
};

// The predicate applied to `axes`: a lambda (tirx.lambda((params), body))
// or a plain boolean expression.
Expr applyPredicate(const TileCall& c, const Expr& pred, const std::vector<Expr>& axes)
{
    const auto* lambda = as<CallNode>(pred);
    if (!lambda || lambda->op() != "tirx.lambda") return pred;
    const auto* params = as<TupleNode>(lambda->args().at(0));
    if (!params || params->fields().size() != axes.size())
        throw TileError("the predicate of '" + std::string(c.name()) +
                        "' must take one parameter per dimension of dst (" + std::to_string(axes.size()) + ")");
    std::map<const VarNode*, Expr> values;
    for (size_t i = 0; i < axes.size(); ++i) values[as<VarNode>(params->fields()[i])] = axes[i];
    return Apply{std::move(values)}.mutateExpr(lambda->args().at(1));
}

class SelectLowering final : public TileLowering {
public:
    [[nodiscard]] Stmt lower(const TileCall& c, const VarRanges& ranges) const override
    {
        c.requireThreadScope("requires thread exec_scope for a Trainium select");
        const Expr dst = c.region("dst");
        Expr onTrue = c.region("true_value");
        Expr onFalse = c.region("false_value");
        if (!as<FloatImmNode>(onTrue) && !as<FloatImmNode>(onFalse))
            throw TileError("'" + std::string(c.name()) +
                            "' expects one of true_value and false_value to be a float constant");
        if (as<FloatImmNode>(onTrue)) {
            std::swap(onTrue, onFalse);
            c.warn("the tensor is given as false_value: the instruction writes the tensor where the predicate holds "
                   "and the constant elsewhere, as the reference lowers it (the predicate is not negated)");
        }
        const auto* dt = operandType(dst);
        const auto* tt = operandType(onTrue);
        if (!as<TensorRegionNode>(dst) || !as<TensorRegionNode>(onTrue) || !dt || !tt)
            throw TileError("'" + std::string(c.name()) + "' expects a tensor region as dst and as the other value");
        if (!dt->isSbuf() || !tt->isSbuf() || !dt->layout() || !tt->layout())
            throw TileError("scope or layout mismatch: '" + std::string(c.name()) +
                            "' needs dst and the tensor value in trn.sbuf with Trainium layouts");

        InstructionPlanner planner(ranges);
        const size_t d = planner.addRegion(dst);
        const size_t t = planner.addRegion(onTrue);
        DimMap map;
        try {
            map = ewiseDimMap(dst, onTrue, ranges);
        } catch (const PlanError&) {
            throw TileError("shape or dimension mismatch between dst and the tensor value of '" +
                            std::string(c.name()) + "'");
        }
        planner.link(d, t, map);
        InstRepr inst = planner.restrictToOneDim(planner.fit(planner.maxInstFromRegion(d), t));
        InstructionPlanner::bound(inst, kMaxInstSize);
        const NestLoops loops;
        const int64_t blocks = bindNest(planner, d, inst, loops);
        const Expr pred = simplify(applyPredicate(c, c.operand("pred"), planner.axes(d)), ranges);
        auto instr = nkiCall(NkiOp::AffineSelect,
                             {element(dst, planner.indices(d)), pred, element(onTrue, planner.indices(t)), onFalse});
        return instructionNest(loops, blocks, planner.partitions(d), inst.size, planner.guard(d), std::move(instr));
    }
};

} // namespace

const TileLowering& selectLowering()
{
    static const SelectLowering lowering;
    return lowering;
}

} // namespace tirx
