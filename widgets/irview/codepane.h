#pragma once

#include <QFont>

class QsciScintilla;

// What the read-only code views (the IR, the NKI kernel, the diff) share:
// one fixed-pitch font and a line-number margin that fits its numbers.
namespace codepane {

// The font code is shown in before any zoom.
[[nodiscard]] QFont codeFont();

// Makes margin 0 of `editor` wide enough for its largest line number in
// the code font, with a gap so the numbers do not touch the code.
void fitLineNumberMargin(QsciScintilla& editor);

} // namespace codepane
