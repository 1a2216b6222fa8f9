#pragma once

#include "memory/memory_plan.h"
#include "memory/memory_scene.h"
#include "target/target.h"

#include <QWidget>

#include <memory>
#include <optional>

class QtTextMeasure;

// A memory map: the picture tirx::memoryMapScene() computes (the same one
// `tirx-cli memmap --svg/--png` writes), painted by paintScene() and kept
// until the plan, the bytes shown, the size or the hovered tensor change.
// The pointer finds a tensor by the scene's rectangles. The wheel zooms the bytes around the pointer, dragging pans, a
// double click fits the allocations again. Hovering shows what the plan knows of a tensor; a click reports its source
// line.
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

    // The allocations of this scope the map draws, as indices into
    // plan()->allocations (one for the allocations a statement repeats at
    // one place: tirx::shownAllocations).
    [[nodiscard]] const std::vector<size_t>& shown() const { return m_shown.indices; }
    // The allocation under `pos`, the last drawn on top when several are.
    [[nodiscard]] std::optional<size_t> allocationAt(QPointF pos) const;
    // Where rectangle `rect` of allocation `index` is drawn now.
    [[nodiscard]] QRectF pixelRect(const tirx::MemoryRect& rect) const;
    // Whether allocation `index` is part of an overlap.
    [[nodiscard]] bool overlaps(size_t index) const;
    // The names the map puts on allocation `index` where they fit
    // (tirx::memoryLabels()).
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
    // Outlines allocations `indices` (plan indices) boldly and fades the
    // rest: the tensors of the source line the caret is on. Cleared by setPlan.
    void setHighlighted(std::vector<size_t> indices);
    [[nodiscard]] const std::vector<size_t>& highlighted() const { return m_highlighted; }
    // Fits the window to the allocations (or the capacity when none).
    void fit();
    // Draws the map as it is shown now onto `painter`, for a repaint or an
    // exported picture of the widget's size.
    void paintMap(QPainter& painter) const;
    // The picture as shown now, built when first asked for after a change.
    [[nodiscard]] const tirx::picture::Scene& scene() const;

    ~MemoryMap() override;

    [[nodiscard]] QSize sizeHint() const override { return {720, 420}; }
    [[nodiscard]] QSize minimumSizeHint() const override { return {320, 220}; }

signals:
    // The user clicked an allocation defined at (or, for a workspace, made
    // for the call at) `span`.
    void sourceSpanActivated(const tirx::Span& span);
    void allocationActivated(size_t index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    [[nodiscard]] std::string scopeName() const;
    [[nodiscard]] tirx::MemoryMapView view() const;
    [[nodiscard]] tirx::MemoryMapFrame frame() const;
    [[nodiscard]] const QtTextMeasure& measure() const;
    void invalidate();

    Scope m_scope;
    std::shared_ptr<const tirx::MemoryPlan> m_plan;
    tirx::Target m_target;
    tirx::ShownAllocations m_shown;
    std::vector<bool> m_overlapping; // per plan allocation
    double m_first = 0;
    double m_last = 1;
    std::optional<size_t> m_hovered;
    std::vector<size_t> m_highlighted;
    std::optional<QPointF> m_dragFrom;
    double m_dragFirst = 0;
    mutable std::unique_ptr<QtTextMeasure> m_measure;
    mutable std::optional<tirx::picture::Scene> m_scene;
};
