#include "editor/tirxlexer.h"

#include "editor/editorcolors.h"
#include "editor/indentfolding.h"
#include "editor/tirxstyler.h"

#include <Qsci/qsciscintilla.h>

#include <QColor>

using namespace Qt::StringLiterals;

TirxLexer::TirxLexer(QObject* parent) : QsciLexerCustom(parent), m_colors(&EditorColors::light()) {}

const char* TirxLexer::language() const { return "TIRx"; }

QString TirxLexer::description(int style) const
{
    switch (static_cast<Style>(style)) {
    case Default: return tr("Default");
    case Keyword: return tr("Keyword");
    case Callable: return tr("Callable");
    case DType: return tr("Data type");
    case Scope: return tr("Memory scope");
    case Number: return tr("Number");
    case String: return tr("String");
    case Comment: return tr("Comment");
    case Operator: return tr("Operator");
    case Axis: return tr("Axis");
    case Error: return tr("Error");
    case StyleCount: return {};
    }
    return {};
}

QColor TirxLexer::defaultColor(int style) const
{
    if (style >= 0 && style < StyleCount) return m_colors->styles[static_cast<size_t>(style)];
    return QsciLexerCustom::defaultColor(style);
}

QColor TirxLexer::defaultPaper(int) const { return m_colors->paper; }

void TirxLexer::setColors(const EditorColors& colors)
{
    m_colors = &colors;
    for (int style = 0; style < StyleCount; ++style) {
        setColor(defaultColor(style), style);
        setPaper(colors.paper, style);
    }
    setDefaultColor(colors.styles[Default]);
    setDefaultPaper(colors.paper);
}

void TirxLexer::setFontKeepingEmphasis(const QFont& font)
{
    for (int style = 0; style < StyleCount; ++style) {
        QFont styled = font;
        styled.setBold(defaultFont(style).bold());
        styled.setItalic(defaultFont(style).italic());
        setFont(styled, style);
    }
}

QFont TirxLexer::defaultFont(int style) const
{
    QFont font = QsciLexerCustom::defaultFont(style);
    if (style == Keyword || style == Callable) font.setBold(true);
    if (style == Comment) font.setItalic(true);
    return font;
}

const char* TirxLexer::wordCharacters() const
{
    return "0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
}

void TirxLexer::styleText(int start, int end)
{
    QsciScintilla* ed = editor();
    if (!ed || end <= start) return;
    // The whole text is tokenized so a triple-quoted string that opened
    // above the restyled range is still seen as a string.
    const QByteArray source = ed->bytes(0, ed->length());
    const std::string_view text(source.constData(), static_cast<size_t>(ed->length()));
    const std::vector<StyledRun> runs = styleRuns(text);

    startStyling(start);
    int pos = start;
    for (const StyledRun& run : runs) {
        const int runBegin = std::max(static_cast<int>(run.begin), pos);
        const int runEnd = std::min(static_cast<int>(run.end), end);
        if (runEnd <= runBegin) continue;
        if (runBegin > pos) setStyling(runBegin - pos, Default);
        setStyling(runEnd - runBegin, run.style);
        pos = runEnd;
    }
    if (end > pos) setStyling(end - pos, Default);
    updateFoldLevels();
}

void TirxLexer::updateFoldLevels()
{
    static_assert(indentfolding::kBase == QsciScintillaBase::SC_FOLDLEVELBASE);
    static_assert(indentfolding::kBlankFlag == QsciScintillaBase::SC_FOLDLEVELWHITEFLAG);
    static_assert(indentfolding::kHeaderFlag == QsciScintillaBase::SC_FOLDLEVELHEADERFLAG);
    QsciScintilla* ed = editor();
    const int lineCount = ed->lines();
    std::vector<int> indents(static_cast<size_t>(lineCount));
    for (int line = 0; line < lineCount; ++line) {
        const long indentEnd = ed->SendScintilla(QsciScintillaBase::SCI_GETLINEINDENTPOSITION, line);
        const long lineEnd = ed->SendScintilla(QsciScintillaBase::SCI_GETLINEENDPOSITION, line);
        indents[static_cast<size_t>(line)] =
            indentEnd >= lineEnd ? -1
                                 : static_cast<int>(ed->SendScintilla(QsciScintillaBase::SCI_GETLINEINDENTATION, line));
    }
    const std::vector<int> levels = indentfolding::levels(indents);
    for (int line = 0; line < lineCount; ++line) {
        const int level = levels[static_cast<size_t>(line)];
        if (ed->SendScintilla(QsciScintillaBase::SCI_GETFOLDLEVEL, line) != level)
            ed->SendScintilla(QsciScintillaBase::SCI_SETFOLDLEVEL, line, level);
    }
}
