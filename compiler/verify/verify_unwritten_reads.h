#pragma once

#include "ir/diagnostic.h"
#include "ir/function.h"

#include <vector>

namespace tirx {

// A tile call or NKI instruction that reads an on-chip tensor nothing has
// written before it in program order: on the device that memory holds
// whatever was left there (the simulator's poison, hardware's garbage), so
// the result is wrong though it may look right with zero-filled memory. The
// classic case is a matmul accumulating into a tile nothing cleared. A write
// anywhere earlier, in a branch or a loop body, counts as written; a read
// before the write in the same loop body is the first iteration's and is
// reported. A warning at the call, once per tensor.
[[nodiscard]] std::vector<Diagnostic> verifyUnwrittenReads(const Module& module);

} // namespace tirx
