#include "memmap/memorymap.h"

#include "memory/overlap_message.h"
#include "painting/scenepainter.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

QString bytesText(double bytes) { return QString::fromStdString(tirx::memoryBytesText(bytes)); }

QString shapeText(const std::vector<int64_t>& shape)
{
    QStringList parts;
    for (auto d : shape) parts << QString::number(d);
    return u"("_s + parts.join(u", "_s) + u")"_s;
}

} // namespace

MemoryMap::MemoryMap(Scope scope, QWidget* parent) : QWidget(parent), m_scope(scope)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

MemoryMap::~MemoryMap() = default;

std::string MemoryMap::scopeName() const
{
    return std::string(tirx::scopeName(m_scope == Scope::Sbuf ? tirx::MemSpace::Sbuf : tirx::MemSpace::Psum));
}

void MemoryMap::setPlan(std::shared_ptr<const tirx::MemoryPlan> plan, const tirx::Target* target)
{
    m_plan = std::move(plan);
    if (target) m_target = *target;
    m_shown = {};
    m_overlapping.clear();
    m_hovered.reset();
    m_highlighted.clear();
    if (m_plan) {
        m_shown = tirx::shownAllocations(*m_plan, scopeName());
        m_overlapping.assign(m_plan->allocations.size(), false);
        for (const auto& o : m_plan->overlaps) {
            for (size_t i : {o.earlier, o.later}) {
                m_overlapping[i] = true;
                if (const auto drawnFor = m_shown.shownFor(i)) m_overlapping[*drawnFor] = true;
            }
        }
    }
    fit();
}

int64_t MemoryMap::capacityBytes() const { return tirx::memoryCapacityBytes(m_target, scopeName()); }

void MemoryMap::fit()
{
    const auto [first, last] = tirx::fittedByteWindow(m_plan.get(), m_target, scopeName());
    setByteWindow(first, last);
}

void MemoryMap::setByteWindow(double first, double last)
{
    std::tie(m_first, m_last) = tirx::clampedByteWindow(first, last, capacityBytes());
    invalidate();
}

void MemoryMap::setHighlighted(std::vector<size_t> indices)
{
    if (indices == m_highlighted) return;
    m_highlighted = std::move(indices);
    invalidate();
}

void MemoryMap::invalidate()
{
    m_scene.reset();
    update();
}

tirx::MemoryMapView MemoryMap::view() const
{
    tirx::MemoryMapView v;
    v.scope = scopeName();
    v.width = width();
    v.height = height();
    v.firstByte = m_first;
    v.lastByte = m_last;
    v.highlighted = m_hovered;
    v.marked = m_highlighted;
    v.fontSize = QFontInfo(font()).pixelSize();
    v.averageCharWidth = fontMetrics().averageCharWidth();
    v.paper = paperOf(palette());
    return v;
}

const QtTextMeasure& MemoryMap::measure() const
{
    if (!m_measure) m_measure = std::make_unique<QtTextMeasure>(font());
    return *m_measure;
}

tirx::MemoryMapFrame MemoryMap::frame() const
{
    return tirx::memoryMapFrame(m_plan.get(), m_target, view(), measure());
}

const tirx::picture::Scene& MemoryMap::scene() const
{
    if (!m_scene || m_scene->width != width() || m_scene->height != height())
        m_scene = tirx::memoryMapScene(m_plan.get(), m_target, view(), measure());
    return *m_scene;
}

QRectF MemoryMap::pixelRect(const tirx::MemoryRect& rect) const
{
    const auto box = frame().pixelBox(rect);
    return {box.x, box.y, box.width, box.height};
}

bool MemoryMap::overlaps(size_t index) const { return index < m_overlapping.size() && m_overlapping[index]; }

std::optional<size_t> MemoryMap::allocationAt(QPointF pos) const
{
    if (!m_plan) return std::nullopt;
    const auto id = scene().idAt(pos.x(), pos.y());
    if (!id) return std::nullopt;
    return size_t(*id);
}

std::vector<MemoryMap::Label> MemoryMap::labelsOf(size_t index) const
{
    std::vector<Label> out;
    for (auto& l : tirx::memoryLabels(m_plan->allocations[index], m_target, scopeName()))
        out.push_back({l.rect, QString::fromStdString(l.name), QString::fromStdString(l.slot)});
    return out;
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
    if (tirx::fromKernelTrace(*m_plan)) {
        lines << tr("made by %1, line %2").arg(QString::fromStdString(a.createdBy)).arg(a.definition.span.line);
        if (a.placementModelled) lines << tr("modelled placement (no address=): the compiler may place it elsewhere");
        lines << tr("live from instruction %1 to %2").arg(a.live.begin).arg(a.live.end - 1);
    } else {
        if (a.createdBy == "user")
            lines << tr("user tensor, line %1").arg(a.definition.span.line);
        else
            lines << tr("workspace made by %1 for %2")
                         .arg(QString::fromStdString(a.createdBy), QString::fromStdString(a.serves).toHtmlEscaped());
        lines << tr("live from statement %1 to %2").arg(a.live.begin).arg(a.live.end - 1);
    }
    const auto drawnFor = [&](size_t i) { return m_shown.shownFor(i).value_or(i); };
    if (const size_t repeats = m_shown.repeatsOf(index); repeats > 1)
        lines
            << tr("made %1 times by this line at this place (once per loop iteration); this is the first").arg(repeats);
    for (const auto& o : m_plan->overlaps) {
        if (drawnFor(o.earlier) == index || drawnFor(o.later) == index)
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

void MemoryMap::paintMap(QPainter& p) const { paintScene(p, scene(), measure()); }

void MemoryMap::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) m_measure.reset();
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) invalidate();
    QWidget::changeEvent(event);
}

void MemoryMap::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragFrom) {
        const double perPixel = (m_last - m_first) / frame().map.width;
        const double span = m_last - m_first;
        const double first = m_dragFirst - (event->position().x() - m_dragFrom->x()) * perPixel;
        setByteWindow(first, first + span);
        return;
    }
    const auto hit = allocationAt(event->position());
    if (hit != m_hovered) {
        m_hovered = hit;
        invalidate();
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
    const double at = frame().byteAt(event->position().x());
    const double factor = std::pow(0.8, event->angleDelta().y() / 120.0);
    setByteWindow(at - (at - m_first) * factor, at + (m_last - at) * factor);
    event->accept();
}

void MemoryMap::leaveEvent(QEvent*)
{
    if (!m_hovered) return;
    m_hovered.reset();
    invalidate();
}
