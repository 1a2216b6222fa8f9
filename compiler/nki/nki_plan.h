#pragma once

#include "memory/memory_plan.h"
#include "nki/trace.h"
#include "target/target.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <vector>

namespace tirx::nki {

// What one allocation of an NKI plan stands for: a tensor of the trace, or
// one block of a legacy block tile, and where the kernel made it.
struct AllocationSource {
    int tensor = 0;
    std::optional<int64_t> block;
    std::optional<Location> loc;
    std::optional<BlockAllocator> rotation; // the block tile's allocator, when it rotates
};

// The placement model of one program instance, the same MemoryPlan a
// lowered TIRx module gives, so the maps, tables, what-if allocator and
// checks read it unchanged. Program points are instruction indices of the
// trace; lifetimes run from an allocation's first access to its last,
// widened over a dynamic_range loop the tensor is live across. Overlaps are
// pairs live at the same time over the same bytes; blocks of one
// mod_alloc tile that share bytes by its rotation do so on purpose and are
// not pairs.
struct NkiPlan {
    std::vector<int64_t> program;
    MemoryPlan plan;
    std::vector<AllocationSource> sources; // one per plan.allocations entry
};

[[nodiscard]] NkiPlan buildNkiPlan(const Trace& trace, size_t program, const Target& target);

// The plan's memmap --json object (CLI.md: the TIRx shape, plus "source":
// "nki", and per allocation the kernel file of its source location).
[[nodiscard]] nlohmann::json nkiPlanToJson(const Trace& trace, const NkiPlan& plan);

} // namespace tirx::nki
