#pragma once

// The steps memoryMapScene() takes, one a part of the picture, shared by
// memory_scene.cpp and memory_scene_words.cpp.
#include "memory/memory_scene.h"

namespace tirx::memory_scene {

inline constexpr size_t kLegendRows = 3;
inline constexpr double kLegendRow = 20;

struct SceneContext {
    const MemoryPlan* plan;
    const Target& target;
    const MemoryMapView& view;
    const picture::TextMeasure& measure;
    MemoryMapFrame frame;
    std::vector<size_t> shown;
    picture::Scene scene;
};

void title(SceneContext& c);
void capacityBar(SceneContext& c);
void grid(SceneContext& c);
void allocations(SceneContext& c);
void bankEdges(SceneContext& c);
void names(SceneContext& c);
void legend(SceneContext& c);
void emptyNote(SceneContext& c);

} // namespace tirx::memory_scene
