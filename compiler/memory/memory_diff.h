#pragma once

#include "memory/memory_plan.h"

#include <optional>
#include <string>
#include <vector>

namespace tirx {

// What changed in memory between two passes: the workspaces
// TrnPrivateTensorAlloc adds, the offsets TrnNaiveAllocator gives, the
// physical shapes LowerTrainiumLayout makes. Allocations are matched by
// function, name and how many of that name came before, since a pass that
// retypes a tensor gives it a new variable of the same name.
struct MemoryChange {
    enum class Kind { Added, Removed, Placed, Moved, Resized, Reshaped };
    Kind kind = Kind::Added;
    std::optional<size_t> before; // index into the earlier plan's allocations
    std::optional<size_t> after;  // index into the later plan's
    std::string text;             // "const_bias: added by TrnPrivateTensorAlloc (2048 bytes per partition)"
};

[[nodiscard]] std::vector<MemoryChange> diffMemoryPlans(const MemoryPlan& before, const MemoryPlan& after);

[[nodiscard]] const char* memoryChangeName(MemoryChange::Kind kind);

} // namespace tirx
