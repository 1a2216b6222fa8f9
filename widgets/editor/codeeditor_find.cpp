// CodeEditor's find, replace, go-to-line and whole-text edits, apart from
// the set-up and diagnostics in codeeditor.cpp. Searches run on Scintilla's byte positions
// with the text as UTF-8, so they agree with the diagnostics' columns.
#include "editor/codeeditor.h"

#include <algorithm>

namespace {

int searchFlags(CodeEditor::FindOptions options)
{
    return (options.caseSensitive ? QsciScintillaBase::SCFIND_MATCHCASE : 0) |
           (options.wholeWord ? QsciScintillaBase::SCFIND_WHOLEWORD : 0);
}

} // namespace

std::pair<int, int> CodeEditor::search(const QByteArray& text, int from, int to, FindOptions options) const
{
    if (text.isEmpty()) return {-1, -1};
    SendScintilla(SCI_SETSEARCHFLAGS, searchFlags(options));
    SendScintilla(SCI_SETTARGETRANGE, from, to);
    const int start = static_cast<int>(SendScintilla(SCI_SEARCHINTARGET, text.size(), text.constData()));
    if (start < 0) return {-1, -1};
    return {start, static_cast<int>(SendScintilla(SCI_GETTARGETEND))};
}

bool CodeEditor::findText(const QString& text, bool forward, FindOptions options)
{
    const QByteArray bytes = text.toUtf8();
    const int length = this->length();
    const int selectionStart = static_cast<int>(SendScintilla(SCI_GETSELECTIONSTART));
    const int selectionEnd = static_cast<int>(SendScintilla(SCI_GETSELECTIONEND));
    auto [start, end] =
        forward ? search(bytes, selectionEnd, length, options) : search(bytes, selectionStart, 0, options);
    if (start < 0) // wrap around
        std::tie(start, end) = forward ? search(bytes, 0, length, options) : search(bytes, length, 0, options);
    if (start < 0) return false;
    const int line = static_cast<int>(SendScintilla(SCI_LINEFROMPOSITION, start));
    SendScintilla(SCI_ENSUREVISIBLEENFORCEPOLICY, line);
    SendScintilla(SCI_SETSEL, start, end);
    return true;
}

bool CodeEditor::replaceAndFind(const QString& text, const QString& replacement, FindOptions options)
{
    const int selectionStart = static_cast<int>(SendScintilla(SCI_GETSELECTIONSTART));
    const int selectionEnd = static_cast<int>(SendScintilla(SCI_GETSELECTIONEND));
    const auto [start, end] = search(text.toUtf8(), selectionStart, selectionEnd, options);
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
        const auto [start, end] = search(bytes, from, length(), options);
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
    SendScintilla(SCI_SETINDICATORCURRENT, kFindIndicator);
    SendScintilla(SCI_INDICATORCLEARRANGE, 0, length());
    const QByteArray bytes = text.toUtf8();
    int count = 0;
    int from = 0;
    for (;;) {
        const auto [start, end] = search(bytes, from, length(), options);
        if (start < 0 || end <= start) break;
        SendScintilla(SCI_INDICATORFILLRANGE, start, end - start);
        from = end;
        ++count;
    }
    return count;
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
