#pragma once

#include <QColor>
#include <QRegularExpression>
#include <QStyledItemDelegate>

// Paints one cell of a diff pane: the row's tint, the changed characters of
// a changed line in a stronger tint, then the text unelided. Selection is a
// translucent overlay rather than the style's opaque fill, so a selected
// line keeps its tints and its text colour. Matches of the find pattern get
// the editor's find tint.
class DiffLineDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // An invalid or empty pattern marks nothing.
    void setFindPattern(const QRegularExpression& pattern, const QColor& color);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    QRegularExpression m_findPattern;
    QColor m_findColor;
};
