#include "verify/verify_tile_shapes.h"

#include "verify/module_findings.h"

#include "analysis/list_memo.h"
#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "transform/tile/instruction_plan.h"

namespace tirx {

namespace {

bool constantExtents(const TensorRegionNode& r)
{
    for (const auto& range : r.ranges()) {
        if (!constInt(range.extent)) return false;
    }
    return true;
}

std::string extentsText(const TensorRegionNode& r)
{
    std::string out = "(";
    for (size_t i = 0; i < r.ranges().size(); ++i)
        out += (i ? ", " : "") + std::to_string(*constInt(r.ranges()[i].extent));
    return out + (r.ranges().size() == 1 ? ",)" : ")");
}

// The findings under a large statement list (usually none).
thread_local ListMemo<std::vector<Diagnostic>> t_remembered;

class TileShapeChecker final : public IrVisitor {
public:
    explicit TileShapeChecker(std::vector<Diagnostic>& out) : m_out(out) {}

    void visitStmt(const Stmt& s) override
    {
        if (!s || !ListMemo<std::vector<Diagnostic>>::worthRemembering(s)) {
            IrVisitor::visitStmt(s);
            return;
        }
        if (const auto* found = t_remembered.find(s, 0)) {
            m_out.insert(m_out.end(), found->begin(), found->end());
            return;
        }
        const size_t first = m_out.size();
        IrVisitor::visitStmt(s);
        t_remembered.remember(s, 0, {m_out.begin() + static_cast<std::ptrdiff_t>(first), m_out.end()});
    }

    void visitEvaluate(const EvaluateNode& s) override
    {
        if (const auto* c = as<CallNode>(s.value())) check(*c);
        IrVisitor::visitEvaluate(s);
    }

    void visitExpr(const Expr&) override {}

private:
    void check(const CallNode& c)
    {
        const Callable* callable = c.callable();
        if (!callable || !callable->tileOp || tileOpInfo(*callable->tileOp).family != TileFamily::Copy) return;
        // load, store and tensor_copy take (dst, src) first (tile_ops.def).
        if (c.args().size() < 2) return;
        const Expr& dst = c.args()[0];
        const Expr& src = c.args()[1];
        const auto* d = as<TensorRegionNode>(dst);
        const auto* r = as<TensorRegionNode>(src);
        if (!d || !r || !constantExtents(*d) || !constantExtents(*r)) return;
        try {
            (void)ewiseDimMap(src, dst, {});
        } catch (const PlanError&) {
            m_out.push_back({Diagnostic::Severity::Error,
                             "the operand shapes of '" + std::string(callable->name) + "' do not match: src '" +
                                 r->tensor()->name() + "' is " + extentsText(*r) + " and dst '" + d->tensor()->name() +
                                 "' is " + extentsText(*d) +
                                 "; a copy pairs their non-unit extents one to one and does not broadcast",
                             c.span()});
        }
    }

    std::vector<Diagnostic>& m_out;
};

} // namespace

std::vector<Diagnostic> verifyTileShapes(const Module& module) { return moduleFindings<TileShapeChecker>(module); }

} // namespace tirx
