#include "dockhighlight.h"

#include <QEvent>
#include <QPainter>

namespace {
// An amber that stands out against both themes and every view's colours
// (the memory maps use red for problems, the diff red and green).
const QColor kFrame(232, 145, 20);
} // namespace

DockHighlight::DockHighlight(QWidget* window) : QWidget(window)
{
    setObjectName(QStringLiteral("TourHighlight"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    window->installEventFilter(this);
    hide();
}

void DockHighlight::setTarget(QWidget* target)
{
    if (m_target) m_target->removeEventFilter(this);
    m_target = target;
    if (m_target) m_target->installEventFilter(this);
    follow();
}

bool DockHighlight::eventFilter(QObject* watched, QEvent* event)
{
    const QEvent::Type type = event->type();
    if (type == QEvent::Move || type == QEvent::Resize || type == QEvent::Show || type == QEvent::Hide ||
        type == QEvent::LayoutRequest)
        follow();
    return QWidget::eventFilter(watched, event);
}

void DockHighlight::follow()
{
    // A floating dock is a window of its own: nothing to frame in this one.
    if (!m_target || !m_target->isVisible() || m_target->window() != parentWidget()) {
        hide();
        return;
    }
    const QRect rect(m_target->mapTo(parentWidget(), QPoint(0, 0)), m_target->size());
    setGeometry(rect.intersected(parentWidget()->rect()));
    show();
    raise();
    update();
}

void DockHighlight::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QPen pen(kFrame, kPenWidth);
    pen.setJoinStyle(Qt::RoundJoin);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    const qreal inset = kPenWidth / 2.0;
    painter.drawRoundedRect(QRectF(rect()).adjusted(inset, inset, -inset, -inset), 6, 6);
}
