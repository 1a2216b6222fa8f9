#include "codegen/uniform_tiles.h"

#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "ir/tensor_type.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace tirx {

namespace {

std::optional<double> constantValue(const Expr& e)
{
    if (const auto* c = as<CastNode>(e)) return constantValue(c->value());
    if (const auto* f = as<FloatImmNode>(e)) return f->value();
    if (auto i = constInt(e)) return static_cast<double>(*i);
    return std::nullopt;
}

class Writes : public IrVisitor {
public:
    std::unordered_set<const VarNode*> uniform() const
    {
        std::unordered_set<const VarNode*> out;
        for (const auto& [tensor, value] : m_values) {
            if (!m_mixed.count(tensor)) out.insert(tensor);
        }
        return out;
    }

protected:
    // Only statements write tiles: expressions are not walked.
    void visitExpr(const Expr&) override {}

    void visitBind(const BindNode& s) override
    {
        const auto* c = as<CallNode>(s.value());
        if (c && c->op() == kAllocTensor && !c->tyArgs().empty()) {
            std::vector<int64_t> shape;
            bool constant = true;
            for (const auto& d : c->tyArgs().front()->shape()) {
                auto n = constInt(d);
                constant = constant && n.has_value();
                shape.push_back(n.value_or(0));
            }
            if (constant) m_shapes[s.var().get()] = std::move(shape);
        }
        IrVisitor::visitBind(s);
    }

    void visitFor(const ForNode& s) override
    {
        if (auto n = constInt(s.end()); n && isConstInt(s.begin(), 0)) m_extents[s.var().get()] = *n;
        IrVisitor::visitFor(s);
    }

    void visitEvaluate(const EvaluateNode& s) override
    {
        const auto* c = as<CallNode>(s.value());
        const std::optional<NkiOp> op = c && c->callable() ? c->callable()->nkiOp : std::nullopt;
        if (!op) return IrVisitor::visitEvaluate(s);
        const Callable& row = callableOf(*op);
        for (size_t i = 0; i < row.params.size() && i < c->args().size(); ++i) {
            const Access access = row.params[i].access;
            if (access != Access::Write && access != Access::ReadWrite) continue;
            const auto* load = as<TensorLoadNode>(c->args()[i]);
            if (!load) continue;
            const VarNode* tensor = load->tensor().get();
            const std::optional<double> memset =
                *op == NkiOp::Memset && c->args().size() > 1 ? constantValue(c->args()[1]) : std::nullopt;
            // A plain double from here: GCC's -O2 flow analysis takes the
            // optional's value for maybe-uninitialised behind has_value().
            const double value = memset.value_or(0.0);
            const auto known = m_values.find(tensor);
            if (!memset.has_value() || !coversAll(*load) || (known != m_values.end() && known->second != value))
                m_mixed.insert(tensor);
            else
                m_values[tensor] = value;
        }
        IrVisitor::visitEvaluate(s);
    }

private:
    // Every element: each index is its own loop, running over the whole dimension.
    bool coversAll(const TensorLoadNode& load) const
    {
        auto shape = m_shapes.find(load.tensor().get());
        if (shape == m_shapes.end() || shape->second.size() != load.indices().size()) return false;
        std::unordered_set<const VarNode*> seen;
        for (size_t d = 0; d < load.indices().size(); ++d) {
            const auto* v = as<VarNode>(load.indices()[d]);
            auto extent = v ? m_extents.find(v) : m_extents.end();
            if (extent == m_extents.end() || extent->second != shape->second[d] || !seen.insert(v).second) return false;
        }
        return true;
    }

    std::unordered_map<const VarNode*, std::vector<int64_t>> m_shapes;
    std::unordered_map<const VarNode*, int64_t> m_extents;
    std::unordered_map<const VarNode*, double> m_values;
    std::unordered_set<const VarNode*> m_mixed;
};

} // namespace

std::unordered_set<const VarNode*> uniformTiles(const Stmt& body)
{
    Writes writes;
    writes.visitStmt(body);
    return writes.uniform();
}

} // namespace tirx
