#include "layout/layoutgridview.h"

#include "editor/editorcolors.h"

#include "layout/layout_palette.h"
#include "script/printer.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;
using tirx::PhysicalCoord;

namespace {

constexpr double kMargin = 12;
constexpr double kHeader = 42;  // the layout line and the panel captions
constexpr double kFooter = 34;  // axis ends and the colour legend
constexpr double kBankGap = 22; // between PSUM bank panels, room for a caption
constexpr double kMaxCell = 36;
constexpr double kMinStrip = 32;      // a panel one cell wide or high is drawn this thick, not as a hairline
constexpr double kGridLinesFrom = 10; // cell size (px) from which cells get borders
constexpr double kLabelsFrom = 26;    // ... and their coordinates
constexpr double kMinOutline = 7;     // the hover outline is never smaller
constexpr size_t kMaxRowBlocks = 16;  // more row blocks along F are not marked

QColor toColor(tirx::Rgb c) { return QColor(c.r, c.g, c.b); }

// Cell sizes for `rows` x `cols` cells in `area`: square when they are a
// few pixels or more, otherwise stretched to fill each direction.
std::pair<double, double> cellSizes(QSizeF area, int64_t rows, int64_t cols)
{
    const double sx = area.width() / static_cast<double>(cols);
    const double sy = area.height() / static_cast<double>(rows);
    double cx = std::min(sx, kMaxCell);
    double cy = std::min(sy, kMaxCell);
    if (std::min(sx, sy) >= 2) cx = cy = std::min({sx, sy, kMaxCell});
    // A (128, 1) column, square, would be 2 px wide: stretch the short side.
    cx = std::max(cx, std::min(sx, kMinStrip / static_cast<double>(cols)));
    cy = std::max(cy, std::min(sy, kMinStrip / static_cast<double>(rows)));
    return {cx, cy};
}

// The logical panel's caption: the tensor's shape, and for a rank above
// two the rows and columns it is drawn as. The first of the wordings that
// fits in `room` (a narrow panel of a 3-D tensor cut the longest short).
QString logicalCaption(const std::vector<int64_t>& shape, int64_t rows, int64_t cols, const QFontMetrics& fm,
                       double room)
{
    QStringList dims;
    for (int64_t d : shape) dims << QString::number(d);
    const QString dimText = dims.join(u" x "_s);
    const QString as = u" as %1 x %2"_s.arg(rows).arg(cols);
    const bool flat = shape.size() <= 2;
    const QStringList wordings = {
        LayoutGridView::tr("logical index (%1)").arg(dimText) + (flat ? QString() : as),
        LayoutGridView::tr("logical (%1)").arg(dimText) + (flat ? QString() : as),
        u"(%1)"_s.arg(dimText) + (flat ? QString() : as),
    };
    for (const QString& w : wordings) {
        if (fm.horizontalAdvance(w) <= room) return w;
    }
    return fm.elidedText(wordings.back(), Qt::ElideRight, static_cast<int>(room));
}

// "262144 of 262144 cells hold one" read as a count of gaps; say what is empty.
QString gapLegend(int64_t used, int64_t cells)
{
    if (used == cells) return LayoutGridView::tr("gap (no element): none");
    return LayoutGridView::tr("gap (no element): %1 of %2 cells").arg(cells - used).arg(cells);
}

QRectF outline(QRectF cell)
{
    const double w = std::max(cell.width(), kMinOutline);
    const double h = std::max(cell.height(), kMinOutline);
    return QRectF(cell.center().x() - w / 2, cell.center().y() - h / 2, w, h);
}

} // namespace

LayoutGridView::LayoutGridView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumSize(320, 200);
    m_dark = EditorColors::isDark(palette());
}

void LayoutGridView::setGrid(std::shared_ptr<const tirx::LayoutGrid> grid, const QString& tensor)
{
    m_tensor = tensor;
    m_hovered = -1;
    m_hoveredGap.reset();
    if (grid && grid == m_grid) return update();
    m_grid = std::move(grid);
    m_slice = m_grid ? tirx::defaultSlice(*m_grid) : tirx::LayoutSlice{};
    rebuildImages();
}

void LayoutGridView::setSlice(const tirx::LayoutSlice& slice)
{
    m_slice = slice;
    rebuildImages();
}

void LayoutGridView::setColorBy(tirx::LayoutColorBy by)
{
    m_by = by;
    rebuildImages();
}

void LayoutGridView::clear() { setGrid(nullptr, {}); }

void LayoutGridView::rebuildImages()
{
    m_logicalImage = {};
    m_physicalImages.clear();
    if (!m_grid) {
        update();
        return;
    }
    const auto& g = *m_grid;
    const EditorColors& scheme = m_dark ? EditorColors::dark() : EditorColors::light();
    const QRgb gap = mixColors(scheme.paper, scheme.marginText, 0.22).rgb();
    // One colour per key, and its faded form for elements of other slices,
    // worked out once: keys are at most a few thousand, cells half a million.
    const int64_t keys = tirx::layoutColorKey(g, m_slice, 0, m_by).count;
    std::vector<QRgb> full(static_cast<size_t>(keys));
    std::vector<QRgb> faded(static_cast<size_t>(keys));
    for (int64_t k = 0; k < keys; ++k) {
        const QColor c = toColor(tirx::layoutPaletteColor({k, keys}, m_dark));
        full[static_cast<size_t>(k)] = c.rgb();
        faded[static_cast<size_t>(k)] = mixColors(c, scheme.paper, 0.7).rgb();
    }
    // Both pictures in one walk over the physical cells. An element's key
    // is its copy 0's partition or free offset, which for a layout without
    // replicas is the cell's own; with replicas every copy takes copy 0's
    // colour, so a colour found in one picture is found in the other.
    const bool keyIsCell = g.copies() == 1;
    auto keyOf = [&](int64_t flat, int64_t partition, int64_t free) {
        if (keyIsCell && m_by == tirx::LayoutColorBy::Partition) return partition;
        if (keyIsCell && m_by == tirx::LayoutColorBy::Free) return free;
        return tirx::layoutColorKey(g, m_slice, flat, m_by).key;
    };
    m_logicalImage = QImage(static_cast<int>(m_slice.cols), static_cast<int>(m_slice.rows), QImage::Format_RGB32);
    m_logicalImage.fill(gap);
    uchar* logicalBits = m_logicalImage.bits();
    const qsizetype logicalLine = m_logicalImage.bytesPerLine();
    const auto& ext = g.gridShape();
    for (int64_t b = 0; b < ext[0]; ++b) {
        QImage img(static_cast<int>(ext[2]), static_cast<int>(ext[1]), QImage::Format_RGB32);
        uchar* bits = img.bits();
        for (int64_t p = 0; p < ext[1]; ++p) {
            auto* line = reinterpret_cast<QRgb*>(bits + p * img.bytesPerLine());
            const int32_t* cells = g.cellRow(b, p);
            for (int64_t f = 0; f < ext[2]; ++f) {
                const int64_t flat = cells[f];
                if (flat < 0) {
                    line[f] = gap;
                    continue;
                }
                const auto key = static_cast<size_t>(keyOf(flat, p, f));
                int64_t row = 0;
                int64_t col = 0;
                if (!m_slice.cellOf(flat, row, col)) {
                    line[f] = faded[key]; // in another slice: shown, but faded
                    continue;
                }
                line[f] = full[key];
                reinterpret_cast<QRgb*>(logicalBits + row * logicalLine)[col] = full[key];
            }
        }
        m_physicalImages.push_back(std::move(img));
    }
    update();
}

LayoutGridView::Geometry LayoutGridView::geometryFor(QSize size) const
{
    Geometry geo;
    if (!m_grid) return geo;
    const auto& ext = m_grid->gridShape();
    const double usableW = size.width() - 3 * kMargin;
    const double usableH = size.height() - kHeader - kFooter - kMargin;
    const double logicalShare =
        std::clamp(static_cast<double>(m_slice.cols) / static_cast<double>(m_slice.cols + ext[2]), 0.3, 0.5);
    const QSizeF larea(usableW * logicalShare, usableH);
    std::tie(geo.lx, geo.ly) = cellSizes(larea, m_slice.rows, m_slice.cols);
    geo.logical = QRectF(kMargin, kHeader, geo.lx * static_cast<double>(m_slice.cols),
                         geo.ly * static_cast<double>(m_slice.rows));
    const double px0 = 2 * kMargin + larea.width();
    const double bankH = (usableH - kBankGap * static_cast<double>(ext[0] - 1)) / static_cast<double>(ext[0]);
    std::tie(geo.px, geo.py) = cellSizes(QSizeF(usableW - larea.width(), bankH), ext[1], ext[2]);
    for (int64_t b = 0; b < ext[0]; ++b) {
        geo.banks.emplace_back(px0,
                               kHeader + static_cast<double>(b) * (geo.py * static_cast<double>(ext[1]) + kBankGap),
                               geo.px * static_cast<double>(ext[2]), geo.py * static_cast<double>(ext[1]));
    }
    return geo;
}

QFont LayoutGridView::captionFont() const
{
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() - 1.5));
    return small;
}

double LayoutGridView::logicalRoom(const Geometry& geo, QSize size) const
{
    return (geo.banks.empty() ? size.width() : geo.banks.front().left()) - geo.logical.left() - kMargin;
}

QString LayoutGridView::logicalCaption(QSize size) const
{
    if (!m_grid) return {};
    const Geometry geo = geometryFor(size);
    return ::logicalCaption(m_grid->shape(), m_slice.rows, m_slice.cols, QFontMetrics(captionFont()),
                            logicalRoom(geo, size));
}

void LayoutGridView::paintPicture(QPainter& painter, QSize size) const
{
    painter.setFont(font()); // an exported picture is lettered as the view is
    const EditorColors& scheme = m_dark ? EditorColors::dark() : EditorColors::light();
    const QColor text = scheme.styles[0];
    const QColor faint = mixColors(scheme.paper, text, 0.45);
    painter.fillRect(QRect(QPoint(0, 0), size), scheme.paper);
    painter.setPen(text);
    if (!m_grid) {
        painter.drawText(QRect(QPoint(0, 0), size), Qt::AlignCenter,
                         tr("Put the caret on a tensor, or choose one above, to see its layout"));
        return;
    }
    const auto& g = *m_grid;
    const Geometry geo = geometryFor(size);
    const auto& ext = g.gridShape();
    const QFont small = captionFont();

    // Header: the layout as written, then what each panel shows.
    const QString slice = QString::fromStdString(m_slice.describe(m_tensor.toStdString(), g.shape()));
    const QString header =
        (slice.isEmpty() ? m_tensor : slice) + u"  "_s + QString::fromStdString(tirx::printLayout(*g.layout()));
    // A layout of many shards is written smaller rather than cut off at the
    // edge; below the captions' size it is cut short with an ellipsis.
    QFont headerFont = painter.font();
    const double room = size.width() - 2 * kMargin;
    while (QFontMetricsF(headerFont).horizontalAdvance(header) > room && headerFont.pointSizeF() > small.pointSizeF())
        headerFont.setPointSizeF(std::max(small.pointSizeF(), headerFont.pointSizeF() - 0.5));
    painter.setFont(headerFont);
    painter.drawText(QPointF(kMargin, 16), QFontMetrics(headerFont).elidedText(header, Qt::ElideRight, int(room)));
    painter.setFont(small);
    const QFontMetrics fm(small);
    auto caption = [&](const QRectF& panel, double width, const QString& text) {
        painter.drawText(QPointF(panel.left(), panel.top() - 6),
                         fm.elidedText(text, Qt::ElideRight, static_cast<int>(width)));
    };
    caption(geo.logical, logicalRoom(geo, size), logicalCaption(size));
    const QString scope = g.isPsum() ? u"PSUM"_s : g.isTrainium() ? u"SBUF"_s : tr("memory");
    for (size_t b = 0; b < geo.banks.size(); ++b) {
        QString text = g.isPsum() ? tr("%1 bank %2: ").arg(scope).arg(b) : scope + u": "_s;
        text += g.isTrainium() ? tr("%1 partitions x %2 free").arg(ext[1]).arg(ext[2]) +
                                     (ext[2] == 1 ? tr(" element") : tr(" elements"))
                               : tr("%1 elements, linear").arg(ext[2]);
        caption(geo.banks[b], size.width() - geo.banks[b].left() - kMargin, text);
    }

    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(geo.logical, m_logicalImage);
    for (size_t b = 0; b < geo.banks.size(); ++b) painter.drawImage(geo.banks[b], m_physicalImages[b]);

    // Cell borders, dim boundaries and coordinates where there is room.
    auto cellLines = [&](QRectF r, int64_t rows, int64_t cols, double cx, double cy) {
        if (std::min(cx, cy) < kGridLinesFrom) return;
        painter.setPen(QPen(mixColors(scheme.paper, text, 0.25), 0));
        for (int64_t c = 1; c < cols; ++c)
            painter.drawLine(QPointF(r.left() + c * cx, r.top()), QPointF(r.left() + c * cx, r.bottom()));
        for (int64_t k = 1; k < rows; ++k)
            painter.drawLine(QPointF(r.left(), r.top() + k * cy), QPointF(r.right(), r.top() + k * cy));
    };
    cellLines(geo.logical, m_slice.rows, m_slice.cols, geo.lx, geo.ly);
    for (const auto& r : geo.banks) cellLines(r, ext[1], ext[2], geo.px, geo.py);
    painter.setPen(QPen(faint, 1.5));
    for (int64_t block : m_slice.colBlocks) {
        if (geo.lx * static_cast<double>(block) < 4) continue;
        for (int64_t c = block; c < m_slice.cols; c += block)
            painter.drawLine(QPointF(geo.logical.left() + c * geo.lx, geo.logical.top()),
                             QPointF(geo.logical.left() + c * geo.lx, geo.logical.bottom()));
    }
    for (int64_t block : m_slice.rowBlocks) {
        if (geo.ly * static_cast<double>(block) < 4) continue;
        for (int64_t r = block; r < m_slice.rows; r += block)
            painter.drawLine(QPointF(geo.logical.left(), geo.logical.top() + r * geo.ly),
                             QPointF(geo.logical.right(), geo.logical.top() + r * geo.ly));
    }
    // Where partition 0 moves on to another logical row along F: the blocks a
    // row-major tensor is cut into (A_sbuf's rows 0.., 128.., 256.., ...).
    for (size_t b = 0; b < geo.banks.size(); ++b) {
        std::vector<std::pair<int64_t, int64_t>> blocks; // (first free offset, logical row)
        int64_t previous = -1;
        for (int64_t f = 0; f < ext[2] && blocks.size() <= kMaxRowBlocks; ++f) {
            const int64_t flat = g.elementAt({static_cast<int64_t>(b), 0, f});
            const int64_t row = flat < 0 ? -1 : flat / m_slice.cols;
            if (row >= 0 && row != previous) blocks.emplace_back(f, row);
            if (row >= 0) previous = row;
        }
        if (blocks.size() < 2 || blocks.size() > kMaxRowBlocks) continue;
        const QRectF& bank = geo.banks[b];
        for (size_t k = 0; k < blocks.size(); ++k) {
            const double x = bank.left() + static_cast<double>(blocks[k].first) * geo.px;
            if (k) {
                painter.setPen(QPen(text, 1.2, Qt::DashLine));
                painter.drawLine(QPointF(x, bank.top()), QPointF(x, bank.bottom()));
            }
            const double next =
                k + 1 < blocks.size() ? bank.left() + static_cast<double>(blocks[k + 1].first) * geo.px : bank.right();
            if (next - x < 48) continue;
            painter.setPen(text);
            painter.drawText(QRectF(x + 3, bank.top() + 2, next - x - 6, 14), Qt::AlignLeft,
                             tr("row %1..").arg(blocks[k].second));
        }
    }
    painter.setPen(text);
    if (std::min(geo.lx, geo.ly) >= kLabelsFrom) {
        for (int64_t r = 0; r < m_slice.rows; ++r) {
            for (int64_t c = 0; c < m_slice.cols; ++c) {
                const auto p = g.coordOf(m_slice.flatAt(r, c));
                const QRectF cell(geo.logical.left() + c * geo.lx, geo.logical.top() + r * geo.ly, geo.lx, geo.ly);
                painter.drawText(cell, Qt::AlignCenter, u"%1,%2"_s.arg(p.partition).arg(p.free));
            }
        }
    }
    if (std::min(geo.px, geo.py) >= kLabelsFrom) {
        for (size_t b = 0; b < geo.banks.size(); ++b) {
            for (int64_t p = 0; p < ext[1]; ++p) {
                for (int64_t f = 0; f < ext[2]; ++f) {
                    int64_t row = 0;
                    int64_t col = 0;
                    const int64_t flat = g.elementAt({static_cast<int64_t>(b), p, f});
                    if (flat < 0 || !m_slice.cellOf(flat, row, col)) continue;
                    const QRectF cell(geo.banks[b].left() + f * geo.px, geo.banks[b].top() + p * geo.py, geo.px,
                                      geo.py);
                    painter.drawText(cell, Qt::AlignCenter, u"%1,%2"_s.arg(row).arg(col));
                }
            }
        }
    }
    painter.setPen(QPen(faint, 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(geo.logical);
    for (const auto& r : geo.banks) painter.drawRect(r);

    // Axis ends: the first and last row and column of each panel.
    painter.setPen(faint);
    auto ends = [&](QRectF r, const QString& colName, int64_t cols) {
        const QString first = colName + u" 0"_s;
        const QString last = QString::number(cols - 1);
        painter.drawText(QPointF(r.left(), r.bottom() + 12), first);
        // The last column's number only where it clears the first's label.
        const QFontMetrics ends(painter.font());
        if (cols > 1 && ends.horizontalAdvance(first) + ends.horizontalAdvance(last) + 8 <= r.width())
            painter.drawText(QRectF(r.right() - 80, r.bottom() + 2, 80, 14), Qt::AlignRight, last);
    };
    ends(geo.logical, tr("column"), m_slice.cols);
    if (!geo.banks.empty()) ends(geo.banks.back(), tr("free"), ext[2]);

    // Legend: what the colour says.
    const double ly = size.height() - 14;
    const tirx::ColorKey probe = tirx::layoutColorKey(g, m_slice, 0, m_by);
    const QString by = m_by == tirx::LayoutColorBy::Partition ? tr("partition")
                       : m_by == tirx::LayoutColorBy::Free    ? tr("free offset")
                                                              : tr("logical row");
    painter.setPen(text);
    painter.drawText(QPointF(kMargin, ly + 4), tr("colour = %1: 0").arg(by));
    const double barX = kMargin + painter.fontMetrics().horizontalAdvance(tr("colour = %1: 0").arg(by)) + 6;
    const int steps = 64;
    for (int i = 0; i < steps; ++i) {
        const tirx::ColorKey k{probe.count * i / steps, probe.count};
        painter.fillRect(QRectF(barX + i * 3, ly - 6, 3, 12), toColor(tirx::layoutPaletteColor(k, m_dark)));
    }
    painter.drawText(QPointF(barX + steps * 3 + 6, ly + 4), QString::number(probe.count - 1));
    const double gapX = barX + steps * 3 + 60;
    painter.fillRect(QRectF(gapX, ly - 6, 12, 12), mixColors(scheme.paper, scheme.marginText, 0.22));
    painter.drawText(QPointF(gapX + 16, ly + 4), gapLegend(g.usedCells(), ext[0] * ext[1] * ext[2]));

    // The hovered element, outlined wherever it sits.
    if (m_hovered >= 0 || m_hoveredGap) {
        painter.setPen(QPen(text, 2));
        painter.setBrush(Qt::NoBrush);
        int64_t row = 0;
        int64_t col = 0;
        if (m_hovered >= 0 && m_slice.cellOf(m_hovered, row, col))
            painter.drawRect(
                outline(QRectF(geo.logical.left() + col * geo.lx, geo.logical.top() + row * geo.ly, geo.lx, geo.ly)));
        std::vector<PhysicalCoord> cells;
        if (m_hoveredGap) cells.push_back(*m_hoveredGap);
        for (int64_t k = 0; m_hovered >= 0 && k < g.copies(); ++k) cells.push_back(g.coordOf(m_hovered, k));
        for (const auto& c : cells) {
            const QRectF& bank = geo.banks[static_cast<size_t>(c.bank)];
            painter.drawRect(
                outline(QRectF(bank.left() + c.free * geo.px, bank.top() + c.partition * geo.py, geo.px, geo.py)));
        }
    }
}

void LayoutGridView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    paintPicture(painter, size());
}

QString LayoutGridView::hoverText() const
{
    if (!m_grid) return {};
    const auto& g = *m_grid;
    auto where = [&](const PhysicalCoord& c) -> QString {
        QString s = g.isPsum() ? tr("bank %1, ").arg(c.bank) : QString();
        return s + tr("partition %1, free %2 (byte %3)").arg(c.partition).arg(c.free).arg(g.byteOf(c));
    };
    if (m_hoveredGap) return where(*m_hoveredGap) + tr(": no element");
    if (m_hovered < 0) return {};
    QStringList index;
    for (auto v : g.logicalIndex(m_hovered)) index << QString::number(v);
    QString out = m_tensor + u"["_s + index.join(u", "_s) + u"] \u2192 "_s + where(g.coordOf(m_hovered));
    for (int64_t k = 1; k < g.copies(); ++k) out += tr("; copy %1 at ").arg(k) + where(g.coordOf(m_hovered, k));
    return out;
}

void LayoutGridView::setHovered(int64_t flat)
{
    m_hovered = flat;
    update();
    emit hoverChanged(hoverText());
}

void LayoutGridView::hover(QPoint pos)
{
    m_hoveredGap.reset();
    if (!m_grid) return setHovered(-1);
    const Geometry geo = geometryFor(size());
    const QPointF p(pos);
    if (geo.logical.contains(p)) {
        const auto col = static_cast<int64_t>((p.x() - geo.logical.left()) / geo.lx);
        const auto row = static_cast<int64_t>((p.y() - geo.logical.top()) / geo.ly);
        if (row < m_slice.rows && col < m_slice.cols) return setHovered(m_slice.flatAt(row, col));
    }
    for (size_t b = 0; b < geo.banks.size(); ++b) {
        if (!geo.banks[b].contains(p)) continue;
        const PhysicalCoord c{static_cast<int64_t>(b), static_cast<int64_t>((p.y() - geo.banks[b].top()) / geo.py),
                              static_cast<int64_t>((p.x() - geo.banks[b].left()) / geo.px)};
        const int64_t flat = m_grid->elementAt(c);
        if (flat < 0) m_hoveredGap = c;
        return setHovered(flat);
    }
    setHovered(-1);
}

QPoint LayoutGridView::logicalCellCenter(int64_t row, int64_t col) const
{
    const Geometry geo = geometryFor(size());
    return QPointF(geo.logical.left() + (static_cast<double>(col) + 0.5) * geo.lx,
                   geo.logical.top() + (static_cast<double>(row) + 0.5) * geo.ly)
        .toPoint();
}

QPoint LayoutGridView::physicalCellCenter(const PhysicalCoord& c) const
{
    const Geometry geo = geometryFor(size());
    const QRectF& bank = geo.banks.at(static_cast<size_t>(c.bank));
    return QPointF(bank.left() + (static_cast<double>(c.free) + 0.5) * geo.px,
                   bank.top() + (static_cast<double>(c.partition) + 0.5) * geo.py)
        .toPoint();
}

void LayoutGridView::mouseMoveEvent(QMouseEvent* event) { hover(event->position().toPoint()); }

void LayoutGridView::leaveEvent(QEvent*)
{
    m_hoveredGap.reset();
    setHovered(-1);
}

void LayoutGridView::resizeEvent(QResizeEvent*) { update(); }

void LayoutGridView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::PaletteChange) return;
    m_dark = EditorColors::isDark(palette());
    rebuildImages();
}
