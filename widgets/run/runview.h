#pragma once

#include "sim/run_result.h"
#include "target/target.h"

#include <QMap>
#include <QWidget>

#include <memory>

class AccessMapView;
class OutputsModel;
class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTableView;
class QTableWidget;
class QListView;
class QTimer;
class ReadsModel;

// The Run dock: inputs (random from a seed, or chosen .npy files), a run
// with progress and cancel, the outputs with their figures and a save
// button, the never-written reads, and the access trace to step, play and
// scrub through on the SBUF and PSUM maps. It only shows a sim::RunResult;
// the app runs the simulator and hands the result in.
class RunView : public QWidget {
    Q_OBJECT

public:
    explicit RunView(QWidget* parent = nullptr);

    // The kernel's input parameters, each random until a file is chosen.
    void setInputs(const QStringList& names);
    [[nodiscard]] QMap<QString, QString> inputFiles() const;
    void setInputFile(const QString& name, const QString& path);

    void setRunning(bool running);
    // Instructions executed so far by the run in progress.
    void setProgress(qint64 instructions);
    // The line under the controls: the run's progress, then its result.
    [[nodiscard]] QString summary() const;
    void setResult(std::shared_ptr<const tirx::sim::RunResult> result, const tirx::Target* target);
    // The target the result's accesses are drawn against: the one the
    // kernel ran for, null when no run has a target (nothing lowered).
    [[nodiscard]] const tirx::Target* target() const { return m_target; }
    [[nodiscard]] std::shared_ptr<const tirx::sim::RunResult> result() const { return m_result; }

    // The trace position (instruction index) shown on the maps.
    [[nodiscard]] int currentInstruction() const;
    void setCurrentInstruction(int index);

    [[nodiscard]] OutputsModel* outputsModel() const { return m_outputs; }
    [[nodiscard]] ReadsModel* readsModel() const { return m_reads; }
    [[nodiscard]] AccessMapView* accessMap() const { return m_map; }
    [[nodiscard]] QString currentDescription() const;
    [[nodiscard]] quint64 seed() const;
    [[nodiscard]] bool poison() const;

    // Writes output `row` to `path` (.npy); the error text, empty on success.
    [[nodiscard]] QString saveOutput(int row, const QString& path) const;

signals:
    void runRequested();
    void cancelRequested();
    // The source location of a selected instruction or never-written read.
    void sourceRequested(int line, int column);
    void instructionSelected(int index);

private:
    // The summary in the error colour (a failed run) or the usual one.
    void showFailure(bool failed);
    void showInstruction(int index);
    void chooseInputFile();
    void saveSelectedOutput();

    QSpinBox* m_seed;
    QCheckBox* m_poison;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QTableWidget* m_inputs;
    QTableView* m_outputView;
    OutputsModel* m_outputs;
    QListView* m_readView;
    ReadsModel* m_reads;
    AccessMapView* m_map;
    QSlider* m_scrub;
    QPushButton* m_play;
    QLabel* m_description;
    QLabel* m_summary;
    QTimer* m_playTimer;
    std::shared_ptr<const tirx::sim::RunResult> m_result;
    const tirx::Target* m_target = nullptr;
};
