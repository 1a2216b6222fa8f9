#include "memmap/lifetimechartview.h"

#include "memmap/memorycolors.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace {

constexpr double kMargin = 8;
constexpr double kAxisWidth = 64;  // byte labels
constexpr double kRowHeight = 300; // preferred height of one chart
constexpr double kGap = 24;        // between the two panels

QString bytesText(int64_t bytes)
{
    if (bytes >= 1024 && bytes % 1024 == 0) return u"%1 KiB"_s.arg(bytes / 1024);
    return u"%1 B"_s.arg(bytes);
}

QString scopeName(const std::string& scope)
{
    return tirx::isScope(scope, tirx::MemSpace::Psum) ? u"PSUM"_s : u"SBUF"_s;
}

} // namespace

LifetimeChartView::LifetimeChartView(QWidget* parent) : QWidget(parent) { setAttribute(Qt::WA_OpaquePaintEvent); }

void LifetimeChartView::setPlan(std::shared_ptr<const tirx::MemoryPlan> plan, const tirx::Target* target)
{
    m_plan = std::move(plan);
    m_charts.clear();
    m_colour.clear();
    if (m_plan && target) {
        m_charts = tirx::lifetimeCharts(*m_plan, tirx::whatIfPlan(*m_plan), *target);
        // The maps colour the placed tensors of a scope in plan order.
        m_colour.assign(m_plan->allocations.size(), 0);
        size_t sbuf = 0;
        size_t psum = 0;
        for (size_t i = 0; i < m_plan->allocations.size(); ++i) {
            const auto& a = m_plan->allocations[i];
            if (!a.placed()) continue;
            if (tirx::isScope(a.scope, tirx::MemSpace::Sbuf)) m_colour[i] = sbuf++;
            if (tirx::isScope(a.scope, tirx::MemSpace::Psum)) m_colour[i] = psum++;
        }
    }
    updateGeometry();
    update();
}

QSize LifetimeChartView::sizeHint() const { return {720, int(std::max<size_t>(m_charts.size(), 1) * kRowHeight)}; }

// Below this a chart's bars are too flat to read: the scroll area scrolls.
QSize LifetimeChartView::minimumSizeHint() const { return {360, int(std::max<size_t>(m_charts.size(), 1) * 220)}; }

QRectF LifetimeChartView::rowRect(size_t chart) const
{
    const double rows = double(std::max<size_t>(m_charts.size(), 1));
    const double top = kMargin + 2.5 * fontMetrics().height();
    const double height = (double(this->height()) - top - kMargin) / rows;
    return QRectF(kMargin, top + double(chart) * height, double(width()) - 2 * kMargin, height);
}

QRectF LifetimeChartView::bumpPanel(size_t chart) const
{
    if (chart >= m_charts.size()) return {};
    const QRectF row = rowRect(chart);
    const double line = fontMetrics().height();
    // Room for the panel's title above and the order axis below.
    QRectF panel(row.left() + kAxisWidth, row.top() + 2 * line + 4, row.width() - kAxisWidth,
                 row.height() - 4 * line - 12);
    if (m_charts[chart].whatIfBytes) panel.setWidth((row.width() - 2 * kAxisWidth - kGap) / 2);
    return panel;
}

QRectF LifetimeChartView::whatIfPanel(size_t chart) const
{
    if (chart >= m_charts.size() || !m_charts[chart].whatIfBytes) return {};
    const QRectF bump = bumpPanel(chart);
    return bump.translated(bump.width() + kGap + kAxisWidth, 0);
}

QPointF LifetimeChartView::pointIn(const QRectF& panel, size_t chart, double order, double bytes) const
{
    const auto& c = m_charts[chart];
    const double orders = double(std::max<int64_t>(1, c.orders.size()));
    const double x = panel.left() + (order - c.orders.begin) / orders * panel.width();
    const double y = panel.bottom() - bytes / double(c.bytesShown()) * panel.height();
    return {x, y};
}

void LifetimeChartView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    paintCharts(p);
}

void LifetimeChartView::paintCharts(QPainter& p) const
{
    p.setFont(font());
    p.fillRect(rect(), palette().base());
    const QColor text = palette().color(QPalette::Text);
    p.setPen(text);
    // A hand-written kernel's plan comes from its trace, in instruction order.
    const bool kernel = m_plan && m_plan->after == "trace";
    const QString title = kernel   ? tr("Lifetimes in the kernel's trace: instruction order across, bytes per "
                                          "partition up")
                          : m_plan ? tr("Lifetimes after %1: program order across, bytes per partition up")
                                         .arg(QString::fromStdString(m_plan->after))
                                   : tr("Lifetimes");
    p.drawText(QRectF(kMargin, kMargin, width() - 2 * kMargin, fontMetrics().height()), Qt::AlignLeft,
               fontMetrics().elidedText(title, Qt::ElideRight, width() - int(2 * kMargin)));
    const QString key =
        tr("Bars: a tensor's bytes while it is live. Line: bytes live at once. Dashes: the end reserved.");
    p.drawText(QRectF(kMargin, kMargin + fontMetrics().height(), width() - 2 * kMargin, fontMetrics().height()),
               Qt::AlignLeft, fontMetrics().elidedText(key, Qt::ElideRight, width() - int(2 * kMargin)));
    if (m_charts.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No SBUF or PSUM tensor is placed after this pass."));
        return;
    }
    for (size_t c = 0; c < m_charts.size(); ++c) {
        paintPanel(p, bumpPanel(c), c, false);
        if (m_charts[c].whatIfBytes) paintPanel(p, whatIfPanel(c), c, true);
    }
}

void LifetimeChartView::paintPanel(QPainter& p, const QRectF& panel, size_t chart, bool whatIf) const
{
    const auto& c = m_charts[chart];
    const QColor text = palette().color(QPalette::Text);
    const double line = fontMetrics().height();
    QColor faint = text;
    faint.setAlphaF(0.18f);

    // Title: what this panel is, and what it reserves.
    const QString heading =
        whatIf ? tr("What-if: linear scan (a comparison only)")
        : m_plan && m_plan->after == "trace"
            ? tr("%1 of %2: the kernel").arg(scopeName(c.scope), QString::fromStdString(c.function))
            : tr("%1 of %2: the allocator").arg(scopeName(c.scope), QString::fromStdString(c.function));
    const QString detail =
        whatIf
            ? tr("would reserve %1: %2 saved")
                  .arg(bytesText(*c.whatIfBytes), bytesText(std::max<int64_t>(0, c.allocatedBytes - *c.whatIfBytes)))
            : tr("reserves %1; at most %2 live at once").arg(bytesText(c.allocatedBytes), bytesText(c.peakLiveBytes));
    p.setPen(text);
    const QRectF titleRect(panel.left() - kAxisWidth, panel.top() - 2 * line - 4, panel.width() + kAxisWidth, line);
    p.drawText(titleRect, Qt::AlignLeft, fontMetrics().elidedText(heading, Qt::ElideRight, int(titleRect.width())));
    p.drawText(titleRect.translated(0, line), Qt::AlignLeft,
               fontMetrics().elidedText(detail, Qt::ElideRight, int(titleRect.width())));

    p.fillRect(panel, palette().alternateBase());
    // Bytes axis: 0, the peak and the furthest byte.
    for (int64_t bytes : {int64_t{0}, c.bytesShown() / 2, c.bytesShown()}) {
        const QPointF at = pointIn(panel, chart, c.orders.begin, double(bytes));
        p.setPen(QPen(faint, 1));
        p.drawLine(QPointF(panel.left(), at.y()), QPointF(panel.right(), at.y()));
        p.setPen(text);
        p.drawText(QRectF(panel.left() - kAxisWidth, at.y() - line / 2, kAxisWidth - 4, line),
                   Qt::AlignRight | Qt::AlignVCenter, bytesText(bytes));
    }
    // Order axis: first and last statement.
    p.drawText(QRectF(panel.left(), panel.bottom() + 2, panel.width(), line), Qt::AlignLeft,
               QString::number(c.orders.begin));
    p.drawText(QRectF(panel.left(), panel.bottom() + 2, panel.width(), line), Qt::AlignRight,
               QString::number(c.orders.end - 1));
    p.drawText(QRectF(panel.left(), panel.bottom() + 2, panel.width(), line), Qt::AlignHCenter, tr("program order"));

    // The bars, each at its own bytes over its live statements.
    const QPen outline(palette().color(QPalette::Base), 1);
    for (const auto& bar : c.bars) {
        const tirx::Interval bytes = whatIf ? bar.whatIfBytes.value_or(bar.bytes) : bar.bytes;
        if (whatIf && !bar.whatIfBytes) continue;
        const QRectF r(pointIn(panel, chart, bar.live.begin, double(bytes.end)),
                       pointIn(panel, chart, bar.live.end, double(bytes.begin)));
        const QColor fill = tensorColor(m_colour[bar.allocation]);
        p.fillRect(r, fill);
        p.setPen(outline);
        p.drawRect(r);
        const QString name = QString::fromStdString(m_plan->allocations[bar.allocation].name);
        if (r.width() > fontMetrics().horizontalAdvance(name) + 6 && r.height() > line) {
            p.setPen(labelColorOn(fill));
            p.drawText(r, Qt::AlignCenter, name);
        }
    }

    // Bytes live at once: a step line, the same lifetimes in both panels.
    QPolygonF steps;
    int64_t previous = 0;
    for (const auto& step : c.live) {
        steps << pointIn(panel, chart, step.order, double(previous))
              << pointIn(panel, chart, step.order, double(step.bytes));
        previous = step.bytes;
    }
    p.setPen(QPen(text, 2));
    p.drawPolyline(steps);

    // The furthest byte reserved, dashed, with its total.
    const int64_t reserved = whatIf ? *c.whatIfBytes : c.allocatedBytes;
    const double y = pointIn(panel, chart, c.orders.begin, double(reserved)).y();
    p.setPen(QPen(overlapColor(), 2, Qt::DashLine));
    p.drawLine(QPointF(panel.left(), y), QPointF(panel.right(), y));
    p.setPen(QPen(text, 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(panel);
}
