#pragma once

#include "memory/memory_plan.h"

#include <string>

namespace tirx {

// One of the plan's overlaps in words, as the verifier, the simulator and
// the memory views report it.
[[nodiscard]] std::string overlapMessage(const MemoryPlan& plan, const OverlapPair& pair);

} // namespace tirx
