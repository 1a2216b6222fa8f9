#pragma once

#include "memory/memory_plan.h"
#include "memory/what_if.h"

#include <string>

namespace tirx::cli {

// memmap's text: one row per allocation (an offset the explorer modelled
// is starred, with a footnote), the overlaps, and the totals per scope.
[[nodiscard]] std::string memoryPlanTable(const MemoryPlan& plan);
// The --what-if rows under it.
[[nodiscard]] std::string whatIfTable(const MemoryPlan& plan, const WhatIfPlan& w);

} // namespace tirx::cli
