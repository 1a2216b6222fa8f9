#pragma once

#include "ir/expr.h"
#include "ir/layout.h"
#include "ir/mem_space.h"

#include <string>
#include <vector>

namespace tirx {

// The type of a tensor (chapter 01 §5.1): logical shape, element type,
// storage scope and layout. Placement (the allocated address) is not part of
// the type; it is an operand of the allocation call.
class TensorType {
public:
    struct Fields {
        std::vector<Expr> shape;
        DataType dtype = DataType::float32();
        std::string scope{scopeName(MemSpace::Hbm)};
        Layout layout;             // null = None
        std::vector<Expr> strides; // empty = compact
        Expr elemOffset;           // null = 0
        int alignment = 64;
        int offsetFactor = 1;
    };

    explicit TensorType(Fields fields);

    [[nodiscard]] const std::vector<Expr>& shape() const { return m_f.shape; }
    [[nodiscard]] DataType dtype() const { return m_f.dtype; }
    [[nodiscard]] const std::string& scope() const { return m_f.scope; }
    [[nodiscard]] const Layout& layout() const { return m_f.layout; }
    [[nodiscard]] const std::vector<Expr>& strides() const { return m_f.strides; }
    [[nodiscard]] const Expr& elemOffset() const { return m_f.elemOffset; }
    [[nodiscard]] int alignment() const { return m_f.alignment; }
    [[nodiscard]] int offsetFactor() const { return m_f.offsetFactor; }
    [[nodiscard]] const Fields& fields() const { return m_f; }

    [[nodiscard]] bool isSbuf() const { return isScope(m_f.scope, MemSpace::Sbuf); }
    [[nodiscard]] bool isPsum() const { return isScope(m_f.scope, MemSpace::Psum); }

private:
    Fields m_f;
};

[[nodiscard]] TensorTypeRef makeTensorType(TensorType::Fields fields);

// A key that two types share exactly when every field is equal: constants by
// value and dtype, the layout's iters and offsets, scope, alignment and
// offset factor. Empty when any part is not a constant or the type has
// strides; such types are never treated as interchangeable. Kernels declare
// thousands of tensors of a few kinds, and the parser and the passes use the
// key to make and plan each kind once.
[[nodiscard]] std::string constantTypeKey(const TensorType& type);

} // namespace tirx
