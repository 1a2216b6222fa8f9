// TileDispatch replaces every T.trn.tile.* call by the T.nki.* instruction
// nests that implement it (chapter 05), then removes the first device_entry
// region, splicing its body in place. The per-family lowerings live in
// transform/tile/; a call a lowering rejects is reported at its source
// location and left in place.

#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "transform/passes.h"
#include "transform/tile/instruction_plan.h"
#include "transform/tile/tile_lowering.h"

namespace tirx {

namespace {

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
            return lowered;
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
