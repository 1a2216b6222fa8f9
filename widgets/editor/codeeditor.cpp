#include "editor/codeeditor.h"

#include "fromstd.h"

#include "editor/editorcolors.h"
#include "editor/tirxcompletion.h"
#include "editor/tirxlexer.h"
#include "scrollbar/cachedscrollbar.h"

#include <QApplication>
#include <QEvent>
#include <QFontMetrics>
#include <QTimer>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {
constexpr int kLineNumberMargin = 0;
constexpr int kMarginPaddingPx = 12;
constexpr int kDwellMs = 400;
constexpr const char* kFoldText = "\u2026"; // "…" after a folded block's first line, as UTF-8
} // namespace

CodeEditor::CodeEditor(QWidget* parent) : QsciScintilla(parent)
{
    m_font = QFont(QStringLiteral("DejaVu Sans Mono"), 10);
    m_font.setStyleHint(QFont::Monospace);
    m_font.setFixedPitch(true);

    // Repainting the window while typing blits the unchanged scroll bars.
    replaceVerticalScrollBar(new CachedScrollBar(Qt::Vertical, this));
    replaceHorizontalScrollBar(new CachedScrollBar(Qt::Horizontal, this));

    setUtf8(true);
    setFont(m_font);
    m_lexer = createLexer();
    setLexer(m_lexer);

    setIndentationsUseTabs(false);
    setIndentationWidth(kIndentWidth);
    setTabWidth(kIndentWidth);
    setAutoIndent(true);
    setBackspaceUnindents(true);

    // The horizontal scroll bar follows the longest line seen instead of
    // Scintilla's fixed 2000 px, so short modules show none.
    // Tracking only sees lines once they are painted, so the width is also
    // set from the longest line whenever the text changes: a line cut off
    // by the window always comes with a scroll bar.
    SendScintilla(SCI_SETSCROLLWIDTH, 1);
    SendScintilla(SCI_SETSCROLLWIDTHTRACKING, true);
    m_scrollWidthTimer = new QTimer(this);
    m_scrollWidthTimer->setSingleShot(true);
    m_scrollWidthTimer->setInterval(0);
    connect(m_scrollWidthTimer, &QTimer::timeout, this, &CodeEditor::updateScrollWidth);
    connect(this, &QsciScintilla::textChanged, m_scrollWidthTimer, qOverload<>(&QTimer::start));

    setCaretLineVisible(true);
    setBraceMatching(QsciScintilla::SloppyBraceMatch);

    setMarginType(kLineNumberMargin, QsciScintilla::NumberMargin);
    setMarginLineNumbers(kLineNumberMargin, true);
    setMarginsFont(m_font);
    setUpFolding();

    connect(this, &QsciScintilla::linesChanged, this, &CodeEditor::updateLineNumberMargin);
    connect(this, &QsciScintillaBase::SCN_ZOOM, this, &CodeEditor::updateLineNumberMargin);
    updateLineNumberMargin();

    // Connected after QScintilla's own handler, which copies the indentation
    // of the line above first.
    connect(this, &QsciScintillaBase::SCN_CHARADDED, this, &CodeEditor::indentAfterBlockStart);

    setUpDiagnostics();
    m_completion = new TirxCompletion(this);
    m_dark = EditorColors::isDark(palette());
    applyColors(EditorColors::forPalette(palette()));
}

void CodeEditor::setUpFolding()
{
    // The lexer sets the levels; Scintilla draws the margin and folds on click.
    setFolding(QsciScintilla::BoxedTreeFoldStyle, kFoldMargin);
    setMarginSensitivity(kFoldMargin, true);
    SendScintilla(SCI_FOLDDISPLAYTEXTSETSTYLE, SC_FOLDDISPLAYTEXT_BOXED);
    // Connected after QScintilla's own handler, which has folded by then.
    connect(this, &QsciScintillaBase::SCN_MARGINCLICK, this, [this](int position, int, int margin) {
        if (margin == kFoldMargin) showFoldText(static_cast<int>(SendScintilla(SCI_LINEFROMPOSITION, position)));
    });
}

void CodeEditor::foldLine(int line)
{
    if (!(SendScintilla(SCI_GETFOLDLEVEL, line) & SC_FOLDLEVELHEADERFLAG)) return;
    SendScintilla(SCI_TOGGLEFOLDSHOWTEXT, static_cast<unsigned long>(line), kFoldText);
}

void CodeEditor::showFoldText(int line)
{
    if (!(SendScintilla(SCI_GETFOLDLEVEL, line) & SC_FOLDLEVELHEADERFLAG)) return;
    if (SendScintilla(SCI_GETFOLDEXPANDED, line)) return;
    SendScintilla(SCI_TOGGLEFOLD, line);
    SendScintilla(SCI_TOGGLEFOLDSHOWTEXT, static_cast<unsigned long>(line), kFoldText);
}

void CodeEditor::applyColors(const EditorColors& colors)
{
    colors.applyTo(*this, *m_lexer);
    if (m_python) applyPythonColors(colors);
    setFoldMarginColors(colors.foldMargin, colors.foldMargin);
    SendScintilla(SCI_STYLESETFORE, STYLE_FOLDDISPLAYTEXT, colors.marginText);
    SendScintilla(SCI_STYLESETBACK, STYLE_FOLDDISPLAYTEXT, colors.marginPaper);
    for (int marker = static_cast<int>(SC_MARKNUM_FOLDEREND); marker <= static_cast<int>(SC_MARKNUM_FOLDEROPEN);
         ++marker) {
        SendScintilla(SCI_MARKERSETFORE, marker, colors.foldMargin);
        SendScintilla(SCI_MARKERSETBACK, marker, colors.foldMarker);
    }
    setMatchedBraceBackgroundColor(colors.braceMatch);
    setMatchedBraceForegroundColor(colors.styles[TirxLexer::Default]);
    setUnmatchedBraceForegroundColor(colors.braceMismatch);
    setIndicatorForegroundColor(colors.error, kErrorIndicator);
    setIndicatorForegroundColor(colors.warning, kWarningIndicator);
    scintillafind::defineIndicator(*this, colors.findMatch);
    setMarkerBackgroundColor(mixColors(colors.paper, colors.selection, 0.55), kSourceMarker);
    for (int marker : {kErrorMarker, kWarningMarker}) {
        const QColor& color = marker == kErrorMarker ? colors.error : colors.warning;
        setMarkerBackgroundColor(color, marker);
        setMarkerForegroundColor(color, marker);
    }
    // Call tips (diagnostic hover, signatures) in the same scheme.
    SendScintilla(SCI_CALLTIPSETBACK, colors.marginPaper);
    SendScintilla(SCI_CALLTIPSETFORE, colors.styles[TirxLexer::Default]);
}

void CodeEditor::changeEvent(QEvent* event)
{
    QsciScintilla::changeEvent(event);
    // Setting the paper gives the editor a palette of its own, so a new
    // application palette may arrive only as ApplicationPaletteChange.
    if (event->type() != QEvent::PaletteChange && event->type() != QEvent::ApplicationPaletteChange) return;
    setDarkColors(EditorColors::isDark(event->type() == QEvent::ApplicationPaletteChange ? QApplication::palette(this)
                                                                                         : palette()));
}

void CodeEditor::setDarkColors(bool dark)
{
    if (dark == m_dark) return;
    m_dark = dark;
    applyColors(dark ? EditorColors::dark() : EditorColors::light());
}

TirxLexer* CodeEditor::createLexer()
{
    auto* lexer = new TirxLexer(this);
    lexer->setDefaultFont(m_font);
    lexer->setFontKeepingEmphasis(m_font);
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

void CodeEditor::updateScrollWidth()
{
    // Monospace: the line with the most bytes is (near enough) the widest.
    int longest = 0;
    int longestLine = 0;
    for (int line = 0; line < lines(); ++line) {
        const int length =
            static_cast<int>(SendScintilla(SCI_GETLINEENDPOSITION, line) - SendScintilla(SCI_POSITIONFROMLINE, line));
        if (length > longest) {
            longest = length;
            longestLine = line;
        }
    }
    const int start = static_cast<int>(SendScintilla(SCI_POSITIONFROMLINE, longestLine));
    const int end = static_cast<int>(SendScintilla(SCI_GETLINEENDPOSITION, longestLine));
    const QByteArray text = bytes(start, end);
    // An eighth more for bold callables and keywords, which the default style does not measure.
    const int plain = static_cast<int>(SendScintilla(SCI_TEXTWIDTH, STYLE_DEFAULT, text.constData()));
    const int width = plain + plain / 8 + kMarginPaddingPx;
    if (width > SendScintilla(SCI_GETSCROLLWIDTH)) SendScintilla(SCI_SETSCROLLWIDTH, width);
}

void CodeEditor::updateLineNumberMargin() { setMarginWidth(kLineNumberMargin, lineNumberMarginWidth()); }

void CodeEditor::setUpDiagnostics()
{
    indicatorDefine(QsciScintilla::SquiggleIndicator, kErrorIndicator);
    indicatorDefine(QsciScintilla::SquiggleIndicator, kWarningIndicator);
    markerDefine(QsciScintilla::Circle, kErrorMarker);
    markerDefine(QsciScintilla::Circle, kWarningMarker);
    markerDefine(QsciScintilla::Background, kSourceMarker);
    setMarginType(kMarkerMargin, QsciScintilla::SymbolMargin);
    setMarginWidth(kMarkerMargin, 14);
    setMarginMarkerMask(kMarkerMargin, (1 << kErrorMarker) | (1 << kWarningMarker));
    setMarginSensitivity(kMarkerMargin, false);

    SendScintilla(SCI_SETMOUSEDWELLTIME, kDwellMs);
    connect(this, &QsciScintillaBase::SCN_DWELLSTART, this,
            [this](int position, int x, int y) { showDiagnosticTip(position, x, y); });
    connect(this, &QsciScintillaBase::SCN_DWELLEND, this, [this](int, int, int) { SendScintilla(SCI_CALLTIPCANCEL); });
}

void CodeEditor::markSourceLines(int first, int last)
{
    markerDeleteAll(kSourceMarker);
    for (int line = std::max(first, 1); first > 0 && line <= std::min(last, lines()); ++line)
        markerAdd(line - 1, kSourceMarker);
}

int CodeEditor::positionFromLineColumn(int line, int column) const
{
    // Columns count bytes, and so do Scintilla positions; QScintilla's own
    // positionFromLineIndex() counts characters, which differs on non-ASCII.
    if (line < 1 || line > lines()) return -1;
    const int lineStart = static_cast<int>(SendScintilla(SCI_POSITIONFROMLINE, line - 1));
    const int lineEnd = static_cast<int>(SendScintilla(SCI_GETLINEENDPOSITION, line - 1));
    return std::clamp(lineStart + std::max(column, 1) - 1, lineStart, lineEnd);
}

std::pair<int, int> CodeEditor::diagnosticRange(const tirx::Diagnostic& diagnostic) const
{
    const tirx::Span& span = diagnostic.span;
    if (!span.valid()) return {-1, -1};
    const int start = positionFromLineColumn(static_cast<int>(span.line), static_cast<int>(span.column));
    if (start < 0) return {-1, -1};
    int end = -1;
    if (span.endLine >= span.line)
        end = positionFromLineColumn(static_cast<int>(span.endLine), static_cast<int>(span.endColumn));
    if (end <= start) {
        // No usable end: underline the word at the start, or one character.
        end = static_cast<int>(SendScintilla(SCI_WORDENDPOSITION, start, true));
        if (end <= start) end = static_cast<int>(SendScintilla(SCI_POSITIONAFTER, start));
    }
    return {start, end};
}

void CodeEditor::setDiagnostics(const std::vector<tirx::Diagnostic>& diagnostics)
{
    const int length = this->length();
    SendScintilla(SCI_SETINDICATORCURRENT, kErrorIndicator);
    SendScintilla(SCI_INDICATORCLEARRANGE, 0, length);
    SendScintilla(SCI_SETINDICATORCURRENT, kWarningIndicator);
    SendScintilla(SCI_INDICATORCLEARRANGE, 0, length);
    markerDeleteAll(kErrorMarker);
    markerDeleteAll(kWarningMarker);
    m_shown.clear();

    for (const tirx::Diagnostic& d : diagnostics) {
        const auto [start, end] = diagnosticRange(d);
        if (start < 0) continue;
        const bool error = d.severity == tirx::Diagnostic::Severity::Error;
        SendScintilla(SCI_SETINDICATORCURRENT, error ? kErrorIndicator : kWarningIndicator);
        SendScintilla(SCI_INDICATORFILLRANGE, start, std::max(1, end - start));
        markerAdd(static_cast<int>(d.span.line) - 1, error ? kErrorMarker : kWarningMarker);
        m_shown.push_back({static_cast<int>(d.span.line), start, end,
                           fromStd(tirx::severityName(d.severity)) + u": "_s + fromStd(d.message)});
    }
}

QString CodeEditor::diagnosticAt(int position) const
{
    QStringList messages;
    for (const Shown& shown : m_shown) {
        if (position >= shown.start && position < std::max(shown.end, shown.start + 1)) messages << shown.message;
    }
    return messages.join(u'\n');
}

QString CodeEditor::diagnosticsOnLine(int line) const
{
    QStringList messages;
    for (const Shown& shown : m_shown) {
        if (shown.line == line) messages << shown.message;
    }
    return messages.join(u'\n');
}

void CodeEditor::showDiagnosticTip(int position, int x, int y)
{
    QString text;
    if (position >= 0) {
        text = diagnosticAt(position);
    } else {
        int margins = 0;
        for (int margin = 0; margin <= kFoldMargin; ++margin) margins += marginWidth(margin);
        if (x < 0 || x >= margins) return;
        const int atLine = static_cast<int>(SendScintilla(SCI_POSITIONFROMPOINT, margins, y));
        const int line = static_cast<int>(SendScintilla(SCI_LINEFROMPOSITION, atLine));
        text = diagnosticsOnLine(line + 1);
        position = static_cast<int>(SendScintilla(SCI_POSITIONFROMLINE, line));
    }
    if (text.isEmpty()) return;
    SendScintilla(SCI_CALLTIPSHOW, static_cast<unsigned long>(position),
                  TirxCompletion::wrapTip(text).toUtf8().constData());
}
