#include "memmap/memorycolors.h"

#include <array>
#include <cmath>

QColor tensorColor(size_t index)
{
    static const std::array<QColor, 7> kColors{
        QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9), QColor(0x00, 0x9E, 0x73), QColor(0xF0, 0xE4, 0x42),
        QColor(0x00, 0x72, 0xB2), QColor(0xCC, 0x79, 0xA7), QColor(0xA0, 0xA0, 0xA0)};
    return kColors[index % kColors.size()];
}

QColor overlapColor() { return QColor(0xD0, 0x10, 0x10); }

QColor labelColorOn(const QColor& fill)
{
    // WCAG's relative luminance: black has the more contrast above 0.179.
    // (HSL lightness put white on the orange, at a contrast of 2.3 to 1.)
    const auto linear = [](float c) { return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f); };
    const float luminance =
        0.2126f * linear(fill.redF()) + 0.7152f * linear(fill.greenF()) + 0.0722f * linear(fill.blueF());
    return luminance > 0.179f ? QColor(Qt::black) : QColor(Qt::white);
}
