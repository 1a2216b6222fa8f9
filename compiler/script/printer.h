#pragma once

#include "ir/function.h"
#include "ir/layout.h"

#include <string>

namespace tirx {

// Canonical TVMScript (chapter 01 §10): deterministic, stable under
// parse(print(m)), user names kept, clashes renamed `_1`, `_2`, ...
[[nodiscard]] std::string printModule(const Module& module);
[[nodiscard]] std::string printFunction(const Function& fn, const std::string& name);
// Single expression / layout, as they appear inside a function (for messages and views).
[[nodiscard]] std::string printExpr(const Expr& e);
[[nodiscard]] std::string printLayout(const TileLayout& layout);

} // namespace tirx
