// MainWindow's docks and the lowering wiring, apart from the document
// handling in mainwindow.cpp.
#include "mainwindow.h"

#include "devicesdock.h"
#include "layoutdocks.h"
#include "lowering.h"
#include "nkidock.h"
#include "rundock.h"
#include "tracethrottle.h"

#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "editor/findbar.h"
#include "irview/irview.h"
#include "nki/nkiview.h"
#include "passes/passstepper.h"
#include "passes/targetselector.h"
#include "problems/problemsmodel.h"
#include "problems/problemsview.h"

#include <QDockWidget>
#include <QFontMetrics>
#include <QMenu>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabBar>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace {
// The editor keeps room for this many columns when the window is wide...
constexpr int kEditorColumns = 100;
// ...plus its fold and marker margins and scroll bar.
constexpr int kEditorChromePx = 60;
// ...and the docks get between these shares of the width: on a narrow
// screen the editor still shows a line, on a wide one the diff's two sides
// get what the editor does not need.
constexpr double kMinDockShare = 0.45;
constexpr double kMaxDockShare = 0.62;

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

    addDockWidget(Qt::RightDockWidgetArea, m_passesDock);
    splitDockWidget(m_passesDock, m_diffDock, Qt::Vertical);
    tabifyDockWidget(m_diffDock, m_irDock);
    m_nkiDock = createNkiDock(*this, &m_nki);
    tabifyDockWidget(m_irDock, m_nkiDock);
    m_diffDock->raise();
    addDockWidget(Qt::BottomDockWidgetArea, m_problemsDock);
    // The bottom dock spans only the editor, so the right docks keep their height.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resizeDocks({m_passesDock}, {700}, Qt::Horizontal);
    // The pass list shows a whole lower-tirx run, toolbar and filter included.
    resizeDocks({m_passesDock, m_diffDock}, {280, 470}, Qt::Vertical);
    resizeDocks({m_problemsDock}, {110}, Qt::Vertical);

    // Ctrl+F searches whichever of these has the focus.
    for (FindTarget* view : std::initializer_list<FindTarget*>{m_ir, m_diff, m_nki}) m_findBar->addTarget(view);

    createMemoryDock();
    for (QDockWidget* dock : {m_passesDock, m_diffDock, m_irDock, m_nkiDock, m_memoryDock, m_problemsDock})
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addAction(m_diff->wrapAction());
    m_viewMenu->addSeparator();
    const QList<QAction*> stepping = m_stepper->actions();
    m_viewMenu->addActions(stepping);

    connect(m_problems, &ProblemsView::problemActivated, this,
            [this](int line, int column) { jumpTo(line, column, true); });
    connectSourceLinks();
    new RunDock(this);
    new DevicesDock(this);
    // A dock dropped elsewhere may land in a new tab bar.
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        connect(dock, &QDockWidget::dockLocationChanged, this,
                [this] { QTimer::singleShot(0, this, &MainWindow::keepDockTabsReadable); });
    }
    keepDockTabsReadable();
}

void MainWindow::letLargeDocksScroll()
{
    // What one dock may ask for: the right column at 1024 px, and a share of
    // its 700 px height next to the Passes dock.
    constexpr QSize kRoom(400, 260);
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        QWidget* content = dock->widget();
        if (!content || qobject_cast<QScrollArea*>(content)) continue;
        const QSize needed = content->minimumSizeHint();
        if (needed.height() <= kRoom.height() && needed.width() <= kRoom.width()) continue;
        auto* scroll = new QScrollArea(dock);
        scroll->setObjectName(dock->objectName() + u"Scroll"_s);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidget(content);
        dock->setWidget(scroll);
        content->show();
    }
}

void MainWindow::keepDockTabsReadable()
{
    for (QTabBar* tabs : findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
        tabs->setElideMode(Qt::ElideNone);
        tabs->setUsesScrollButtons(true);
        for (int index = 0; index < tabs->count(); ++index) {
            if (tabs->tabToolTip(index).isEmpty()) tabs->setTabToolTip(index, tabs->tabText(index));
        }
    }
}

void MainWindow::connectSourceLinks()
{
    // The caret's line marks the IR it became; choosing an IR line puts the
    // caret on its source. The guard keeps the marking from moving the caret.
    connect(m_editor, &QsciScintilla::cursorPositionChanged, this, [this](int line, int) {
        if (m_followingSource) return;
        // The user moves on in the editor itself: the tint has done its job.
        if (m_editor->hasFocus()) m_editor->markSourceLines(0, 0);
        const QScopedValueRollback guard(m_followingSource, true);
        m_diff->revealSourceLine(line + 1);
        m_ir->revealSourceLine(line + 1);
    });
    const auto jump = [this](const tirx::Span& span) {
        if (m_followingSource) return;
        const QScopedValueRollback guard(m_followingSource, true);
        jumpTo(static_cast<int>(span.line), static_cast<int>(span.column), false);
        // The caret line is hard to see while the IR view has the focus.
        m_editor->markSourceLines(static_cast<int>(span.line),
                                  static_cast<int>(std::max(span.line, std::min(span.endLine, span.line + 200))));
    };
    connect(m_diff, &DiffView::sourceSpanActivated, this, jump);
    connect(m_ir, &IrView::sourceSpanActivated, this, jump);
}

void MainWindow::balanceDocks()
{
    const int editorWidth = QFontMetrics(m_editor->editorFont()).horizontalAdvance(QString(kEditorColumns, u'M')) +
                            m_editor->lineNumberMarginWidth() + kEditorChromePx;
    const int docks = std::clamp(width() - editorWidth, static_cast<int>(width() * kMinDockShare),
                                 static_cast<int>(width() * kMaxDockShare));
    resizeDocks({m_passesDock}, {docks}, Qt::Horizontal);
}

void MainWindow::connectLowering()
{
    m_stepper->setPreset(m_lowering->preset());
    m_stepper->targetSelector()->setOverrideTag(m_lowering->targetOverride());
    connect(m_stepper->targetSelector(), &TargetSelector::overrideChanged, m_lowering,
            &LoweringController::setTargetOverride);
    connect(m_stepper, &PassStepper::enabledPassesChanged, m_lowering, &LoweringController::setPasses);
    connect(m_editor, &CodeEditor::textChanged, m_lowering, [this] { m_lowering->setSource(m_editor->text()); });
    connect(m_stepper, &PassStepper::presetChanged, m_lowering, &LoweringController::setPreset);
    // The stepper grows pass by pass, paced (tracethrottle.h), then gets the
    // complete Trace; a run's end drops the partial one still waiting.
    auto* partials = new TraceThrottle(this);
    connect(m_lowering, &LoweringController::entryReady, partials, &TraceThrottle::offer);
    connect(partials, &TraceThrottle::partialDue, this, &MainWindow::showTrace);
    connect(m_lowering, &LoweringController::traceReady, partials, &TraceThrottle::cancel);
    connect(m_lowering, &LoweringController::diagnosticsReady, partials, &TraceThrottle::cancel);
    connect(m_lowering, &LoweringController::traceCleared, partials, &TraceThrottle::cancel);
    connect(m_lowering, &LoweringController::traceReady, this, &MainWindow::showTrace);
    connect(m_lowering, &LoweringController::diagnosticsReady, this, &MainWindow::showDiagnostics);
    connect(m_lowering, &LoweringController::staleChanged, this, [this](bool stale) {
        m_stepper->setStale(stale);
        if (stale)
            statusBar()->showMessage(tr("The module does not parse; the passes show the last version that did"));
        else
            statusBar()->clearMessage();
    });
    connect(m_lowering, &LoweringController::traceCleared, this, [this] { showTrace(nullptr); });
    connect(m_stepper, &PassStepper::currentEntryChanged, this, &MainWindow::showEntry);
    connect(m_stepper, &PassStepper::basePassChanged, this, [this] { showEntry(m_stepper->currentEntry()); });
}

void MainWindow::showTrace(std::shared_ptr<const tirx::Trace> trace)
{
    m_trace = trace;
    m_stepper->setTrace(std::move(trace));
}

void MainWindow::showEntry(int entry)
{
    showMemory(entry);
    if (!m_trace || entry < 0 || entry >= static_cast<int>(m_trace->entries.size())) {
        m_diff->clear();
        m_ir->clear();
        return;
    }
    const tirx::TraceEntry& current = *m_trace->entries[static_cast<size_t>(entry)];
    const tirx::TraceEntry& previous = *m_trace->entries[static_cast<size_t>(m_stepper->baseEntryFor(entry))];
    showPassTexts(previous, current);
}

void MainWindow::showDiagnostics(const std::vector<tirx::Diagnostic>& diagnostics)
{
    m_editor->setDiagnostics(diagnostics);
    m_problems->model()->setDiagnostics(diagnostics);
    // The count is of problems; notes are shown on request and not counted.
    const ProblemsModel& model = *m_problems->model();
    const int problems =
        model.count(tirx::Diagnostic::Severity::Error) + model.count(tirx::Diagnostic::Severity::Warning);
    m_problemsDock->setWindowTitle(problems == 0 ? tr("Problems") : tr("Problems (%1)").arg(problems));
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
        warnings << tr("no pass named %1 ran; showing the default pass").arg(passName);
    if (raiseMemoryView(view)) return warnings;
    if (view == u"diff"_s)
        m_diffDock->raise();
    else if (view == u"ir"_s)
        m_irDock->raise();
    else if (view == u"nki"_s)
        m_nkiDock->raise();
    else if (m_layoutDocks)
        m_layoutDocks->raise(view);
    return warnings;
}
