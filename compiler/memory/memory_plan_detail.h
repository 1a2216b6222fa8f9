#pragma once

#include "memory/memory_plan.h"

namespace tirx {

// The steps of buildMemoryPlan after the allocations of one function
// (allocations[first...]) are described.

// "12:5", or "(generated)" for a statement a pass created.
[[nodiscard]] std::string spanText(const Span& span);

// First and last uses of each allocation, and the tile call a user tensor
// passed as a workspace serves.
void addLifetimes(const Function& fn, std::vector<PlannedAllocation>& allocations, size_t first);

// The overlapping pairs among allocations[first...], appended to plan.overlaps.
void addOverlaps(MemoryPlan& plan, size_t first);

// Per-scope allocated, peak-live and capacity bytes per partition.
void addTotals(MemoryPlan& plan, const Target& target);

} // namespace tirx
