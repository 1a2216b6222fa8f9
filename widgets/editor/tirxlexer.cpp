#include "editor/tirxlexer.h"

#include "editor/tirxstyler.h"

#include <Qsci/qsciscintilla.h>

#include <QColor>

using namespace Qt::StringLiterals;

TirxLexer::TirxLexer(QObject *parent)
    : QsciLexerCustom(parent)
{
}

const char *TirxLexer::language() const
{
    return "TIRx";
}

QString TirxLexer::description(int style) const
{
    switch (static_cast<Style>(style)) {
    case Default:
        return tr("Default");
    case Keyword:
        return tr("Keyword");
    case Callable:
        return tr("Callable");
    case DType:
        return tr("Data type");
    case Scope:
        return tr("Memory scope");
    case Number:
        return tr("Number");
    case String:
        return tr("String");
    case Comment:
        return tr("Comment");
    case Operator:
        return tr("Operator");
    case Axis:
        return tr("Axis");
    case Error:
        return tr("Error");
    case StyleCount:
        return {};
    }
    return {};
}

QColor TirxLexer::defaultColor(int style) const
{
    switch (static_cast<Style>(style)) {
    case Default:
        return QColor(0x20, 0x20, 0x20);
    case Keyword:
        return QColor(0x00, 0x00, 0xa0);
    case Callable:
        return QColor(0x00, 0x5c, 0x8a);
    case DType:
        return QColor(0x8a, 0x3f, 0x00);
    case Scope:
        return QColor(0x6a, 0x1b, 0x9a);
    case Number:
        return QColor(0x00, 0x7a, 0x6e);
    case String:
        return QColor(0x2e, 0x7d, 0x32);
    case Comment:
        return QColor(0x75, 0x75, 0x75);
    case Operator:
        return QColor(0x40, 0x40, 0x40);
    case Axis:
        return QColor(0xad, 0x14, 0x57);
    case Error:
        return QColor(0xc6, 0x28, 0x28);
    case StyleCount:
        break;
    }
    return QsciLexerCustom::defaultColor(style);
}

QFont TirxLexer::defaultFont(int style) const
{
    QFont font = QsciLexerCustom::defaultFont(style);
    if (style == Keyword || style == Callable)
        font.setBold(true);
    if (style == Comment)
        font.setItalic(true);
    return font;
}

const char *TirxLexer::wordCharacters() const
{
    return "0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
}

void TirxLexer::styleText(int start, int end)
{
    QsciScintilla *ed = editor();
    if (!ed || end <= start)
        return;
    // The whole text is tokenized so a triple-quoted string that opened
    // above the restyled range is still seen as a string.
    const QByteArray source = ed->bytes(0, ed->length());
    const std::string_view text(source.constData(), static_cast<size_t>(ed->length()));
    const std::vector<StyledRun> runs = styleRuns(text);

    startStyling(start);
    int pos = start;
    for (const StyledRun &run : runs) {
        const int runBegin = std::max(static_cast<int>(run.begin), pos);
        const int runEnd = std::min(static_cast<int>(run.end), end);
        if (runEnd <= runBegin)
            continue;
        if (runBegin > pos)
            setStyling(runBegin - pos, Default);
        setStyling(runEnd - runBegin, run.style);
        pos = runEnd;
    }
    if (end > pos)
        setStyling(end - pos, Default);
}
