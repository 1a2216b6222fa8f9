#include "editor/scintillafind.h"

#include <Qsci/qsciscintilla.h>

#include <tuple>

namespace scintillafind {

namespace {

int searchFlags(FindOptions options)
{
    return (options.caseSensitive ? QsciScintillaBase::SCFIND_MATCHCASE : 0) |
           (options.wholeWord ? QsciScintillaBase::SCFIND_WHOLEWORD : 0);
}

} // namespace

void defineIndicator(QsciScintilla& view, const QColor& color)
{
    view.indicatorDefine(QsciScintilla::StraightBoxIndicator, kIndicator);
    view.SendScintilla(QsciScintillaBase::SCI_INDICSETALPHA, kIndicator, 110);
    view.SendScintilla(QsciScintillaBase::SCI_INDICSETUNDER, kIndicator, true);
    view.setIndicatorForegroundColor(color, kIndicator);
}

std::pair<int, int> search(QsciScintilla& view, const QByteArray& text, int from, int to, FindOptions options)
{
    if (text.isEmpty()) return {-1, -1};
    view.SendScintilla(QsciScintillaBase::SCI_SETSEARCHFLAGS, searchFlags(options));
    view.SendScintilla(QsciScintillaBase::SCI_SETTARGETRANGE, from, to);
    const int start =
        static_cast<int>(view.SendScintilla(QsciScintillaBase::SCI_SEARCHINTARGET, text.size(), text.constData()));
    if (start < 0) return {-1, -1};
    return {start, static_cast<int>(view.SendScintilla(QsciScintillaBase::SCI_GETTARGETEND))};
}

bool findText(QsciScintilla& view, const QString& text, bool forward, FindOptions options)
{
    const QByteArray bytes = text.toUtf8();
    const int length = view.length();
    const int selectionStart = static_cast<int>(view.SendScintilla(QsciScintillaBase::SCI_GETSELECTIONSTART));
    const int selectionEnd = static_cast<int>(view.SendScintilla(QsciScintillaBase::SCI_GETSELECTIONEND));
    auto [start, end] =
        forward ? search(view, bytes, selectionEnd, length, options) : search(view, bytes, selectionStart, 0, options);
    if (start < 0) // wrap around
        std::tie(start, end) =
            forward ? search(view, bytes, 0, length, options) : search(view, bytes, length, 0, options);
    if (start < 0) return false;
    const int line = static_cast<int>(view.SendScintilla(QsciScintillaBase::SCI_LINEFROMPOSITION, start));
    view.SendScintilla(QsciScintillaBase::SCI_ENSUREVISIBLEENFORCEPOLICY, line);
    view.SendScintilla(QsciScintillaBase::SCI_SETSEL, start, end);
    return true;
}

int highlightMatches(QsciScintilla& view, const QString& text, FindOptions options)
{
    view.SendScintilla(QsciScintillaBase::SCI_SETINDICATORCURRENT, kIndicator);
    view.SendScintilla(QsciScintillaBase::SCI_INDICATORCLEARRANGE, 0, view.length());
    const QByteArray bytes = text.toUtf8();
    int count = 0;
    int from = 0;
    for (;;) {
        const auto [start, end] = search(view, bytes, from, view.length(), options);
        if (start < 0 || end <= start) break;
        view.SendScintilla(QsciScintillaBase::SCI_INDICATORFILLRANGE, start, end - start);
        from = end;
        ++count;
    }
    return count;
}

QString seed(const QsciScintilla& view)
{
    QString text = view.selectedText();
    if (!text.isEmpty() && !text.contains(u'\n')) return text;
    int line = 0;
    int index = 0;
    view.getCursorPosition(&line, &index);
    return view.wordAtLineIndex(line, index);
}

} // namespace scintillafind

QWidget* ScintillaFindTarget::findArea() { return m_findPane; }

QString ScintillaFindTarget::findSeed() const { return scintillafind::seed(*m_findPane); }

bool ScintillaFindTarget::findText(const QString& text, bool forward, FindOptions options)
{
    return scintillafind::findText(*m_findPane, text, forward, options);
}

int ScintillaFindTarget::highlightMatches(const QString& text, FindOptions options)
{
    return scintillafind::highlightMatches(*m_findPane, text, options);
}
