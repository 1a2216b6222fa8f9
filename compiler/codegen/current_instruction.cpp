// The instruction calls of the current-API printer: destination first, by keyword.
#include "codegen/codegen_error.h"
#include "codegen/current_printer.h"
#include "codegen/nki_common.h"
#include "ir/make.h"

namespace tirx {

namespace {

const char* comparison(BinaryOp op)
{
    switch (op) {
    case BinaryOp::EQ: return "nl.equal";
    case BinaryOp::NE: return "nl.not_equal";
    case BinaryOp::LT: return "nl.less";
    case BinaryOp::LE: return "nl.less_equal";
    case BinaryOp::GT: return "nl.greater";
    case BinaryOp::GE: return "nl.greater_equal";
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul:
    case BinaryOp::Div:
    case BinaryOp::Mod:
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod:
    case BinaryOp::Min:
    case BinaryOp::Max:
    case BinaryOp::And:
    case BinaryOp::Or: break;
    }
    return nullptr;
}

} // namespace

std::string CurrentPrinter::opcode(const Expr& e) const
{
    // "nki.language.add" is "nl.add" under the current API's import alias.
    constexpr std::string_view kLanguage = "nki.language.";
    const std::string_view function = nkiOpcode(e).nkiFunction;
    return "nl." + std::string(function.substr(kLanguage.size()));
}

// pred is `lhs <cmp> rhs`, affine in the loops: lhs - rhs is the iota value
// offset + channel_multiplier · p + Σ step · f the instruction compares with 0.
std::string CurrentPrinter::affineSelect(const CallNode& c)
{
    const auto& a = c.args();
    const auto* cmp = as<BinaryNode>(a[1]);
    const char* cmpOp = cmp ? comparison(cmp->op()) : nullptr;
    if (!cmpOp) codegenFail(a[1]->span(), "the affine_select predicate must be a comparison such as p - f >= 0");
    auto lhs = splitAffine(cmp->a(), m_region.loopSet);
    auto rhs = splitAffine(cmp->b(), m_region.loopSet);
    if (!lhs || !rhs)
        codegenFail(a[1]->span(), "the affine_select predicate must be affine in the instruction's loops");
    const AffineIndex value = combine(*rhs, -1, *lhs);
    const VarNode* partition = m_region.loops.empty() ? nullptr : m_region.loops.front();
    for (const auto& [v, d] : m_region.dims) {
        if (d == "P") partition = v;
    }
    std::string pattern;
    for (const VarNode* v : m_region.loops) {
        if (v == partition) continue;
        pattern += (pattern.empty() ? "[" : ", [") + std::to_string(value.coefficient(v)) + ", " +
                   std::to_string(extent(v)) + "]";
    }
    std::string out = "nisa.affine_select(dst=" + access(a[0]);
    out += ", pattern=[" + pattern +
           "], channel_multiplier=" + std::to_string(partition ? value.coefficient(partition) : 0) + ", on_true_tile=";
    out += access(a[2]) + ", on_false_value=";
    out += expr(a[3]) + ", cmp_op=" + cmpOp + ", offset=";
    out += expr(value.rest) + ")";
    return out;
}

std::string CurrentPrinter::instruction(const CallNode& c)
{
    const auto& a = c.args();
    const std::optional<NkiOp> op = c.callable() ? c.callable()->nkiOp : std::nullopt;
    if (!op) codegenFail(c.span(), "Trainium code generation does not support a call to '" + c.op() + "'");
    if (m_region.maskIf)
        codegenFail(m_region.maskIf->span(),
                    "the current NKI API has no instruction masks; this masked instruction prints only with --api "
                    "legacy");
    std::string out;
    switch (*op) {
    case NkiOp::Load:
    case NkiOp::Store:
        requireArgs(c, 2);
        out = "nisa.dma_copy(dst=" + access(a[0]);
        out += ", src=" + access(a[1]);
        break;
    case NkiOp::TensorCopy:
        requireArgs(c, 2);
        out = "nisa.tensor_copy(dst=" + access(a[0]);
        out += ", src=" + access(a[1]);
        break;
    case NkiOp::Matmul:
        requireArgs(c, 4);
        out = "nisa.nc_matmul(dst=" + access(a[0]);
        out += ", stationary=" + access(a[1]);
        out += ", moving=" + access(a[2]);
        out += ", accumulate=" + nkiFlag(a[3]);
        break;
    case NkiOp::Activation: {
        requireArgs(c, 5);
        out = "nisa.activation(dst=" + access(a[0]);
        out += ", op=" + opcode(a[2]) + ", data=";
        out += access(a[1]) + ", bias=";
        out += scalarOrAccess(a[3]) + ", scale=";
        out += scalarOrAccess(a[4]);
        break;
    }
    case NkiOp::Reciprocal:
        requireArgs(c, 2);
        out = "nisa.reciprocal(dst=" + access(a[0]);
        out += ", data=" + access(a[1]);
        break;
    case NkiOp::TensorTensor:
        requireArgs(c, 4);
        out = "nisa.tensor_tensor(dst=" + access(a[0]);
        out += ", data1=" + access(a[1]);
        out += ", data2=" + access(a[2]);
        out += ", op=" + opcode(a[3]);
        break;
    case NkiOp::TensorScalar:
        requireArgs(c, 5);
        out = "nisa.tensor_scalar(dst=" + access(a[0]);
        out += ", data=" + access(a[1]);
        out += ", op0=" + opcode(a[3]) + ", operand0=";
        out += scalarOrAccess(a[2]) + ", reverse0=" + nkiFlag(a[4]);
        break;
    case NkiOp::Memset:
        requireArgs(c, 2, true);
        out = "nisa.memset(dst=" + access(a[0]);
        out += ", value=" + expr(a[1]);
        break;
    case NkiOp::TensorReduce: {
        requireArgs(c, 5, true);
        out = "nisa.tensor_reduce(dst=" + access(a[0]);
        out += ", op=" + opcode(a[2]) + ", data=";
        out += access(a[1]) + ", axis=";
        if (a.size() == 5) {
            out += expr(a[4]);
        } else {
            out += "(";
            for (size_t i = 4; i < a.size(); ++i) out += (i > 4 ? ", " : "") + expr(a[i]);
            out += ")";
        }
        out += ", negate=" + nkiFlag(a[3]);
        break;
    }
    case NkiOp::ActivationReduce:
        requireArgs(c, 7);
        out = "nisa.activation_reduce(dst=" + access(a[1]);
        out += ", op=" + opcode(a[3]) + ", data=";
        out += access(a[2]) + ", reduce_op=" + opcode(a[4]) + ", reduce_res=";
        out += access(a[0]) + ", bias=";
        out += scalarOrAccess(a[5]) + ", scale=";
        out += scalarOrAccess(a[6]);
        break;
    case NkiOp::TensorScalarReduce:
        requireArgs(c, 7);
        out = "nisa.tensor_scalar_reduce(dst=" + access(a[1]);
        out += ", data=" + access(a[2]);
        out += ", op0=" + opcode(a[4]) + ", operand0=";
        out += scalarOrAccess(a[3]) + ", reduce_op=" + opcode(a[5]) + ", reduce_res=";
        out += access(a[0]) + ", reverse0=" + nkiFlag(a[6]);
        break;
    case NkiOp::Identity: {
        requireArgs(c, 2);
        const auto* load = as<TensorLoadNode>(a[0]);
        const std::string dtype = currentDtype(load ? load->dtype() : DataType::bfloat16(), c.span());
        out = "nisa.dma_copy(dst=" + access(a[0]);
        out += ", src=nl.shared_identity_matrix(" + expr(a[1]) + ", dtype=" + dtype + ")";
        break;
    }
    case NkiOp::ScalarTensorTensor:
    case NkiOp::ScalarTensorScalar:
        requireArgs(c, 8);
        out = std::string(*op == NkiOp::ScalarTensorTensor ? "nisa.scalar_tensor_tensor" : "nisa.tensor_scalar") +
              "(dst=" + access(a[0]);
        out += ", data=" + access(a[1]);
        out += ", op0=" + opcode(a[4]) + ", operand0=";
        out += scalarOrAccess(a[2]) + ", reverse0=" + nkiFlag(a[6]);
        out += ", op1=" + opcode(a[5]) + ", operand1=";
        out += scalarOrAccess(a[3]) + ", reverse1=" + nkiFlag(a[7]);
        break;
    case NkiOp::AffineSelect: requireArgs(c, 4); return affineSelect(c);
    }
    return out + ")";
}

} // namespace tirx
