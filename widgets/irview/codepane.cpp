#include "irview/codepane.h"

#include <QFontMetrics>
#include <Qsci/qsciscintilla.h>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace codepane {

QFont codeFont()
{
    QFont font(u"DejaVu Sans Mono"_s, 9);
    font.setStyleHint(QFont::Monospace);
    font.setFixedPitch(true);
    return font;
}

void fitLineNumberMargin(QsciScintilla& editor)
{
    constexpr int kPaddingPx = 12;
    constexpr int kTextGapPx = 6;
    const int digits = std::max(2, static_cast<int>(QString::number(editor.lines()).size()));
    editor.setMarginWidth(0, QFontMetrics(codeFont()).horizontalAdvance(QString(digits, u'9')) + kPaddingPx);
    // The numbers sit right-aligned against the margin's edge: a gap before the text.
    editor.SendScintilla(QsciScintillaBase::SCI_SETMARGINLEFT, 0, kTextGapPx);
}

} // namespace codepane
