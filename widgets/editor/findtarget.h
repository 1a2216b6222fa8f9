#pragma once

#include <QString>

class QWidget;

// How a search matches text, in every view the find bar searches.
struct FindOptions {
    bool caseSensitive = false;
    bool wholeWord = false;
};

// A view the find bar can search: the editor, the IR, the diff or the NKI
// kernel. The bar searches the one that had the focus when it was opened.
class FindTarget {
public:
    virtual ~FindTarget() = default;

    // The widget whose focus (its own or a child's) makes this the target,
    // and which gets the focus back when the bar closes.
    [[nodiscard]] virtual QWidget* findArea() = 0;
    // What the bar's field says it searches, e.g. "Find in IR".
    [[nodiscard]] virtual QString findName() const = 0;
    // The selection on one line, or else the word at the caret: the text the
    // user most likely wants to find; empty for none.
    [[nodiscard]] virtual QString findSeed() const = 0;
    // Selects the next (or previous) match of `text` after (or before) the
    // selection, wrapping around the end; false when there is none.
    virtual bool findText(const QString& text, bool forward, FindOptions options) = 0;
    // Marks every match (none for empty text); returns how many there are.
    virtual int highlightMatches(const QString& text, FindOptions options) = 0;

protected:
    FindTarget() = default;
    FindTarget(const FindTarget&) = default;
    FindTarget& operator=(const FindTarget&) = default;
};
