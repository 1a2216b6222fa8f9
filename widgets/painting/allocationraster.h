#pragma once

#include <QImage>
#include <QRect>
#include <QRectF>

#include <cstdint>
#include <vector>

// The fills of a memory map, rasterised by hand and drawn as one image.
//
// Zoomed out, a large kernel's map is thousands of rectangles narrower than a
// pixel; filling each through QPainter took 71% of a 10,000-allocation SBUF
// repaint. Here each rectangle only marks which fill owns the pixels it
// covers, in a grid kept column by column so a tall sliver is one contiguous
// run, and image() then writes every pixel once. bench_memmap's
// BM_SbufRepaint shows what it buys: 24.7 ms → 7.3 ms CPU per repaint
// (medians of 5 repetitions, release build, on a shared 2-core machine).
//
// Rectangles are added in plan order and a later one wins where they meet,
// as when painted one over another. A pixel belongs to a rectangle when its
// centre lies inside, as QPainter fills without antialiasing (a centre on
// the left or top edge is out, one on the right or bottom edge in, as
// QPainter rounds the edges); a rectangle too thin to hold a pixel's centre
// takes the pixel its edge lies in, so no tensor disappears when the map is
// zoomed out.
class AllocationRaster {
public:
    // `area`: the part of the widget the map covers, in logical pixels;
    // `ratio`: device pixels per logical one.
    AllocationRaster(const QRectF& area, qreal ratio);

    // Covers `rect` (logical pixels; clipped to the area) with `colour`.
    void add(const QRectF& rect, QRgb colour);
    // Lays the overlap hatching over whatever covers `rect` (after the
    // fills: a later add() paints over it).
    void hatch(const QRectF& rect);

    // The fills, transparent where nothing lies, with `hatch` in diagonal
    // lines where hatched; draw it at target().
    [[nodiscard]] QImage image(QRgb hatch) const;
    [[nodiscard]] QRectF target() const;

private:
    // Which pixels a rectangle covers, in columns [x0, x1) and rows [y0, y1).
    struct Span {
        int x0, x1, y0, y1;
    };
    [[nodiscard]] Span cover(const QRectF& rect) const;
    [[nodiscard]] uint16_t fillIndex(QRgb colour);

    static constexpr uint16_t kHatched = 0x8000; // a cell's top bit; the rest name its fill
    QRect m_pixels;                              // device pixels, the widget's origin at (0, 0)
    qreal m_ratio;
    std::vector<QRgb> m_fills;     // index + 1 is what a cell holds
    std::vector<uint16_t> m_cells; // column-major, 0 for none
};
