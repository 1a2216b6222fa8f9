#pragma once

#include <QWidget>

#include <string>

class DiffModel;
class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QTableView;
class QToolButton;

// The module before and after a pass, side by side (removed lines tinted red,
// added green) or as a read-only unified diff.
class DiffView : public QWidget {
    Q_OBJECT

public:
    explicit DiffView(QWidget *parent = nullptr);

    [[nodiscard]] DiffModel *model() const { return m_model; }
    [[nodiscard]] QTableView *tableView() const { return m_table; }
    [[nodiscard]] QPlainTextEdit *unifiedView() const { return m_unified; }

    // Shows the diff from `oldText` (after pass `oldName`) to `newText`.
    void setTexts(const QString &oldName, const std::string &oldText, const QString &newName,
                  const std::string &newText);
    void clear();

    [[nodiscard]] bool isUnified() const;
    void setUnified(bool unified);

private:
    DiffModel *m_model;
    QLabel *m_title;
    QToolButton *m_unifiedButton;
    QStackedWidget *m_stack;
    QTableView *m_table;
    QPlainTextEdit *m_unified;
};
