#pragma once

#include "graph/graphviz.h"
#include "graph/ir_graph.h"

#include <QFont>
#include <QGraphicsView>

#include <memory>
#include <optional>
#include <utility>

class JobTracker;
class QLabel;

// The IR graph dock: the loop nest as nested boxes, tensors and the
// statements that touch them as nodes, data-flow edges between them (bold
// for writes), placed by Graphviz's dot and drawn in a QGraphicsScene.
// The wheel zooms, dragging pans, a click on a node or loop reports its
// source span, a double-click opens or folds a run or a tensorized nest.
// A line above the scene says how many runs and nests are folded. Nodes
// are sized from their labels in the scene's font before Graphviz places
// them. What Graphviz reports is
// kept as diagnostics and shown in the scene instead of a graph.
//
// Graphviz runs off the GUI thread (a JobTracker job): a large kernel takes
// it longer than a keystroke may wait. The newest request wins: while one
// layout runs, the next request waits and a later one replaces it; the
// picture on screen stays until its successor is ready.
class IrGraphView : public QGraphicsView {
    Q_OBJECT

public:
    explicit IrGraphView(QWidget* parent = nullptr);
    ~IrGraphView() override;

    // Shows the graph of `module`, every nest folded.
    void setModule(tirx::ModuleRef module);
    // Shows `graph` as given (nests cannot be opened or folded then).
    void setGraph(tirx::IrGraph graph);
    // Opens nest `nest` of the module shown, or folds it when open.
    void toggleNest(int nest);
    // The same for run `run`.
    void toggleRun(int run);
    void clear();
    // Waits for the newest request to be laid out and shown.
    void waitForLayout();
    [[nodiscard]] bool isLayingOut() const;

    [[nodiscard]] const tirx::IrGraph& graph() const { return m_graph; }
    [[nodiscard]] const std::vector<tirx::Diagnostic>& diagnostics() const { return m_diagnostics; }
    // What the line above the scene says (folded nests, a layout under way).
    [[nodiscard]] QString note() const;
    // Scene position of node i's centre; null point when it was not laid out.
    [[nodiscard]] QPointF nodeCenter(int node) const;
    [[nodiscard]] double zoom() const { return transform().m11(); }
    void zoomBy(double factor);
    // Fits the whole graph in the view, never enlarging it past 1.5x; a
    // graph too tall to read that way is shown from its top, as wide as
    // the view.
    void fit();
    // Writes the scene as SVG or PNG by the suffix.
    [[nodiscard]] bool exportTo(const QString& path, QString* error);

signals:
    void sourceSpanActivated(const tirx::Span& span);
    // A requested graph is on screen.
    void layoutReady();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // What one layout needs: the module and options to build the graph
    // from, or a graph given as it is.
    struct Request {
        tirx::ModuleRef module;
        tirx::IrGraphOptions options;
        std::optional<tirx::IrGraph> graph;
    };
    struct Laid {
        tirx::IrGraph graph;
        tirx::Graphviz::LayoutResult result;
    };
    void request(Request next);
    void present(const std::shared_ptr<Laid>& laid);
    void rebuildScene();
    void updateNote();
    // The nest or run under `pos`: (the item data key that tags it, its number), or (-1, -1).
    [[nodiscard]] std::pair<int, int> foldableAt(QPoint pos) const;
    [[nodiscard]] QFont sceneFont() const;

    tirx::ModuleRef m_module; // what nests are opened in; null for a given graph
    tirx::IrGraphOptions m_options;
    tirx::IrGraph m_graph;
    std::optional<tirx::GraphLayout> m_layout;
    std::vector<tirx::Diagnostic> m_diagnostics;
    std::vector<QPointF> m_centers;
    JobTracker* m_layouts; // Graphviz, one layout at a time
    QLabel* m_note;
    bool m_userZoomed = false; // until the user zooms, the graph is fitted to the view
};
