#include "layoutdocks.h"

#include "lowering.h"
#include "mainwindow.h"

#include "editor/codeeditor.h"
#include "graph/irgraphview.h"
#include "layout/layoutplayground.h"
#include "layout/layoutview.h"
#include "passes/passstepper.h"
#include "refresh/refreshwhenshown.h"

#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>

using namespace Qt::StringLiterals;

LayoutDocks::LayoutDocks(MainWindow* window)
    : QObject(window), m_window(window), m_layout(new LayoutView(window)), m_playground(new LayoutPlayground(window)),
      m_graph(new IrGraphView(window)), m_layoutDock(new QDockWidget(tr("Layout"), window)),
      m_playgroundDock(new QDockWidget(tr("Layout Playground"), window)),
      m_graphDock(new QDockWidget(tr("IR Graph"), window))
{
    m_layoutDock->setObjectName(u"LayoutDock"_s);
    m_layoutDock->setWidget(m_layout);
    m_playgroundDock->setObjectName(u"LayoutPlaygroundDock"_s);
    m_playgroundDock->setWidget(m_playground);
    m_graphDock->setObjectName(u"IrGraphDock"_s);
    m_graphDock->setWidget(m_graph);
    // Tabbed with the IR view, behind it, so the first run looks as before.
    auto* ir = window->findChild<QDockWidget*>(u"IrDock"_s);
    for (QDockWidget* dock : {m_layoutDock, m_graphDock, m_playgroundDock}) {
        window->addDockWidget(Qt::RightDockWidgetArea, dock);
        if (ir) window->tabifyDockWidget(ir, dock);
    }
    if (auto* diff = window->findChild<QDockWidget*>(u"DiffDock"_s)) diff->raise();
    for (QMenu* menu : window->menuBar()->findChildren<QMenu*>()) {
        if (menu->title().remove(u'&') != tr("View")) continue;
        menu->addSeparator();
        for (QDockWidget* dock : {m_layoutDock, m_playgroundDock, m_graphDock})
            menu->addAction(dock->toggleViewAction());
        break;
    }

    connect(window->lowering(), &LoweringController::traceReady, this,
            [this](std::shared_ptr<const tirx::Trace> trace) {
                m_trace = std::move(trace);
                showEntry(m_window->passStepper()->currentEntry());
            });
    connect(window->passStepper(), &PassStepper::currentEntryChanged, this, &LayoutDocks::showEntry);
    connect(window->editor(), &QsciScintilla::cursorPositionChanged, this, &LayoutDocks::followCaret);
    m_layoutRefresh = new RefreshWhenShown(m_layoutDock, [this] { refreshLayout(); });
    m_graphRefresh = new RefreshWhenShown(m_graphDock, [this] { refreshGraph(); });
    connect(m_graph, &IrGraphView::sourceSpanActivated, this, [this](const tirx::Span& span) {
        if (!span.valid()) return;
        CodeEditor* editor = m_window->editor();
        editor->setCursorPosition(static_cast<int>(span.line) - 1, std::max(0, static_cast<int>(span.column) - 1));
        editor->ensureLineVisible(static_cast<int>(span.line) - 1);
    });
}

bool LayoutDocks::raise(const QString& view)
{
    QDockWidget* dock = view == u"layout"_s ? m_layoutDock : view == u"graph"_s ? m_graphDock : nullptr;
    if (!dock) return false;
    dock->show();
    dock->raise();
    if (dock == m_graphDock) {
        refreshGraph();
        m_graph->waitForLayout(); // the screenshot shows the graph, not "laying out"
        m_graph->fit();
    }
    return true;
}

void LayoutDocks::showEntry(int entry)
{
    if (!m_trace || entry < 0 || entry >= static_cast<int>(m_trace->entries.size())) return;
    const tirx::TraceEntry& e = *m_trace->entries[static_cast<size_t>(entry)];
    if (!e.module) return;
    m_module = e.module;
    m_passName = QString::fromStdString(e.passName);
    // A hidden view is brought up to date when it is shown: drawing a
    // layout grid or laying out a graph on every keystroke for a view in a
    // background tab is what made typing slow.
    m_layoutRefresh->request();
    m_graphRefresh->request();
}

void LayoutDocks::refreshLayout()
{
    if (!m_module || (m_module == m_layoutModule && m_passName == m_layoutPass)) return;
    m_layoutModule = m_module;
    m_layoutPass = m_passName;
    m_layout->setModule(m_module, m_passName);
    m_layoutDock->setWindowTitle(m_layout->title());
}

void LayoutDocks::refreshGraph()
{
    if (!m_module || m_module == m_graphModule) return;
    m_graphModule = m_module;
    m_graph->setModule(m_module);
}

void LayoutDocks::followCaret(int line, int index)
{
    const QString word = m_window->editor()->wordAtLineIndex(line, index);
    if (!word.isEmpty() && m_layout->showTensor(word, line + 1)) m_layoutDock->setWindowTitle(m_layout->title());
}
