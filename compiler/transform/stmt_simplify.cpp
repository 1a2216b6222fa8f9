// StmtSimplify (chapter 03 §8) simplifies every scalar expression with the
// ranges of the enclosing loops, so indices and guards reach the forms the
// reference prints, and removes what the simplification decides: an `if`
// whose condition is provable becomes the taken branch, a store of an
// element to itself becomes a no-op. Loops stay (LowerTIRxOpaque removes unit
// loops); allocations and tensor types are left as they are.

#include "analysis/simplify.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "transform/passes.h"

#include <unordered_map>

namespace tirx {

namespace {

class StmtSimplifier final : public IrMutator {
public:
    Expr mutateExpr(const Expr& e) override
    {
        if (!e) return e;
        Expr value = m_strings.empty() ? e : IrMutator::mutateExpr(e);
        return simplify(value, m_ranges, &m_bindings);
    }

protected:
    // Only reached while substituting inlined string binds.
    Expr mutateVar(const Var& v) override
    {
        auto it = m_strings.find(v.get());
        return it == m_strings.end() ? v : it->second;
    }

    Stmt mutateBind(const Stmt& self, const BindNode& s) override
    {
        if (const auto* c = as<CallNode>(s.value())) {
            if (c->op() == kAllocTensor) return self;
            if (c->op() == kDeclTensor) {
                if (c->args().empty()) return self;
                std::vector<Expr> args = c->args();
                args[0] = mutateExpr(args[0]);
                if (args[0] == c->args()[0]) return self;
                return makeBind(s.var(), call(c->op(), std::move(args), c->attrs(), c->dtype(), c->tyArgs(), c->span()),
                                self->span());
            }
        }
        Expr value = mutateExpr(s.value());
        if (as<StringImmNode>(value)) {
            // Strings are inlined into their uses; the bind itself goes.
            m_strings[s.var().get()] = value;
            return makeEvaluate(intImm(0), self->span());
        }
        // The bind stays, and its value is known where the variable is used.
        if (value->dtype().isInt() && isPureScalar(value)) m_bindings[s.var().get()] = value;
        return value == s.value() ? self : makeBind(s.var(), value, self->span());
    }

    Stmt mutateFor(const Stmt& self, const ForNode& s) override
    {
        ForNode::Fields f = s.fields();
        f.begin = mutateExpr(s.begin());
        f.end = mutateExpr(s.end());
        f.step = mutateExpr(s.step());
        const VarNode* key = s.var().get();
        const auto begin = constInt(f.begin);
        const auto end = constInt(f.end);
        if (begin && end) m_ranges[key] = VarRange{*begin, *end - *begin};
        f.body = mutateStmt(s.body());
        m_ranges.erase(key);
        bool changed = f.begin != s.begin() || f.end != s.end() || f.step != s.step() || f.body != s.body();
        f.annotations = mutateAttrs(s.annotations(), changed);
        return changed ? makeFor(std::move(f), self->span()) : self;
    }

    Stmt mutateIf(const Stmt& self, const IfNode& s) override
    {
        Expr cond = mutateExpr(s.cond());
        if (const auto k = constInt(cond)) {
            if (*k != 0) return mutateStmt(s.thenBody());
            return s.elseBody() ? mutateStmt(s.elseBody()) : makeEvaluate(intImm(0), self->span());
        }
        Stmt thenBody = mutateStmt(s.thenBody());
        Stmt elseBody = s.elseBody() ? mutateStmt(s.elseBody()) : nullptr;
        if (cond == s.cond() && thenBody == s.thenBody() && elseBody == s.elseBody()) return self;
        return makeIf(cond, thenBody, elseBody, self->span());
    }

    Stmt mutateStore(const Stmt& self, const TensorStoreNode& s) override
    {
        Stmt next = IrMutator::mutateStore(self, s);
        const auto& store = static_cast<const TensorStoreNode&>(*next);
        const auto* load = as<TensorLoadNode>(store.value());
        if (load && load->tensor() == store.tensor() && load->indices().size() == store.indices().size()) {
            bool same = true;
            for (size_t i = 0; i < store.indices().size() && same; ++i) {
                same = exprEqualForStore(load->indices()[i], store.indices()[i]);
            }
            if (same) return makeEvaluate(intImm(0), self->span());
        }
        return next;
    }

private:
    VarRanges m_ranges;
    VarBindings m_bindings;
    std::unordered_map<const VarNode*, Expr> m_strings;

    static bool exprEqualForStore(const Expr& a, const Expr& b)
    {
        return a == b || isConstInt(simplify(binary(BinaryOp::EQ, a, b)), 1);
    }
};

PassResult run(const ModuleRef& module, const PassContext&)
{
    return mapFunctions(module, [](const FunctionRef& fn, std::vector<Diagnostic>& diags) {
        StmtSimplifier simplifier;
        return mutateBody(fn, simplifier, diags);
    });
}

} // namespace

PassInfo stmtSimplifyPass()
{
    return {"StmtSimplify",
            "Simplify every expression with loop ranges; drop decided conditions and self-stores.",
            run,
            {}};
}

} // namespace tirx
