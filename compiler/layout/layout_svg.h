#pragma once

#include "layout/layout_colors.h"

#include <string>

namespace tirx {

// The layout picture as SVG, for `tirx-cli layout --svg` and slides: the
// logical slice on the left, coloured by `by`, and the physical grid (one
// P x F panel per PSUM bank) on the right with each element in the colour
// of its logical cell; gaps are hatched grey. Runs of equal cells in a row
// become one rectangle, so a 128 x 4096 tensor stays a small file. Cells
// large enough carry their coordinates as text.
[[nodiscard]] std::string layoutSvg(const LayoutGrid& grid, const LayoutSlice& slice, const std::string& tensor,
                                    LayoutColorBy by);

} // namespace tirx
