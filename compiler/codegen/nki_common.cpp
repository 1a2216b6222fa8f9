#include "codegen/nki_common.h"

#include "codegen/codegen_error.h"
#include "ir/make.h"

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

} // namespace tirx
