#pragma once

#include "ir/diagnostic.h"
#include "ir/function.h"

#include <vector>

namespace tirx {

// A load or store whose index is a constant outside the tensor's extent in
// that dimension (both known): no layout maps it to memory of the tensor,
// so it reads or writes another tensor's bytes, or none. Symbolic indices
// are left to the simulator, which sees their values.
[[nodiscard]] std::vector<Diagnostic> verifyConstantIndices(const Module& module);

} // namespace tirx
