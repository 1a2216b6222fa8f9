#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tirx {

// Interim view of the NKI instructions and opcode strings for the printers.
enum class NkiOp : uint8_t {
    Load,
    Store,
    TensorCopy,
    Matmul,
    Activation,
    ActivationReduce,
    Reciprocal,
    TensorReduce,
    TensorTensor,
    TensorScalar,
    TensorScalarReduce,
    ScalarTensorTensor,
    ScalarTensorScalar,
    Memset,
    Identity,
    AffineSelect,
};

[[nodiscard]] std::optional<NkiOp> nkiOpOf(std::string_view op);

struct NkiOpcodeInfo {
    std::string_view name;    // "add"
    std::string_view legacy;  // "nki.language.add"
    std::string_view current; // "nl.add"
};

[[nodiscard]] const NkiOpcodeInfo* findNkiOpcode(std::string_view name);
// "; expected one of add, sub, ..." for messages.
[[nodiscard]] std::string nkiOpcodeHint();

} // namespace tirx
