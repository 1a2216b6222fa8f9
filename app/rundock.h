#pragma once

#include <QObject>

class JobTracker;
class QDockWidget;
class QWidget;
class RunView;
class WorkbenchSession;

// The Run dock: runs the simulator for the Run view. On a run request the
// session's last lowered kernel is simulated, for the session's target, by
// a JobTracker job with the view's seed, poison mode and input files;
// progress comes back while it runs, Cancel stops it at the next
// instruction (the result says so), and a new request while one runs is
// refused. The window places the dock and follows sourceRequested.
class RunDock : public QObject {
    Q_OBJECT

public:
    RunDock(WorkbenchSession* session, QWidget* window);

    [[nodiscard]] RunView* view() const { return m_view; }
    [[nodiscard]] QDockWidget* dock() const { return m_dock; }
    [[nodiscard]] bool isRunning() const;

public slots:
    void run();
    void cancel();

signals:
    void finished();
    // An instruction or a never-written read was chosen: its source place.
    void sourceRequested(int line, int column);
    // A run failed: a line for the status bar.
    void statusMessage(const QString& text);

private:
    void refreshInputs();

    WorkbenchSession* m_session;
    RunView* m_view;
    QDockWidget* m_dock;
    JobTracker* m_runs;
};
