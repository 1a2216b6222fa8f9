#pragma once

#include "layout/layout_colors.h"

namespace tirx {

// The colour of a layout cell in both layout pictures (the view and
// `tirx-cli layout --svg`), by its key (partition, free offset or row).
//
// A ramp from warm to cool that does not come back round: the hue wheel
// it replaces ended on a pink next to its starting red, so partition 0
// and partition 127 looked alike. Pale enough for black cell text.
// Neighbouring keys get neighbouring colours, and every other group of
// eight is a step darker, so runs of 8 and 16 partitions are told apart;
// the legend bar under the picture names the ends. `dark` gives the
// variant a dark background needs.
[[nodiscard]] Rgb layoutPaletteColor(ColorKey key, bool dark = false);

} // namespace tirx
