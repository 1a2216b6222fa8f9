#include "refresh/refreshwhenshown.h"

#include <QDockWidget>

RefreshWhenShown::RefreshWhenShown(QDockWidget* dock, std::function<void()> refresh)
    : QObject(dock), m_dock(dock), m_refresh(std::move(refresh))
{
    connect(dock, &QDockWidget::visibilityChanged, this, &RefreshWhenShown::shown);
}

void RefreshWhenShown::request()
{
    // A dock behind another tab stays "visible" to QWidget::isVisible();
    // what tells it apart is that none of it is on screen.
    if (m_dock->visibleRegion().isEmpty()) {
        m_pending = true;
        return;
    }
    m_pending = false;
    m_refresh();
}

void RefreshWhenShown::shown(bool visible)
{
    if (!visible || !m_pending) return;
    m_pending = false;
    m_refresh();
}
