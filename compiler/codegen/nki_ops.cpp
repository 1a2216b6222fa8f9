#include "codegen/nki_ops.h"

#include <array>
#include <utility>

namespace tirx {

std::optional<NkiOp> nkiOpOf(std::string_view op)
{
    static constexpr std::array<std::pair<std::string_view, NkiOp>, 16> kOps{{
        {"tirx.nki.load", NkiOp::Load},
        {"tirx.nki.store", NkiOp::Store},
        {"tirx.nki.tensor_copy", NkiOp::TensorCopy},
        {"tirx.nki.matmul", NkiOp::Matmul},
        {"tirx.nki.activation", NkiOp::Activation},
        {"tirx.nki.activation_reduce", NkiOp::ActivationReduce},
        {"tirx.nki.reciprocal", NkiOp::Reciprocal},
        {"tirx.nki.tensorreduce", NkiOp::TensorReduce},
        {"tirx.nki.tensortensor", NkiOp::TensorTensor},
        {"tirx.nki.tensorscalar", NkiOp::TensorScalar},
        {"tirx.nki.tensorscalar_reduce", NkiOp::TensorScalarReduce},
        {"tirx.nki.scalar_tensor_tensor", NkiOp::ScalarTensorTensor},
        {"tirx.nki.scalar_tensor_scalar", NkiOp::ScalarTensorScalar},
        {"tirx.nki.memset", NkiOp::Memset},
        {"tirx.nki.identity", NkiOp::Identity},
        {"tirx.nki.affine_select", NkiOp::AffineSelect},
    }};
    for (const auto& [name, value] : kOps) {
        if (name == op) return value;
    }
    return std::nullopt;
}

namespace {
constexpr std::array<NkiOpcodeInfo, 7> kOpcodes{{
    {"add", "nki.language.add", "nl.add"},
    {"sub", "nki.language.subtract", "nl.subtract"},
    {"mul", "nki.language.multiply", "nl.multiply"},
    {"max", "nki.language.maximum", "nl.maximum"},
    {"min", "nki.language.minimum", "nl.minimum"},
    {"exp", "nki.language.exp", "nl.exp"},
    {"sqrt", "nki.language.sqrt", "nl.sqrt"},
}};
} // namespace

const NkiOpcodeInfo* findNkiOpcode(std::string_view name)
{
    for (const auto& o : kOpcodes) {
        if (o.name == name) return &o;
    }
    return nullptr;
}

std::string nkiOpcodeHint()
{
    std::string out = "; expected one of";
    for (size_t i = 0; i < kOpcodes.size(); ++i) out += (i ? ", " : " ") + std::string(kOpcodes[i].name);
    return out;
}

} // namespace tirx
