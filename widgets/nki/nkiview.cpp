#include "nki/nkiview.h"

#include "codegen/emit_nki.h"
#include "editor/editorcolors.h"
#include "editor/scintillafind.h"
#include "irview/codepane.h"

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>
#include <Qsci/qscilexerpython.h>
#include <Qsci/qsciscintilla.h>

#include <utility>

using namespace Qt::StringLiterals;

namespace {

constexpr int kSourceMarker = 1;

// What a user asks first: which SDKs run this text (spec 07 §8.1).
QString apiSummary(tirx::NkiApi api)
{
    switch (api) {
    case tirx::NkiApi::Legacy:
        return QObject::tr("Legacy neuronxcc.nki, as the reference prints it: runs on Neuron SDK 2.29 and older");
    case tirx::NkiApi::Current: return QObject::tr("nki.jit: runs on Neuron SDK 2.27 and later (trn2, trn3)");
    }
    return {};
}

} // namespace

NkiView::NkiView(QWidget* parent)
    : QWidget(parent), m_apiChoice(new QComboBox(this)), m_title(new QLabel(this)),
      m_save(new QPushButton(tr("Save As..."), this)), m_editor(new QsciScintilla(this)),
      m_lexer(new QsciLexerPython(m_editor)), m_marker(m_editor, kSourceMarker)
{
    m_apiChoice->addItem(tr("nki.jit (current SDKs)"), int(tirx::NkiApi::Current));
    m_apiChoice->addItem(tr("legacy neuronxcc.nki"), int(tirx::NkiApi::Legacy));
    m_apiChoice->setCurrentIndex(1);
    m_title->setTextFormat(Qt::PlainText);
    m_title->setWordWrap(true);
    m_title->setText(apiSummary(m_api));
    m_save->setEnabled(false);
    m_editor->setLexer(m_lexer);
    m_editor->setReadOnly(true);
    m_editor->setUtf8(true);
    m_editor->setMarginLineNumbers(0, true);
    m_editor->setMarginWidth(1, 0);
    m_editor->setCaretLineVisible(true);
    m_editor->markerDefine(QsciScintilla::Background, kSourceMarker);
    setFindPane(m_editor);
    applyPalette();

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_apiChoice);
    bar->addWidget(m_title, 1);
    bar->addWidget(m_save);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_editor, 1);

    connect(m_apiChoice, &QComboBox::currentIndexChanged, this,
            [this](int) { setApi(tirx::NkiApi(m_apiChoice->currentData().toInt())); });
    connect(m_save, &QPushButton::clicked, this, &NkiView::saveAs);
    connect(m_editor, &QsciScintilla::cursorPositionChanged, this, &NkiView::onCursorMoved);
}

void NkiView::applyPalette()
{
    const EditorColors& colors = EditorColors::forPalette(palette());
    const QFont font = codepane::codeFont();
    m_lexer->setDefaultFont(font);
    m_lexer->setFont(font, -1);
    m_lexer->setDefaultPaper(colors.paper);
    m_lexer->setPaper(colors.paper, -1);
    m_lexer->setDefaultColor(colors.styles[TirxLexer::Default]);
    m_lexer->setColor(colors.styles[TirxLexer::Default], -1);
    const std::pair<int, TirxLexer::Style> mapped[] = {
        {QsciLexerPython::Comment, TirxLexer::Comment},
        {QsciLexerPython::CommentBlock, TirxLexer::Comment},
        {QsciLexerPython::Number, TirxLexer::Number},
        {QsciLexerPython::DoubleQuotedString, TirxLexer::String},
        {QsciLexerPython::SingleQuotedString, TirxLexer::String},
        {QsciLexerPython::Keyword, TirxLexer::Keyword},
        {QsciLexerPython::Operator, TirxLexer::Operator},
        {QsciLexerPython::FunctionMethodName, TirxLexer::Callable},
        {QsciLexerPython::Decorator, TirxLexer::Scope},
    };
    for (const auto& [style, tirx] : mapped) m_lexer->setColor(colors.styles[tirx], style);
    m_editor->setCaretForegroundColor(colors.caret);
    m_editor->setCaretLineBackgroundColor(colors.caretLine);
    m_editor->setSelectionBackgroundColor(colors.selection);
    m_editor->setMarginsForegroundColor(colors.marginText);
    m_editor->setMarginsBackgroundColor(colors.marginPaper);
    m_editor->setMarginsFont(font);
    const double share = EditorColors::isDark(palette()) ? 0.6 : 0.35;
    m_editor->setMarkerBackgroundColor(mixColors(colors.paper, colors.selection, share), kSourceMarker);
    scintillafind::defineIndicator(*m_editor, colors.findMatch);
}

void NkiView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) applyPalette();
}

void NkiView::setTrace(std::shared_ptr<const tirx::Trace> trace)
{
    m_trace = std::move(trace);
    print();
}

void NkiView::setApi(tirx::NkiApi api)
{
    if (api == m_api) return;
    m_api = api;
    const int index = m_apiChoice->findData(int(api));
    if (index >= 0 && index != m_apiChoice->currentIndex()) m_apiChoice->setCurrentIndex(index);
    print();
    emit apiChanged(api);
}

void NkiView::print()
{
    m_kernel = {};
    m_kernel.api = m_api;
    m_marker.forget();
    QString summary = apiSummary(m_api);
    if (!m_trace || m_trace->entries.empty()) {
        summary = tr("No kernel yet");
    } else if (m_trace->failed()) {
        summary =
            tr("No kernel: the pipeline stopped at %1").arg(QString::fromStdString(m_trace->entries.back()->passName));
    } else {
        const tirx::NkiEmitOptions options{m_api, m_trace->entries.front()->module.get(),
                                           tirx::findTarget(m_trace->targetTag)};
        m_kernel = tirx::emitNki(*m_trace->entries.back()->module, options);
        for (const auto& d : m_kernel.diagnostics) {
            if (d.severity != tirx::Diagnostic::Severity::Error) continue;
            summary =
                tr("No kernel: %1:%2: %3").arg(d.span.line).arg(d.span.column).arg(QString::fromStdString(d.message));
            break;
        }
    }
    m_title->setText(summary);
    m_save->setEnabled(m_kernel.ok() && !m_kernel.source.empty());
    m_marker.quietly(
        [this] { m_editor->setText(QString::fromStdString(m_kernel.ok() ? m_kernel.source : std::string{})); });
    codepane::fitLineNumberMargin(*m_editor);
}

void NkiView::clear()
{
    m_trace.reset();
    print();
}

QString NkiView::title() const { return m_title->text(); }

bool NkiView::saveTo(const QString& path, QString* error) const
{
    if (!m_kernel.ok() || m_kernel.source.empty()) {
        if (error) *error = tr("there is no kernel to save");
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(m_kernel.source.data(), qint64(m_kernel.source.size())) != qint64(m_kernel.source.size()) ||
        !file.commit()) {
        if (error) *error = file.errorString();
        return false;
    }
    return true;
}

void NkiView::saveAs()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save NKI Kernel"), u"kernel.py"_s, tr("Python files (*.py)"));
    if (path.isEmpty()) return;
    QString error;
    if (!saveTo(path, &error)) m_title->setText(tr("Could not save %1: %2").arg(path, error));
}

void NkiView::revealSourceLine(int line)
{
    m_marker.mark(line > 0 ? m_kernel.linesForSourceLine(static_cast<uint32_t>(line)) : std::vector<int>{});
}

void NkiView::onCursorMoved(int line, int index)
{
    if (!m_marker.isUsersMove(line, index)) return;
    const tirx::NkiLineOrigin origin = m_kernel.originOfLine(line + 1);
    if (origin.statement.valid() || origin.tileCall.valid()) emit lineActivated(origin);
}
