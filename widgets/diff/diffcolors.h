#pragma once

#include <QColor>

class QPalette;

// The diff's tints, chosen for the palette's lightness: pale tints with dark
// text on a light theme, deep tints under light text on a dark one. A
// changed line gets the soft tint and the changed characters within it the
// strong one.
struct DiffColors {
    QColor removedLine;
    QColor addedLine;
    QColor removedText;
    QColor addedText;
    QColor emptySide; // the side of a row that has no line
    QColor foldRow;
    QColor foldText;
    QColor hunkHeader; // "@@ -l,n +l,n @@" in the unified view

    [[nodiscard]] static bool isDark(const QPalette& palette);
    [[nodiscard]] static DiffColors forPalette(const QPalette& palette);
};
