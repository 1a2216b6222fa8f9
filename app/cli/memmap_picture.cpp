#include "memmap_picture.h"

#include "scene_png.h"

#include "memory/memory_scene.h"
#include "picture/svg_writer.h"

namespace tirx::cli {

picture::Scene memoryMapPicture(const MemoryPlan& plan, const Target& target, const std::string& scope)
{
    MemoryMapView view;
    view.scope = scope;
    view.width = kMemoryMapWidth;
    view.height = kMemoryMapHeight;
    std::tie(view.firstByte, view.lastByte) = fittedByteWindow(&plan, target, scope);
    view.groups = true;
    const picture::EstimatedTextMeasure measure;
    return memoryMapScene(&plan, target, view, measure);
}

std::string memoryMapSvg(const MemoryPlan& plan, const Target& target, const std::string& scope)
{
    return picture::sceneToSvg(memoryMapPicture(plan, target, scope));
}

bool writeMemoryMapPng(const MemoryPlan& plan, const Target& target, const std::string& scope, const std::string& path,
                       std::string* error)
{
    return writeScenePng(memoryMapPicture(plan, target, scope), path, error);
}

} // namespace tirx::cli
