#pragma once

#include "memory/memory_plan.h"
#include "picture/scene.h"
#include "target/target.h"

#include <string>

namespace tirx::cli {

// The SBUF or PSUM map of a plan as `memmap --svg` and `--png` write it:
// tirx::memoryMapScene() (the explorer's map) at kMemoryMapWidth ×
// kMemoryMapHeight, opened as the explorer opens it, with a group per
// placed allocation ("alloc-N", N the plan's index) and text measured by a
// generous estimate, so a name said to fit does in any sans-serif face.
constexpr int kMemoryMapWidth = 1200;
constexpr int kMemoryMapHeight = 660;
[[nodiscard]] picture::Scene memoryMapPicture(const MemoryPlan& plan, const Target& target, const std::string& scope);

[[nodiscard]] std::string memoryMapSvg(const MemoryPlan& plan, const Target& target, const std::string& scope);
// False, with *error set, when the PNG cannot be written.
[[nodiscard]] bool writeMemoryMapPng(const MemoryPlan& plan, const Target& target, const std::string& scope,
                                     const std::string& path, std::string* error);

} // namespace tirx::cli
