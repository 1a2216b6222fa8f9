#include "memmap/allocationraster.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

// The pixels [first, last) whose centres lie in (from, to], the pixels
// QPainter fills when it rounds a rectangle's edges, clipped to [0, size);
// one pixel, the one `from` lies in, when no centre does.
std::pair<int, int> pixelSpan(double from, double to, int size)
{
    // Far outside the area a coordinate only needs to stay outside it.
    from = std::clamp(from, -2.0, size + 2.0);
    to = std::clamp(to, -2.0, size + 2.0);
    int first = int(std::floor(from + 0.5));
    int last = int(std::floor(to + 0.5));
    if (last <= first) {
        first = int(std::floor(from));
        last = first + 1;
    }
    return {std::max(first, 0), std::min(last, size)};
}

} // namespace

AllocationRaster::AllocationRaster(const QRectF& area, qreal ratio) : m_ratio(ratio)
{
    const QPointF topLeft = area.topLeft() * ratio;
    const QPointF bottomRight = area.bottomRight() * ratio;
    m_pixels = QRect(QPoint(int(std::floor(topLeft.x())), int(std::floor(topLeft.y()))),
                     QPoint(int(std::ceil(bottomRight.x())) - 1, int(std::ceil(bottomRight.y())) - 1));
    if (m_pixels.isEmpty()) m_pixels = QRect();
    m_cells.assign(size_t(std::max(m_pixels.width(), 0)) * size_t(std::max(m_pixels.height(), 0)), 0);
}

uint16_t AllocationRaster::fillIndex(QRgb colour, bool hatched)
{
    for (size_t i = 0; i < m_fills.size(); ++i) {
        if (m_fills[i].colour == colour && m_fills[i].hatched == hatched) return uint16_t(i + 1);
    }
    // The maps use a palette of a few colours; a cell holds 16 bits.
    Q_ASSERT_X(m_fills.size() < std::numeric_limits<uint16_t>::max(), "AllocationRaster::add",
               "more distinct fills than a cell can name");
    m_fills.push_back({colour, hatched});
    return uint16_t(m_fills.size());
}

void AllocationRaster::add(const QRectF& rect, QRgb colour, bool hatched)
{
    if (m_cells.empty()) return;
    const int height = m_pixels.height();
    const auto [x0, x1] =
        pixelSpan(rect.left() * m_ratio - m_pixels.left(), rect.right() * m_ratio - m_pixels.left(), m_pixels.width());
    const auto [y0, y1] =
        pixelSpan(rect.top() * m_ratio - m_pixels.top(), rect.bottom() * m_ratio - m_pixels.top(), height);
    if (x0 >= x1 || y0 >= y1) return;
    const uint16_t fill = fillIndex(colour, hatched);
    for (int x = x0; x < x1; ++x) {
        uint16_t* column = m_cells.data() + size_t(x) * size_t(height);
        std::fill(column + y0, column + y1, fill);
    }
}

QImage AllocationRaster::image(QRgb hatch) const
{
    if (m_cells.empty()) return {};
    const int width = m_pixels.width();
    const int height = m_pixels.height();
    // What each cell value paints, off and on a hatching line.
    std::vector<QRgb> plain(m_fills.size() + 1, 0);
    std::vector<QRgb> onLine(m_fills.size() + 1, 0);
    for (size_t i = 0; i < m_fills.size(); ++i) {
        plain[i + 1] = qPremultiply(m_fills[i].colour);
        onLine[i + 1] = m_fills[i].hatched ? qPremultiply(hatch) : plain[i + 1];
    }
    QImage out(width, height, QImage::Format_ARGB32_Premultiplied);
    for (int y = 0; y < height; ++y) {
        auto* line = reinterpret_cast<QRgb*>(out.scanLine(y));
        const uint16_t* cell = m_cells.data() + y;
        // Qt's BDiagPattern: lines rising to the right, 8 pixels apart, on
        // the pixels whose x + y is 7 past a multiple of 8, counted from the
        // widget's origin so neighbouring tensors' lines meet.
        int diagonal = ((m_pixels.left() + m_pixels.top() + y) % 8 + 8) % 8;
        for (int x = 0; x < width; ++x, cell += height) {
            line[x] = diagonal == 7 ? onLine[*cell] : plain[*cell];
            diagonal = diagonal == 7 ? 0 : diagonal + 1;
        }
    }
    out.setDevicePixelRatio(m_ratio);
    return out;
}

QRectF AllocationRaster::target() const
{
    return QRectF(QPointF(m_pixels.topLeft()) / m_ratio, QSizeF(m_pixels.size()) / m_ratio);
}
