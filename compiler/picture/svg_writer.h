#pragma once

#include "picture/scene.h"

#include <string>

namespace tirx::picture {

// `scene` as a standalone SVG document: one element a shape, a role as
// its class, a group as <g> with its title as the tooltip. Coordinates are
// written with two decimals.
[[nodiscard]] std::string sceneToSvg(const Scene& scene);

} // namespace tirx::picture
