#pragma once

#include "ir/diagnostic.h"
#include "ir/function.h"
#include "memory/memory_plan.h"
#include "target/target.h"

#include <vector>

namespace tirx {

// Checks every allocation of a memory plan against the target (chapter 04
// §6): SBUF bytes per partition, partition count, PSUM banks and bytes per
// bank, and the plan's overlaps. Each problem is an error at the
// allocation's source location, except PSUM overlaps, which are warnings:
// the reference places every acc_psum workspace at bank 0, offset 0, so
// those alias by design. The reference checks none of this; the explorer
// does, so a kernel that cannot fit is caught before it runs.
[[nodiscard]] std::vector<Diagnostic> verifyPlan(const MemoryPlan& plan, const Target& target);

// verifyTileShapes, verifyUnwrittenReads, then verifyPlan over the module's
// placement plan: what the verifier checks after every pass.
[[nodiscard]] std::vector<Diagnostic> verifyModule(const Module& module, const Target& target);

} // namespace tirx
