#include "memmap/memorycolors.h"

#include "painting/scenepainter.h"
#include "picture/palette.h"

QColor tensorColor(size_t index) { return toQColor(tirx::picture::tensorColour(index)); }

QColor overlapColor() { return toQColor(tirx::picture::overlapColour()); }

QColor labelColorOn(const QColor& fill)
{
    return toQColor(tirx::picture::labelColourOn({uint8_t(fill.red()), uint8_t(fill.green()), uint8_t(fill.blue())}));
}
