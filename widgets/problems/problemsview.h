#pragma once

#include <QWidget>

class ProblemsModel;
class QCheckBox;
class QListView;
class QModelIndex;
class QSortFilterProxyModel;

// The Problems dock: errors and warnings, and the compiler's notes ("…
// skipped") only when asked for, so they do not bury the problems. Long
// messages wrap; activating a row reports its location.
class ProblemsView : public QWidget {
    Q_OBJECT

public:
    explicit ProblemsView(QWidget* parent = nullptr);

    [[nodiscard]] ProblemsModel* model() const { return m_model; }
    // The rows shown, notes filtered out unless showNotes().
    [[nodiscard]] QSortFilterProxyModel* shownModel() const { return m_shown; }
    [[nodiscard]] QListView* view() const { return m_view; }

    [[nodiscard]] bool showNotes() const;
    void setShowNotes(bool show);
    // Activates shown row `row` as a click would.
    void activateRow(int row);

signals:
    // 1-based line and byte column of the chosen problem.
    void problemActivated(int line, int column);

private:
    void onActivated(const QModelIndex& index);
    void updateNotesLabel();

    ProblemsModel* m_model;
    QSortFilterProxyModel* m_shown;
    QListView* m_view;
    QCheckBox* m_notes;
};
