#pragma once

#include "sim/run_result.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

class MainWindow;
class QDockWidget;
class RunView;

// Docks the Run view in a main window and runs the simulator for it: on a
// run request the last lowered module's kernel is simulated on a worker
// with the view's seed, poison mode and input files; progress comes back
// while it runs, cancel stops it at the next instruction, and a new
// request while one runs is refused. Choosing an instruction or a
// never-written read moves the editor (and so the IR view) to its source.
class RunDock : public QObject {
    Q_OBJECT

public:
    explicit RunDock(MainWindow* window);
    ~RunDock() override;

    [[nodiscard]] RunView* view() const { return m_view; }
    [[nodiscard]] QDockWidget* dock() const { return m_dock; }
    [[nodiscard]] bool isRunning() const { return m_watcher.isRunning(); }

public slots:
    void run();
    void cancel();

signals:
    void finished();

private:
    void refreshInputs();

    MainWindow* m_window;
    RunView* m_view;
    QDockWidget* m_dock;
    std::atomic<bool> m_cancel{false};
    QFutureWatcher<std::shared_ptr<const tirx::sim::RunResult>> m_watcher;
};
