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
class QLineEdit;
class QListView;
class QToolButton;
class TargetSelector;

namespace tirx {
struct Target;
}

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

    // A complete Trace shows the chosen pass, or the default one. A partial
    // Trace (a run still going) moves the views only to the chosen pass,
    // once it has run: until then they keep what they show, so a long run
    // does not repaint every view for each pass on its way.
    void setTrace(std::shared_ptr<const tirx::Trace> trace);
    void setPartialTrace(std::shared_ptr<const tirx::Trace> partial);
    // The target the Trace was lowered for (the capacities line and the
    // target selector's "Module:" entry); null shows none.
    void setTarget(const tirx::Target* target);
    void setStale(bool stale);

    // Index of the selected entry in the Trace, -1 when there is none.
    [[nodiscard]] int currentEntry() const { return m_current; }
    void setCurrentEntry(int entry);
    // Selects the entry named `passName` as the user's choice, which later
    // Traces keep; false if the trace has none.
    bool selectPass(const QString& passName);
    // Until the user picks a pass, a Trace lands on the model's default entry
    // (the first error, else the last pass that changed the module); this
    // goes back to that (a new document).
    void forgetChoice();
    // The pass the user chose, empty while the stepper follows the default.
    [[nodiscard]] QString chosenPass() const { return m_chosenName; }

    // Selecting a preset lists its passes, all switched on.
    [[nodiscard]] QString preset() const;
    void setPreset(const QString& preset);
    // The module's target or an override; the capacities of the target the
    // shown Trace used sit next to it.
    [[nodiscard]] TargetSelector* targetSelector() const { return m_target; }
    [[nodiscard]] QString capacityText() const;
    void setHideUnchanged(bool hide);
    // Shows only the passes whose name contains `text` (and the input).
    void setNameFilter(const QString& text);
    // The pass the diff starts from instead of the one before the shown
    // pass (the list's context menu sets it); empty for the previous pass.
    [[nodiscard]] QString basePass() const { return m_baseName; }
    void setBasePass(const QString& passName);
    // The Trace entry the diff of `entry` starts from: the base pass's when
    // one is set, has run and is not `entry` itself, else the one before.
    [[nodiscard]] int baseEntryFor(int entry) const;

    // The preset's passes that are switched on, in order.
    [[nodiscard]] QStringList enabledPasses() const;

public slots:
    void stepBack();
    void stepForward();

signals:
    void currentEntryChanged(int entry);
    // The pass the diff starts from changed.
    void basePassChanged(const QString& passName);
    void presetChanged(const QString& preset);
    // A pass was switched on or off: run `passes` (a custom pipeline).
    void enabledPassesChanged(const QStringList& passes);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onViewCurrentChanged();
    // Makes `entry` current as the user's choice.
    void choose(int entry);
    void updateButtons();
    void selectVisible(int entry);
    void applyPreset();
    // After the filter changed: the current pass if still shown, else the
    // nearest shown one before it.
    void keepCurrentVisible();
    void showContextMenu(const QPoint& position);
    // Row in the filtered list of the row showing `entry`, -1 if hidden or none.
    [[nodiscard]] int visibleRow(int entry) const;
    // Trace entry of the nearest shown pass that ran, from visible row `row`
    // going by `step` (+1 or -1); -1 if none.
    [[nodiscard]] int entryFrom(int row, int step) const;

    PassListModel* m_model;
    PassFilterModel* m_filter;
    QListView* m_view;
    QComboBox* m_preset;
    TargetSelector* m_target;
    QLabel* m_capacity;
    QCheckBox* m_hideUnchanged;
    QLineEdit* m_nameFilter;
    QToolButton* m_back;
    QToolButton* m_forward;
    QLabel* m_stale;
    int m_current = -1;
    QString m_currentName;
    QString m_chosenName;
    QString m_baseName;
    bool m_selecting = false; // the view's selection moves on our behalf
};
