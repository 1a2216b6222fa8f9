#pragma once

// Runs a dock's refresh only while the dock can be seen. A refresh asked for
// while it cannot (a background tab, a closed dock, a window not yet shown)
// waits and runs once, when the dock next becomes visible. Bringing every
// dock up to date on each keystroke, seen or not, is what slows typing:
// bench_workbench times an edit through to the repaint with the window's
// default docks, most of them in background tabs.

#include <QObject>

#include <functional>

class QDockWidget;

class RefreshWhenShown final : public QObject {
public:
    RefreshWhenShown(QDockWidget* dock, std::function<void()> refresh);

    // Refreshes now if the dock can be seen, otherwise when it is shown.
    void request();
    [[nodiscard]] bool pending() const { return m_pending; }

private:
    void shown(bool visible);

    QDockWidget* m_dock;
    std::function<void()> m_refresh;
    bool m_pending = false;
};
