#include "diff/diffcolors.h"

#include "editor/editorcolors.h"

#include <QPalette>

bool DiffColors::isDark(const QPalette& palette) { return palette.color(QPalette::Base).lightnessF() < 0.5; }

DiffColors DiffColors::forPalette(const QPalette& palette)
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
    c.emptySide = mixColors(base, text, 0.06);
    c.foldRow = mixColors(base, palette.color(QPalette::Highlight), 0.10);
    c.foldText = mixColors(text, base, 0.35);
    return c;
}
