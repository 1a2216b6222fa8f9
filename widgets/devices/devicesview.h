#pragma once

#include "device/device_run.h"

#include <QWidget>

#include <vector>

class InputFilesEditor;
class QLabel;
class QProgressBar;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTreeWidget;

// The Devices dock's view: every device with its status, SDK and NKI
// versions and the API it runs; Run (each input random from a seed or read
// from a chosen .npy file), a busy bar naming the run's stage, Cancel,
// Refresh (probes the devices), adding and removing SSH hosts; and the last
// run's timings, comparison with the simulator and log. It shows what the
// device layer reports and asks the window to do the rest.
class DevicesView : public QWidget {
    Q_OBJECT

public:
    explicit DevicesView(QWidget* parent = nullptr);

    void setDevices(const std::vector<tirx::device::DeviceInfo>& devices);
    void setRunning(bool running);
    // The stage the running job reached ("copying", "running", "fetching", "comparing").
    void setStage(const QString& stage);
    [[nodiscard]] QString stage() const { return m_stage; }
    [[nodiscard]] bool isRunning() const { return m_running; }
    void setResult(const tirx::device::DeviceRun& run);
    void setMessage(const QString& text);
    // After a host is added: the field is empty for the next one.
    void clearHostField();

    [[nodiscard]] QString selectedDevice() const;
    void selectDevice(const QString& id);
    [[nodiscard]] int seed() const;
    [[nodiscard]] InputFilesEditor* inputs() const { return m_inputs; }
    [[nodiscard]] QProgressBar* progress() const { return m_progress; }
    [[nodiscard]] QString message() const;
    [[nodiscard]] QString resultText() const;
    [[nodiscard]] QTreeWidget* list() const { return m_list; }

signals:
    void refreshRequested();
    void runRequested(const QString& device);
    void cancelRequested();
    void addHostRequested(const QString& host);
    void removeHostRequested(const QString& device);
    void stageChanged(const QString& stage);

private:
    void updateButtons();

    QTreeWidget* m_list;
    QPushButton* m_refresh;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QPushButton* m_remove;
    QLineEdit* m_host;
    QPushButton* m_add;
    QSpinBox* m_seed;
    QLabel* m_status;
    QPlainTextEdit* m_result;
    InputFilesEditor* m_inputs;
    QProgressBar* m_progress;
    QString m_stage;
    QString m_runningDevice; // the device of the running job, whatever is selected now
    bool m_running = false;
};
