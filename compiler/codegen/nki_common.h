#pragma once

#include "ir/expr.h"
#include "ir/stmt.h"
#include "ir/tensor_type.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tirx {

// Helpers both NKI printers share.

// The constant shape of a tensor; throws CodegenError at `span` otherwise.
[[nodiscard]] std::vector<int64_t> constShape(const TensorType& type, const Span& span);
// "[128, 512]"
[[nodiscard]] std::string shapeList(const std::vector<int64_t>& shape);
// The variable a declaration's data names: `A` in `T.decl_tensor(A.data, ...)` or in `(A, ...)`.
[[nodiscard]] const VarNode* declData(const CallNode& c);
// The constant placement coordinates of an allocation; throws when one is not a constant.
[[nodiscard]] std::vector<int64_t> allocAddress(const CallNode& c);

} // namespace tirx
