#pragma once

#include "memory/memory_plan.h"

#include <string>
#include <string_view>
#include <vector>

namespace tirx {

// Where each allocation sits, as a trailing note on its line of a printed
// module: `# SBUF p[0:128) f[4096:6144)`, or for PSUM
// `# PSUM banks[2:4) p[0:128) f[0:2048)`. The IR view and the diff show the
// annotated text, so a tensor a pass moves shows up as a changed line.

// The note of one allocation (without the `# `); empty when it is not
// placed in SBUF or PSUM.
[[nodiscard]] std::string placementNote(const PlannedAllocation& a);

struct LineNote {
    int line = 0;          // 1-based line of the printed module
    size_t allocation = 0; // index into MemoryPlan::allocations
    std::string text;      // placementNote()
};

// The notes of `printed`, the module's printModule() text, for the plan
// built from that module. Allocation lines are matched to the plan by
// function and name in program order; a name the printer renamed to tell
// two apart (`A_1`) is matched without its suffix.
[[nodiscard]] std::vector<LineNote> placementNotes(const MemoryPlan& plan, std::string_view printed);

// `printed` with each note appended to its line as `  # note`; the lines
// stay where they were, so a source map of the printed text still holds.
[[nodiscard]] std::string annotatePrinted(std::string_view printed, const std::vector<LineNote>& notes);

} // namespace tirx
