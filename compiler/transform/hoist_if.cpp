// HoistIf (chapter 03 §11) moves an `if` out of the loops its condition does
// not depend on: `for i: for j: if c(i): S` becomes `for i: if c(i): for j: S`.
// As in the reference, the pass is three steps: insert the hoisted conditions,
// then StmtSimplify and RemoveNoOp clean up.
//
// The rules follow the reference:
// * only serial loops with effect-free bounds are destinations; a sequence of
//   several statements, a binding, a region or any other statement is a
//   boundary that hides the loops outside it (their variables count as fixed);
// * a condition moves to just inside the innermost loop whose variable it
//   uses, and only if evaluating it early is safe: no tensor reads, no calls,
//   divisions only by positive constants, no float-to-integer casts;
// * a condition that moves without an else of its own, and with no enclosing
//   else inside the destination, wraps the loop one-sidedly; otherwise the
//   loop is copied into both branches, at most once per loop nest, so that
//   chains of conditions cannot multiply the code.
//
// The reference's StmtSimplify knows, inside `if c:`, that c holds; the
// explorer's does not, so the copies are specialised here: inside the branch
// taken when c holds, the hoisted `if c` becomes its then-branch, and in the
// other its else-branch.
//
// The explorer adds one rule (chapter 03 §11): loops carrying `nki_dim` are
// boundaries too, so the loop nest of a tensorized instruction keeps its
// shape; a condition there that the reference would move gets a warning.

#include "ir/functor.h"
#include "ir/make.h"
#include "transform/passes.h"

#include <deque>
#include <unordered_map>

namespace tirx {

namespace {

bool hasCall(const Expr& e)
{
    struct Finder final : IrVisitor {
        bool found = false;
        void visitCall(const CallNode&) override { found = true; }
    } finder;
    finder.visitExpr(e);
    return finder.found;
}

bool isTensorizedLoop(const ForNode& loop) { return static_cast<bool>(loop.annotations().get("nki_dim")); }

// Whether evaluating a condition before the loops around it is safe: its
// value cannot trap, read memory or cause an effect.
class EarlyEvaluation final : public IrVisitor {
public:
    bool safe = true;

protected:
    void visitCall(const CallNode&) override { safe = false; }
    void visitTensorLoad(const TensorLoadNode&) override { safe = false; }
    void visitTensorRegion(const TensorRegionNode&) override { safe = false; }
    void visitBinary(const BinaryNode& e) override
    {
        const bool division = e.op() == BinaryOp::Div || e.op() == BinaryOp::Mod || e.op() == BinaryOp::FloorDiv ||
                              e.op() == BinaryOp::FloorMod;
        if (division) {
            const auto divisor = constInt(e.b());
            if (!divisor || *divisor <= 0) safe = false;
        }
        IrVisitor::visitBinary(e);
    }

public:
    void visitExpr(const Expr& e) override
    {
        if (!safe || !e) return;
        if (const auto* c = as<CastNode>(e); c && !c->dtype().isFloat() && c->value()->dtype().isFloat()) {
            safe = false;
            return;
        }
        IrVisitor::visitExpr(e);
    }
};

// The variables a condition reads.
class VarCollector final : public IrVisitor {
public:
    std::vector<const VarNode*> vars;

protected:
    void visitVar(const VarNode& v) override { vars.push_back(&v); }
};

// Replaces the `if` statements testing exactly `cond` by the branch `value` selects.
class AssumeCondition final : public IrMutator {
public:
    AssumeCondition(const Expr& cond, bool value) : m_cond(cond), m_value(value) {}
    Expr mutateExpr(const Expr& e) override { return e; }

protected:
    Stmt mutateIf(const Stmt& self, const IfNode& s) override
    {
        if (s.cond() != m_cond) return IrMutator::mutateIf(self, s);
        const Stmt& taken = m_value ? s.thenBody() : s.elseBody();
        return taken ? mutateStmt(taken) : makeSeq({});
    }

private:
    Expr m_cond;
    bool m_value;
};

// A copy of a statement whose loop and bound variables are new, so that both
// copies of a hoisted loop define their own variables (the reference's ConvertSSA).
class FreshDefinitions final : public IrMutator {
protected:
    Expr mutateVar(const Var& v) override
    {
        auto it = m_renamed.find(v.get());
        return it == m_renamed.end() ? v : it->second;
    }

    Stmt mutateFor(const Stmt& self, const ForNode& s) override
    {
        ForNode::Fields f = s.fields();
        f.begin = mutateExpr(s.begin());
        f.end = mutateExpr(s.end());
        f.step = mutateExpr(s.step());
        f.var = renamed(s.var());
        f.body = mutateStmt(s.body());
        bool changed = true;
        f.annotations = mutateAttrs(s.annotations(), changed);
        return makeFor(std::move(f), self->span());
    }

    Stmt mutateBind(const Stmt& self, const BindNode& s) override
    {
        Expr value = mutateExpr(s.value());
        return makeBind(renamed(s.var()), std::move(value), self->span());
    }

private:
    std::unordered_map<const VarNode*, Var> m_renamed;

    Var renamed(const Var& v)
    {
        Var fresh = retypedVar(*v, v->type());
        m_renamed[v.get()] = fresh;
        return fresh;
    }
};

class IfHoister final : public IrMutator {
public:
    std::vector<Diagnostic> diagnostics;

    IfHoister() { m_scopes.emplace_back(); }

    // Conditions are only moved whole; expressions never change.
    Expr mutateExpr(const Expr& e) override { return e; }

    Stmt mutateStmt(const Stmt& s) override
    {
        if (!s) return s;
        switch (s->kind()) {
        case StmtKind::For:
        case StmtKind::If:
        case StmtKind::Seq: return IrMutator::mutateStmt(s);
        case StmtKind::Bind:
        case StmtKind::TensorStore:
        case StmtKind::Evaluate:
        case StmtKind::Break:
        case StmtKind::Continue: return s; // no statements inside
        default: return withNewScope([&] { return IrMutator::mutateStmt(s); });
        }
    }

protected:
    Stmt mutateSeq(const Stmt& self, const SeqStmtNode& s) override
    {
        if (s.stmts().size() == 1) return IrMutator::mutateSeq(self, s);
        return withNewScope([&] { return IrMutator::mutateSeq(self, s); });
    }

    Stmt mutateFor(const Stmt& self, const ForNode& s) override
    {
        const bool effectfulHeader = hasCall(s.begin()) || hasCall(s.end()) || hasCall(s.step());
        if (isTensorizedLoop(s)) {
            m_tensorizedLoops.push_back(s.var().get());
            Stmt out = withNewScope([&] { return IrMutator::mutateFor(self, s); });
            m_tensorizedLoops.pop_back();
            return out;
        }
        if (s.forKind() != ForKind::Serial || effectfulHeader)
            return withNewScope([&] { return IrMutator::mutateFor(self, s); });

        Scope& scope = m_scopes.back();
        if (m_activeLoops++ == 0) m_splitInNest = false;
        LoopState loop{m_elseDepth, {}};
        scope.depths[s.var().get()] = scope.loops.size();
        scope.loops.push_back(&loop);
        Stmt stmt = IrMutator::mutateFor(self, s);
        scope.loops.pop_back();
        scope.depths.erase(s.var().get());
        --m_activeLoops;
        // Conditions p then q, collected in that order, become `if p: if q: loop`.
        for (auto it = loop.conditions.rbegin(); it != loop.conditions.rend(); ++it) {
            const auto& [cond, keepElse] = *it;
            Stmt taken = AssumeCondition(cond, true).mutateStmt(stmt);
            Stmt other;
            if (keepElse) other = AssumeCondition(cond, false).mutateStmt(FreshDefinitions().mutateStmt(stmt));
            stmt = makeIf(cond, taken, other, cond->span());
        }
        return stmt;
    }

    Stmt mutateIf(const Stmt& self, const IfNode& s) override
    {
        Scope& scope = m_scopes.back();
        if (!scope.loops.empty() && hasCall(s.cond()))
            return withNewScope([&] { return IrMutator::mutateIf(self, s); });
        const bool hasElse = static_cast<bool>(s.elseBody());
        if (!scope.loops.empty()) {
            const size_t destination = liftDestination(s.cond());
            if (destination < scope.loops.size()) {
                LoopState* loop = scope.loops[destination];
                const bool keepElse = hasElse || m_elseDepth > loop->elseDepthAtEntry;
                if (!keepElse || !m_splitInNest) {
                    loop->conditions.emplace_back(s.cond(), keepElse);
                    m_splitInNest = m_splitInNest || keepElse;
                }
            }
        } else if (!m_tensorizedLoops.empty()) {
            noteKeptInsideNest(s);
        }
        m_elseDepth += hasElse ? 1 : 0;
        Stmt out = IrMutator::mutateIf(self, s);
        m_elseDepth -= hasElse ? 1 : 0;
        return out;
    }

private:
    struct LoopState {
        int elseDepthAtEntry = 0;
        std::vector<std::pair<Expr, bool>> conditions; // condition, keep an else copy
    };
    struct Scope {
        std::vector<LoopState*> loops; // destinations, outermost first
        std::unordered_map<const VarNode*, size_t> depths;
    };

    // A deque: a loop keeps a reference to its scope while its body pushes more.
    std::deque<Scope> m_scopes;
    std::vector<const VarNode*> m_tensorizedLoops;
    int m_elseDepth = 0;
    int m_activeLoops = 0;
    bool m_splitInNest = false;

    template <class F> Stmt withNewScope(F&& mutate)
    {
        m_scopes.emplace_back();
        Stmt out = mutate();
        m_scopes.pop_back();
        return out;
    }

    // Index of the outermost loop the condition may move out of; the loop
    // count when it may not move at all.
    size_t liftDestination(const Expr& cond) const
    {
        const Scope& scope = m_scopes.back();
        EarlyEvaluation safety;
        safety.visitExpr(cond);
        if (!safety.safe) return scope.loops.size();
        VarCollector collector;
        collector.visitExpr(cond);
        size_t destination = 0;
        for (const VarNode* v : collector.vars) {
            if (auto it = scope.depths.find(v); it != scope.depths.end())
                destination = std::max(destination, it->second + 1);
        }
        return destination;
    }

    // A condition directly inside a tensorized loop nest that does not use the
    // innermost tensorized loop's variable: the reference would move it.
    void noteKeptInsideNest(const IfNode& s)
    {
        EarlyEvaluation safety;
        safety.visitExpr(s.cond());
        if (!safety.safe) return;
        VarCollector collector;
        collector.visitExpr(s.cond());
        const VarNode* innermost = m_tensorizedLoops.back();
        for (const VarNode* v : collector.vars) {
            if (v == innermost) return;
        }
        diagnostics.push_back({Diagnostic::Severity::Warning,
                               "this condition does not depend on loop '" + innermost->name() +
                                   "' but stays inside it: HoistIf does not move conditions out of loops carrying "
                                   "nki_dim, so the instruction nest keeps its shape (the reference would move it)",
                               s.cond()->span()});
    }
};

PassResult insertHoistedIfs(const ModuleRef& module)
{
    return mapFunctions(module, [](const FunctionRef& fn, std::vector<Diagnostic>& diags) {
        IfHoister hoister;
        return mutateBody(fn, hoister, diags);
    });
}

PassResult run(const ModuleRef& module, const PassContext& ctx)
{
    PassResult result = insertHoistedIfs(module);
    // The reference's HoistIf is this sequence; the clean-up runs whether or not anything moved.
    for (const PassInfo& cleanup : {stmtSimplifyPass(), removeNoOpPass()}) {
        PassResult next = cleanup.run(result.module, ctx);
        result.diagnostics.insert(result.diagnostics.end(), next.diagnostics.begin(), next.diagnostics.end());
        result.module = next.module;
    }
    return result;
}

} // namespace

PassInfo hoistIfPass()
{
    return {"HoistIf", "Hoist loop-invariant conditions out of loops, then simplify and remove no-ops.", run, {}};
}

} // namespace tirx
