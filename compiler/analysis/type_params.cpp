#include "analysis/type_params.h"

#include "ir/functor.h"
#include "ir/tensor_type.h"

#include <unordered_set>

namespace tirx {

namespace {

class Collector final : public IrVisitor {
public:
    std::unordered_set<const VarNode*> seen;
    std::vector<Var> found;

    void visitExpr(const Expr& e) override
    {
        if (e && e->kind() == ExprKind::Var) {
            if (seen.insert(static_cast<const VarNode*>(e.get())).second) {
                found.push_back(std::static_pointer_cast<const VarNode>(e));
            }
            return;
        }
        IrVisitor::visitExpr(e);
    }

    void type(const TensorType& t)
    {
        for (const auto& d : t.shape()) visitExpr(d);
        for (const auto& s : t.strides()) visitExpr(s);
        if (t.elemOffset()) visitExpr(t.elemOffset());
        if (const auto& l = t.layout()) {
            for (const auto& it : l->shard()) {
                visitExpr(it.extent);
                visitExpr(it.stride);
            }
        }
    }
};

} // namespace

std::vector<Var> typeParams(const Function& fn)
{
    Collector c;
    for (const auto& p : fn.params()) c.seen.insert(p.get());
    for (const auto& p : fn.params()) {
        if (p->isTensor()) c.type(*p->tensorType());
    }
    return std::move(c.found);
}

} // namespace tirx
