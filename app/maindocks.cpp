// MainWindow's docks and the lowering wiring, apart from the document
// handling in mainwindow.cpp.
#include "mainwindow.h"

#include "devicesdock.h"
#include "layoutdocks.h"
#include "nkidock.h"
#include "nkikernel/kernelsession.h"
#include "rundock.h"
#include "session/workbenchsession.h"

#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "editor/findbar.h"
#include "irview/irview.h"
#include "memmap/memorypanel.h"
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
    m_nkiDock = createNkiDock(m_session, m_editor, m_ir, this, &m_nki);
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

    connect(m_problems, &ProblemsView::problemActivated, this, [this](int line, int column) {
        jumpTo(line, column, true);
        // A kernel's problem marks its whole line, as a click on its tensor does.
        if (m_kernel->isOpen()) m_editor->markSourceLines(line, line);
    });
    connectSourceLinks();
    createToolDocks();
    // A dock dropped elsewhere may land in a new tab bar.
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        connect(dock, &QDockWidget::dockLocationChanged, this,
                [this] { QTimer::singleShot(0, this, &MainWindow::keepDockTabsReadable); });
    }
    keepDockTabsReadable();
}

void MainWindow::createToolDocks()
{
    m_runDock = new RunDock(m_session, this);
    addDockWidget(Qt::RightDockWidgetArea, m_runDock->dock());
    tabifyDockWidget(m_irDock, m_runDock->dock());
    m_viewMenu->addAction(m_runDock->dock()->toggleViewAction());
    connect(m_runDock, &RunDock::sourceRequested, this,
            [this](int line, int column) { m_editor->setCursorPosition(line - 1, std::max(0, column - 1)); });
    connect(m_runDock, &RunDock::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text); });

    m_devicesDock = new DevicesDock(m_session, this);
    addDockWidget(Qt::RightDockWidgetArea, m_devicesDock->dock());
    tabifyDockWidget(m_runDock->dock(), m_devicesDock->dock());
    m_viewMenu->addAction(m_devicesDock->dock()->toggleViewAction());

    // Tabbed with the IR view, behind it, so the first run looks as before.
    m_layoutDocks = new LayoutDocks(m_session, m_editor, this);
    m_viewMenu->addSeparator();
    const QList<QDockWidget*> layoutDocks = m_layoutDocks->docks();
    for (QDockWidget* dock : layoutDocks) {
        addDockWidget(Qt::RightDockWidgetArea, dock);
        tabifyDockWidget(m_irDock, dock);
    }
    // The View menu lists them as before: layout, playground, graph.
    for (int i : {0, 2, 1}) m_viewMenu->addAction(layoutDocks[i]->toggleViewAction());
    m_diffDock->raise();
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
        if (m_kernel->isOpen()) {
            highlightCaretTensors();
            return;
        }
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

void MainWindow::connectSession()
{
    m_stepper->setPreset(m_session->preset());
    m_stepper->targetSelector()->setOverrideTag(m_session->targetOverride());
    connect(m_stepper->targetSelector(), &TargetSelector::overrideChanged, m_session,
            &WorkbenchSession::setTargetOverride);
    connect(m_stepper, &PassStepper::enabledPassesChanged, m_session, &WorkbenchSession::setPasses);
    connect(m_editor, &CodeEditor::textChanged, m_session, [this] {
        if (m_kernel->isOpen())
            m_kernel->setSource(m_editor->text());
        else
            m_session->setSource(m_editor->text());
    });
    connect(m_stepper, &PassStepper::presetChanged, m_session, &WorkbenchSession::setPreset);
    // The stepper grows pass by pass (paced by the session), then gets the
    // complete Trace.
    connect(m_session, &WorkbenchSession::partialTraceReady, m_stepper, &PassStepper::setPartialTrace);
    connect(m_session, &WorkbenchSession::traceReady, this, &MainWindow::showTrace);
    connect(m_session, &WorkbenchSession::targetChanged, m_stepper, &PassStepper::setTarget);
    connect(m_session, &WorkbenchSession::diagnosticsReady, this, &MainWindow::showDiagnostics);
    connect(m_session, &WorkbenchSession::staleChanged, this, [this](bool stale) {
        m_stepper->setStale(stale);
        if (stale)
            statusBar()->showMessage(tr("The module does not parse; the passes show the last version that did"));
        else
            statusBar()->clearMessage();
    });
    connect(m_session, &WorkbenchSession::traceCleared, this, [this] { showTrace(nullptr); });
    connect(m_session, &WorkbenchSession::memoryPlansChanged, this, &MainWindow::showMemoryPlans);
    connect(m_stepper, &PassStepper::currentEntryChanged, this, &MainWindow::showEntry);
    connect(m_stepper, &PassStepper::basePassChanged, this, [this] { showEntry(m_stepper->currentEntry()); });
}

void MainWindow::showTrace(std::shared_ptr<const tirx::Trace> trace) { m_stepper->setTrace(std::move(trace)); }

void MainWindow::showEntry(int entry)
{
    // The session builds the plans (at once when it has them); with the
    // placement notes on, the texts follow them (showMemoryPlans).
    m_session->selectEntry(entry, m_stepper->baseEntryFor(entry));
    if (!m_placementNotes->isChecked()) showPassTexts(nullptr);
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

QWidget* MainWindow::showTourView(const QString& view)
{
    if (view == u"editor"_s) return centralWidget();
    QDockWidget* dock = nullptr;
    if (raiseMemoryView(view))
        dock = m_memoryDock;
    else if (view == u"passes"_s)
        dock = m_passesDock;
    else if (view == u"diff"_s)
        dock = m_diffDock;
    else if (view == u"ir"_s)
        dock = m_irDock;
    else if (view == u"nki"_s)
        dock = m_nkiDock;
    else if (view == u"run"_s)
        dock = m_runDock->dock();
    else if (view == u"devices"_s)
        dock = m_devicesDock->dock();
    else if (view == u"layout"_s)
        dock = m_layoutDocks->docks()[0];
    else if (view == u"graph"_s)
        dock = m_layoutDocks->docks()[1];
    if (!dock) return nullptr;
    dock->show();
    dock->raise();
    return dock;
}

QStringList MainWindow::prepareScreenshot(const QString& passName, const QString& view)
{
    QStringList warnings;
    if (m_kernel->isOpen()) {
        m_kernel->waitForIdle();
        if (!passName.isEmpty()) warnings << tr("an NKI kernel has no passes; --pass is ignored");
        // Its maps are what a kernel is opened for: shown unless another memory view is asked for.
        const bool plain = view.isEmpty() || view == u"editor"_s;
        if (!raiseMemoryView(plain ? u"sbuf"_s : view) && raiseMemoryView(u"sbuf"_s))
            warnings << tr("the view %1 does not apply to an NKI kernel; showing the SBUF map").arg(view);
        return warnings;
    }
    m_session->lowerNow(m_editor->text());
    if (!passName.isEmpty() && !m_stepper->selectPass(passName))
        warnings << tr("no pass named %1 ran; showing the default pass").arg(passName);
    m_session->waitForIdle(); // the memory plans of the pass shown
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
