#pragma once

#include <utility>
#include <vector>

class QsciScintilla;

// The marks a read-only code view (the IR, the NKI kernel) puts on the
// lines a source line produced, and the caret moves that come with them.
// Marking puts the caret on the first marked line; the editor reports that
// move later, when it repaints, and isUsersMove() tells such a report (or
// one caused by changing the text) from a move the user made, so the view
// reports only the user's moves back to the source.
class SourceLineMarker {
public:
    // Uses marker number `marker` of `editor` (defined by the view).
    SourceLineMarker(QsciScintilla* editor, int marker);

    // Marks `lines` (1-based), puts the caret on the first and scrolls them
    // all into view; no lines clears the marks.
    void mark(std::vector<int> lines);
    // Forgets the marks of text that is gone (the markers went with it).
    void forget() { m_marked.clear(); }
    [[nodiscard]] const std::vector<int>& marked() const { return m_marked; }

    // Runs `change` (setText, clear) with its caret moves taken as ours.
    template <typename Change> void quietly(Change&& change)
    {
        const bool moving = std::exchange(m_moving, true);
        std::forward<Change>(change)();
        m_moving = moving;
    }

    // Whether the caret move the editor reports at (`line`, `index`),
    // 0-based, was the user's.
    [[nodiscard]] bool isUsersMove(int line, int index);

private:
    QsciScintilla* m_editor;
    int m_marker;
    std::vector<int> m_marked;
    bool m_moving = false; // the caret moves on our behalf
    // Where mark() put the caret (0-based).
    int m_placedLine = -1;
    int m_placedIndex = -1;
};
