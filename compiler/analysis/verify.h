#pragma once

#include "ir/diagnostic.h"
#include "ir/function.h"
#include "target/target.h"

#include <vector>

namespace tirx {

// Checks every placed allocation against the target (chapter 04 §6): SBUF
// bytes per partition, partition count, PSUM banks and bytes per bank, and
// overlaps between allocations of one scope. Each problem is an error at the
// allocation's source location. The reference checks none of this; the
// explorer does, so a kernel that cannot fit is caught before it runs.
[[nodiscard]] std::vector<Diagnostic> verifyModule(const Module& module, const Target& target);

} // namespace tirx
