#pragma once

#include "memory/memory_plan.h"

#include <functional>

namespace tirx {

// The steps of buildMemoryPlan after the allocations of one function
// (allocations[first...]) are described.

// "12:5", or "(generated)" for a statement a pass created.
[[nodiscard]] std::string spanText(const Span& span);

// First and last uses of each allocation, and the tile call a user tensor
// passed as a workspace serves.
void addLifetimes(const Function& fn, std::vector<PlannedAllocation>& allocations, size_t first);

// The overlapping pairs among allocations[first...], appended to plan.overlaps.
// With `keep`, only the pairs (earlier, later in plan order) it accepts
// count: a front end whose tensors share bytes at different times (NKI
// kernels) passes "live at the same time". Every pair is then tested, past
// the listing cap too, so the count of pairs not listed stays exact.
using OverlapFilter = std::function<bool(size_t, size_t)>;
void addOverlaps(MemoryPlan& plan, size_t first, const OverlapFilter& keep = {});

// Per-scope allocated, peak-live and capacity bytes per partition.
void addTotals(MemoryPlan& plan, const Target& target);

} // namespace tirx
