#pragma once

#include "layout/layout_colors.h"
#include "layout/layout_grid.h"
#include "layout/layout_scene.h"
#include "layout/layout_slice.h"

#include <QWidget>

#include <memory>
#include <optional>

class QtTextMeasure;

// Shows one tensor's layout: the picture tirx::layoutScene() computes (the
// one `tirx-cli layout --svg` writes), painted by paintScene(). Hovering a
// cell (found by the scene's cell grids) outlines the element in both grids
// and reports the mapping both ways. The numbers all come from LayoutGrid;
// this class only shows them.
class LayoutGridView : public QWidget {
    Q_OBJECT

public:
    explicit LayoutGridView(QWidget* parent = nullptr);
    ~LayoutGridView() override;

    // Shows `grid`. Given the grid it already shows (the same tensor after
    // a pass that left its type alone), it keeps the slice and the pictures.
    void setGrid(std::shared_ptr<const tirx::LayoutGrid> grid, const QString& tensor);
    void setSlice(const tirx::LayoutSlice& slice);
    void setColorBy(tirx::LayoutColorBy by);
    void clear();

    [[nodiscard]] const std::shared_ptr<const tirx::LayoutGrid>& grid() const { return m_grid; }
    [[nodiscard]] const tirx::LayoutSlice& slice() const { return m_slice; }
    // The element under the pointer (or chosen by hover()), -1 when none.
    [[nodiscard]] int64_t hoveredElement() const { return m_hovered; }
    // What the status line says about the hovered element.
    [[nodiscard]] QString hoverText() const;
    // Hovers the point `pos` as the mouse would; for tests and keyboard use.
    void hover(QPoint pos);
    // Where the centre of logical cell (row, col) / physical cell `c` is drawn.
    [[nodiscard]] QPoint logicalCellCenter(int64_t row, int64_t col) const;
    [[nodiscard]] QPoint physicalCellCenter(const tirx::PhysicalCoord& c) const;

    // What the logical panel's caption says in a picture of `size`: the
    // longest wording that fits beside the physical panels.
    [[nodiscard]] QString logicalCaption(QSize size) const;

    // Paints the whole picture at `size` (the export and the screenshots).
    void paintPicture(QPainter& painter, QSize size) const;

    [[nodiscard]] QSize sizeHint() const override { return {900, 520}; }

signals:
    void hoverChanged(const QString& text);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    [[nodiscard]] QFont captionFont() const;
    [[nodiscard]] tirx::LayoutPaper paper() const;
    [[nodiscard]] tirx::LayoutSceneView view(QSize size) const;
    [[nodiscard]] const QtTextMeasure& measure() const;
    [[nodiscard]] tirx::picture::Scene sceneFor(QSize size) const;
    // The picture at the widget's size, built when first asked for after a change.
    [[nodiscard]] const tirx::picture::Scene& scene() const;
    void rebuildCells();
    void setHovered(int64_t flat);

    std::shared_ptr<const tirx::LayoutGrid> m_grid;
    tirx::LayoutSlice m_slice;
    QString m_tensor;
    tirx::LayoutColorBy m_by = tirx::LayoutColorBy::Partition;
    bool m_dark = false;
    // The cells' colours, made again only when the grid, slice, colouring
    // or theme changes: a picture of another size or hover shares them, so
    // painting a 128 x 4096 grid is two image blits (bench_layout:
    // BM_LayoutGridDraw).
    tirx::LayoutCells m_cells;
    int64_t m_hovered = -1;
    std::optional<tirx::PhysicalCoord> m_hoveredGap;
    mutable std::unique_ptr<QtTextMeasure> m_measure;
    mutable std::optional<tirx::picture::Scene> m_scene;
};
