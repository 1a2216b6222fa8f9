#include "layout/layout_palette.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tirx {

namespace {

// Salmon, orange, yellow, green, teal, blue: hand-picked so that each
// step looks about as far from the last, and the two ends far apart.
constexpr std::array<Rgb, 6> kStops{{
    {244, 160, 150},
    {246, 196, 130},
    {234, 226, 128},
    {164, 216, 146},
    {132, 204, 214},
    {156, 168, 240},
}};

constexpr double kGroupStep = 0.10; // odd groups of eight, that much darker
// On a dark background each channel is scaled and lowered: scaling alone
// kept the pale stops' grey and gave browns and olives.
constexpr double kDarkScale = 0.85;
constexpr double kDarkLower = 70;

} // namespace

Rgb layoutPaletteColor(ColorKey key, bool dark)
{
    const double t = key.count > 1 ? static_cast<double>(key.key) / static_cast<double>(key.count - 1) : 0.0;
    const double at = std::clamp(t, 0.0, 1.0) * static_cast<double>(kStops.size() - 1);
    const auto i = std::min(static_cast<size_t>(at), kStops.size() - 2);
    const double u = at - static_cast<double>(i);
    const double scale = (dark ? kDarkScale : 1.0) * ((key.key / 8) % 2 == 0 ? 1.0 : 1.0 - kGroupStep);
    const double lower = dark ? kDarkLower : 0.0;
    auto mix = [&](uint8_t a, uint8_t b) {
        const double v = (static_cast<double>(a) + (static_cast<double>(b) - a) * u) * scale - lower;
        return static_cast<uint8_t>(std::clamp(std::lround(v), 0L, 255L));
    };
    const Rgb& lo = kStops[i];
    const Rgb& hi = kStops[i + 1];
    return {mix(lo.r, hi.r), mix(lo.g, hi.g), mix(lo.b, hi.b)};
}

} // namespace tirx
