#pragma once

// The steps memoryMapScene() takes, one a part of the picture, shared by
// memory_scene.cpp and memory_scene_words.cpp.
#include "memory/memory_scene.h"

namespace tirx::memory_scene {

inline constexpr size_t kLegendRows = 3;
inline constexpr double kLegendRow = 20;
// Legend cells the star's meaning takes (a tensor's name takes one).
inline constexpr size_t kNoteCells = 2;

struct SceneContext {
    const MemoryPlan* plan;
    const Target& target;
    const MemoryMapView& view;
    const picture::TextMeasure& measure;
    MemoryMapFrame frame;
    ShownAllocations shown;
    // Positions in `shown` in the order their rectangles are drawn: larger
    // tensors first, so where a tensor reuses bytes another has freed (a
    // kernel's trace does that all the time) the smaller lies on top and
    // neither is hidden whole; equal sizes in plan order. Colours stay in
    // plan order.
    std::vector<size_t> drawOrder;
    picture::Scene scene;
};

[[nodiscard]] std::vector<size_t> drawOrder(const MemoryPlan& plan, const ShownAllocations& shown);
void title(SceneContext& c);
void capacityBar(SceneContext& c);
void grid(SceneContext& c);
void allocations(SceneContext& c);
void bankEdges(SceneContext& c);
void names(SceneContext& c);
void legend(SceneContext& c);
void emptyNote(SceneContext& c);

} // namespace tirx::memory_scene
