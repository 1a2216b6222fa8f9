#pragma once

#include "memory/memory_plan.h"
#include "memory/what_if.h"

#include <optional>
#include <string>
#include <vector>

namespace tirx {

// The lifetime chart of one function's SBUF or PSUM, as XProf's memory
// timeline draws it: program order across, bytes per partition up. Each
// tensor is a bar over the program points it is live at and the bytes the
// reference's bump allocator gave it, with the bytes the what-if linear scan
// would give it beside; a step line counts the bytes live at each point.
// Plain data in plan units (statement orders, bytes); a view scales it.

struct LifetimeBar {
    size_t allocation = 0;               // index into MemoryPlan::allocations
    Interval live;                       // program orders, [begin, end)
    Interval bytes;                      // where the plan puts it within a partition's row
    std::optional<Interval> whatIfBytes; // where the linear scan would (SBUF only)
};

// Bytes live from `order` on, until the next step.
struct LiveStep {
    int64_t order = 0;
    int64_t bytes = 0;
    [[nodiscard]] bool operator==(const LiveStep&) const = default;
};

struct LifetimeChart {
    std::string function;
    std::string scope; // "trn.sbuf" or "trn.psum"
    Interval orders;   // the program points spanned by the bars
    int64_t capacityBytes = 0;
    int64_t allocatedBytes = 0;         // the furthest end the bump allocator reaches
    int64_t peakLiveBytes = 0;          // the most bytes live at one program point
    std::optional<int64_t> whatIfBytes; // the furthest end under the linear scan (SBUF only)
    std::vector<LifetimeBar> bars;      // in program order
    std::vector<LiveStep> live;         // ascending orders; the last step is back to 0
    // The top of the bytes axis: room for every bar, both totals and the peak.
    [[nodiscard]] int64_t bytesShown() const;
};

// One chart per function and scope with a placed allocation, SBUF before
// PSUM. The plan must be built with PlanDetail::Full; `whatIf` is
// whatIfPlan(plan).
[[nodiscard]] std::vector<LifetimeChart> lifetimeCharts(const MemoryPlan& plan, const WhatIfPlan& whatIf,
                                                        const Target& target);

} // namespace tirx
