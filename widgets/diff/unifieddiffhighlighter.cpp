#include "diff/unifieddiffhighlighter.h"

#include "diff/diffcolors.h"

#include <QGuiApplication>
#include <QPalette>

using namespace Qt::StringLiterals;

void UnifiedDiffHighlighter::highlightBlock(const QString& text)
{
    if (text.isEmpty()) return;
    const DiffColors colors = DiffColors::forPalette(QGuiApplication::palette());
    QTextCharFormat format;
    if (text.startsWith(u"@@"_s) || text.startsWith(u"--- "_s) || text.startsWith(u"+++ "_s)) {
        format.setForeground(colors.hunkHeader);
        format.setFontWeight(QFont::Bold);
    } else if (text.front() == u'-') {
        format.setBackground(colors.removedLine);
    } else if (text.front() == u'+') {
        format.setBackground(colors.addedLine);
    } else {
        return;
    }
    setFormat(0, static_cast<int>(text.size()), format);
}
