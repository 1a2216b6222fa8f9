// TrnNaiveAllocator gives every unaddressed SBUF (and shared) allocation of
// constant size a byte offset within each partition: offsets are handed out
// in program order, starting after the furthest-reaching allocation the user
// already placed. Like the reference it never reuses space and checks no
// capacity; the verifier reports what does not fit, with the tensor's span.

#include "ir/functor.h"
#include "ir/make.h"
#include "transform/alloc_info.h"
#include "transform/passes.h"

#include <algorithm>

namespace tirx {

namespace {

// Only allocation statements change; expressions are left unvisited.
class Assign final : public IrMutator {
public:
    explicit Assign(int64_t start) : IrMutator(Walk::StatementsOnly), m_offset(start) {}
    std::vector<Diagnostic> diagnostics;

protected:
    Stmt mutateBind(const Stmt& self, const BindNode& s) override
    {
        auto view = allocView(self);
        if (!view || view->placement || !view->placementIsConstant) return self;
        std::string error;
        auto bytes = allocatorBytes(*view->type, &error);
        if (!bytes) {
            if (!error.empty()) {
                diagnostics.push_back({Diagnostic::Severity::Error,
                                       "allocation '" + view->var->name() + "' " + error, self->span()});
            }
            return self;
        }
        std::vector<Expr> args = view->call->args();
        auto placement = tuple({intImm(m_offset)});
        if (args.empty()) args.push_back(placement);
        else args.front() = placement;
        m_offset += *bytes;
        auto value = call(view->call->op(), std::move(args), view->call->attrs(), view->call->dtype(),
                          view->call->tyArgs(), view->call->span());
        return makeBind(s.var(), value, self->span());
    }

private:
    int64_t m_offset;
};

// Walks allocations in post-order to find the pool start (chapter 03 §3.2 step 1).
int64_t poolStart(const Stmt& body)
{
    int64_t end = 0;
    struct Walker final : IrVisitor {
        int64_t* end;
        explicit Walker(int64_t* e) : end(e) {}
        void visitExpr(const Expr&) override {}
        void visitStmt(const Stmt& s) override
        {
            IrVisitor::visitStmt(s);
            auto view = allocView(s);
            if (!view || !view->placement) return;
            std::string ignored;
            if (auto bytes = allocatorBytes(*view->type, &ignored))
                *end = std::max(*end, view->placement->back() + *bytes);
        }
    } walker{&end};
    walker.visitStmt(body);
    return end;
}

PassResult run(const ModuleRef& module, const PassContext&)
{
    return mapFunctions(module, [](const FunctionRef& fn, std::vector<Diagnostic>& diags) {
        Assign assign{poolStart(fn->body())};
        auto body = assign.mutateStmt(fn->body());
        diags.insert(diags.end(), assign.diagnostics.begin(), assign.diagnostics.end());
        return body == fn->body() ? fn : fn->withBody(body);
    });
}

} // namespace

PassInfo trnNaiveAllocatorPass()
{
    return {"TrnNaiveAllocator",
            "Assign consecutive byte offsets to unaddressed constant-size SBUF and shared allocations.", run, {}};
}

} // namespace tirx
