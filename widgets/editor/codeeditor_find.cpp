// CodeEditor's find, replace, go-to-line and whole-text edits, apart from
// the set-up and diagnostics in codeeditor.cpp.
#include "editor/codeeditor.h"

#include <algorithm>

bool CodeEditor::findText(const QString& text, bool forward, FindOptions options)
{
    return scintillafind::findText(*this, text, forward, options);
}

bool CodeEditor::replaceAndFind(const QString& text, const QString& replacement, FindOptions options)
{
    const int selectionStart = static_cast<int>(SendScintilla(SCI_GETSELECTIONSTART));
    const int selectionEnd = static_cast<int>(SendScintilla(SCI_GETSELECTIONEND));
    const auto [start, end] = scintillafind::search(*this, text.toUtf8(), selectionStart, selectionEnd, options);
    if (start == selectionStart && end == selectionEnd && start < end) {
        const QByteArray bytes = replacement.toUtf8();
        // Computed, not read back: a textChanged slot may search (and so move
        // the target) while the replacement is made.
        const int after = start + static_cast<int>(bytes.size());
        SendScintilla(SCI_REPLACETARGET, bytes.size(), bytes.constData());
        SendScintilla(SCI_SETSEL, after, after);
    }
    return findText(text, true, options);
}

int CodeEditor::replaceAll(const QString& text, const QString& replacement, FindOptions options)
{
    const QByteArray bytes = text.toUtf8();
    const QByteArray replacementBytes = replacement.toUtf8();
    int count = 0;
    int from = 0;
    beginUndoAction();
    for (;;) {
        const auto [start, end] = scintillafind::search(*this, bytes, from, length(), options);
        if (start < 0 || end <= start) break;
        SendScintilla(SCI_REPLACETARGET, replacementBytes.size(), replacementBytes.constData());
        from = start + static_cast<int>(replacementBytes.size());
        ++count;
    }
    endUndoAction();
    return count;
}

int CodeEditor::highlightMatches(const QString& text, FindOptions options)
{
    return scintillafind::highlightMatches(*this, text, options);
}

void CodeEditor::goToLine(int line)
{
    const int index = std::clamp(line, 1, std::max(1, lines())) - 1;
    SendScintilla(SCI_ENSUREVISIBLEENFORCEPOLICY, index);
    SendScintilla(SCI_GOTOLINE, index);
    setFocus();
}

void CodeEditor::replaceText(const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    SendScintilla(SCI_SETTARGETRANGE, 0, length());
    SendScintilla(SCI_REPLACETARGET, bytes.size(), bytes.constData());
}

void CodeEditor::markModified()
{
    if (isModified()) return;
    // An insertion undone within one undo step: the text and the caret stay,
    // but the document has left its save point.
    const int end = length();
    beginUndoAction();
    SendScintilla(SCI_INSERTTEXT, end, " ");
    SendScintilla(SCI_DELETERANGE, end, 1);
    endUndoAction();
}
