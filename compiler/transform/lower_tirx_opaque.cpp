// LowerTIRxOpaque (chapter 03 §10) removes unit loops: a loop that runs once
// and carries no annotation is replaced by its body, with the loop variable
// replaced by the loop's start. This is what turns the `b_loop` of a lowered
// tile op into straight-line code before NKI emission. Loops with annotations
// (`nki_dim`) stay even when they run once, because the annotation gives the
// loop a meaning beyond iteration.
//
// The reference also lowers thread-binding loops (GPU only; the explorer's IR
// has none) and moves `pragma_*` annotations into attribute statements, a
// statement kind the explorer's IR does not have: such loops keep their
// annotations and a warning says so.

#include "analysis/simplify.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "transform/passes.h"

#include <unordered_map>

namespace tirx {

namespace {

// A loop runs once when its extent is the constant 1; the step does not
// count, as in the reference, whose loops store their extent.
bool runsOnce(const Expr& begin, const Expr& end)
{
    const auto b = constInt(begin);
    const auto e = constInt(end);
    if (b && e) return *e - *b == 1;
    return isConstInt(simplify(binary(BinaryOp::Sub, end, begin)), 1);
}

bool hasPragma(const Attrs& annotations)
{
    for (const auto& [key, value] : annotations.entries()) {
        if (key.rfind("pragma_", 0) == 0) return true;
    }
    return false;
}

class UnitLoopRemover final : public IrMutator {
public:
    std::vector<Diagnostic> diagnostics;

protected:
    Expr mutateVar(const Var& v) override
    {
        auto it = m_unitLoopValues.find(v.get());
        if (it == m_unitLoopValues.end()) return v;
        const Expr& value = it->second;
        return value->dtype() == v->dtype() ? value : cast(v->dtype(), value, value->span());
    }

    Stmt mutateFor(const Stmt& self, const ForNode& s) override
    {
        ForNode::Fields f = s.fields();
        f.begin = mutateExpr(s.begin());
        f.end = mutateExpr(s.end());
        const bool unit = s.annotations().empty() && runsOnce(f.begin, f.end);
        if (unit) m_unitLoopValues[s.var().get()] = f.begin;
        Stmt body = mutateStmt(s.body());
        if (unit) {
            m_unitLoopValues.erase(s.var().get());
            return body;
        }
        if (hasPragma(s.annotations())) {
            diagnostics.push_back({Diagnostic::Severity::Warning,
                                   "the pragma annotations of loop '" + s.var()->name() +
                                       "' stay on the loop: the reference turns them into attribute statements, "
                                       "which the explorer does not represent",
                                   self->span()});
        }
        f.step = mutateExpr(s.step());
        f.body = std::move(body);
        bool changed = f.begin != s.begin() || f.end != s.end() || f.step != s.step() || f.body != s.body();
        f.annotations = mutateAttrs(s.annotations(), changed);
        return changed ? makeFor(std::move(f), self->span()) : self;
    }

private:
    std::unordered_map<const VarNode*, Expr> m_unitLoopValues;
};

PassResult run(const ModuleRef& module, const PassContext&)
{
    return mapFunctions(module, [](const FunctionRef& fn, std::vector<Diagnostic>& diags) {
        UnitLoopRemover remover;
        return mutateBody(fn, remover, diags);
    });
}

} // namespace

PassInfo lowerTIRxOpaquePass()
{
    return {"LowerTIRxOpaque",
            "Remove unit loops without annotations, replacing their variable by the loop start.",
            run,
            {}};
}

} // namespace tirx
