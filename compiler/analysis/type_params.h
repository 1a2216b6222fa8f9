#pragma once

#include "ir/function.h"

#include <vector>

namespace tirx {

// The function's symbolic shape variables (chapter 01 §2.2, `def f[n](...)`):
// scalar variables used in the parameters' tensor types that are not
// parameters themselves, in first-use order. They are defined by the
// function, so the printer lists them and equality pairs them.
[[nodiscard]] std::vector<Var> typeParams(const Function& fn);

} // namespace tirx
