#include "layoutdocks.h"

#include "session/workbenchsession.h"

#include "editor/codeeditor.h"
#include "graph/irgraphview.h"
#include "layout/layoutplayground.h"
#include "layout/layoutview.h"
#include "refresh/refreshwhenshown.h"

#include <QDockWidget>

using namespace Qt::StringLiterals;

LayoutDocks::LayoutDocks(WorkbenchSession* session, CodeEditor* editor, QWidget* window)
    : QObject(window), m_session(session), m_editor(editor), m_layout(new LayoutView(window)),
      m_playground(new LayoutPlayground(window)), m_graph(new IrGraphView(window)),
      m_layoutDock(new QDockWidget(tr("Layout"), window)),
      m_playgroundDock(new QDockWidget(tr("Layout Playground"), window)),
      m_graphDock(new QDockWidget(tr("IR Graph"), window))
{
    m_layoutDock->setObjectName(u"LayoutDock"_s);
    m_layoutDock->setWidget(m_layout);
    m_playgroundDock->setObjectName(u"LayoutPlaygroundDock"_s);
    m_playgroundDock->setWidget(m_playground);
    m_graphDock->setObjectName(u"IrGraphDock"_s);
    m_graphDock->setWidget(m_graph);

    connect(m_session, &WorkbenchSession::entrySelected, this, &LayoutDocks::showEntry);
    connect(m_editor, &QsciScintilla::cursorPositionChanged, this, &LayoutDocks::followCaret);
    m_layoutRefresh = new RefreshWhenShown(m_layoutDock, [this] { refreshLayout(); });
    m_graphRefresh = new RefreshWhenShown(m_graphDock, [this] { refreshGraph(); });
    connect(m_graph, &IrGraphView::sourceSpanActivated, this, [this](const tirx::Span& span) {
        if (!span.valid()) return;
        m_editor->setCursorPosition(static_cast<int>(span.line) - 1, std::max(0, static_cast<int>(span.column) - 1));
        m_editor->ensureLineVisible(static_cast<int>(span.line) - 1);
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
    const auto trace = m_session->shownTrace();
    if (!trace || entry < 0 || entry >= static_cast<int>(trace->entries.size())) return;
    const tirx::TraceEntry& e = *trace->entries[static_cast<size_t>(entry)];
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
    const QString word = m_editor->wordAtLineIndex(line, index);
    if (!word.isEmpty() && m_layout->showTensor(word, line + 1)) m_layoutDock->setWindowTitle(m_layout->title());
}
