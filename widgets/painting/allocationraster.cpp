#include "painting/allocationraster.h"

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

uint16_t AllocationRaster::fillIndex(QRgb colour)
{
    const auto found = std::find(m_fills.begin(), m_fills.end(), colour);
    if (found != m_fills.end()) return uint16_t(found - m_fills.begin() + 1);
    // The maps use a palette of a few colours; a cell names one in 15 bits.
    Q_ASSERT_X(m_fills.size() + 1 < kHatched, "AllocationRaster::add", "more distinct fills than a cell can name");
    m_fills.push_back(colour);
    return uint16_t(m_fills.size());
}

AllocationRaster::Span AllocationRaster::cover(const QRectF& rect) const
{
    const auto [x0, x1] =
        pixelSpan(rect.left() * m_ratio - m_pixels.left(), rect.right() * m_ratio - m_pixels.left(), m_pixels.width());
    const auto [y0, y1] =
        pixelSpan(rect.top() * m_ratio - m_pixels.top(), rect.bottom() * m_ratio - m_pixels.top(), m_pixels.height());
    return {x0, x1, y0, y1};
}

void AllocationRaster::add(const QRectF& rect, QRgb colour)
{
    if (m_cells.empty()) return;
    const Span span = cover(rect);
    if (span.x0 >= span.x1 || span.y0 >= span.y1) return;
    const uint16_t fill = fillIndex(colour);
    const size_t height = size_t(m_pixels.height());
    for (int x = span.x0; x < span.x1; ++x) {
        uint16_t* column = m_cells.data() + size_t(x) * height;
        std::fill(column + span.y0, column + span.y1, fill);
    }
}

void AllocationRaster::hatch(const QRectF& rect)
{
    if (m_cells.empty()) return;
    const Span span = cover(rect);
    const size_t height = size_t(m_pixels.height());
    for (int x = span.x0; x < span.x1; ++x) {
        uint16_t* column = m_cells.data() + size_t(x) * height;
        for (int y = span.y0; y < span.y1; ++y) column[y] |= kHatched;
    }
}

QImage AllocationRaster::image(QRgb hatch) const
{
    if (m_cells.empty()) return {};
    const int width = m_pixels.width();
    const int height = m_pixels.height();
    // What each fill paints; a hatched cell on a hatching line is `hatch`.
    std::vector<QRgb> plain(m_fills.size() + 1, 0);
    for (size_t i = 0; i < m_fills.size(); ++i) plain[i + 1] = qPremultiply(m_fills[i]);
    const QRgb line = qPremultiply(hatch);
    QImage out(width, height, QImage::Format_ARGB32_Premultiplied);
    for (int y = 0; y < height; ++y) {
        auto* pixels = reinterpret_cast<QRgb*>(out.scanLine(y));
        const uint16_t* cell = m_cells.data() + y;
        // Qt's BDiagPattern: lines rising to the right, 8 pixels apart, on
        // the pixels whose x + y is 7 past a multiple of 8, counted from the
        // widget's origin so neighbouring tensors' lines meet.
        int diagonal = ((m_pixels.left() + m_pixels.top() + y) % 8 + 8) % 8;
        for (int x = 0; x < width; ++x, cell += height) {
            pixels[x] = (*cell & kHatched) && diagonal == 7 ? line : plain[*cell & ~kHatched];
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
