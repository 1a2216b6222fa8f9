#pragma once

#include "editor/codeeditor.h"

#include <QWidget>

#include <vector>

class QAction;
class QLabel;
class QLineEdit;
class QPushButton;
class QShortcut;
class QToolButton;

// The find and replace strip under the editor. Ctrl+F opens it on the view
// that has the focus (the editor, or a view given to addTarget()), seeded
// with the word or selection at its caret; Enter and F3 find the next match,
// Shift+Enter and Shift+F3 the previous one, Escape (in the bar or the
// searched view) closes it. Every match is tinted while it is open; the
// count says how many there are. Replace is offered in the editor only.
class FindBar : public QWidget {
    Q_OBJECT

public:
    explicit FindBar(CodeEditor* editor, QWidget* parent = nullptr);

    [[nodiscard]] QLineEdit* findField() const { return m_find; }
    [[nodiscard]] QLineEdit* replaceField() const { return m_replace; }
    [[nodiscard]] QLabel* status() const { return m_status; }
    [[nodiscard]] CodeEditor::FindOptions options() const;
    // Another view Ctrl+F searches when it has the focus.
    void addTarget(FindTarget* target);
    // The view the bar searches now.
    [[nodiscard]] FindTarget* target() const { return m_target; }
    // Match case and whole words, as checkable buttons.
    [[nodiscard]] QToolButton* caseSensitiveButton() const { return m_caseSensitive; }
    [[nodiscard]] QToolButton* wholeWordButton() const { return m_wholeWord; }

    // Find, Find Next, Find Previous, Replace and Replace All, with their
    // shortcuts, for the window's Edit menu.
    [[nodiscard]] QAction* findAction() const { return m_findAction; }
    [[nodiscard]] QAction* findNextAction() const { return m_nextAction; }
    [[nodiscard]] QAction* findPreviousAction() const { return m_previousAction; }
    [[nodiscard]] QAction* replaceAction() const { return m_replaceAction; }

public slots:
    void showFind();
    void showReplace();
    void findNext();
    void findPrevious();
    void replaceOne();
    void replaceAll();
    void close();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void open(bool withReplace);
    // The view whose area holds `focus`; null for none.
    [[nodiscard]] FindTarget* targetFor(const QWidget* focus) const;
    void setTarget(FindTarget* target);
    [[nodiscard]] bool searchesEditor() const { return m_target == static_cast<FindTarget*>(m_editor); }
    void find(bool forward);
    void updateMatches();

    CodeEditor* m_editor;
    FindTarget* m_target;
    std::vector<FindTarget*> m_targets;
    std::vector<QShortcut*> m_escapes; // Escape in a view other than the editor
    QLineEdit* m_find;
    QLineEdit* m_replace;
    QToolButton* m_caseSensitive;
    QToolButton* m_wholeWord;
    QLabel* m_status;
    QWidget* m_replaceRow;
    QAction* m_findAction;
    QAction* m_nextAction;
    QAction* m_previousAction;
    QAction* m_replaceAction;
    bool m_replacingAll = false; // one count at the end, not one per match
};
