// TileDispatch replaces every T.trn.tile.* call by the T.nki.* instruction
// nests that implement it (chapter 05), then removes the first device_entry
// region, splicing its body in place. The per-family lowerings live in
// transform/tile/; a call a lowering rejects is reported at its source
// location and left in place. The statements a call becomes carry its place.

#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "transform/passes.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/tile_lowering.h"

namespace tirx {

namespace {

// `s` with its instructions placed at `span`: a lowering makes its
// statements without a place, and the instructions it made get the tile
// call's, so the NKI source map, the simulator's reports and later passes'
// diagnostics point at the call a kernel line came from. The loops, binds
// and sequences around instructions keep no place, which is how the IR
// graph and the memory plan tell what a pass made; within an instruction
// (a tensorized region) everything is placed.
Stmt placedAt(const Stmt& s, const Span& span, bool withinInstruction = false)
{
    if (!s) return s;
    const bool placed = s->span().valid();
    const Span own = placed || !withinInstruction ? s->span() : span;
    switch (s->kind()) {
    case StmtKind::Seq: {
        const auto& n = static_cast<const SeqStmtNode&>(*s);
        std::vector<Stmt> stmts;
        stmts.reserve(n.stmts().size());
        for (const auto& child : n.stmts()) stmts.push_back(placedAt(child, span, withinInstruction));
        return makeSeq(std::move(stmts), own);
    }
    case StmtKind::For: {
        const auto& n = static_cast<const ForNode&>(*s);
        return makeFor({n.var(), n.begin(), n.end(), n.step(), n.forKind(), placedAt(n.body(), span, withinInstruction),
                        n.annotations()},
                       own);
    }
    case StmtKind::If: {
        const auto& n = static_cast<const IfNode&>(*s);
        return makeIf(n.cond(), placedAt(n.thenBody(), span, withinInstruction),
                      placedAt(n.elseBody(), span, withinInstruction), own);
    }
    case StmtKind::Region: {
        const auto& n = static_cast<const RegionNode&>(*s);
        const bool instruction = withinInstruction || n.op() == kTensorizedInstruction;
        return makeRegion(n.op(), n.args(), n.attrs(), placedAt(n.body(), span, instruction),
                          placed ? s->span() : span);
    }
    case StmtKind::Evaluate: return placed ? s : makeEvaluate(static_cast<const EvaluateNode&>(*s).value(), span);
    case StmtKind::TensorStore: {
        const auto& n = static_cast<const TensorStoreNode&>(*s);
        return placed ? s : makeStore(n.tensor(), n.value(), n.indices(), span);
    }
    default: return s;
    }
}

// Tile calls are whole statements; expressions are not walked. The ranges
// of the loops around a call bound its symbolic extents.
class Dispatch final : public IrMutator {
public:
    Dispatch() : IrMutator(Walk::StatementsOnly) {}

    std::vector<Diagnostic> diagnostics;

protected:
    Stmt mutateFor(const Stmt& self, const ForNode& s) override
    {
        const auto lo = constIntBound(s.begin(), m_ranges);
        const auto hi = constIntBound(s.end(), m_ranges);
        const bool bounded = lo.min != IntBound::kNegInf && hi.max != IntBound::kPosInf && hi.max > lo.min;
        if (bounded) m_ranges[s.var().get()] = VarRange{lo.min, hi.max - lo.min};
        auto out = IrMutator::mutateFor(self, s);
        m_ranges.erase(s.var().get());
        return out;
    }

    Stmt mutateEvaluate(const Stmt& self, const EvaluateNode& s) override
    {
        const auto* c = as<CallNode>(s.value());
        if (!c) return self;
        const auto* callable = findCallableByOp(c->op());
        if (!callable || callable->kind != CallableKind::TileOp) return self;
        const TileCall call(*c, *callable);
        try {
            auto lowered = tileLowering(call.op()).lower(call, m_ranges);
            for (const auto& w : call.warnings())
                diagnostics.push_back(
                    {Diagnostic::Severity::Warning, std::string(callable->name) + ": " + w, self->span()});
            return placedAt(lowered, self->span());
        } catch (const TileError& e) {
            diagnostics.push_back({Diagnostic::Severity::Error, e.what(), self->span()});
        } catch (const PlanError& e) {
            diagnostics.push_back({Diagnostic::Severity::Error,
                                   "cannot lower '" + std::string(callable->name) + "': " + e.what(), self->span()});
        }
        return self;
    }

    Stmt mutateRegion(const Stmt& self, const RegionNode& s) override
    {
        auto lowered = IrMutator::mutateRegion(self, s);
        if (m_entrySeen || s.op() != kDeviceEntry) return lowered;
        m_entrySeen = true;
        return static_cast<const RegionNode&>(*lowered).body();
    }

private:
    VarRanges m_ranges;
    bool m_entrySeen = false;
};

PassResult run(const ModuleRef& module, const PassContext& ctx)
{
    return mapFunctions(module, [&ctx](const FunctionRef& fn, std::vector<Diagnostic>& diags) -> FunctionRef {
        if (!requireTarget(*fn, ctx, "TileDispatch", diags)) return fn;
        Dispatch dispatch;
        return mutateBody(fn, dispatch, diags);
    });
}

} // namespace

PassInfo tileDispatchPass()
{
    return {"TileDispatch",
            "Lower T.trn.tile.* calls to T.nki.* instruction nests and drop the device_entry marker.",
            run,
            {}};
}

} // namespace tirx
