#pragma once

#include "transform/pipeline.h"

#include <QWidget>

#include <memory>

class PassFilterModel;
class PassListModel;
class QCheckBox;
class QComboBox;
class QLabel;
class QListView;
class QToolButton;

// The pass list of the last lowering with step back / step forward
// (Alt+Left / Alt+Right anywhere in the window), the pipeline preset and a
// "hide unchanged" switch. The current entry is an index into the Trace; it
// follows the pass by name when a new Trace arrives.
class PassStepper : public QWidget {
    Q_OBJECT

public:
    explicit PassStepper(QWidget *parent = nullptr);

    [[nodiscard]] PassListModel *model() const { return m_model; }
    [[nodiscard]] PassFilterModel *filterModel() const { return m_filter; }
    [[nodiscard]] QListView *view() const { return m_view; }

    void setTrace(std::shared_ptr<const tirx::Trace> trace);
    void setStale(bool stale);

    // Index of the selected entry in the Trace, -1 when there is none.
    [[nodiscard]] int currentEntry() const { return m_current; }
    void setCurrentEntry(int entry);
    // Selects the entry named `passName`; false if the trace has none.
    bool selectPass(const QString &passName);

    [[nodiscard]] QString preset() const;
    void setPreset(const QString &preset);
    void setHideUnchanged(bool hide);

public slots:
    void stepBack();
    void stepForward();

signals:
    void currentEntryChanged(int entry);
    void presetChanged(const QString &preset);

private:
    void onViewCurrentChanged();
    void updateButtons();
    void selectVisible(int entry);
    [[nodiscard]] int visibleRow(int entry) const;

    PassListModel *m_model;
    PassFilterModel *m_filter;
    QListView *m_view;
    QComboBox *m_preset;
    QCheckBox *m_hideUnchanged;
    QToolButton *m_back;
    QToolButton *m_forward;
    QLabel *m_stale;
    int m_current = -1;
    QString m_currentName;
};
