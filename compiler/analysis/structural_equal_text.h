#pragma once

// How structural equality names what differs: the kind of an expression or
// statement, an operator, a loop kind, a variable's kind and a float, as
// its messages print them ("Binary vs Call", "float32 vs float16").

#include "ir/expr.h"
#include "ir/stmt.h"

#include <string>
#include <string_view>

namespace tirx::equal_text {

[[nodiscard]] std::string_view exprKindName(ExprKind k);
[[nodiscard]] std::string_view stmtKindName(StmtKind k);
[[nodiscard]] std::string_view binaryOpName(BinaryOp op);
[[nodiscard]] std::string_view forKindName(ForKind k);
[[nodiscard]] std::string_view varKindName(VarType::Kind k);
// Round-trip precision, so that two floats that differ never print alike.
[[nodiscard]] std::string floatText(double v);

} // namespace tirx::equal_text
