// MainWindow's docks and the lowering wiring, apart from the document
// handling in mainwindow.cpp.
#include "mainwindow.h"

#include "layoutdocks.h"
#include "lowering.h"
#include "rundock.h"

#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "editor/editorcolors.h"
#include "irview/irview.h"
#include "passes/passstepper.h"

#include <QDockWidget>
#include <QFontMetrics>
#include <QListWidget>
#include <QMenu>
#include <QScopedValueRollback>
#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace {
constexpr int kLineRole = Qt::UserRole + 1;
constexpr int kColumnRole = Qt::UserRole + 2;
// The editor keeps room for this many columns when the window is wide...
constexpr int kEditorColumns = 100;
// ...plus its fold and marker margins and scroll bar.
constexpr int kEditorChromePx = 60;
// ...and the docks never get less than this.
constexpr int kMinDockWidth = 700;

QString fromStd(std::string_view text) { return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())); }

QDockWidget* makeDock(const QString& title, const QString& name, QWidget* widget, QMainWindow* window)
{
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(name);
    dock->setWidget(widget);
    return dock;
}
} // namespace

void MainWindow::createDocks()
{
    m_passesDock = makeDock(tr("Passes"), u"PassesDock"_s, m_stepper, this);
    m_diffDock = makeDock(tr("Diff"), u"DiffDock"_s, m_diff, this);
    m_irDock = makeDock(tr("IR"), u"IrDock"_s, m_ir, this);
    m_problemsDock = makeDock(tr("Problems"), u"ProblemsDock"_s, m_problems, this);
    m_problems->setAlternatingRowColors(true);

    addDockWidget(Qt::RightDockWidgetArea, m_passesDock);
    splitDockWidget(m_passesDock, m_diffDock, Qt::Vertical);
    tabifyDockWidget(m_diffDock, m_irDock);
    m_diffDock->raise();
    addDockWidget(Qt::BottomDockWidgetArea, m_problemsDock);
    // The bottom dock spans only the editor, so the right docks keep their height.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resizeDocks({m_passesDock}, {700}, Qt::Horizontal);
    resizeDocks({m_passesDock, m_diffDock}, {190, 560}, Qt::Vertical);
    resizeDocks({m_problemsDock}, {110}, Qt::Vertical);

    for (QDockWidget* dock : {m_passesDock, m_diffDock, m_irDock, m_problemsDock})
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addSeparator();
    const QList<QAction*> stepping = m_stepper->actions();
    m_viewMenu->addActions(stepping);

    connect(m_problems, &QListWidget::itemActivated, this, &MainWindow::jumpToProblem);
    connectSourceLinks();
    new RunDock(this);
}

void MainWindow::connectSourceLinks()
{
    // The caret's line marks the IR it became; choosing an IR line puts the
    // caret on its source. The guard keeps the marking from moving the caret.
    connect(m_editor, &QsciScintilla::cursorPositionChanged, this, [this](int line, int) {
        if (m_followingSource) return;
        const QScopedValueRollback guard(m_followingSource, true);
        m_diff->revealSourceLine(line + 1);
        m_ir->revealSourceLine(line + 1);
    });
    const auto jump = [this](const tirx::Span& span) {
        if (m_followingSource) return;
        const QScopedValueRollback guard(m_followingSource, true);
        jumpTo(static_cast<int>(span.line), static_cast<int>(span.column), false);
    };
    connect(m_diff, &DiffView::sourceSpanActivated, this, jump);
    connect(m_ir, &IrView::sourceSpanActivated, this, jump);
}

void MainWindow::balanceDocks()
{
    const int editorWidth = QFontMetrics(m_editor->editorFont()).horizontalAdvance(QString(kEditorColumns, u'M')) +
                            m_editor->lineNumberMarginWidth() + kEditorChromePx;
    resizeDocks({m_passesDock}, {std::max(kMinDockWidth, width() - editorWidth)}, Qt::Horizontal);
}

void MainWindow::connectLowering()
{
    m_stepper->setPreset(m_lowering->preset());
    m_stepper->setTarget(m_lowering->defaultTarget());
    connect(m_stepper, &PassStepper::targetChanged, m_lowering, &LoweringController::setDefaultTarget);
    connect(m_stepper, &PassStepper::enabledPassesChanged, m_lowering, &LoweringController::setPasses);
    connect(m_editor, &CodeEditor::textChanged, m_lowering, [this] { m_lowering->setSource(m_editor->text()); });
    connect(m_stepper, &PassStepper::presetChanged, m_lowering, &LoweringController::setPreset);
    // The stepper grows pass by pass, then gets the complete Trace.
    connect(m_lowering, &LoweringController::entryReady, this, &MainWindow::showTrace);
    connect(m_lowering, &LoweringController::traceReady, this, &MainWindow::showTrace);
    connect(m_lowering, &LoweringController::diagnosticsReady, this, &MainWindow::showDiagnostics);
    connect(m_lowering, &LoweringController::staleChanged, this, [this](bool stale) {
        m_stepper->setStale(stale);
        if (stale)
            statusBar()->showMessage(tr("The module does not parse; the passes show the last version that did"));
        else
            statusBar()->clearMessage();
    });
    connect(m_stepper, &PassStepper::currentEntryChanged, this, [this](int entry) {
        if (!m_showingTrace && m_trace && entry >= 0 && entry < static_cast<int>(m_trace->entries.size()))
            m_chosenPass = fromStd(m_trace->entries[static_cast<size_t>(entry)].passName);
        showEntry(entry);
    });
}

void MainWindow::showTrace(std::shared_ptr<const tirx::Trace> trace)
{
    m_trace = trace;
    {
        // The stepper falls back to the last entry while the chosen pass has
        // not run yet; that is not the user's choice.
        const QScopedValueRollback guard(m_showingTrace, true);
        m_stepper->setTrace(std::move(trace));
        if (!m_chosenPass.isEmpty()) m_stepper->selectPass(m_chosenPass);
    }
}

void MainWindow::showEntry(int entry)
{
    if (!m_trace || entry < 0 || entry >= static_cast<int>(m_trace->entries.size())) {
        m_diff->clear();
        m_ir->clear();
        return;
    }
    const tirx::TraceEntry& current = m_trace->entries[static_cast<size_t>(entry)];
    const tirx::TraceEntry& previous = m_trace->entries[static_cast<size_t>(std::max(0, entry - 1))];
    m_diff->setEntries(previous, current);
    m_ir->setEntry(current);
}

void MainWindow::showDiagnostics(const std::vector<tirx::Diagnostic>& diagnostics)
{
    m_editor->setDiagnostics(diagnostics);
    m_problems->clear();
    for (const tirx::Diagnostic& d : diagnostics) {
        const bool error = d.severity == tirx::Diagnostic::Severity::Error;
        QString text = fromStd(tirx::severityName(d.severity)) + u": "_s + QString::fromStdString(d.message);
        if (d.span.valid()) text = u"%1:%2: "_s.arg(d.span.line).arg(d.span.column) + text;
        auto* item = new QListWidgetItem(text, m_problems);
        item->setData(kLineRole, static_cast<int>(d.span.line));
        item->setData(kColumnRole, static_cast<int>(d.span.column));
        const EditorColors& colors = EditorColors::forPalette(m_problems->palette());
        item->setForeground(error ? colors.errorText : colors.warningText);
    }
    m_problemsDock->setWindowTitle(diagnostics.empty() ? tr("Problems") : tr("Problems (%1)").arg(diagnostics.size()));
}

void MainWindow::jumpToProblem(QListWidgetItem* item)
{
    jumpTo(item->data(kLineRole).toInt(), item->data(kColumnRole).toInt(), true);
}

void MainWindow::jumpTo(int line, int column, bool focus)
{
    if (line <= 0) return;
    const int position = m_editor->positionFromLineColumn(line, column);
    if (position < 0) return;
    m_editor->SendScintilla(QsciScintillaBase::SCI_ENSUREVISIBLEENFORCEPOLICY, line - 1);
    m_editor->SendScintilla(QsciScintillaBase::SCI_GOTOPOS, position);
    if (focus) m_editor->setFocus();
}

QStringList MainWindow::prepareScreenshot(const QString& passName, const QString& view)
{
    QStringList warnings;
    m_lowering->lowerNow(m_editor->text());
    if (!passName.isEmpty() && !m_stepper->selectPass(passName))
        warnings << tr("no pass named %1 ran; showing the last pass").arg(passName);
    else if (!passName.isEmpty())
        m_chosenPass = passName;
    if (view == u"diff"_s)
        m_diffDock->raise();
    else if (view == u"ir"_s)
        m_irDock->raise();
    else if (m_layoutDocks)
        m_layoutDocks->raise(view);
    return warnings;
}
