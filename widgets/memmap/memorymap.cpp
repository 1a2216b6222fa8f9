#include "memmap/memorymap.h"

#include "memmap/allocationraster.h"
#include "memmap/memorycolors.h"
#include "verify/verify.h"

#include <QLocale>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <map>

using namespace Qt::StringLiterals;

namespace {

constexpr double kMargin = 8;
constexpr double kAxisWidth = 44;   // partition numbers
constexpr double kRulerHeight = 22; // byte ruler
constexpr double kBarHeight = 18;   // capacity bar

QString bytesText(double bytes)
{
    if (std::abs(bytes) >= 1024 * 1024) return u"%1 MiB"_s.arg(bytes / (1024.0 * 1024.0), 0, 'g', 3);
    if (std::abs(bytes) >= 1024) return u"%1 KiB"_s.arg(bytes / 1024.0, 0, 'g', 4);
    return u"%1 B"_s.arg(static_cast<qint64>(bytes));
}

QString shapeText(const std::vector<int64_t>& shape)
{
    QStringList parts;
    for (auto d : shape) parts << QString::number(d);
    return u"("_s + parts.join(u", "_s) + u")"_s;
}

// A power-of-two step of bytes giving about `ticks` ticks over `span`, so
// the ruler reads 512 B, 1 KiB, 2 KiB as memory is sized.
double niceStep(double span, int ticks)
{
    const double raw = std::max(span / std::max(ticks, 1), 1.0);
    return std::exp2(std::ceil(std::log2(raw)));
}

} // namespace

MemoryMap::MemoryMap(Scope scope, QWidget* parent) : QWidget(parent), m_scope(scope)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void MemoryMap::setPlan(std::shared_ptr<const tirx::MemoryPlan> plan, const tirx::Target* target)
{
    m_plan = std::move(plan);
    if (target) m_target = *target;
    m_shown.clear();
    m_overlapping.clear();
    m_overlapRegions.clear();
    m_showsWorkspace = false;
    m_hovered.reset();
    if (m_plan) {
        const std::string scope(tirx::scopeName(m_scope == Scope::Sbuf ? tirx::MemSpace::Sbuf : tirx::MemSpace::Psum));
        m_overlapping.assign(m_plan->allocations.size(), false);
        for (size_t i = 0; i < m_plan->allocations.size(); ++i) {
            if (m_plan->allocations[i].scope == scope && m_plan->allocations[i].placed()) m_shown.push_back(i);
        }
        for (const auto& o : m_plan->overlaps) {
            m_overlapping[o.earlier] = true;
            m_overlapping[o.later] = true;
            // The other scope's rectangles mean other memory.
            if (m_plan->allocations[o.later].scope != scope) continue;
            for (const auto& a : m_plan->allocations[o.earlier].rects) {
                for (const auto& b : m_plan->allocations[o.later].rects) {
                    if (!a.partitions.meets(b.partitions) || !a.bytes.meets(b.bytes)) continue;
                    m_overlapRegions.push_back(
                        {{std::max(a.partitions.begin, b.partitions.begin),
                          std::min(a.partitions.end, b.partitions.end)},
                         {std::max(a.bytes.begin, b.bytes.begin), std::min(a.bytes.end, b.bytes.end)}});
                }
            }
        }
        m_showsWorkspace = std::any_of(m_shown.begin(), m_shown.end(),
                                       [&](size_t i) { return m_plan->allocations[i].createdBy != "user"; });
    }
    fit();
}

int64_t MemoryMap::capacityBytes() const
{
    return m_scope == Scope::Sbuf ? m_target.maxSbufBytesPerPartition
                                  : int64_t{m_target.psumBanks} * m_target.psumBankBytes;
}

int64_t MemoryMap::partitionCount() const { return m_target.partitionSize; }

void MemoryMap::fit()
{
    double end = 0;
    if (m_plan) {
        for (size_t i : m_shown) {
            for (const auto& r : m_plan->allocations[i].rects) end = std::max(end, double(r.bytes.end));
        }
    }
    // PSUM is small enough to show whole; SBUF shows what is used, with room.
    if (m_scope == Scope::Psum || end <= 0)
        end = double(capacityBytes());
    else
        end = std::min(double(capacityBytes()), end * 1.08);
    setByteWindow(0, std::max(end, double(capacityBytes()) > 64 ? 64.0 : 1.0));
}

void MemoryMap::setByteWindow(double first, double last)
{
    const double capacity = std::max<double>(double(capacityBytes()), 1);
    // Never less than 16 bytes across, never past twice the capacity.
    last = std::max(last, first + 16);
    const double span = std::min(last - first, capacity * 2);
    first = std::clamp(first, -span * 0.05, std::max(0.0, capacity * 2 - span));
    m_first = first;
    m_last = first + span;
    update();
}

int MemoryMap::legendColumns() const
{
    // As many as fit a name of about fifteen characters, at most six.
    const double legendWidth = width() - 2 * kMargin - kAxisWidth;
    return std::clamp(int(legendWidth / (fontMetrics().averageCharWidth() * 17 + 22)), 1, 6);
}

MemoryMap::Frame MemoryMap::frame() const
{
    Frame f;
    const double legendRows =
        m_plan ? std::min<double>(kLegendRows, std::ceil(double(legendEntries()) / legendColumns())) : 0;
    const double legendHeight = legendRows > 0 ? legendRows * kLegendRow + 4 : 0;
    const double left = kMargin + kAxisWidth;
    const double right = width() - kMargin;
    f.capacity = QRectF(left, kMargin + fontMetrics().height() + 4, right - left, kBarHeight);
    const double top = f.capacity.bottom() + 6 + kRulerHeight;
    const double bottom = height() - kMargin - legendHeight - fontMetrics().height() - 4;
    f.map = QRectF(left, top, std::max(1.0, right - left), std::max(1.0, bottom - top));
    f.legend = QRectF(left, height() - kMargin - legendHeight, right - left, legendHeight);
    return f;
}

double MemoryMap::xOf(double byte) const
{
    const Frame f = frame();
    return f.map.left() + (byte - m_first) / (m_last - m_first) * f.map.width();
}

QRectF MemoryMap::pixelRect(const tirx::MemoryRect& rect) const { return pixelRectIn(frame(), rect); }

QRectF MemoryMap::pixelRectIn(const Frame& f, const tirx::MemoryRect& rect) const
{
    const double rows = std::max<double>(double(partitionCount()), 1);
    const double y0 = f.map.top() + double(rect.partitions.begin) / rows * f.map.height();
    const double y1 = f.map.top() + double(rect.partitions.end) / rows * f.map.height();
    const double scale = f.map.width() / (m_last - m_first);
    const double x0 = f.map.left() + (double(rect.bytes.begin) - m_first) * scale;
    const double x1 = f.map.left() + (double(rect.bytes.end) - m_first) * scale;
    return QRectF(QPointF(x0, y0), QPointF(x1, y1));
}

bool MemoryMap::overlaps(size_t index) const { return index < m_overlapping.size() && m_overlapping[index]; }

std::optional<size_t> MemoryMap::allocationAt(QPointF pos) const
{
    if (!m_plan) return std::nullopt;
    const Frame f = frame();
    if (!f.map.contains(pos)) return std::nullopt;
    // Back to plan coordinates once, then compare integers.
    const double byte = m_first + (pos.x() - f.map.left()) / f.map.width() * (m_last - m_first);
    const double partition = (pos.y() - f.map.top()) / f.map.height() * double(partitionCount());
    for (auto it = m_shown.rbegin(); it != m_shown.rend(); ++it) {
        for (const auto& r : m_plan->allocations[*it].rects) {
            if (byte >= double(r.bytes.begin) && byte < double(r.bytes.end) &&
                partition >= double(r.partitions.begin) && partition < double(r.partitions.end))
                return *it;
        }
    }
    return std::nullopt;
}

QString MemoryMap::describe(size_t index) const
{
    if (!m_plan || index >= m_plan->allocations.size()) return {};
    const auto& a = m_plan->allocations[index];
    QStringList lines;
    lines << u"<b>%1</b> &nbsp; %2 %3"_s.arg(QString::fromStdString(a.name).toHtmlEscaped(),
                                             QString::fromStdString(a.dtype.str()), QString::fromStdString(a.scope));
    lines << tr("shape %1, physical %2%3")
                 .arg(shapeText(a.shape), shapeText(a.physicalShape), a.hasLayout ? tr(", with a layout") : QString());
    lines << tr("partitions %1..%2, bytes %3..%4 (%5 per partition)")
                 .arg(a.partitionRange->begin)
                 .arg(a.partitionRange->end - 1)
                 .arg(a.byteRange->begin)
                 .arg(a.byteRange->end - 1)
                 .arg(bytesText(double(a.rowBytes())));
    if (a.bankRange && a.banks > 1)
        lines << tr("PSUM banks %1..%2: slot <i>s</i> in bank %1 + <i>s</i>")
                     .arg(a.bankRange->begin)
                     .arg(a.bankRange->end - 1);
    else if (a.bankRange)
        lines << tr("PSUM bank %1").arg(a.bankRange->begin);
    if (a.createdBy == "user")
        lines << tr("user tensor, line %1").arg(a.definition.span.line);
    else
        lines << tr("workspace made by %1 for %2")
                     .arg(QString::fromStdString(a.createdBy), QString::fromStdString(a.serves).toHtmlEscaped());
    lines << tr("live from statement %1 to %2").arg(a.live.begin).arg(a.live.end - 1);
    for (const auto& o : m_plan->overlaps) {
        if (o.earlier == index || o.later == index)
            lines << u"<span style='color:#d01010'>%1</span>"_s.arg(
                QString::fromStdString(tirx::overlapMessage(*m_plan, o)).toHtmlEscaped());
    }
    return lines.join(u"<br>"_s);
}

void MemoryMap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paintMap(p);
}

void MemoryMap::paintMap(QPainter& p) const
{
    p.setFont(font());
    p.fillRect(rect(), palette().base());
    const Frame f = frame();
    p.setPen(palette().color(QPalette::Text));
    const QString title =
        m_scope == Scope::Sbuf
            ? tr("SBUF: %1 partitions × %2 per partition").arg(partitionCount()).arg(bytesText(double(capacityBytes())))
            : tr("PSUM: %1 partitions × %2 banks of %3")
                  .arg(partitionCount())
                  .arg(m_target.psumBanks)
                  .arg(bytesText(m_target.psumBankBytes));
    QString after;
    if (m_plan) after = tr("  ·  after %1").arg(QString::fromStdString(m_plan->after));
    p.drawText(QPointF(kMargin, kMargin + fontMetrics().ascent()), title + after);
    paintCapacity(p, f);
    paintGrid(p, f);
    p.save();
    p.setClipRect(f.map);
    paintAllocations(p, f);
    paintBankEdges(p, f);
    paintNames(p, f);
    p.restore();
    paintLegend(p, f);
    if (m_plan && m_shown.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        QString text = m_scope == Scope::Sbuf
                           ? tr("No SBUF tensor is placed after this pass.\nTrnNaiveAllocator places them.")
                           : tr("No PSUM tensor is placed after this pass.");
        // An empty map of a kernel that has tensors here says which, so it
        // does not read as "this kernel uses no PSUM".
        const std::string scope(tirx::scopeName(m_scope == Scope::Sbuf ? tirx::MemSpace::Sbuf : tirx::MemSpace::Psum));
        QStringList unplaced;
        for (const auto& a : m_plan->allocations)
            if (a.scope == scope) unplaced << QString::fromStdString(a.name);
        if (!unplaced.isEmpty())
            text += u'\n' + tr("Without an address in the IR: %1")
                                .arg(QLocale().createSeparatedList(unplaced.mid(0, 4)) +
                                     (unplaced.size() > 4 ? tr(" …") : QString()));
        // On a plate, so the bank edges do not strike the words through.
        const int flags = Qt::AlignCenter | Qt::TextWordWrap;
        const QRectF plate =
            p.boundingRect(f.map.adjusted(16, 0, -16, 0), flags, text).adjusted(-8, -4, 8, 4).intersected(f.map);
        p.fillRect(plate, palette().base());
        p.drawText(plate, flags, text);
    }
}

void MemoryMap::paintCapacity(QPainter& p, const Frame& f) const
{
    const double capacity = double(capacityBytes());
    double used = 0;
    if (m_plan) {
        for (size_t i : m_shown)
            for (const auto& r : m_plan->allocations[i].rects) used = std::max(used, double(r.bytes.end));
    }
    const QColor text = palette().color(QPalette::Text);
    p.setPen(QPen(text, 1));
    p.setBrush(palette().alternateBase());
    p.drawRect(f.capacity);
    const double fraction = capacity > 0 ? std::min(used / capacity, 1.0) : 0;
    QRectF fill = f.capacity;
    fill.setWidth(f.capacity.width() * fraction);
    p.fillRect(fill, used > capacity ? overlapColor() : tensorColor(4));
    // The part of the capacity the map below shows.
    const double w0 = f.capacity.left() + std::clamp(m_first / capacity, 0.0, 1.0) * f.capacity.width();
    const double w1 = f.capacity.left() + std::clamp(m_last / capacity, 0.0, 1.0) * f.capacity.width();
    p.setPen(QPen(text, 2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(QRectF(QPointF(w0, f.capacity.top() - 2), QPointF(std::max(w1, w0 + 2), f.capacity.bottom() + 2)));
    const QString label = tr("%1 of %2 per partition reached (%3%)")
                              .arg(bytesText(used), bytesText(capacity))
                              .arg(capacity > 0 ? used / capacity * 100 : 0, 0, 'f', 1);
    p.setPen(text);
    p.drawText(f.capacity.adjusted(6, 0, -6, 0), Qt::AlignVCenter | Qt::AlignRight, label);
    p.drawText(QRectF(kMargin, f.capacity.top(), kAxisWidth - 4, f.capacity.height()),
               Qt::AlignVCenter | Qt::AlignRight, tr("used"));
}

void MemoryMap::paintGrid(QPainter& p, const Frame& f) const
{
    const QColor text = palette().color(QPalette::Text);
    QColor faint = text;
    faint.setAlphaF(0.18f);
    p.fillRect(f.map, palette().alternateBase());
    // Partition axis: 0 at the top, a line every 16 partitions.
    const int rows = partitionCount();
    for (int part = 0; part <= rows; part += 16) {
        const double y = f.map.top() + double(part) / rows * f.map.height();
        p.setPen(QPen(faint, 1));
        p.drawLine(QPointF(f.map.left(), y), QPointF(f.map.right(), y));
        if (part % 32 == 0 || part == rows) {
            p.setPen(text);
            p.drawText(QRectF(kMargin, y - 8, kAxisWidth - 6, 16), Qt::AlignRight | Qt::AlignVCenter,
                       QString::number(std::min(part, rows - 1)));
        }
    }
    p.save();
    p.translate(kMargin + 2, f.map.center().y());
    p.rotate(-90);
    p.setPen(text);
    p.drawText(QRectF(-60, -2, 120, 14), Qt::AlignCenter, tr("partition"));
    p.restore();
    // Byte ruler.
    const double step = m_scope == Scope::Psum && (m_last - m_first) > 4 * m_target.psumBankBytes
                            ? double(m_target.psumBankBytes)
                            : niceStep(m_last - m_first, std::max(2, int(f.map.width() / 90)));
    const double rulerY = f.map.top() - 4;
    double labelsEnd = -1e9; // where the last label drawn ends
    for (double b = std::ceil(m_first / step) * step; b <= m_last; b += step) {
        const double x = xOf(b);
        p.setPen(QPen(faint, 1));
        p.drawLine(QPointF(x, f.map.top()), QPointF(x, f.map.bottom()));
        p.setPen(text);
        p.drawLine(QPointF(x, rulerY - 4), QPointF(x, rulerY));
        // Centred on the tick, kept within the widget (the last tick sits on
        // its edge), and left out where it would run into the one before:
        // a narrow map has less room than the step allows for.
        const QString label = bytesText(b);
        const double labelWidth = fontMetrics().horizontalAdvance(label);
        const double labelLeft = std::min(x - labelWidth / 2, double(width()) - kMargin - labelWidth);
        if (labelLeft < labelsEnd + 6) continue;
        p.drawText(QRectF(labelLeft, rulerY - kRulerHeight, labelWidth, kRulerHeight - 6),
                   Qt::AlignCenter | Qt::TextDontClip, label);
        labelsEnd = labelLeft + labelWidth;
    }
    if (m_scope == Scope::Psum) {
        // Each bank's number under the map; the edges are drawn over the
        // tensors (paintBankEdges).
        for (int bank = 0; bank < m_target.psumBanks; ++bank) {
            const double x = xOf(double(bank) * m_target.psumBankBytes);
            p.setPen(text);
            const double next = xOf(double(bank + 1) * m_target.psumBankBytes);
            p.drawText(QRectF(x, f.map.bottom() + 2, next - x, fontMetrics().height()), Qt::AlignCenter,
                       tr("bank %1").arg(bank));
        }
    } else {
        p.drawText(QRectF(f.map.left(), f.map.bottom() + 2, f.map.width(), fontMetrics().height()), Qt::AlignCenter,
                   tr("byte offset within a partition"));
    }
    // The capacity edge.
    const double edge = xOf(double(capacityBytes()));
    if (edge >= f.map.left() && edge <= f.map.right() + 1) {
        p.setPen(QPen(overlapColor(), 2, Qt::DashLine));
        p.drawLine(QPointF(edge, f.map.top() - 6), QPointF(edge, f.map.bottom()));
        p.drawText(QRectF(edge - 130, f.map.top() + 2, 126, 16), Qt::AlignRight, tr("capacity"));
    }
    p.setPen(QPen(text, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(f.map);
}

template <typename Visit> void MemoryMap::forEachShownRect(const Frame& f, Visit&& visit) const
{
    for (size_t k = 0; k < m_shown.size(); ++k) {
        const size_t i = m_shown[k];
        for (const auto& r : m_plan->allocations[i].rects) {
            QRectF px = pixelRectIn(f, r);
            // Only what the map shows is drawn: zoomed in, most of a large
            // kernel lies outside.
            if (px.right() < f.map.left() || px.left() > f.map.right()) continue;
            // A sliver narrower than a pixel still shows, as one pixel.
            if (px.width() < 1) {
                px.setLeft(std::floor(px.left()));
                px.setWidth(1);
            }
            visit(k, i, px);
        }
    }
}

std::vector<QRectF> MemoryMap::overlapPixels(const Frame& f) const
{
    std::vector<QRectF> out;
    for (const auto& r : m_overlapRegions) {
        QRectF px = pixelRectIn(f, r);
        if (px.right() < f.map.left() || px.left() > f.map.right()) continue;
        if (px.width() < 1) {
            px.setLeft(std::floor(px.left()));
            px.setWidth(1);
        }
        out.push_back(px);
    }
    return out;
}

void MemoryMap::paintAllocations(QPainter& p, const Frame& f) const
{
    if (!m_plan) return;
    // In plan order, so a later tensor lies over an earlier one. On the
    // screen or into an image the fills are one picture AllocationRaster
    // makes; into an SVG each rectangle stays a shape of its own. Only the
    // memory two tensors share is hatched and outlined red: a tensor over
    // eight banks that meets another in one is wrong in that one.
    const std::vector<QRectF> shared = overlapPixels(f);
    const QPaintEngine* engine = p.paintEngine();
    if (engine && engine->type() == QPaintEngine::Raster)
        paintFillsAsImage(p, f, shared);
    else
        paintFillsAsShapes(p, f, shared);
    QList<QRectF> outlines;
    forEachShownRect(f, [&](size_t, size_t, const QRectF& px) {
        if (px.width() >= 3) outlines.append(px); // a sliver's outline would hide its colour
    });
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(palette().color(QPalette::Base), 1));
    p.drawRects(outlines);
    p.setPen(QPen(overlapColor(), 2));
    p.drawRects(shared.data(), int(shared.size()));
    if (m_hovered && *m_hovered < m_plan->allocations.size()) {
        p.setPen(QPen(palette().color(QPalette::Text), 2));
        for (const auto& r : m_plan->allocations[*m_hovered].rects) p.drawRect(pixelRectIn(f, r));
    }
}

void MemoryMap::paintFillsAsImage(QPainter& p, const Frame& f, const std::vector<QRectF>& shared) const
{
    AllocationRaster raster(f.map, p.device()->devicePixelRatioF());
    forEachShownRect(f, [&](size_t k, size_t, const QRectF& px) { raster.add(px, tensorColor(k).rgb()); });
    for (const auto& px : shared) raster.hatch(px);
    p.drawImage(raster.target(), raster.image(overlapColor().rgb()));
}

void MemoryMap::paintFillsAsShapes(QPainter& p, const Frame& f, const std::vector<QRectF>& shared) const
{
    // Runs of one colour: a large kernel has thousands of rectangles. A
    // sliver on the pixel column and partitions of the sliver before it is
    // not drawn again.
    QList<QRectF> run;
    QRgb runColour = 0;
    const auto flush = [&] {
        if (run.isEmpty()) return;
        p.setBrush(QColor::fromRgb(runColour));
        p.drawRects(run);
        run.clear();
    };
    p.setPen(Qt::NoPen);
    QRectF lastSliver;
    forEachShownRect(f, [&](size_t k, size_t, const QRectF& px) {
        if (px.width() == 1 && px == lastSliver) return;
        if (px.width() == 1) lastSliver = px;
        const QRgb fill = tensorColor(k).rgb();
        if (fill != runColour) flush();
        runColour = fill;
        run.append(px);
    });
    flush();
    p.setBrush(QBrush(overlapColor(), Qt::BDiagPattern));
    p.drawRects(shared.data(), int(shared.size()));
}

void MemoryMap::paintBankEdges(QPainter& p, const Frame& f) const
{
    if (m_scope != Scope::Psum) return;
    // In the text colour with a base-coloured core, so an edge reads on any
    // tensor's colour and on the empty map.
    for (int bank = 0; bank <= m_target.psumBanks; ++bank) {
        const double x = xOf(double(bank) * m_target.psumBankBytes);
        p.setPen(QPen(palette().color(QPalette::Text), 3));
        p.drawLine(QPointF(x, f.map.top()), QPointF(x, f.map.bottom()));
        p.setPen(QPen(palette().color(QPalette::Base), 1));
        p.drawLine(QPointF(x, f.map.top()), QPointF(x, f.map.bottom()));
    }
}

void MemoryMap::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragFrom) {
        const double perPixel = (m_last - m_first) / frame().map.width();
        const double span = m_last - m_first;
        const double first = m_dragFirst - (event->position().x() - m_dragFrom->x()) * perPixel;
        setByteWindow(first, first + span);
        return;
    }
    const auto hit = allocationAt(event->position());
    if (hit != m_hovered) {
        m_hovered = hit;
        update();
    }
    if (hit)
        QToolTip::showText(event->globalPosition().toPoint(), describe(*hit), this);
    else
        QToolTip::hideText();
}

void MemoryMap::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) return;
    if (const auto hit = allocationAt(event->position())) {
        const auto& a = m_plan->allocations[*hit];
        emit allocationActivated(*hit);
        emit sourceSpanActivated(a.definition.span.valid() ? a.definition.span : a.servesSpan);
        return;
    }
    m_dragFrom = event->position();
    m_dragFirst = m_first;
    setCursor(Qt::ClosedHandCursor);
}

void MemoryMap::mouseReleaseEvent(QMouseEvent*)
{
    m_dragFrom.reset();
    unsetCursor();
}

void MemoryMap::mouseDoubleClickEvent(QMouseEvent*) { fit(); }

void MemoryMap::wheelEvent(QWheelEvent* event)
{
    const Frame f = frame();
    const double at = m_first + (event->position().x() - f.map.left()) / f.map.width() * (m_last - m_first);
    const double factor = std::pow(0.8, event->angleDelta().y() / 120.0);
    setByteWindow(at - (at - m_first) * factor, at + (m_last - at) * factor);
    event->accept();
}

void MemoryMap::leaveEvent(QEvent*)
{
    if (!m_hovered) return;
    m_hovered.reset();
    update();
}
