#include "accessmapview.h"

#include "ir/mem_space.h"

#include <QPainter>

using namespace Qt::StringLiterals;

AccessMapView::AccessMapView(QWidget* parent) : QWidget(parent) { setMinimumHeight(120); }

void AccessMapView::setRects(std::vector<tirx::sim::MapRect> rects, int psumBanks)
{
    m_rects = std::move(rects);
    m_psumBanks = psumBanks;
    update();
}

QSize AccessMapView::sizeHint() const { return {480, 200}; }

void AccessMapView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const int label = fontMetrics().height() + 2;
    const int gap = 6;
    const int mapHeight = std::max(10, (height() - 2 * label - gap) / 2);
    const QRect sbuf(0, label, width() - 1, mapHeight);
    const QRect psum(0, sbuf.bottom() + gap + label, width() - 1, mapHeight);
    const QColor frame = palette().color(QPalette::Mid);
    const QColor back = palette().color(QPalette::Base);
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(QPoint(2, label - 4), tr("SBUF: partitions × bytes"));
    painter.drawText(QPoint(2, psum.top() - 4), tr("PSUM: partitions × banks"));
    for (const QRect& r : {sbuf, psum}) {
        painter.fillRect(r, back);
        painter.setPen(frame);
        painter.drawRect(r);
    }
    for (int b = 1; b < m_psumBanks; ++b) {
        const int x = psum.left() + psum.width() * b / m_psumBanks;
        painter.drawLine(x, psum.top(), x, psum.bottom());
    }
    for (const auto& rect : m_rects) {
        const QRect& area = tirx::isScope(rect.scope, tirx::MemSpace::Sbuf) ? sbuf : psum;
        const QRectF box(area.left() + rect.x0 * area.width(), area.top() + rect.y0 * area.height(),
                         std::max(1.0, (rect.x1 - rect.x0) * area.width()),
                         std::max(1.0, (rect.y1 - rect.y0) * area.height()));
        QColor fill = rect.write ? QColor(0xd0, 0x30, 0x30) : QColor(0x30, 0x60, 0xd0);
        fill.setAlpha(150);
        painter.fillRect(box, fill);
    }
}
