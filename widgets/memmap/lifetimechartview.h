#pragma once

#include "memory/lifetime_chart.h"

#include <QWidget>

#include <memory>

// The lifetime charts of a plan, one row per function and scope: program
// order across, bytes per partition up, as XProf's memory timeline draws
// it. On the left the reference's bump allocator: each tensor a bar at the
// bytes it was given over the points it is live, the furthest byte it
// reserves (dashed) and the step line of bytes live at once with its peak.
// On the right, for SBUF, the what-if linear scan over the same lifetimes,
// labelled as a comparison: the pipeline's output never changes. The bars,
// steps and totals are LifetimeChart's; this view only scales and draws them.
class LifetimeChartView : public QWidget {
    Q_OBJECT

public:
    explicit LifetimeChartView(QWidget* parent = nullptr);

    void setPlan(std::shared_ptr<const tirx::MemoryPlan> plan, const tirx::Target* target);
    [[nodiscard]] const std::vector<tirx::LifetimeChart>& charts() const { return m_charts; }

    // Where chart `chart`'s panels are drawn now: the bump allocator's, and
    // the what-if's (empty when the chart has none).
    [[nodiscard]] QRectF bumpPanel(size_t chart) const;
    [[nodiscard]] QRectF whatIfPanel(size_t chart) const;
    // Where point (order, bytes) of chart `chart` is drawn within `panel`.
    [[nodiscard]] QPointF pointIn(const QRectF& panel, size_t chart, double order, double bytes) const;

    // Draws the charts as shown now, for a repaint or an exported picture.
    void paintCharts(QPainter& painter) const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paintPanel(QPainter& p, const QRectF& panel, size_t chart, bool whatIf) const;
    [[nodiscard]] QRectF rowRect(size_t chart) const;

    std::shared_ptr<const tirx::MemoryPlan> m_plan;
    std::vector<tirx::LifetimeChart> m_charts;
    std::vector<size_t> m_colour; // per plan allocation: its colour's index, as the maps give it
};
