// CodeEditor's typing aids: Enter after a completion, indentation after a
// block start, and toggling comments; apart from the setup in codeeditor.cpp.
#include "editor/codeeditor.h"

#include <QKeyEvent>

#include <algorithm>

void CodeEditor::keyPressEvent(QKeyEvent* event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && event->modifiers() == Qt::NoModifier && SendScintilla(SCI_AUTOCACTIVE) && completionRepeatsTyped())
        SendScintilla(SCI_AUTOCCANCEL);
    QsciScintilla::keyPressEvent(event);
}

bool CodeEditor::completionRepeatsTyped() const
{
    const int start = static_cast<int>(SendScintilla(SCI_AUTOCPOSSTART));
    const int caret = static_cast<int>(SendScintilla(SCI_GETCURRENTPOS));
    const int length = static_cast<int>(SendScintilla(SCI_AUTOCGETCURRENTTEXT, 0UL, static_cast<void*>(nullptr)));
    if (caret <= start || length != caret - start) return false;
    QByteArray current(length + 1, '\0');
    SendScintilla(SCI_AUTOCGETCURRENTTEXT, 0UL, current.data());
    current.truncate(length);
    return textBytes(start, caret) == current;
}

QByteArray CodeEditor::textBytes(int start, int end) const
{
    // QsciScintilla::bytes() keeps the terminating NUL.
    QByteArray text = bytes(start, end);
    text.truncate(std::max(0, end - start));
    return text;
}

void CodeEditor::indentAfterBlockStart(int ch)
{
    if (ch != '\n' && ch != '\r') return;
    const int line = static_cast<int>(SendScintilla(SCI_LINEFROMPOSITION, SendScintilla(SCI_GETCURRENTPOS)));
    if (line == 0) return;
    const int start = static_cast<int>(SendScintilla(SCI_POSITIONFROMLINE, line - 1));
    const int end = static_cast<int>(SendScintilla(SCI_GETLINEENDPOSITION, line - 1));
    QByteArray above = textBytes(start, end);
    // A '#' outside a string starts a comment.
    char quote = 0;
    for (qsizetype i = 0; i < above.size(); ++i) {
        const char c = above.at(i);
        if (quote) {
            if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '#') {
            above.truncate(i);
            break;
        }
    }
    if (!above.trimmed().endsWith(':')) return;
    const int indent = static_cast<int>(SendScintilla(SCI_GETLINEINDENTATION, line - 1)) + kIndentWidth;
    SendScintilla(SCI_SETLINEINDENTATION, line, indent);
    SendScintilla(SCI_GOTOPOS, SendScintilla(SCI_GETLINEINDENTPOSITION, line));
}

void CodeEditor::toggleComment()
{
    int lineFrom = 0;
    int indexFrom = 0;
    int lineTo = 0;
    int indexTo = 0;
    if (hasSelectedText()) {
        getSelection(&lineFrom, &indexFrom, &lineTo, &indexTo);
        // A selection that ends at the start of a line does not take that line.
        if (indexTo == 0 && lineTo > lineFrom) --lineTo;
    } else {
        getCursorPosition(&lineFrom, &indexFrom);
        lineTo = lineFrom;
    }
    // Comment at the smallest indentation of the non-blank lines, so a block
    // stays aligned; uncomment only when every non-blank line is a comment.
    int indent = -1;
    bool allComments = true;
    for (int line = lineFrom; line <= lineTo; ++line) {
        const QString text = this->text(line);
        if (text.trimmed().isEmpty()) continue;
        const int lead = static_cast<int>(SendScintilla(SCI_GETLINEINDENTATION, line));
        indent = indent < 0 ? lead : std::min(indent, lead);
        allComments = allComments && text.trimmed().startsWith(u'#');
    }
    if (indent < 0) return;
    const bool selected = hasSelectedText();
    beginUndoAction();
    for (int line = lineFrom; line <= lineTo; ++line) {
        const QString text = this->text(line);
        if (text.trimmed().isEmpty()) continue;
        const int start = static_cast<int>(SendScintilla(SCI_GETLINEINDENTPOSITION, line));
        if (allComments) {
            const bool space = text.trimmed().startsWith(QStringLiteral("# "));
            SendScintilla(SCI_DELETERANGE, start, space ? 2 : 1);
        } else {
            const int at = static_cast<int>(SendScintilla(SCI_POSITIONFROMLINE, line)) + indent;
            SendScintilla(SCI_INSERTTEXT, static_cast<unsigned long>(at), "# ");
        }
    }
    endUndoAction();
    // Whole lines stay selected, so toggling again undoes exactly this.
    if (!selected) return;
    QString last = this->text(lineTo);
    while (last.endsWith(u'\n') || last.endsWith(u'\r')) last.chop(1);
    setSelection(lineFrom, 0, lineTo, static_cast<int>(last.size()));
}
