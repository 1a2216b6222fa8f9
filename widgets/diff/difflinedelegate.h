#pragma once

#include "diff/statictextcache.h"

#include <QColor>
#include <QRegularExpression>
#include <QStyledItemDelegate>

class QFontMetrics;

// Paints one cell of a diff pane: the row's tint, the changed characters of
// a changed line in a stronger tint, then the text unelided. Selection is a
// translucent overlay rather than the style's opaque fill, so a selected
// line keeps its tints and its text colour. Matches of the find pattern get
// the editor's find tint. When wrapping, a line longer than the cell breaks
// every charsPerLine() characters onto lines of lineHeight(), and the pane
// gives its row the height for them. Lines are drawn laid out once
// (StaticTextCache).
class DiffLineDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // An invalid or empty pattern marks nothing.
    void setFindPattern(const QRegularExpression& pattern, const QColor& color);
    void setWrapping(bool wrapping) { m_wrapping = wrapping; }
    [[nodiscard]] bool wrapping() const { return m_wrapping; }

    // The height of one line of text, which is also an unwrapped row's.
    [[nodiscard]] static int lineHeight(const QFontMetrics& metrics);
    // How many characters fit on one line of a cell `cellWidth` pixels wide
    // (the diff's font is fixed-pitch), at least one.
    [[nodiscard]] static int charsPerLine(const QFontMetrics& metrics, int cellWidth);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    QRegularExpression m_findPattern;
    QColor m_findColor;
    bool m_wrapping = false;
    mutable StaticTextCache m_texts;
};
