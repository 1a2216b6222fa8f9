// RemoveNoOp drops statements that do nothing: evaluations of expressions
// without side effects, loops that never run or whose body is empty, `if`s
// whose branches are both empty (an `if` with only an else branch becomes
// `if not cond:`), and stores of an element to itself. NKI
// instructions and tile ops have effects and always stay.

#include "ir/functor.h"
#include "ir/make.h"
#include "transform/passes.h"

namespace tirx {

namespace {

bool isEmpty(const Stmt& s)
{
    if (!s) return true;
    const auto* seq = as<SeqStmtNode>(s);
    return seq && seq->stmts().empty();
}

// Pure expressions: no call anywhere inside (every call is treated as opaque).
bool isPure(const Expr& e)
{
    struct Finder final : IrVisitor {
        bool found = false;
        void visitCall(const CallNode&) override { found = true; }
    } finder;
    finder.visitExpr(e);
    return !finder.found;
}

bool sameExpr(const Expr& a, const Expr& b);

bool sameList(const std::vector<Expr>& a, const std::vector<Expr>& b)
{
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (!sameExpr(a[i], b[i])) return false;
    }
    return true;
}

// Syntactic identity, enough to recognise `A[i] = A[i]`.
bool sameExpr(const Expr& a, const Expr& b)
{
    if (a == b) return true;
    if (!a || !b || a->kind() != b->kind() || a->dtype() != b->dtype()) return false;
    if (const auto* x = as<IntImmNode>(a)) return x->value() == as<IntImmNode>(b)->value();
    if (const auto* x = as<BinaryNode>(a)) {
        const auto* y = as<BinaryNode>(b);
        return x->op() == y->op() && sameExpr(x->a(), y->a()) && sameExpr(x->b(), y->b());
    }
    return false;
}

class Remover final : public IrMutator {
protected:
    Stmt mutateEvaluate(const Stmt& self, const EvaluateNode& s) override
    {
        return isPure(s.value()) ? makeSeq({}) : self;
    }

    Stmt mutateStore(const Stmt& self, const TensorStoreNode& s) override
    {
        const auto* load = as<TensorLoadNode>(s.value());
        if (load && load->tensor() == s.tensor() && sameList(load->indices(), s.indices())) return makeSeq({});
        return self;
    }

    Stmt mutateFor(const Stmt& self, const ForNode& s) override
    {
        auto next = IrMutator::mutateFor(self, s);
        const auto& loop = static_cast<const ForNode&>(*next);
        const auto begin = constInt(loop.begin());
        const auto end = constInt(loop.end());
        if (isEmpty(loop.body()) || (begin && end && *end <= *begin)) return makeSeq({});
        return next;
    }

    Stmt mutateIf(const Stmt& self, const IfNode& s) override
    {
        auto next = IrMutator::mutateIf(self, s);
        const auto& branch = static_cast<const IfNode&>(*next);
        if (isEmpty(branch.thenBody()) && isEmpty(branch.elseBody()) && isPure(branch.cond())) return makeSeq({});
        if (branch.elseBody() && isEmpty(branch.elseBody()))
            return makeIf(branch.cond(), branch.thenBody(), nullptr, next->span());
        // Only the else branch does something: it runs when the condition fails.
        if (branch.elseBody() && isEmpty(branch.thenBody()))
            return makeIf(logicalNot(branch.cond(), branch.cond()->span()), branch.elseBody(), nullptr, next->span());
        return next;
    }
};

PassResult run(const ModuleRef& module, const PassContext&)
{
    return mapFunctions(module, [](const FunctionRef& fn, std::vector<Diagnostic>& diags) {
        Remover remover;
        return mutateBody(fn, remover, diags);
    });
}

} // namespace

PassInfo removeNoOpPass()
{
    return {"RemoveNoOp", "Remove statements without effect and provably empty loops and conditions.", run, {}};
}

} // namespace tirx
