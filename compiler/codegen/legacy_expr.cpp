// Expressions of the legacy printer (spec 07 §4.1, §4.2).
#include "codegen/codegen_error.h"
#include "codegen/legacy_printer.h"
#include "codegen/nki_common.h"
#include "ir/binary_ops.h"
#include "ir/functor.h"

namespace tirx {

namespace {

// Python precedence of the operators the reference prints without
// parentheses, and of the operators an operand can sit in; 0 = the operand
// is atomic (a call, or printed in its own parentheses).
int pythonPrecedence(BinaryOp op) { return binaryOpInfo(op).pythonLevel; }

bool printsBare(BinaryOp op)
{
    return op == BinaryOp::FloorDiv || op == BinaryOp::FloorMod || op == BinaryOp::And || op == BinaryOp::Or;
}

// Counts the distinct region loop variables of one index (the newer
// reference printer's rule for the broadcast selector width).
class LoopVarCounter : public IrVisitor {
public:
    explicit LoopVarCounter(const std::unordered_set<const VarNode*>& loopVars) : m_loopVars(loopVars) {}
    int count = 0;

protected:
    void visitVar(const VarNode& v) override
    {
        if (m_loopVars.count(&v) && m_seen.insert(&v).second) ++count;
    }

private:
    const std::unordered_set<const VarNode*>& m_loopVars;
    std::unordered_set<const VarNode*> m_seen;
};

} // namespace

std::string LegacyPrinter::expr(const Expr& e)
{
    switch (e->kind()) {
    case ExprKind::IntImm: {
        const auto& i = static_cast<const IntImmNode&>(*e);
        if (e->dtype().isBool()) return i.value() ? "True" : "False";
        return std::to_string(i.value());
    }
    case ExprKind::FloatImm: return nkiFloat(static_cast<const FloatImmNode&>(*e).value(), e->span());
    case ExprKind::StringImm: return "\"" + static_cast<const StringImmNode&>(*e).value() + "\"";
    case ExprKind::Var: return var(static_cast<const VarNode&>(*e), e->span());
    case ExprKind::Binary: return binary(static_cast<const BinaryNode&>(*e));
    case ExprKind::Cast: return expr(static_cast<const CastNode&>(*e).value());
    case ExprKind::TensorLoad: return tensorLoad(static_cast<const TensorLoadNode&>(*e));
    case ExprKind::Call:
        codegenFail(e->span(), "Trainium code generation does not support a call to '" +
                                   static_cast<const CallNode&>(*e).op() + "' inside an expression");
    case ExprKind::Not: codegenFail(e->span(), "Trainium code generation does not support logical not");
    case ExprKind::Select: codegenFail(e->span(), "Trainium code generation does not support T.Select");
    case ExprKind::TensorRegion:
        codegenFail(e->span(), "a tensor region reached NKI code generation; tile ops must be dispatched first");
    case ExprKind::Tuple: codegenFail(e->span(), "a tuple cannot be printed as an NKI expression");
    case ExprKind::Ramp:
    case ExprKind::Broadcast: codegenFail(e->span(), "Trainium code generation does not support vector expressions");
    }
    codegenFail(e->span(), "unknown expression");
}

std::string LegacyPrinter::operand(const Expr& e, BinaryOp parent, bool right)
{
    std::string text = expr(e);
    const auto* b = as<BinaryNode>(e);
    if (!b || !printsBare(b->op())) return text;
    const int inner = pythonPrecedence(b->op());
    const int outer = pythonPrecedence(parent);
    if (inner < outer || (inner == outer && right)) return "(" + text + ")";
    return text;
}

std::string LegacyPrinter::binary(const BinaryNode& e)
{
    const BinaryOp op = e.op();
    if (op == BinaryOp::Min || op == BinaryOp::Max) {
        std::string out = std::string(binaryOperatorSymbol(op)) + "(" + expr(e.a());
        out += ", " + expr(e.b());
        return out + ")";
    }
    std::string a = operand(e.a(), op, false);
    std::string b = operand(e.b(), op, true);
    std::string text = a + " " + std::string(binaryOperatorSymbol(op)) + " " + b;
    return printsBare(op) ? text : "(" + text + ")";
}

std::string LegacyPrinter::var(const VarNode& v, const Span& use)
{
    std::string out = loopName(v, use);
    if (!m_region.loopSet.count(&v)) return out;
    int slot = 0;
    int slots = 0;
    if (auto dim = m_region.dims.find(&v); dim != m_region.dims.end()) {
        const std::string& d = dim->second;
        if (d == "P")
            slot = 0;
        else if (d == "F" || d == "rhs_F")
            slot = 1;
        else if (d == "lhs_F")
            slot = m_region.matmulInput ? 1 : 0;
        else
            codegenFail(use, "invalid nki_dim '" + d + "' (P, F, lhs_F or rhs_F)");
        slots = 2;
    } else {
        if (m_region.accessSlot == -1) return out;
        slot = m_region.accessSlot;
        slots = m_region.accessSlots;
    }
    out += "[";
    for (int i = 0; i < slots; ++i) out += i == slot ? ":, " : "None, ";
    out += "]";
    ++m_region.accessSlot;
    return out;
}

std::string LegacyPrinter::tensorName(const Var& tensor, const Span& use) const
{
    if (auto it = m_tensors.find(tensor.get()); it != m_tensors.end()) return it->second;
    if (isOnChipView(tensor.get()))
        codegenFail(use, "'" + tensor->name() +
                             "' is a view of on-chip memory, which NKI code generation cannot name; access the "
                             "allocation itself");
    codegenFail(use, "'" + tensor->name() + "' is not defined in the kernel");
}

std::string LegacyPrinter::tensorLoad(const TensorLoadNode& e)
{
    std::string out = tensorName(e.tensor(), e.span()) + "[";
    int slots = 0;
    for (const auto& index : e.indices()) {
        LoopVarCounter counter{m_region.loopSet};
        counter.visitExpr(index);
        slots += counter.count;
    }
    m_region.accessSlot = 0;
    m_region.accessSlots = slots;
    for (size_t i = 0; i < e.indices().size(); ++i) {
        if (i) out += ", ";
        out += expr(e.indices()[i]);
    }
    m_region.accessSlot = -1;
    return out + "]";
}

} // namespace tirx
