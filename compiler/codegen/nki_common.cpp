#include "codegen/nki_common.h"

#include "codegen/codegen_error.h"
#include "ir/binary_ops.h"
#include "ir/make.h"

#include <cmath>
#include <cstdio>

namespace tirx {

std::vector<int64_t> constShape(const TensorType& type, const Span& span)
{
    std::vector<int64_t> shape;
    for (const auto& d : type.shape()) {
        auto v = constInt(d);
        if (!v) codegenFail(span, "NKI code generation needs constant tensor shapes");
        shape.push_back(*v);
    }
    return shape;
}

std::string shapeList(const std::vector<int64_t>& shape)
{
    std::string out = "[";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i) out += ", ";
        out += std::to_string(shape[i]);
    }
    return out + "]";
}

const VarNode* declData(const CallNode& c)
{
    if (c.args().empty()) return nullptr;
    if (const auto* ptr = as<CallNode>(c.args().front()); ptr && ptr->op() == kTensorDataPtr)
        return ptr->args().empty() ? nullptr : as<VarNode>(ptr->args().front());
    return as<VarNode>(c.args().front());
}

std::vector<int64_t> allocAddress(const CallNode& c)
{
    std::vector<int64_t> addr;
    if (c.args().empty()) return addr;
    const auto* t = as<TupleNode>(c.args().front());
    if (!t) return addr;
    for (const auto& f : t->fields()) {
        auto v = constInt(f);
        if (!v) codegenFail(f->span(), "allocated_addr entries must be integer constants");
        addr.push_back(*v);
    }
    return addr;
}

std::string nkiFlag(const Expr& e)
{
    auto v = constInt(e);
    if (!v) codegenFail(e->span(), "a flag of an NKI instruction must be a constant True or False");
    return *v ? "True" : "False";
}

std::string nkiFloat(double value, const Span& span)
{
    if (std::isnan(value)) codegenFail(span, "Trainium code generation does not support NaN constants");
    if (std::isinf(value)) return value < 0 ? "-math.inf" : "math.inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6e", value);
    return buf;
}

std::string_view binaryOperatorSymbol(BinaryOp op) { return binaryOpInfo(op).python; }

void requireArgs(const CallNode& c, size_t n, bool atLeast)
{
    const size_t got = c.args().size();
    if (atLeast ? got >= n : got == n) return;
    codegenFail(c.span(), "'" + c.op() + "' takes " + (atLeast ? "at least " : "") + std::to_string(n) +
                              " arguments, got " + std::to_string(got));
}

const OpcodeInfo& nkiOpcode(const Expr& e)
{
    const auto* s = as<StringImmNode>(e);
    if (!s) codegenFail(e->span(), "an NKI opcode must be a string such as \"add\"");
    const OpcodeUse instructionUses = OpcodeUse::Alu | OpcodeUse::Activation | OpcodeUse::NkiReduce;
    const std::optional<Opcode> opcode = findOpcode(s->value(), instructionUses);
    if (!opcode)
        codegenFail(e->span(),
                    "unknown NKI opcode '" + s->value() + "'; expected one of " + validOpcodes(instructionUses));
    const OpcodeInfo& info = opcodeInfo(*opcode);
    if (!info.lowered)
        codegenFail(e->span(), "NKI opcode '" + s->value() + "' is not supported by this backend; expected one of " +
                                   validOpcodes(instructionUses));
    return info;
}

} // namespace tirx
