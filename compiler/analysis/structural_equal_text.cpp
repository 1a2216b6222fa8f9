#include "analysis/structural_equal_text.h"

#include "ir/binary_ops.h"

#include <cstdio>

namespace tirx::equal_text {

std::string_view exprKindName(ExprKind k)
{
    switch (k) {
    case ExprKind::IntImm: return "IntImm";
    case ExprKind::FloatImm: return "FloatImm";
    case ExprKind::StringImm: return "StringImm";
    case ExprKind::Var: return "Var";
    case ExprKind::Binary: return "Binary";
    case ExprKind::Not: return "Not";
    case ExprKind::Select: return "Select";
    case ExprKind::Cast: return "Cast";
    case ExprKind::Call: return "Call";
    case ExprKind::TensorLoad: return "TensorLoad";
    case ExprKind::TensorRegion: return "TensorRegion";
    case ExprKind::Tuple: return "Tuple";
    case ExprKind::Ramp: return "Ramp";
    case ExprKind::Broadcast: return "Broadcast";
    }
    return "?";
}

std::string_view stmtKindName(StmtKind k)
{
    switch (k) {
    case StmtKind::Seq: return "SeqStmt";
    case StmtKind::Bind: return "Bind";
    case StmtKind::TensorStore: return "TensorStore";
    case StmtKind::Evaluate: return "Evaluate";
    case StmtKind::For: return "For";
    case StmtKind::While: return "While";
    case StmtKind::If: return "If";
    case StmtKind::Break: return "Break";
    case StmtKind::Continue: return "Continue";
    case StmtKind::Assert: return "Assert";
    case StmtKind::Region: return "Region";
    }
    return "?";
}

std::string_view binaryOpName(BinaryOp op) { return binaryOpInfo(op).text; }

std::string_view forKindName(ForKind k)
{
    switch (k) {
    case ForKind::Serial: return "serial";
    case ForKind::Parallel: return "parallel";
    case ForKind::Vectorized: return "vectorized";
    case ForKind::Unrolled: return "unrolled";
    }
    return "?";
}

std::string_view varKindName(VarType::Kind k)
{
    switch (k) {
    case VarType::Kind::Scalar: return "scalar";
    case VarType::Kind::Handle: return "handle";
    case VarType::Kind::Tensor: return "tensor";
    }
    return "?";
}

std::string floatText(double v)
{
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

} // namespace tirx::equal_text
