#pragma once

#include "picture/scene.h"

#include <string>

namespace tirx::cli {

// Writes `scene` as a PNG without Qt (libpng), pixel for pixel what its SVG
// shows: rectangles and lines are axis-aligned, so they are filled as pixel
// spans, a hatch on the pixels whose x + y is 7 past a multiple of 8 as the
// explorer hatches; text is drawn with FreeType in the sans-serif face
// fontconfig picks, anti-aliased by blending its coverage. False, with
// *error set, when the file cannot be written. Warns on stderr when no face
// is found: the picture then has no text.
[[nodiscard]] bool writeScenePng(const picture::Scene& scene, const std::string& path, std::string* error);

} // namespace tirx::cli
