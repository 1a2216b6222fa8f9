#include "irview/irview.h"

#include "irview/tracesourcemap.h"

#include "editor/editorcolors.h"
#include "editor/scintillafind.h"
#include "editor/tirxlexer.h"

#include <algorithm>
#include <utility>

#include <QEvent>
#include <QFontMetrics>
#include <QLabel>
#include <QVBoxLayout>
#include <Qsci/qsciscintilla.h>

using namespace Qt::StringLiterals;

namespace {

constexpr int kSourceMarker = 1;

QFont codeFont()
{
    QFont font(u"DejaVu Sans Mono"_s, 9);
    font.setStyleHint(QFont::Monospace);
    font.setFixedPitch(true);
    return font;
}

} // namespace

IrView::IrView(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(tr("No pass selected"), this)), m_editor(new QsciScintilla(this)),
      m_lexer(new TirxLexer(m_editor))
{
    m_title->setTextFormat(Qt::PlainText);
    m_editor->setLexer(m_lexer);
    m_editor->setReadOnly(true);
    m_editor->setUtf8(true);
    m_editor->setMarginLineNumbers(0, true);
    m_editor->setMarginWidth(1, 0);
    m_editor->setCaretLineVisible(true);
    m_editor->markerDefine(QsciScintilla::Background, kSourceMarker);
    setFindPane(m_editor);
    applyPalette();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_title);
    layout->addWidget(m_editor, 1);

    connect(m_editor, &QsciScintilla::cursorPositionChanged, this, &IrView::onCursorMoved);
}

void IrView::applyPalette()
{
    // The editor's own scheme, so that the module reads the same in both.
    const EditorColors& colors = EditorColors::forPalette(palette());
    const QFont font = codeFont();
    m_lexer->setFontKeepingEmphasis(font);
    colors.applyTo(*m_editor, *m_lexer);
    m_editor->setMarginsFont(font);
    fitLineNumberMargin();
    // The lines a source statement produced: a tint of the selection colour,
    // light enough for every style's colour on it.
    const double share = EditorColors::isDark(palette()) ? 0.6 : 0.35;
    m_editor->setMarkerBackgroundColor(mixColors(colors.paper, colors.selection, share), kSourceMarker);
    scintillafind::defineIndicator(*m_editor, colors.findMatch);
}

void IrView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) applyPalette();
}

void IrView::setEntry(const tirx::TraceEntry& entry) { setEntry(entry, entry.text); }

void IrView::setEntry(const tirx::TraceEntry& entry, const std::string& text)
{
    m_map.setEntry(entry);
    m_marked.clear();
    m_title->setText(entry.passName == "input" ? tr("The module as written")
                                               : tr("After %1").arg(QString::fromStdString(entry.passName)));
    const bool moving = std::exchange(m_moving, true);
    m_editor->setText(QString::fromStdString(text));
    fitLineNumberMargin();
    m_moving = moving;
}

void IrView::fitLineNumberMargin()
{
    // Room for the largest line number in the margin's font, plus padding so
    // the numbers do not touch the text.
    constexpr int kPaddingPx = 12;
    constexpr int kTextGapPx = 6;
    const int digits = std::max(2, int(QString::number(m_editor->lines()).size()));
    m_editor->setMarginWidth(0, QFontMetrics(codeFont()).horizontalAdvance(QString(digits, u'9')) + kPaddingPx);
    // The numbers sit right-aligned against the margin's edge: a gap before the text.
    m_editor->SendScintilla(QsciScintillaBase::SCI_SETMARGINLEFT, 0, kTextGapPx);
}

void IrView::clear()
{
    m_map.clear();
    m_marked.clear();
    m_title->setText(tr("No pass selected"));
    const bool moving = std::exchange(m_moving, true);
    m_editor->clear();
    m_moving = moving;
}

QString IrView::title() const { return m_title->text(); }

void IrView::revealSourceLine(int line)
{
    m_editor->markerDeleteAll(kSourceMarker);
    m_marked = line > 0 ? m_map.map().linesForSourceLine(static_cast<uint32_t>(line)) : std::vector<int>{};
    for (int irLine : m_marked) m_editor->markerAdd(irLine - 1, kSourceMarker);
    if (m_marked.empty()) return;
    const bool moving = std::exchange(m_moving, true);
    m_placedLine = m_marked.front() - 1;
    m_placedIndex = 0;
    m_editor->setCursorPosition(m_placedLine, m_placedIndex);
    m_editor->ensureLineVisible(m_marked.back() - 1);
    m_editor->ensureLineVisible(m_marked.front() - 1);
    m_moving = moving;
}

void IrView::onCursorMoved(int line, int index)
{
    // The editor reports only real moves, so the placed position is
    // reported once at most; any other position is a move of the user's.
    if (line == m_placedLine && index == m_placedIndex) return;
    m_placedLine = -1;
    m_placedIndex = -1;
    if (m_moving) return;
    const tirx::Span span = m_map.map().spanOfLine(line + 1);
    if (span.valid()) emit sourceSpanActivated(span);
}
