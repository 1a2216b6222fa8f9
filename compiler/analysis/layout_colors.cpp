#include "analysis/layout_colors.h"

#include <algorithm>
#include <cmath>

namespace tirx {

ColorKey layoutColorKey(const LayoutGrid& grid, const LayoutSlice& slice, int64_t flat, LayoutColorBy by)
{
    switch (by) {
    case LayoutColorBy::Partition: return {grid.coordOf(flat).partition, grid.gridShape()[1]};
    case LayoutColorBy::Free: return {grid.coordOf(flat).free, grid.gridShape()[2]};
    case LayoutColorBy::Row: return {(flat / slice.cols) % slice.rows, slice.rows};
    }
    return {};
}

Rgb layoutColor(ColorKey key, bool dark)
{
    const double t = key.count > 1 ? static_cast<double>(key.key) / static_cast<double>(key.count) : 0.0;
    const double h = std::fmod(t * 330.0, 360.0) / 60.0;
    const double band = (key.key / 8) % 2 == 0 ? 0.0 : 0.08;
    const double s = dark ? 0.55 : 0.45;
    const double v = dark ? 0.62 - band : 0.96 - band;
    const double c = v * s;
    const double x = c * (1 - std::fabs(std::fmod(h, 2.0) - 1));
    double r = 0, g = 0, b = 0;
    switch (static_cast<int>(h)) {
    case 0: r = c, g = x; break;
    case 1: r = x, g = c; break;
    case 2: g = c, b = x; break;
    case 3: g = x, b = c; break;
    case 4: r = x, b = c; break;
    default: r = c, b = x; break;
    }
    const double m = v - c;
    auto byte = [m](double u) { return static_cast<uint8_t>(std::clamp((u + m) * 255.0 + 0.5, 0.0, 255.0)); };
    return {byte(r), byte(g), byte(b)};
}

} // namespace tirx
