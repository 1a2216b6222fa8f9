#pragma once

#include "editor/findtarget.h"
#include "irview/tracesourcemap.h"
#include "transform/pipeline.h"

#include <QWidget>

#include <vector>

#include <string>

class DiffModel;
class DiffPane;
class QAction;
class QLabel;
class QModelIndex;
class QPlainTextEdit;
class QRegularExpression;
class QSplitter;
class QStackedWidget;
class QToolButton;

// The module before and after a pass: side by side (two panes scrolling
// together, changed characters marked within changed lines, far unchanged
// stretches folded) or as a read-only unified diff. Next / previous change
// (Alt+Down / Alt+Up) walk the changes. With trace entries, selecting a line
// reports its source span and revealSourceLine() selects the lines of a
// source line. Find searches the text of both sides (or the unified text),
// rows folded away excepted.
class DiffView : public QWidget, public FindTarget {
    Q_OBJECT

public:
    explicit DiffView(QWidget* parent = nullptr);

    [[nodiscard]] DiffModel* model() const { return m_model; }
    [[nodiscard]] DiffPane* oldPane() const { return m_oldPane; }
    [[nodiscard]] DiffPane* newPane() const { return m_newPane; }
    [[nodiscard]] QPlainTextEdit* unifiedView() const { return m_unified; }
    // The labels above the old and new panes.
    [[nodiscard]] QLabel* oldLabel() const { return m_oldLabel; }
    [[nodiscard]] QLabel* newLabel() const { return m_newLabel; }
    [[nodiscard]] QAction* nextChangeAction() const { return m_nextChange; }
    [[nodiscard]] QAction* previousChangeAction() const { return m_previousChange; }
    // Checkable: long lines wrap at the panes' width instead of scrolling sideways.
    [[nodiscard]] QAction* wrapAction() const { return m_wrap; }

    // Shows the diff from `previous`'s module to `current`'s, with source maps.
    void setEntries(const tirx::TraceEntry& previous, const tirx::TraceEntry& current);
    // The same, diffing `previousText` and `currentText`: the entries' texts
    // with notes appended to their lines, so the source maps still hold.
    void setEntries(const tirx::TraceEntry& previous, const tirx::TraceEntry& current, const std::string& previousText,
                    const std::string& currentText);
    // Shows the diff from `oldText` (after pass `oldName`) to `newText`, without source maps.
    void setTexts(const QString& oldName, const std::string& oldText, const QString& newName,
                  const std::string& newText);
    void clear();

    // The passes the shown diff goes from and to.
    [[nodiscard]] QString oldName() const { return m_oldName; }
    [[nodiscard]] QString newName() const { return m_newName; }

    // Text size `steps` points from the default, as the editor zooms.
    void setZoom(int steps);
    [[nodiscard]] int zoom() const { return m_zoom; }

    [[nodiscard]] bool isUnified() const;
    void setUnified(bool unified);
    [[nodiscard]] bool folding() const;
    void setFolding(bool folding);
    [[nodiscard]] bool wrapping() const;
    void setWrapping(bool wrapping);

    // The selected row of the side-by-side panes, -1 for none.
    [[nodiscard]] int currentRow() const;
    // Selected rows, ascending.
    [[nodiscard]] QList<int> selectedRows() const;
    // Span of a row's line: the new side's, or the old side's when the row has no new line.
    [[nodiscard]] tirx::Span spanOfRow(int row) const;

    [[nodiscard]] QWidget* findArea() override { return this; }
    [[nodiscard]] QString findName() const override { return tr("Find in diff"); }
    [[nodiscard]] QString findSeed() const override;
    bool findText(const QString& text, bool forward, FindOptions options) override;
    int highlightMatches(const QString& text, FindOptions options) override;
    // The text column (DiffModel::OldTextColumn or NewTextColumn) of the
    // last match found side by side, -1 before any.
    [[nodiscard]] int matchColumn() const { return m_match.column; }

public slots:
    void nextChange();
    void previousChange();
    // Selects the rows of the new module whose statement covers source line
    // `line` (1-based), unfolding them if needed; the selection is cleared
    // when there are none.
    void revealSourceLine(int line);

signals:
    // The user selected a line that came from `span`.
    void sourceSpanActivated(const tirx::Span& span);

private:
    // A match in the side-by-side panes: `length` characters from `start` of
    // the text in `column` of `row`.
    struct Match {
        int row = -1;
        int column = -1;
        int start = 0;
        int length = 0;
    };

    [[nodiscard]] std::vector<Match> matches(const QRegularExpression& pattern) const;
    void showMatch(const Match& match);
    bool findInUnified(const QRegularExpression& pattern, bool forward);
    void showTexts(const QString& oldName, const std::string& oldText, const QString& newName,
                   const std::string& newText);
    void fillUnified();
    void goToRow(int row);
    void stepUnified(bool forward);
    void onCurrentRowChanged(const QModelIndex& current);
    void onClicked(const QModelIndex& index);
    void updateActions();
    // Gives each row the height of its longer side's wrapped line, the same on both sides.
    void fitRowHeights();

    DiffModel* m_model;
    QLabel* m_title;
    QToolButton* m_previousButton;
    QToolButton* m_nextButton;
    QToolButton* m_foldButton;
    QToolButton* m_unifiedButton;
    QAction* m_previousChange;
    QAction* m_nextChange;
    QAction* m_wrap;
    QStackedWidget* m_stack;
    QSplitter* m_sides;
    DiffPane* m_oldPane;
    DiffPane* m_newPane;
    QLabel* m_oldLabel; // "Before: pass", above the old pane
    QLabel* m_newLabel;
    QPlainTextEdit* m_unified;
    LazySourceMap m_oldMap;
    LazySourceMap m_newMap;
    QString m_oldName;
    QString m_newName;
    bool m_unifiedStale = false; // m_unified does not show the current texts yet
    bool m_selecting = false;    // the selection moves on our behalf
    // One pane wraps, the other not yet: rows are fitted when both have switched.
    bool m_switchingWrap = false;
    int m_zoom = 0;
    Match m_match;
};
