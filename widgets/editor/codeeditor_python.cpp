// CodeEditor for a hand-written NKI kernel: plain Python, highlighted by
// QScintilla's Python lexer in the colours the TIRx lexer uses, so a kernel
// and a TVMScript module read alike in either theme.
#include "editor/codeeditor.h"
#include "editor/editorcolors.h"

#include <Qsci/qscilexerpython.h>

void CodeEditor::setLanguage(Language language)
{
    if (language == m_language) return;
    m_language = language;
    if (language == Language::Python && !m_python) {
        m_python = new QsciLexerPython(this);
        m_python->setDefaultFont(m_font);
        m_python->setFont(m_font);
        // Tabs and mixed indentation are not flagged: the editor writes spaces.
        m_python->setIndentationWarning(QsciLexerPython::NoWarning);
        m_python->setFoldComments(true);
        m_python->setFoldQuotes(true);
    }
    if (language == Language::Python)
        setLexer(m_python);
    else
        setLexer(m_lexer);
    // A new lexer restyles everything from its own defaults.
    setMarginsFont(m_font);
    applyColors(m_dark ? EditorColors::dark() : EditorColors::light());
    updateLineNumberMargin();
}

void CodeEditor::applyPythonColors(const EditorColors& colors)
{
    const auto& c = colors.styles;
    using P = QsciLexerPython;
    const std::pair<int, TirxLexer::Style> map[] = {
        {P::Default, TirxLexer::Default},
        {P::Comment, TirxLexer::Comment},
        {P::CommentBlock, TirxLexer::Comment},
        {P::Number, TirxLexer::Number},
        {P::DoubleQuotedString, TirxLexer::String},
        {P::SingleQuotedString, TirxLexer::String},
        {P::TripleSingleQuotedString, TirxLexer::String},
        {P::TripleDoubleQuotedString, TirxLexer::String},
        {P::DoubleQuotedFString, TirxLexer::String},
        {P::SingleQuotedFString, TirxLexer::String},
        {P::TripleSingleQuotedFString, TirxLexer::String},
        {P::TripleDoubleQuotedFString, TirxLexer::String},
        {P::Keyword, TirxLexer::Keyword},
        {P::ClassName, TirxLexer::Callable},
        {P::FunctionMethodName, TirxLexer::Callable},
        {P::Operator, TirxLexer::Operator},
        {P::Identifier, TirxLexer::Default},
        {P::UnclosedString, TirxLexer::Error},
        {P::HighlightedIdentifier, TirxLexer::Scope},
        {P::Decorator, TirxLexer::Scope},
    };
    m_python->setDefaultPaper(colors.paper);
    m_python->setDefaultColor(c[TirxLexer::Default]);
    m_python->setPaper(colors.paper);
    for (const auto& [style, tirx] : map) {
        m_python->setColor(c[tirx], style);
        QFont font = m_font;
        font.setBold(tirx == TirxLexer::Keyword || style == P::FunctionMethodName || style == P::ClassName);
        font.setItalic(tirx == TirxLexer::Comment);
        m_python->setFont(font, style);
    }
    m_python->setPaper(colors.paper, P::UnclosedString);
}
