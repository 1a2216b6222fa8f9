#include "irview/irview.h"

#include "irview/codepane.h"
#include "irview/tracesourcemap.h"

#include "editor/editorcolors.h"
#include "editor/scintillafind.h"
#include "editor/tirxlexer.h"
#include "scrollbar/cachedscrollbar.h"

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

} // namespace

IrView::IrView(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(tr("No pass selected"), this)), m_editor(new QsciScintilla(this)),
      m_lexer(new TirxLexer(m_editor)), m_marker(m_editor, kSourceMarker)
{
    m_title->setTextFormat(Qt::PlainText);
    m_editor->replaceVerticalScrollBar(new CachedScrollBar(Qt::Vertical, m_editor));
    m_editor->replaceHorizontalScrollBar(new CachedScrollBar(Qt::Horizontal, m_editor));
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
    const QFont font = codepane::codeFont();
    m_lexer->setFontKeepingEmphasis(font);
    colors.applyTo(*m_editor, *m_lexer);
    m_editor->setMarginsFont(font);
    codepane::fitLineNumberMargin(*m_editor);
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
    m_title->setText(entry.passName == "input" ? tr("The module as written")
                                               : tr("After %1").arg(QString::fromStdString(entry.passName)));
    // The text shown already (an edit this pass's output does not show):
    // setting it again would restyle it and lose the scroll position.
    if (m_text && *m_text == text) return;
    m_text = text;
    m_marker.forget();
    m_marker.quietly([&] { m_editor->setText(QString::fromStdString(text)); });
    codepane::fitLineNumberMargin(*m_editor);
}

void IrView::clear()
{
    m_text.reset();
    m_map.clear();
    m_marker.forget();
    m_title->setText(tr("No pass selected"));
    m_marker.quietly([this] { m_editor->clear(); });
}

QString IrView::title() const { return m_title->text(); }

void IrView::revealSourceLine(int line)
{
    m_marker.mark(line > 0 ? m_map.map().linesForSourceLine(static_cast<uint32_t>(line)) : std::vector<int>{});
}

void IrView::onCursorMoved(int line, int index)
{
    if (!m_marker.isUsersMove(line, index)) return;
    const tirx::Span span = m_map.map().spanOfLine(line + 1);
    if (span.valid()) emit sourceSpanActivated(span);
}
