// TrnPrivateTensorAlloc creates the scratch tensors ("workspaces") that some
// tile ops need and the user did not pass: a constant-bias tile for
// activations with a constant bias (filled once by a tensorized memset), a
// partial-reduce tile for reductions that need two stages, and a PSUM
// accumulator for matmuls into SBUF. The rules live in workspace_rules.cpp;
// this file walks the function, then allocates the workspaces at the root of
// the first device_entry region and attaches them to the calls by keyword, so
// the later dispatch finds them (chapter 03 §2, chapter 05 §3).

#include "analysis/int_bounds.h"
#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "transform/passes.h"
#include "transform/workspace_rules.h"

#include <map>

namespace tirx {

namespace {

// Walks the statements in program order, recording the range of every loop
// met so far (the reference never forgets one) and applying the workspace
// rules to each tile call. Expressions hold no tile calls and are not walked;
// the loop ranges are worked out only once a tile call needs them.
class Collector final : public IrMutator {
public:
    Collector() : IrMutator(Walk::StatementsOnly) {}

    WorkspaceTable table;
    std::vector<Diagnostic> diagnostics;

protected:
    Stmt mutateFor(const Stmt& self, const ForNode& s) override
    {
        m_pendingLoops.push_back(&s);
        return IrMutator::mutateFor(self, s);
    }

    Stmt mutateEvaluate(const Stmt& self, const EvaluateNode& s) override
    {
        const auto* c = as<CallNode>(s.value());
        if (!c) return self;
        const auto* callable = findCallableByOp(c->op());
        if (!callable || callable->kind != CallableKind::TileOp) return self;
        Expr rebuilt = attachWorkspaces(*c, *callable, self->span(), table, ranges(), diagnostics);
        if (!rebuilt) return self;
        return makeEvaluate(rebuilt, self->span());
    }

private:
    VarRanges m_ranges;
    std::vector<const ForNode*> m_pendingLoops; // met, in order, not yet in m_ranges

    // The ranges of every loop met so far, each bounded with the ranges of
    // the loops met before it.
    const VarRanges& ranges()
    {
        for (const ForNode* loop : m_pendingLoops) {
            const auto lo = constIntBound(loop->begin(), m_ranges);
            const auto hi = constIntBound(loop->end(), m_ranges);
            if (lo.min != IntBound::kNegInf && hi.max != IntBound::kPosInf && hi.max > lo.min)
                m_ranges[loop->var().get()] = VarRange{lo.min, hi.max - lo.min};
        }
        m_pendingLoops.clear();
        return m_ranges;
    }
};

// Re-points calls at replaced const-bias tiles.
class Repoint final : public IrMutator {
public:
    explicit Repoint(const std::map<const VarNode*, Var>& replaced) : m_replaced(replaced) {}

protected:
    Expr mutateVar(const Var& v) override
    {
        auto it = m_replaced.find(v.get());
        while (it != m_replaced.end()) {
            auto next = m_replaced.find(it->second.get());
            if (next == m_replaced.end()) return it->second;
            it = next;
        }
        return v;
    }

private:
    const std::map<const VarNode*, Var>& m_replaced;
};

// Puts the allocations (in creation order), then the inits (later ones
// first, as the reference's nesting of replace points produces) at the root
// of the first device_entry region.
class Inject final : public IrMutator {
public:
    explicit Inject(const std::vector<Workspace>& ws) : m_ws(ws) {}

    [[nodiscard]] bool placed() const { return m_done; }

protected:
    Stmt mutateRegion(const Stmt& self, const RegionNode& s) override
    {
        if (m_done || s.op() != kDeviceEntry) return IrMutator::mutateRegion(self, s);
        m_done = true;
        std::vector<Stmt> stmts;
        for (const auto& w : m_ws) stmts.push_back(w.alloc);
        for (auto it = m_ws.rbegin(); it != m_ws.rend(); ++it) {
            if (it->init) stmts.push_back(it->init);
        }
        stmts.push_back(s.body());
        return makeRegion(s.op(), s.args(), s.attrs(), makeSeq(std::move(stmts)), self->span());
    }

private:
    const std::vector<Workspace>& m_ws;
    bool m_done = false;
};

PassResult run(const ModuleRef& module, const PassContext& ctx)
{
    return mapFunctions(module, [&ctx](const FunctionRef& fn, std::vector<Diagnostic>& diags) -> FunctionRef {
        if (!requireTarget(*fn, ctx, "TrnPrivateTensorAlloc", diags)) return fn;
        Collector collector;
        auto body = collector.mutateStmt(fn->body());
        diags.insert(diags.end(), collector.diagnostics.begin(), collector.diagnostics.end());
        if (body == fn->body()) return fn;
        if (!collector.table.replaced().empty()) body = Repoint{collector.table.replaced()}.mutateStmt(body);
        Inject inject{collector.table.workspaces()};
        body = inject.mutateStmt(body);
        if (!inject.placed() && !collector.table.workspaces().empty()) {
            // The reference drops the allocations silently and still rewrites
            // the calls; say why their workspaces are undefined.
            diags.push_back({Diagnostic::Severity::Warning,
                             "the function has no T.device_entry() region, so the " +
                                 std::to_string(collector.table.workspaces().size()) +
                                 " workspace(s) attached to its tile calls are not allocated; add T.device_entry()",
                             fn->span()});
        }
        return fn->withBody(body);
    });
}

} // namespace

PassInfo trnPrivateTensorAllocPass()
{
    return {"TrnPrivateTensorAlloc",
            "Allocate the workspaces tile ops need (const_bias, partial_reduce, acc_psum) at the device-entry root and "
            "attach them.",
            run,
            {}};
}

} // namespace tirx
