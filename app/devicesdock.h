#pragma once

#include "device/device_run.h"

#include <QObject>

#include <memory>
#include <vector>

class DevicesView;
class JobTracker;
class QDockWidget;
class QWidget;
class WorkbenchSession;

// The Devices dock and its requests: Refresh probes every device (the
// simulator, this host, the saved SSH hosts) in a JobTracker job, Run sends
// the session's last lowered kernel, for the session's target, to the
// chosen device with the inputs the view
// names (.npy files, the rest random from its seed) and compares it with
// the simulator, showing each stage as the device reports it; Cancel stops
// that run, and hosts added or removed are saved for `tirx-cli devices`
// too. Nothing is probed until asked: a probe starts processes and may
// reach the network. The input list follows the kernel while the dock is
// shown, and catches up when it is shown again.
class DevicesDock : public QObject {
    Q_OBJECT

public:
    DevicesDock(WorkbenchSession* session, QWidget* window);
    ~DevicesDock() override;

    [[nodiscard]] DevicesView* view() const { return m_view; }
    [[nodiscard]] QDockWidget* dock() const { return m_dock; }
    // The last finished run, null before any.
    [[nodiscard]] std::shared_ptr<const tirx::device::DeviceRun> lastRun() const { return m_lastRun; }
    [[nodiscard]] bool isBusy() const;

public slots:
    void refresh();
    void run(const QString& device);
    void cancel();

signals:
    void refreshed();
    void finished();

private:
    void listUnprobed();
    void refreshInputs();
    void addHost(const QString& host);
    void removeHost(const QString& device);

    WorkbenchSession* m_session;
    DevicesView* m_view;
    QDockWidget* m_dock;
    std::shared_ptr<tirx::device::Device> m_running;
    JobTracker* m_probe;
    JobTracker* m_run;
    std::shared_ptr<const tirx::device::DeviceRun> m_lastRun;
};
