#pragma once

#include "memory/memory_plan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tirx {

// A comparison beside the reference's bump allocator (TrnNaiveAllocator,
// which never reuses bytes): a lifetime-based linear scan, the policy NKI's
// own LINEAR allocator documents. A tensor gets an address at its first use
// and gives it back after its last; the lowest free range that fits is
// taken. It never changes the pipeline's output.

// One tensor to place: the program points it is live over, [begin, end),
// and its bytes per partition.
struct Lifetime {
    Interval live;
    int64_t bytes = 0;
};

struct LinearScanResult {
    std::vector<int64_t> offsets;          // per item
    std::vector<std::vector<size_t>> took; // the items that last held the bytes it takes, by address
    int64_t allocatedBytes = 0;            // the furthest end
};

// Places `items`; an item's bytes never meet those of an item live at the
// same time, and the furthest end is never past the sum of all sizes.
[[nodiscard]] LinearScanResult linearScan(const std::vector<Lifetime>& items);

struct WhatIfPlacement {
    size_t allocation = 0; // index into MemoryPlan::allocations
    int64_t offset = 0;
    std::vector<size_t> reuses; // the allocations that last held the bytes it takes, by address
};

struct WhatIfPlan {
    std::string scope;
    std::string policy = "linear-scan";
    int64_t naiveBytesPerPartition = 0;     // what the plan's allocator reserves
    int64_t allocatedBytesPerPartition = 0; // what the linear scan would
    int64_t savedBytesPerPartition = 0;     // never negative
    std::vector<WhatIfPlacement> placements;
};

// The linear scan over the plan's SBUF allocations of known size, each
// function on its own. The plan must be built with PlanDetail::Full.
[[nodiscard]] WhatIfPlan whatIfPlan(const MemoryPlan& plan);

// The `what_if` member of memmap --what-if --json (CLI.md).
[[nodiscard]] nlohmann::json whatIfToJson(const MemoryPlan& plan, const WhatIfPlan& whatIf);

} // namespace tirx
