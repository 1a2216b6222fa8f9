#pragma once

#include "analysis/memory_plan.h"
#include "target/target.h"

#include <string>

namespace tirx::cli {

// The SBUF or PSUM map of a plan as an SVG picture, without Qt: one group
// (id "alloc-N", N the plan's index) per placed allocation of the scope, one
// rect per MemoryPlan rectangle in it, at x = left + (byte - first) × scale
// and y = top + partition × row height; overlapping allocations are outlined
// red; the capacity edge and, for PSUM, the bank edges are drawn.
[[nodiscard]] std::string memoryMapSvg(const MemoryPlan& plan, const Target& target, const std::string& scope);

} // namespace tirx::cli
