#include "editor/codeeditor.h"

#include <Qsci/qscilexerpython.h>

#include <QFontMetrics>

namespace {
constexpr int kIndentWidth = 4;
constexpr int kLineNumberMargin = 0;
constexpr int kMarginPaddingPx = 12;
} // namespace

CodeEditor::CodeEditor(QWidget *parent)
    : QsciScintilla(parent)
{
    m_font = QFont(QStringLiteral("DejaVu Sans Mono"), 10);
    m_font.setStyleHint(QFont::Monospace);
    m_font.setFixedPitch(true);

    setUtf8(true);
    setFont(m_font);
    setLexer(createLexer());

    setIndentationsUseTabs(false);
    setIndentationWidth(kIndentWidth);
    setTabWidth(kIndentWidth);
    setAutoIndent(true);
    setBackspaceUnindents(true);

    // The horizontal scroll bar follows the longest line seen instead of
    // Scintilla's fixed 2000 px, so short modules show none.
    SendScintilla(SCI_SETSCROLLWIDTH, 1);
    SendScintilla(SCI_SETSCROLLWIDTHTRACKING, true);

    setCaretLineVisible(true);
    setCaretLineBackgroundColor(QColor(0xe8, 0xf0, 0xfb));
    setBraceMatching(QsciScintilla::SloppyBraceMatch);
    setMatchedBraceBackgroundColor(QColor(0xc8, 0xe6, 0xc9));
    setUnmatchedBraceForegroundColor(QColor(0xc6, 0x28, 0x28));

    setMarginType(kLineNumberMargin, QsciScintilla::NumberMargin);
    setMarginLineNumbers(kLineNumberMargin, true);
    setMarginsFont(m_font);
    setMarginsForegroundColor(QColor(0x80, 0x80, 0x80));
    setMarginsBackgroundColor(QColor(0xf7, 0xf7, 0xf7));
    setFolding(QsciScintilla::NoFoldStyle);

    connect(this, &QsciScintilla::linesChanged, this, &CodeEditor::updateLineNumberMargin);
    connect(this, &QsciScintillaBase::SCN_ZOOM, this, &CodeEditor::updateLineNumberMargin);
    updateLineNumberMargin();
}

QsciLexer *CodeEditor::createLexer()
{
    auto *lexer = new QsciLexerPython(this);
    lexer->setDefaultFont(m_font);
    lexer->setFont(m_font, -1); // every style, so comments are not proportional
    lexer->setFoldCompact(false);
    return lexer;
}

int CodeEditor::lineNumberMarginWidth() const
{
    const int digits = static_cast<int>(QString::number(qMax(1, lines())).size());
    QFont font = m_font;
    // Scintilla zooms by whole points; the margin grows with the text.
    font.setPointSize(qMax(1, m_font.pointSize() + static_cast<int>(SendScintilla(SCI_GETZOOM))));
    const QFontMetrics metrics(font);
    return metrics.horizontalAdvance(QString(qMax(digits, 2), QLatin1Char('9'))) + kMarginPaddingPx;
}

void CodeEditor::updateLineNumberMargin()
{
    setMarginWidth(kLineNumberMargin, lineNumberMarginWidth());
}
