#pragma once

#include "memory/memory_plan.h"
#include "target/target.h"

#include <QWidget>

#include <memory>
#include <optional>

// A memory map: SBUF as partitions (y, 0 at the top) × bytes within a
// partition (x), or PSUM as partitions × the banks of a partition's row, one
// column per bank. Each allocation is drawn at the rectangles MemoryPlan
// gives it, coloured per tensor from a colour-blind-safe palette and named
// where the name fits (names are drawn after every rectangle, so a tensor
// on top never hides the name of one below); the memory two allocations
// share is hatched and outlined red. A bar above
// shows how much of the scope's capacity the furthest allocation reaches.
// The wheel zooms the bytes around the pointer, dragging pans, a double
// click fits the allocations again. Hovering shows what the plan knows of a
// tensor; a click reports its source line.
class MemoryMap : public QWidget {
    Q_OBJECT

public:
    enum class Scope { Sbuf, Psum };

    explicit MemoryMap(Scope scope, QWidget* parent = nullptr);

    // The plan to draw (null clears) and the target whose limits it is
    // drawn against.
    void setPlan(std::shared_ptr<const tirx::MemoryPlan> plan, const tirx::Target* target);
    [[nodiscard]] const tirx::MemoryPlan* plan() const { return m_plan.get(); }
    [[nodiscard]] Scope scope() const { return m_scope; }

    // The allocations of this scope, as indices into plan()->allocations.
    [[nodiscard]] const std::vector<size_t>& shown() const { return m_shown; }
    // The allocation under `pos`, the last drawn on top when several are.
    [[nodiscard]] std::optional<size_t> allocationAt(QPointF pos) const;
    // Where rectangle `rect` of allocation `index` is drawn now.
    [[nodiscard]] QRectF pixelRect(const tirx::MemoryRect& rect) const;
    // Whether allocation `index` is part of an overlap.
    [[nodiscard]] bool overlaps(size_t index) const;
    // The names the map puts on allocation `index` where they fit: one over
    // each rectangle, or for a PSUM tensor over several banks, one over its
    // part of each bank with the slot (first index) that bank holds, so the
    // map says which accumulator slot sits in which bank.
    struct Label {
        tirx::MemoryRect rect;
        QString name;
        QString slot; // empty when the tensor has no slots
    };
    [[nodiscard]] std::vector<Label> labelsOf(size_t index) const;
    // The hover text for allocation `index`.
    [[nodiscard]] QString describe(size_t index) const;
    // Where the capacity line is drawn: the target's SBUF bytes per
    // partition, or its PSUM banks times their bytes.
    [[nodiscard]] int64_t capacityBytes() const;
    // The bytes shown across the map, [first, last).
    [[nodiscard]] std::pair<double, double> byteWindow() const { return {m_first, m_last}; }
    void setByteWindow(double first, double last);
    // Outlines allocations `indices` (plan indices) boldly: the tensors of
    // the source line the caret is on. Cleared by setPlan.
    void setHighlighted(std::vector<size_t> indices);
    [[nodiscard]] const std::vector<size_t>& highlighted() const { return m_highlighted; }
    // Fits the window to the allocations (or the capacity when none).
    void fit();
    // Draws the map as it is shown now onto `painter`, for a repaint or an
    // exported picture of the widget's size.
    void paintMap(QPainter& painter) const;

    [[nodiscard]] QSize sizeHint() const override { return {720, 420}; }
    [[nodiscard]] QSize minimumSizeHint() const override { return {320, 220}; }

signals:
    // The user clicked an allocation defined at (or, for a workspace, made
    // for the call at) `span`.
    void sourceSpanActivated(const tirx::Span& span);
    void allocationActivated(size_t index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    struct Frame {
        QRectF map;      // the partitions × bytes area
        QRectF capacity; // the capacity bar
        QRectF legend;
    };
    [[nodiscard]] Frame frame() const;
    // pixelRect() within a frame worked out once per repaint: a frame
    // measures text, and a large kernel has thousands of rectangles.
    [[nodiscard]] QRectF pixelRectIn(const Frame& f, const tirx::MemoryRect& rect) const;
    [[nodiscard]] int legendColumns() const;
    // The legend's cells: one a tensor, and one to say what the star after
    // a workspace's name means when one is shown.
    [[nodiscard]] size_t legendEntries() const { return m_shown.size() + (m_showsWorkspace ? 1 : 0); }
    static constexpr int kLegendRows = 3;
    static constexpr double kLegendRow = 20;
    [[nodiscard]] int64_t partitionCount() const;
    // The plan is a hand-written NKI kernel's (its trace), not a pass's.
    [[nodiscard]] bool fromKernelTrace() const { return m_plan && m_plan->after == "trace"; }
    // Whether allocation `a`'s name gets a star: a workspace a pass added,
    // or in a kernel's plan a tensor without address= the explorer placed.
    [[nodiscard]] bool starred(const tirx::PlannedAllocation& a) const;
    [[nodiscard]] double xOf(double byte) const;
    void paintGrid(QPainter& p, const Frame& f) const;
    // Calls visit(k, index, pixels) for each rectangle of the k-th shown
    // allocation (plan index `index`) that reaches the map, in plan order;
    // a sliver narrower than a pixel is widened to one.
    template <typename Visit> void forEachShownRect(const Frame& f, Visit&& visit) const;
    void paintAllocations(QPainter& p, const Frame& f) const;
    // Where the memory two tensors share is drawn now.
    [[nodiscard]] std::vector<QRectF> overlapPixels(const Frame& f) const;
    void paintFillsAsImage(QPainter& p, const Frame& f, const std::vector<QRectF>& shared) const;
    void paintFillsAsShapes(QPainter& p, const Frame& f, const std::vector<QRectF>& shared) const;
    void paintBankEdges(QPainter& p, const Frame& f) const;
    void paintNames(QPainter& p, const Frame& f) const;
    void paintHighlights(QPainter& p, const Frame& f) const;
    void paintCapacity(QPainter& p, const Frame& f) const;
    void paintLegend(QPainter& p, const Frame& f) const;

    Scope m_scope;
    std::shared_ptr<const tirx::MemoryPlan> m_plan;
    tirx::Target m_target;
    std::vector<size_t> m_shown;
    std::vector<bool> m_overlapping;                // per plan allocation
    std::vector<tirx::MemoryRect> m_overlapRegions; // the memory each overlapping pair shares
    bool m_showsWorkspace = false;                  // a shown tensor was made by a pass
    double m_first = 0;
    double m_last = 1;
    std::optional<size_t> m_hovered;
    std::vector<size_t> m_highlighted;
    std::optional<QPointF> m_dragFrom;
    double m_dragFirst = 0;
};
