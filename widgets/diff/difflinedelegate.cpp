#include "diff/difflinedelegate.h"

#include "diff/diffcolors.h"
#include "diff/diffmodel.h"

#include <QPainter>

void DiffLineDelegate::setFindPattern(const QRegularExpression& pattern, const QColor& color)
{
    m_findPattern = pattern;
    m_findColor = color;
}

void DiffLineDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const QPalette& palette = opt.palette;
    const QRect cell = opt.rect;

    painter->save();
    if (opt.backgroundBrush.style() != Qt::NoBrush) painter->fillRect(cell, opt.backgroundBrush);

    const int margin = opt.fontMetrics.horizontalAdvance(QLatin1Char(' ')) / 2 + 2;
    const QRect textRect = cell.adjusted(margin, 0, -margin, 0);
    const QString text = opt.text;
    const auto ranges = index.data(DiffModel::ChangesRole).value<QList<DiffModel::CharRange>>();
    if (!ranges.isEmpty()) {
        const DiffColors colors = DiffColors::forPalette(palette);
        const bool oldSide = index.column() == DiffModel::OldTextColumn;
        const QColor strong = oldSide ? colors.removedText : colors.addedText;
        for (const DiffModel::CharRange& range : ranges) {
            const int x = opt.fontMetrics.horizontalAdvance(text.left(range.begin));
            const int width = opt.fontMetrics.horizontalAdvance(text.mid(range.begin, range.length));
            painter->fillRect(QRect(textRect.left() + x, cell.top(), std::max(width, 2), cell.height()), strong);
        }
    }

    if (!m_findPattern.pattern().isEmpty() && m_findPattern.isValid()) {
        for (auto it = m_findPattern.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            const int x = opt.fontMetrics.horizontalAdvance(text.left(match.capturedStart()));
            const int width = opt.fontMetrics.horizontalAdvance(match.captured());
            painter->fillRect(QRect(textRect.left() + x, cell.top(), width, cell.height()), m_findColor);
        }
    }

    if (opt.state & QStyle::State_Selected) {
        QColor overlay = palette.color(QPalette::Highlight);
        overlay.setAlpha(70);
        painter->fillRect(cell, overlay);
    }

    const QVariant foreground = index.data(Qt::ForegroundRole);
    painter->setPen(foreground.isValid() ? foreground.value<QColor>() : palette.color(QPalette::Text));
    painter->setFont(opt.font);
    painter->drawText(textRect, static_cast<int>(opt.displayAlignment) | Qt::TextSingleLine, text);
    painter->restore();
}
