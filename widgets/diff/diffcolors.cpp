#include "diff/diffcolors.h"

#include <QPalette>

namespace {

// `a` with `amount` (0..1) of `b` mixed in.
QColor mix(const QColor &a, const QColor &b, double amount)
{
    const auto channel = [amount](int x, int y) { return static_cast<int>(x + (y - x) * amount + 0.5); };
    return QColor(channel(a.red(), b.red()), channel(a.green(), b.green()), channel(a.blue(), b.blue()));
}

} // namespace

bool DiffColors::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightnessF() < 0.5;
}

DiffColors DiffColors::forPalette(const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    DiffColors c;
    if (isDark(palette)) {
        c.removedLine = QColor(0x4a, 0x22, 0x25);
        c.addedLine = QColor(0x1d, 0x40, 0x2a);
        c.removedText = QColor(0x8e, 0x32, 0x36);
        c.addedText = QColor(0x2c, 0x75, 0x45);
        c.hunkHeader = QColor(0x79, 0xb8, 0xff);
    } else {
        c.removedLine = QColor(0xff, 0xeb, 0xe9);
        c.addedLine = QColor(0xe6, 0xff, 0xec);
        c.removedText = QColor(0xff, 0xb3, 0xad);
        c.addedText = QColor(0x9b, 0xe9, 0xa8);
        c.hunkHeader = QColor(0x05, 0x50, 0xae);
    }
    c.emptySide = mix(base, text, 0.06);
    c.foldRow = mix(base, palette.color(QPalette::Highlight), 0.10);
    c.foldText = mix(text, base, 0.35);
    return c;
}
