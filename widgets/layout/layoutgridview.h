#pragma once

#include "layout/layout_colors.h"
#include "layout/layout_grid.h"
#include "layout/layout_slice.h"

#include <QImage>
#include <QWidget>

#include <memory>
#include <optional>

// Paints one tensor's layout: on the left the logical index grid (a slice
// of it for ranks above two), on the right the physical partition x free
// grid, one panel per PSUM bank. Both colour an element the same way, so a
// colour in one is found in the other; gaps are hatched. Hovering a cell
// outlines the element in both grids and reports the mapping both ways.
// The numbers all come from LayoutGrid; this class only draws them.
class LayoutGridView : public QWidget {
    Q_OBJECT

public:
    explicit LayoutGridView(QWidget* parent = nullptr);

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
    // Panel rectangles for a picture of `size`: the logical panel and one
    // per bank, with the cell sizes they imply.
    struct Geometry {
        QRectF logical;
        std::vector<QRectF> banks;
        double lx = 1, ly = 1; // logical cell width and height
        double px = 1, py = 1; // physical cell width and height
    };
    [[nodiscard]] Geometry geometryFor(QSize size) const;
    [[nodiscard]] QFont captionFont() const;
    // Width the logical panel's caption may take before the physical panels.
    [[nodiscard]] double logicalRoom(const Geometry& geo, QSize size) const;
    void rebuildImages();
    void setHovered(int64_t flat);

    std::shared_ptr<const tirx::LayoutGrid> m_grid;
    tirx::LayoutSlice m_slice;
    QString m_tensor;
    tirx::LayoutColorBy m_by = tirx::LayoutColorBy::Partition;
    bool m_dark = false;
    // One pixel per cell, drawn scaled: painting a 128 x 4096 grid is then
    // two image blits, and the pictures are made again only when the grid,
    // slice, colouring or theme changes (bench_layout: BM_LayoutGridDraw).
    QImage m_logicalImage;                // one pixel per logical cell of the slice
    std::vector<QImage> m_physicalImages; // one pixel per physical cell, per bank
    int64_t m_hovered = -1;
    std::optional<tirx::PhysicalCoord> m_hoveredGap;
};
