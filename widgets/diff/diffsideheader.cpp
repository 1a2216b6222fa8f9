#include "diff/diffsideheader.h"

#include <QPainter>
#include <QStyleOptionHeader>

DiffSideHeader::DiffSideHeader(QWidget* parent) : QHeaderView(Qt::Horizontal, parent)
{
    setHighlightSections(false);
    setSectionsClickable(false);
    setSectionResizeMode(QHeaderView::Fixed);
    setStretchLastSection(false);
}

QRect DiffSideHeader::labelRect(int logicalIndex) const
{
    const QRect section(sectionViewportPosition(logicalIndex), 0, sectionSize(logicalIndex), viewport()->height());
    const int margin = fontMetrics().horizontalAdvance(QLatin1Char(' '));
    return section.intersected(viewport()->rect()).adjusted(margin, 0, -margin, 0);
}

void DiffSideHeader::paintSection(QPainter* painter, const QRect& rect, int logicalIndex) const
{
    QStyleOptionHeader option;
    initStyleOptionForIndex(&option, logicalIndex);
    option.rect = rect;
    const QString label = option.text;
    option.text.clear();
    painter->save();
    style()->drawControl(QStyle::CE_Header, &option, painter, this);
    painter->setPen(palette().color(QPalette::ButtonText));
    painter->drawText(labelRect(logicalIndex), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, label);
    painter->restore();
}
