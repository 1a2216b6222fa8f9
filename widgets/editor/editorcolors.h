#pragma once

#include "editor/tirxlexer.h"

#include <QColor>
#include <QPalette>

class QsciScintilla;

#include <array>

// `a` with `amount` (0..1) of `b` mixed in: the tints every view derives
// from its scheme.
[[nodiscard]] QColor mixColors(const QColor& a, const QColor& b, double amount);

// Every colour the editor paints with, once for a light and once for a dark
// window. The dark scheme keeps the light one's hues (keywords blue, strings
// green, scopes purple) at lightnesses that read on a near-black paper.
struct EditorColors {
    std::array<QColor, TirxLexer::StyleCount> styles;
    QColor paper;
    QColor caretLine;
    QColor caret;
    QColor selection;
    QColor marginText;
    QColor marginPaper;
    QColor foldMargin;
    QColor foldMarker;
    QColor braceMatch;
    QColor braceMismatch;
    QColor error;
    QColor warning;
    QColor findMatch;
    // Messages about errors and warnings written as text (the Problems list).
    QColor errorText;
    QColor warningText;

    [[nodiscard]] static const EditorColors& light();
    [[nodiscard]] static const EditorColors& dark();
    // The scheme that suits a palette: dark when its window is dark.
    [[nodiscard]] static const EditorColors& forPalette(const QPalette& palette);
    [[nodiscard]] static bool isDark(const QPalette& palette);

    // Paints what every view of TIRx text shares: the TirxLexer's styles,
    // paper, text, caret, caret line, margins and selection.
    void applyTo(QsciScintilla& view, TirxLexer& lexer) const;
};
