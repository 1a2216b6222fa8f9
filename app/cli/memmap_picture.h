#pragma once

#include "canvas.h"

#include "memory/memory_plan.h"
#include "target/target.h"

#include <string>

namespace tirx::cli {

// The SBUF or PSUM map of a plan as a picture, without Qt, drawn once
// against a Canvas so the SVG and the PNG are the same picture: one group
// (id "alloc-N", N the plan's index) per placed allocation of the scope, one
// rect per MemoryPlan rectangle in it, at x = left + byte × scale and
// y = top + partition × row height, named where the name fits (for PSUM,
// each bank of a tensor over several with the slot it holds); the memory
// two allocations share is outlined red (class "overlap"); the capacity
// edge, for PSUM the bank edges, a byte ruler, the partition axis and a
// legend are drawn.
constexpr int kMemoryMapWidth = 1200;
constexpr int kMemoryMapHeight = 660;
void drawMemoryMap(const MemoryPlan& plan, const Target& target, const std::string& scope, Canvas& canvas);

[[nodiscard]] std::string memoryMapSvg(const MemoryPlan& plan, const Target& target, const std::string& scope);
// False, with *error set, when the PNG cannot be written.
[[nodiscard]] bool writeMemoryMapPng(const MemoryPlan& plan, const Target& target, const std::string& scope,
                                     const std::string& path, std::string* error);

} // namespace tirx::cli
