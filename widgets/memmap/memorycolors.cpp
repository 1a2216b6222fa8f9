#include "memmap/memorycolors.h"

#include <array>

QColor tensorColor(size_t index)
{
    static const std::array<QColor, 7> kColors{
        QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9), QColor(0x00, 0x9E, 0x73), QColor(0xF0, 0xE4, 0x42),
        QColor(0x00, 0x72, 0xB2), QColor(0xCC, 0x79, 0xA7), QColor(0xA0, 0xA0, 0xA0)};
    return kColors[index % kColors.size()];
}

QColor overlapColor() { return QColor(0xD0, 0x10, 0x10); }

QColor labelColorOn(const QColor& fill) { return fill.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white); }
