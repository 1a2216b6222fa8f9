#pragma once

#include "graph/graphviz.h"
#include "graph/ir_graph.h"

#include <QGraphicsView>

// The IR graph dock: the loop nest as nested boxes, tensors and the
// statements that touch them as nodes, data-flow edges between them (bold
// for writes), placed by Graphviz's dot and drawn in a QGraphicsScene.
// The wheel zooms, dragging pans, a click on a node or loop reports its
// source span. What Graphviz reports is kept as diagnostics and shown in
// the scene instead of a graph.
class IrGraphView : public QGraphicsView {
    Q_OBJECT

public:
    explicit IrGraphView(QWidget* parent = nullptr);

    void setModule(const tirx::Module& module);
    // Lays out DOT text directly (what setModule does after building the graph).
    void setGraph(tirx::IrGraph graph);
    void clear();

    [[nodiscard]] const tirx::IrGraph& graph() const { return m_graph; }
    [[nodiscard]] const std::vector<tirx::Diagnostic>& diagnostics() const { return m_diagnostics; }
    // Scene position of node i's centre; null point when it was not laid out.
    [[nodiscard]] QPointF nodeCenter(int node) const;
    [[nodiscard]] double zoom() const { return transform().m11(); }
    void zoomBy(double factor);
    // Fits the whole graph in the view, never enlarging it past 1.5x.
    void fit();
    // Writes the scene as SVG or PNG by the suffix.
    [[nodiscard]] bool exportTo(const QString& path, QString* error);

signals:
    void sourceSpanActivated(const tirx::Span& span);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuildScene();

    tirx::IrGraph m_graph;
    std::optional<tirx::GraphLayout> m_layout;
    std::vector<tirx::Diagnostic> m_diagnostics;
    std::vector<QPointF> m_centers;
    bool m_userZoomed = false; // until the user zooms, the graph is fitted to the view
};
