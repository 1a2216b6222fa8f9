#pragma once

#include "transform/pipeline.h"

#include <QObject>

#include <memory>

class IrGraphView;
class LayoutPlayground;
class LayoutView;
class MainWindow;
class QDockWidget;
class RefreshWhenShown;

// The layout, layout playground and IR graph docks of a MainWindow, and
// their wiring: they show the module after the pass chosen in the stepper,
// the layout view follows the tensor under the editor's caret, and a click
// in the graph puts the caret on the statement. A hidden dock is brought up
// to date when it is shown.
class LayoutDocks : public QObject {
    Q_OBJECT

public:
    explicit LayoutDocks(MainWindow* window);

    [[nodiscard]] LayoutView* layoutView() const { return m_layout; }
    [[nodiscard]] LayoutPlayground* playground() const { return m_playground; }
    [[nodiscard]] IrGraphView* graphView() const { return m_graph; }
    // Brings the dock of `view` ("layout" or "graph") forward; false for other names.
    bool raise(const QString& view);

private:
    void showEntry(int entry);
    void refreshGraph();
    void refreshLayout();
    void followCaret(int line, int index);

    MainWindow* m_window;
    LayoutView* m_layout;
    LayoutPlayground* m_playground;
    IrGraphView* m_graph;
    QDockWidget* m_layoutDock;
    QDockWidget* m_playgroundDock;
    QDockWidget* m_graphDock;
    RefreshWhenShown* m_layoutRefresh = nullptr;
    RefreshWhenShown* m_graphRefresh = nullptr;
    std::shared_ptr<const tirx::Trace> m_trace;
    tirx::ModuleRef m_module;
    tirx::ModuleRef m_graphModule;  // what the graph shows; behind m_module while hidden
    QString m_passName;             // the pass of m_module
    tirx::ModuleRef m_layoutModule; // what the layout view shows; behind m_module while hidden
    QString m_layoutPass;
};
