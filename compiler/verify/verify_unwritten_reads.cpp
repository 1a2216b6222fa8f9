#include "verify/verify_unwritten_reads.h"

#include "verify/module_findings.h"

#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/tensor_type.h"

#include <unordered_set>

namespace tirx {

namespace {

// The tensor an operand names: a whole tensor, a region of one, or one element.
const VarNode* operandTensor(const Expr& e)
{
    if (const auto* v = as<VarNode>(e)) return v->isTensor() ? v : nullptr;
    if (const auto* r = as<TensorRegionNode>(e)) return r->tensor().get();
    if (const auto* l = as<TensorLoadNode>(e)) return l->tensor().get();
    return nullptr;
}

class UnwrittenReadChecker final : public IrVisitor {
public:
    explicit UnwrittenReadChecker(std::vector<Diagnostic>& out) : m_out(out) {}

    // Statements only: no expression holds a call with operands to track.
    void visitExpr(const Expr&) override {}

    void visitBind(const BindNode& s) override
    {
        if (const auto* c = as<CallNode>(s.value())) {
            if (c->op() == kAllocTensor && !c->tyArgs().empty()) {
                const TensorType& type = *c->tyArgs().front();
                if (type.isSbuf() || type.isPsum()) m_tracked.insert(s.var().get());
            } else if (c->op() == kDeclTensor) {
                // A view of a tensor's data: writes through it are not told
                // apart from the tensor's own, so neither is judged.
                for (const auto& a : c->args()) forgetUnder(a);
            }
        }
        IrVisitor::visitBind(s);
    }

    void visitEvaluate(const EvaluateNode& s) override
    {
        const auto* c = as<CallNode>(s.value());
        const Callable* callable = c ? c->callable() : nullptr;
        if (!callable) return;
        const auto& params = callable->params;
        for (size_t i = 0; i < params.size() && i < c->args().size(); ++i) {
            const Access access = params[i].access;
            if (access != Access::Read && access != Access::ReadWrite) continue;
            const VarNode* tensor = operandTensor(c->args()[i]);
            if (!tensor || !m_tracked.count(tensor) || m_written.count(tensor)) continue;
            const Span where = c->span().valid() ? c->span() : s.span();
            if (!where.valid() || !m_reported.insert(tensor).second) continue;
            // A workspace a pass made is not the user's to clear: say whose it is.
            const auto& origin = tensor->origin();
            const std::string whose = origin ? " (the workspace " + origin->pass + " made for this call)" : "";
            m_out.push_back({Diagnostic::Severity::Warning,
                             "'" + tensor->name() + "'" + whose +
                                 " is read here before anything writes it: on the device it holds whatever was left "
                                 "there, so the result is garbage" +
                                 (origin ? std::string{} : std::string{" (write or clear it first, e.g. with memset)"}),
                             where});
        }
        for (size_t i = 0; i < params.size() && i < c->args().size(); ++i) {
            const Access access = params[i].access;
            if (access != Access::Write && access != Access::ReadWrite) continue;
            if (const VarNode* tensor = operandTensor(c->args()[i])) m_written.insert(tensor);
        }
    }

private:
    void forgetUnder(const Expr& e)
    {
        if (const auto* v = as<VarNode>(e)) m_tracked.erase(v);
        if (const auto* c = as<CallNode>(e))
            for (const auto& a : c->args()) forgetUnder(a);
    }

    std::vector<Diagnostic>& m_out;
    std::unordered_set<const VarNode*> m_tracked;  // on-chip allocations
    std::unordered_set<const VarNode*> m_written;  // written so far, in program order
    std::unordered_set<const VarNode*> m_reported; // one warning per tensor
};

} // namespace

std::vector<Diagnostic> verifyUnwrittenReads(const Module& module)
{
    return moduleFindings<UnwrittenReadChecker>(module);
}

} // namespace tirx
