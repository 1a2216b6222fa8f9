#pragma once

#include "transform/pipeline.h"

#include <QList>
#include <QObject>

#include <memory>

class CodeEditor;
class IrGraphView;
class LayoutPlayground;
class LayoutView;
class QDockWidget;
class QWidget;
class RefreshWhenShown;
class WorkbenchSession;

// The layout, layout playground and IR graph docks and their wiring: they
// show the module after the pass chosen in the session,
// the layout view follows the tensor under the editor's caret, and a click
// in the graph puts the caret on the statement. A hidden dock is brought up
// to date when it is shown.
class LayoutDocks : public QObject {
    Q_OBJECT

public:
    LayoutDocks(WorkbenchSession* session, CodeEditor* editor, QWidget* window);

    [[nodiscard]] LayoutView* layoutView() const { return m_layout; }
    [[nodiscard]] LayoutPlayground* playground() const { return m_playground; }
    [[nodiscard]] IrGraphView* graphView() const { return m_graph; }
    // The docks, for the window to place: layout, graph, playground.
    [[nodiscard]] QList<QDockWidget*> docks() const { return {m_layoutDock, m_graphDock, m_playgroundDock}; }
    // Brings the dock of `view` ("layout" or "graph") forward; false for other names.
    bool raise(const QString& view);

private:
    void showEntry(int entry);
    void refreshGraph();
    void refreshLayout();
    void followCaret(int line, int index);

    WorkbenchSession* m_session;
    CodeEditor* m_editor;
    LayoutView* m_layout;
    LayoutPlayground* m_playground;
    IrGraphView* m_graph;
    QDockWidget* m_layoutDock;
    QDockWidget* m_playgroundDock;
    QDockWidget* m_graphDock;
    RefreshWhenShown* m_layoutRefresh = nullptr;
    RefreshWhenShown* m_graphRefresh = nullptr;
    tirx::ModuleRef m_module;
    tirx::ModuleRef m_graphModule;  // what the graph shows; behind m_module while hidden
    QString m_passName;             // the pass of m_module
    tirx::ModuleRef m_layoutModule; // what the layout view shows; behind m_module while hidden
    QString m_layoutPass;
};
