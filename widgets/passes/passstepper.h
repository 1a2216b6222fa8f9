#pragma once

#include "transform/pipeline.h"

#include <QWidget>

#include <memory>

class PassFilterModel;
class PassListModel;
class QCheckBox;
class QComboBox;
class QEvent;
class QLabel;
class QListView;
class QToolButton;

// The pass list of the last lowering with step back / step forward
// (Alt+Left / Alt+Right anywhere in the window, j / k in the list), the
// pipeline preset and target, a "hide unchanged" switch and a check box per
// pass to switch it off. The current entry is an index into the Trace; it
// follows the pass by name when a new Trace arrives.
class PassStepper : public QWidget {
    Q_OBJECT

public:
    explicit PassStepper(QWidget* parent = nullptr);

    [[nodiscard]] PassListModel* model() const { return m_model; }
    [[nodiscard]] PassFilterModel* filterModel() const { return m_filter; }
    [[nodiscard]] QListView* view() const { return m_view; }

    void setTrace(std::shared_ptr<const tirx::Trace> trace);
    void setStale(bool stale);

    // Index of the selected entry in the Trace, -1 when there is none.
    [[nodiscard]] int currentEntry() const { return m_current; }
    void setCurrentEntry(int entry);
    // Selects the entry named `passName`; false if the trace has none.
    bool selectPass(const QString& passName);

    // Selecting a preset lists its passes, all switched on.
    [[nodiscard]] QString preset() const;
    void setPreset(const QString& preset);
    // Target tag that overrides the module's (tirx::targets()); empty for the module's own.
    [[nodiscard]] QString target() const;
    void setTarget(const QString& tag);
    void setHideUnchanged(bool hide);
    // The preset's passes that are switched on, in order.
    [[nodiscard]] QStringList enabledPasses() const;

public slots:
    void stepBack();
    void stepForward();

signals:
    void currentEntryChanged(int entry);
    void presetChanged(const QString& preset);
    void targetChanged(const QString& tag);
    // A pass was switched on or off: run `passes` (a custom pipeline).
    void enabledPassesChanged(const QStringList& passes);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onViewCurrentChanged();
    void updateButtons();
    void selectVisible(int entry);
    void applyPreset();
    // Row in the filtered list of the row showing `entry`, -1 if hidden or none.
    [[nodiscard]] int visibleRow(int entry) const;
    // Trace entry of the nearest shown pass that ran, from visible row `row`
    // going by `step` (+1 or -1); -1 if none.
    [[nodiscard]] int entryFrom(int row, int step) const;

    PassListModel* m_model;
    PassFilterModel* m_filter;
    QListView* m_view;
    QComboBox* m_preset;
    QComboBox* m_target;
    QCheckBox* m_hideUnchanged;
    QToolButton* m_back;
    QToolButton* m_forward;
    QLabel* m_stale;
    int m_current = -1;
    QString m_currentName;
};
