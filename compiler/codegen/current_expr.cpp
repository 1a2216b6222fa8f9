// Scalar expressions and access patterns of the current-API printer.
#include "codegen/codegen_error.h"
#include "codegen/current_printer.h"
#include "codegen/nki_common.h"
#include "ir/make.h"

#include <algorithm>

namespace tirx {

std::string CurrentPrinter::expr(const Expr& e)
{
    switch (e->kind()) {
    case ExprKind::IntImm: {
        const auto& i = static_cast<const IntImmNode&>(*e);
        if (e->dtype().isBool()) return i.value() ? "True" : "False";
        return std::to_string(i.value());
    }
    case ExprKind::FloatImm: return nkiFloat(static_cast<const FloatImmNode&>(*e).value(), e->span());
    case ExprKind::Var: {
        const auto& v = static_cast<const VarNode&>(*e);
        if (m_region.loopSet.count(&v))
            codegenFail(e->span(), "the loop variable '" + v.name() +
                                       "' of a tensorized instruction can only appear in an affine tensor index");
        return loopName(v, e->span());
    }
    case ExprKind::Binary: {
        const auto& b = static_cast<const BinaryNode&>(*e);
        // Every operator in parentheses: the printed text then means what the IR does.
        std::string a = expr(b.a());
        std::string c = expr(b.b());
        if (b.op() == BinaryOp::Min || b.op() == BinaryOp::Max)
            return std::string(binaryOperatorSymbol(b.op())) + "(" + a + ", " + c + ")";
        return "(" + a + " " + std::string(binaryOperatorSymbol(b.op())) + " " + c + ")";
    }
    case ExprKind::Cast: return expr(static_cast<const CastNode&>(*e).value());
    case ExprKind::TensorLoad: return access(e);
    case ExprKind::StringImm:
    case ExprKind::Call:
    case ExprKind::Not:
    case ExprKind::Select:
    case ExprKind::TensorRegion:
    case ExprKind::Tuple:
    case ExprKind::Ramp:
    case ExprKind::Broadcast: break;
    }
    codegenFail(e->span(), "this expression has no NKI form");
}

const CurrentPrinter::Tensor& CurrentPrinter::tensor(const Var& v, const Span& use) const
{
    if (auto it = m_tensors.find(v.get()); it != m_tensors.end()) return it->second;
    if (isOnChipView(v.get()))
        codegenFail(use, "'" + v->name() +
                             "' is a view of on-chip memory, which NKI code generation cannot name; access the "
                             "allocation itself");
    codegenFail(use, "'" + v->name() + "' is not defined in the kernel");
}

AffineIndex CurrentPrinter::flatIndex(const TensorLoadNode& load, const Tensor& t)
{
    if (const auto known = m_flatIndices.find(&load); known != m_flatIndices.end()) return known->second;
    std::vector<Expr> indices = load.indices();
    if (t.psum && indices.size() == 3) {
        if (t.psumBankElems > 0)
            indices = {indices[1], add(mul(indices[0], intImm(t.psumBankElems, indices[0]->dtype())), indices[2])};
        else
            indices = {indices[1], indices[2]}; // one bank: its index can only be 0
    }
    if (indices.size() != t.shape.size())
        codegenFail(load.span(), "'" + load.tensor()->name() + "' has " + std::to_string(t.shape.size()) +
                                     " dimensions but is indexed with " + std::to_string(indices.size()));
    AffineIndex flat{{}, intImm(0)};
    int64_t stride = 1;
    for (size_t d = indices.size(); d-- > 0;) {
        auto part = splitAffine(indices[d], m_region.loopSet);
        if (!part)
            codegenFail(indices[d]->span(),
                        "this index is not affine in the instruction's loops, so it has no access pattern");
        flat = combine(*part, stride, flat);
        stride *= t.shape[d];
    }
    m_flatIndices.emplace(&load, flat);
    return flat;
}

std::vector<const VarNode*> CurrentPrinter::loopsByStep(const AffineIndex& flat) const
{
    std::vector<const VarNode*> order = m_region.loops;
    // The steps in decreasing order (the partition step first); equal steps keep the loop order.
    std::stable_sort(order.begin(), order.end(),
                     [&](const VarNode* a, const VarNode* b) { return flat.coefficient(a) > flat.coefficient(b); });
    return order;
}

std::string CurrentPrinter::access(const Expr& e)
{
    const auto* load = as<TensorLoadNode>(e);
    if (!load) codegenFail(e->span(), "an NKI operand must be a tensor element such as A[p, f]");
    const Tensor& t = tensor(load->tensor(), e->span());
    if (!m_region.active) {
        std::string out = t.name + "[";
        for (size_t i = 0; i < load->indices().size(); ++i) out += (i ? ", " : "") + expr(load->indices()[i]);
        return out + "]";
    }
    const AffineIndex flat = flatIndex(*load, t);
    // Element-wise instructions list every operand's loops in one order (an
    // access pattern's shape is its view's shape, nki-aps.rst "Semantics of
    // the Access Pattern": element [w, z] of one operand meets element [w, z]
    // of the other); the others order each operand by its own steps.
    const std::vector<const VarNode*> order = m_loopOrder.empty() ? loopsByStep(flat) : m_loopOrder;
    std::vector<std::pair<int64_t, int64_t>> pattern; // (step, count)
    for (const VarNode* v : order) {
        const int64_t step = flat.coefficient(v);
        const int64_t count = extent(v);
        // A loop the operand does not move along (step 0) is a broadcast:
        // kept where both sides must count the same elements, dropped where
        // the operand is a column or a contraction.
        if (step != 0 || (m_keepBroadcast && count > 1)) pattern.emplace_back(step, count);
    }
    if (pattern.size() == 1) pattern.emplace_back(1, 1);
    m_accessRank = pattern.size();

    // The whole tensor in its own order needs no pattern.
    bool whole = isConstInt(flat.rest, 0) && pattern.size() == t.shape.size();
    int64_t expected = 1;
    for (size_t d = t.shape.size(); whole && d-- > 0;) {
        whole = pattern[d].first == expected && pattern[d].second == t.shape[d];
        expected *= t.shape[d];
    }
    if (whole) return t.name;

    std::string out = t.name + ".ap(pattern=[";
    for (size_t i = 0; i < pattern.size(); ++i)
        out += (i ? ", [" : "[") + std::to_string(pattern[i].first) + ", " + std::to_string(pattern[i].second) + "]";
    return out + "], offset=" + expr(flat.rest) + ")";
}

int64_t CurrentPrinter::extent(const VarNode* loop) const { return *constInt(m_region.extents.at(loop)); }

std::string CurrentPrinter::scalarOrAccess(const Expr& e)
{
    if (e->kind() == ExprKind::TensorLoad) return access(e);
    return expr(e);
}

} // namespace tirx
