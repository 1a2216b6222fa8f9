#include "picture/palette.h"

#include <array>
#include <cmath>

namespace tirx::picture {

Rgb tensorColour(size_t index)
{
    static constexpr std::array<Rgb, 7> kColours{Rgb{0xE6, 0x9F, 0x00}, Rgb{0x56, 0xB4, 0xE9}, Rgb{0x00, 0x9E, 0x73},
                                                 Rgb{0xF0, 0xE4, 0x42}, Rgb{0x00, 0x72, 0xB2}, Rgb{0xCC, 0x79, 0xA7},
                                                 Rgb{0xA0, 0xA0, 0xA0}};
    return kColours[index % kColours.size()];
}

Rgb overlapColour() { return {0xD0, 0x10, 0x10}; }

Rgb labelColourOn(Rgb fill)
{
    const auto linear = [](uint8_t byte) {
        const double c = byte / 255.0;
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const double luminance = 0.2126 * linear(fill.r) + 0.7152 * linear(fill.g) + 0.0722 * linear(fill.b);
    return luminance > 0.179 ? Rgb{0, 0, 0} : Rgb{255, 255, 255};
}

} // namespace tirx::picture
