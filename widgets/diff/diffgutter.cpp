#include "diff/diffgutter.h"

#include "diff/diffmodel.h"

#include <QPainter>

#include <algorithm>

DiffGutter::DiffGutter(bool oldSide, DiffModel* model, QWidget* parent)
    : QHeaderView(Qt::Vertical, parent), m_oldSide(oldSide), m_model(model)
{
    // One fixed height: a 100k-line diff must not measure every row.
    setSectionResizeMode(QHeaderView::Fixed);
    setSectionsClickable(false);
    setHighlightSections(false);
}

QSize DiffGutter::sizeHint() const
{
    const int digits = std::max(3, static_cast<int>(QString::number(m_model->rowCount() + 1).size()));
    const int width = fontMetrics().horizontalAdvance(QString(digits, QLatin1Char('9'))) + 12;
    return {width, length()};
}

void DiffGutter::paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const
{
    const int textColumn = m_oldSide ? DiffModel::OldTextColumn : DiffModel::NewTextColumn;
    const QModelIndex text = m_model->index(logicalIndex, textColumn);
    painter->save();
    const QVariant tint = text.data(Qt::BackgroundRole);
    painter->fillRect(rect, tint.isValid() ? QBrush(tint.value<QColor>()) : palette().brush(QPalette::Base));
    // A hairline between the numbers and the code.
    painter->setPen(palette().color(QPalette::Mid));
    painter->drawLine(rect.topRight(), rect.bottomRight());
    const int line = m_oldSide ? m_model->oldLine(logicalIndex) : m_model->newLine(logicalIndex);
    if (line > 0) {
        painter->setPen(palette().color(QPalette::PlaceholderText));
        painter->setFont(font());
        const int lineHeight = fontMetrics().height() + 4;
        // Against the gutter's right edge, on the row's first line when it wraps.
        const QRect first(rect.left(), rect.top(), rect.width() - 6, std::min(rect.height(), lineHeight));
        painter->drawText(first, Qt::AlignRight | Qt::AlignVCenter, QString::number(line));
    }
    painter->restore();
}
