#include "tracethrottle.h"

#include <QTimer>

TraceThrottle::TraceThrottle(QObject* parent) : QObject(parent), m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(kIntervalMs);
    connect(m_timer, &QTimer::timeout, this, &TraceThrottle::release);
}

void TraceThrottle::offer(std::shared_ptr<const tirx::Trace> partial)
{
    m_pending = std::move(partial);
    // The timer is not restarted: a steady stream of passes is still shown
    // once per interval, not held back until it pauses.
    if (!m_timer->isActive()) m_timer->start();
}

void TraceThrottle::cancel()
{
    m_timer->stop();
    m_pending.reset();
}

void TraceThrottle::release()
{
    if (!m_pending) return;
    emit partialDue(std::exchange(m_pending, nullptr));
}
