// The instruction templates of the legacy printer (spec 07 §4.3).
#include "codegen/codegen_error.h"
#include "codegen/legacy_printer.h"
#include "codegen/nki_common.h"
#include "ir/functor.h"
#include "ir/make.h"

namespace tirx {

namespace {

// Mask variables must be annotated P or F (the only dimensions a mask can test).
class MaskCheck : public IrVisitor {
public:
    MaskCheck(const std::unordered_set<const VarNode*>& loopVars,
              const std::unordered_map<const VarNode*, std::string>& dims, Span span)
        : m_loopVars(loopVars), m_dims(dims), m_span(span)
    {
    }

protected:
    void visitVar(const VarNode& v) override
    {
        if (!m_loopVars.count(&v)) return;
        auto it = m_dims.find(&v);
        if (it == m_dims.end())
            codegenFail(m_span, "the mask uses '" + v.name() + "', a loop without an nki_dim annotation");
        if (it->second != "P" && it->second != "F")
            codegenFail(m_span, "the mask uses '" + v.name() + "' with nki_dim '" + it->second +
                                    "'; a mask may test only P and F loops");
    }

private:
    const std::unordered_set<const VarNode*>& m_loopVars;
    const std::unordered_map<const VarNode*, std::string>& m_dims;
    Span m_span;
};

} // namespace

std::string LegacyPrinter::opcode(const Expr& e) const { return std::string(nkiOpcode(e).nkiFunction); }

std::string LegacyPrinter::maskSuffix()
{
    if (!m_region.maskIf) return {};
    MaskCheck check{m_region.loopSet, m_region.dims, m_region.maskIf->span()};
    check.visitExpr(m_region.maskIf->cond());
    return ", mask=" + expr(m_region.maskIf->cond());
}

std::string LegacyPrinter::instruction(const CallNode& c)
{
    const auto& a = c.args();
    const std::optional<NkiOp> op = c.callable() ? c.callable()->nkiOp : std::nullopt;
    if (!op) codegenFail(c.span(), "Trainium code generation does not support a call to '" + c.op() + "'");
    std::string out;
    switch (*op) {
    case NkiOp::Matmul: {
        requireArgs(c, 4);
        out = expr(a[0]) + (isConstInt(a[3], 1) ? " += " : " = ");
        m_region.matmulInput = true;
        out += "nisa.nc_matmul(" + expr(a[1]) + ",";
        out += expr(a[2]);
        break;
    }
    case NkiOp::Load:
        requireArgs(c, 2);
        out = expr(a[0]) + " = nl.load(";
        out += expr(a[1]);
        break;
    case NkiOp::Store:
        requireArgs(c, 2);
        out = "nl.store(" + expr(a[0]) + ", ";
        out += expr(a[1]);
        break;
    case NkiOp::TensorCopy:
        requireArgs(c, 2);
        out = expr(a[0]) + " = nisa.tensor_copy(";
        out += expr(a[1]);
        break;
    case NkiOp::Activation: {
        requireArgs(c, 5);
        const std::string fn = opcode(a[2]);
        out = expr(a[0]) + " = nisa.activation(op=" + fn + ", data=";
        out += expr(a[1]) + ",";
        out += "bias=" + expr(a[3]);
        out += ", scale=" + expr(a[4]);
        break;
    }
    case NkiOp::Reciprocal:
        requireArgs(c, 2);
        out = expr(a[0]) + " = nisa.reciprocal(";
        out += expr(a[1]);
        break;
    case NkiOp::TensorTensor: {
        requireArgs(c, 4);
        const std::string fn = opcode(a[3]);
        out = expr(a[0]) + " = nisa.tensor_tensor(";
        out += expr(a[1]) + ", ";
        out += expr(a[2]) + ", op=" + fn;
        break;
    }
    case NkiOp::TensorScalar: {
        requireArgs(c, 5);
        const std::string fn = opcode(a[3]);
        const std::string rev = nkiFlag(a[4]);
        out = expr(a[0]) + " = nisa.tensor_scalar(";
        out += expr(a[1]) + ", operand0=";
        out += expr(a[2]) + ", op0=" + fn + ", reverse0=" + rev;
        break;
    }
    case NkiOp::Memset:
        requireArgs(c, 2, true);
        out = expr(a[0]) + " = ";
        out += expr(a[1]);
        if (m_region.maskIf) codegenFail(m_region.maskIf->span(), "a memset cannot be masked");
        return out;
    case NkiOp::TensorReduce: {
        requireArgs(c, 5, true);
        const std::string fn = opcode(a[2]);
        const std::string neg = nkiFlag(a[3]);
        out = expr(a[0]) + " = nisa.tensor_reduce(data=";
        // A Python tuple, as the reference prints one: `(-1,)` for one axis.
        out += expr(a[1]) + ", op=" + fn + ", negate=" + neg + ", axis=(";
        for (size_t i = 4; i < a.size(); ++i) out += (i > 4 ? ", " : "") + expr(a[i]);
        out += a.size() == 5 ? ",)" : ")";
        break;
    }
    case NkiOp::ActivationReduce: {
        requireArgs(c, 7);
        const std::string fn = opcode(a[3]);
        const std::string rfn = opcode(a[4]);
        out = expr(a[1]) + " = nisa.activation_reduce(data=";
        out += expr(a[2]) + ", op=" + fn + ", reduce_op=" + rfn + ", reduce_res=";
        out += expr(a[0]) + ", bias=";
        out += expr(a[5]) + ", scale=";
        out += expr(a[6]);
        break;
    }
    case NkiOp::TensorScalarReduce: {
        requireArgs(c, 7);
        const std::string fn = opcode(a[4]);
        const std::string rfn = opcode(a[5]);
        const std::string rev = nkiFlag(a[6]);
        out = expr(a[1]) + " = nisa.tensor_scalar_reduce(data=";
        out += expr(a[2]) + ", op0=" + fn + ", operand0=";
        out += expr(a[3]) + ", reduce_op=" + rfn + ", reduce_res=";
        out += expr(a[0]) + ", reverse0=" + rev;
        break;
    }
    case NkiOp::Identity: {
        requireArgs(c, 2);
        const std::string id = m_names.fresh("identity_np");
        out = id + " = nl.shared_constant(np.identity(" + expr(a[1]) + ", dtype=np.int8), dtype=nl.bfloat16)\n";
        out += expr(a[0]) + " = nl.load(" + id;
        break;
    }
    case NkiOp::ScalarTensorTensor:
    case NkiOp::ScalarTensorScalar: {
        requireArgs(c, 8);
        const std::string fn0 = opcode(a[4]);
        const std::string fn1 = opcode(a[5]);
        const std::string rev0 = nkiFlag(a[6]);
        const std::string rev1 = nkiFlag(a[7]);
        out = expr(a[0]) +
              (*op == NkiOp::ScalarTensorTensor ? " = nisa.scalar_tensor_tensor(data=" : " = nisa.tensor_scalar(data=");
        out += expr(a[1]) + ", operand0=";
        out += expr(a[2]) + ", op0=" + fn0 + ", reverse0=" + rev0 + ", operand1=";
        out += expr(a[3]) + ", op1=" + fn1 + ", reverse1=" + rev1;
        break;
    }
    case NkiOp::AffineSelect:
        requireArgs(c, 4);
        out = expr(a[0]) + " = nisa.affine_select(pred=";
        out += expr(a[1]) + ", on_true_tile=";
        out += expr(a[2]) + ", on_false_value=";
        out += expr(a[3]);
        break;
    }
    return out + maskSuffix() + ")";
}

} // namespace tirx
