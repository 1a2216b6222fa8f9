#pragma once

#include "picture/scene.h"

#include <cstddef>

namespace tirx::picture {

// The pictures' colours, one source for the explorer and the CLI.
//
// Tensors: Okabe and Ito's palette, told apart by readers with any common
// colour-vision deficiency, one colour per tensor in turn. Vermillion is
// left out: red marks overlaps and limits.
[[nodiscard]] Rgb tensorColour(size_t index);
[[nodiscard]] Rgb overlapColour();
// Black or white, whichever has the more contrast on `fill` by WCAG's
// relative luminance (HSL lightness put white on the orange, at 2.3 to 1).
[[nodiscard]] Rgb labelColourOn(Rgb fill);

// The few colours of the paper a picture is drawn on: the explorer passes
// its palette's (light or dark), the CLI the light one.
struct Paper {
    Rgb base{255, 255, 255};      // the background
    Rgb alternate{244, 244, 244}; // a panel's ground: the map, the capacity bar
    Rgb text{0, 0, 0};
    Rgb placeholder{128, 128, 128}; // what is said where nothing is drawn
};

[[nodiscard]] inline Colour opaque(Rgb rgb) { return {rgb, 255}; }
[[nodiscard]] inline Colour withAlpha(Rgb rgb, double alpha) { return {rgb, uint8_t(alpha * 255 + 0.5)}; }

// `a` moved `amount` (0 to 1) of the way to `b`, channel by channel.
[[nodiscard]] inline Rgb mix(Rgb a, Rgb b, double amount)
{
    const auto channel = [amount](int x, int y) { return uint8_t(int(x + (y - x) * amount + 0.5)); };
    return {channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b)};
}

} // namespace tirx::picture
