// TrnNaiveAllocator gives every unaddressed SBUF (and shared) allocation of
// constant size a byte offset within each partition: offsets are handed out
// in program order, starting after the furthest-reaching allocation the user
// already placed. Like the reference it never reuses space and checks no
// capacity; the verifier reports what does not fit, with the tensor's span.

#include "ir/functor.h"
#include "ir/make.h"
#include "memory/alloc_info.h"
#include "transform/passes.h"

#include <algorithm>
#include <unordered_set>

namespace tirx {

namespace {

// Whether the allocator gives `view` an offset (when its size is known).
bool unplaced(const AllocView& view) { return !view.placement && view.placementIsConstant; }

// One walk over the allocations in post-order: the pool starts after the
// furthest-reaching one already placed (chapter 03 §3.2 step 1), and the
// statements holding an unplaced one are noted, so that the rewrite descends
// into those only.
class Survey final : public IrVisitor {
public:
    int64_t poolStart = 0;
    std::unordered_set<const StmtNode*> toRewrite; // unplaced allocations and the statements around them

    void visitExpr(const Expr&) override {}
    void visitStmt(const Stmt& s) override
    {
        m_path.push_back(s.get());
        IrVisitor::visitStmt(s);
        m_path.pop_back();
        auto view = allocView(s);
        if (!view) return;
        if (unplaced(*view)) {
            toRewrite.insert(s.get());
            for (auto it = m_path.rbegin(); it != m_path.rend(); ++it) {
                if (!toRewrite.insert(*it).second) break; // the rest are noted already
            }
        }
        if (!view->placement) return;
        std::string ignored;
        if (auto bytes = allocatorBytes(*view->type, &ignored))
            poolStart = std::max(poolStart, view->placement->back() + *bytes);
    }

private:
    std::vector<const StmtNode*> m_path; // the statements around the one visited
};

// Only allocation statements change; expressions are left unvisited, and so
// is every statement with no unplaced allocation inside.
class Assign final : public IrMutator {
public:
    Assign(int64_t start, const std::unordered_set<const StmtNode*>& toRewrite)
        : IrMutator(Walk::StatementsOnly), m_offset(start), m_toRewrite(toRewrite)
    {
    }
    std::vector<Diagnostic> diagnostics;

    Stmt mutateStmt(const Stmt& s) override { return m_toRewrite.count(s.get()) ? IrMutator::mutateStmt(s) : s; }

protected:
    Stmt mutateBind(const Stmt& self, const BindNode& s) override
    {
        auto view = allocView(self);
        if (!view || !unplaced(*view)) return self;
        std::string error;
        auto bytes = allocatorBytes(*view->type, &error);
        if (!bytes) {
            if (!error.empty()) {
                diagnostics.push_back(
                    {Diagnostic::Severity::Error, "allocation '" + view->var->name() + "' " + error, self->span()});
            }
            return self;
        }
        std::vector<Expr> args = view->call->args();
        auto placement = tuple({intImm(m_offset)});
        if (args.empty())
            args.push_back(placement);
        else
            args.front() = placement;
        m_offset += *bytes;
        auto value = call(view->call->op(), std::move(args), view->call->attrs(), view->call->dtype(),
                          view->call->tyArgs(), view->call->span());
        return makeBind(s.var(), value, self->span());
    }

private:
    int64_t m_offset;
    const std::unordered_set<const StmtNode*>& m_toRewrite;
};

PassResult run(const ModuleRef& module, const PassContext&)
{
    return mapFunctions(module, [](const FunctionRef& fn, std::vector<Diagnostic>& diags) {
        Survey survey;
        survey.visitStmt(fn->body());
        if (survey.toRewrite.empty()) return fn;
        Assign assign{survey.poolStart, survey.toRewrite};
        return mutateBody(fn, assign, diags);
    });
}

} // namespace

PassInfo trnNaiveAllocatorPass()
{
    return {"TrnNaiveAllocator",
            "Assign consecutive byte offsets to unaddressed constant-size SBUF and shared allocations.",
            run,
            {}};
}

} // namespace tirx
