#pragma once

#include "ir/callables.h"
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

// "True" / "False" for a constant flag operand; throws otherwise.
[[nodiscard]] std::string nkiFlag(const Expr& e);
// The std::scientific text of a float constant (1.000000e+00), math.inf for
// infinities, as the reference prints them; throws on NaN.
[[nodiscard]] std::string nkiFloat(double value, const Span& span);
// Python's spelling of an operator: "+", "//", "&", "min", ...
[[nodiscard]] std::string_view binaryOperatorSymbol(BinaryOp op);
// The opcode row an instruction's opcode operand names; a code generation
// error at the operand when it is not a string, names no opcode or names one
// this backend does not lower.
[[nodiscard]] const OpcodeInfo& nkiOpcode(const Expr& e);
// Throws unless the call has `n` arguments (at least `n` with atLeast).
void requireArgs(const CallNode& c, size_t n, bool atLeast = false);

} // namespace tirx
