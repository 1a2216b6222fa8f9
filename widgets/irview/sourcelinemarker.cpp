#include "irview/sourcelinemarker.h"

#include <Qsci/qsciscintilla.h>

SourceLineMarker::SourceLineMarker(QsciScintilla* editor, int marker) : m_editor(editor), m_marker(marker) {}

void SourceLineMarker::mark(std::vector<int> lines)
{
    m_editor->markerDeleteAll(m_marker);
    m_marked = std::move(lines);
    for (int line : m_marked) m_editor->markerAdd(line - 1, m_marker);
    if (m_marked.empty()) return;
    quietly([this] {
        m_placedLine = m_marked.front() - 1;
        m_placedIndex = 0;
        m_editor->setCursorPosition(m_placedLine, m_placedIndex);
        m_editor->ensureLineVisible(m_marked.back() - 1);
        m_editor->ensureLineVisible(m_marked.front() - 1);
    });
}

bool SourceLineMarker::isUsersMove(int line, int index)
{
    // The editor reports only real moves, so the placed position is
    // reported once at most; any other position is a move of the user's.
    if (line == m_placedLine && index == m_placedIndex) return false;
    m_placedLine = -1;
    m_placedIndex = -1;
    return !m_moving;
}
