#include "painting/scenepainter.h"

#include "painting/allocationraster.h"

#include <QPaintEngine>
#include <QPainter>
#include <QPalette>

#include <cmath>

using namespace tirx::picture;

namespace {

tirx::Rgb rgbOf(const QColor& c) { return {uint8_t(c.red()), uint8_t(c.green()), uint8_t(c.blue())}; }

// A rectangle AllocationRaster can take: a plain opaque fill, or a hatch.
bool rasterisable(const RectShape& r) { return (r.strokeWidth <= 0 || r.stroke.none()) && r.fill.alpha == 255; }

// Runs shorter than this are drawn shape by shape: an image costs more.
constexpr size_t kShortestRasterRun = 16;

void paintRect(QPainter& p, const RectShape& r)
{
    const QRectF box(r.box.x, r.box.y, r.box.width, r.box.height);
    if (!r.fill.none()) {
        if (r.style == FillStyle::Hatch)
            p.fillRect(box, QBrush(toQColor(r.fill), Qt::BDiagPattern));
        else
            p.fillRect(box, toQColor(r.fill));
    }
    if (r.strokeWidth > 0 && !r.stroke.none()) {
        p.setPen(QPen(toQColor(r.stroke), r.strokeWidth));
        p.setBrush(Qt::NoBrush);
        p.drawRect(box);
    }
}

void paintLine(QPainter& p, const LineShape& l)
{
    QPen pen(toQColor(l.colour), l.width);
    // Qt counts a dash pattern in pen widths.
    if (l.dash > 0) pen.setDashPattern({l.dash / l.width, l.gap / l.width});
    p.setPen(pen);
    p.drawLine(QPointF(l.x1, l.y1), QPointF(l.x2, l.y2));
}

void paintText(QPainter& p, const TextShape& t, const QtTextMeasure& measure)
{
    const QString text = QString::fromStdString(t.text);
    p.setFont(measure.font(t.size, t.bold));
    p.setPen(toQColor(t.colour));
    const double width = t.anchor == Anchor::Start ? 0 : measure.width(t.text, t.size, t.bold);
    const double shift = t.anchor == Anchor::Middle ? width / 2 : t.anchor == Anchor::End ? width : 0;
    if (t.rotation == 0) {
        p.drawText(QPointF(t.x - shift, t.y), text);
        return;
    }
    p.save();
    p.translate(t.x, t.y);
    p.rotate(t.rotation);
    p.drawText(QPointF(-shift, 0), text);
    p.restore();
}

// One pixel a cell, drawn scaled without smoothing: a 128 x 4096 grid is
// one blit. The image reads the scene's colours where they lie.
void paintGrid(QPainter& p, const CellGrid& g)
{
    if (g.rows <= 0 || g.cols <= 0 || !g.cells) return;
    static_assert(sizeof(tirx::Rgb) == 3, "a cell's colour is three bytes, as QImage::Format_RGB888 reads it");
    const QImage image(reinterpret_cast<const uchar*>(g.cells->data()), int(g.cols), int(g.rows), int(g.cols * 3),
                       QImage::Format_RGB888);
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(QRectF(g.box.x, g.box.y, g.box.width, g.box.height), image);
}

// Draws shapes [from, to), all rasterisable rectangles, as one image.
void paintRasterRun(QPainter& p, const std::vector<Shape>& shapes, size_t from, size_t to)
{
    double left = 1e300, top = 1e300, right = -1e300, bottom = -1e300;
    for (size_t i = from; i < to; ++i) {
        const Box& b = std::get<RectShape>(shapes[i]).box;
        left = std::min(left, b.x);
        top = std::min(top, b.y);
        right = std::max(right, b.right());
        bottom = std::max(bottom, b.bottom());
    }
    AllocationRaster raster(QRectF(QPointF(left, top), QPointF(right, bottom)), p.device()->devicePixelRatioF());
    QRgb hatch = 0;
    for (size_t i = from; i < to; ++i) {
        const auto& r = std::get<RectShape>(shapes[i]);
        const QRectF box(r.box.x, r.box.y, r.box.width, r.box.height);
        if (r.style == FillStyle::Hatch) {
            raster.hatch(box);
            hatch = toQColor(r.fill).rgb();
        } else {
            raster.add(box, toQColor(r.fill).rgb());
        }
    }
    p.drawImage(raster.target(), raster.image(hatch));
}

} // namespace

QColor toQColor(Colour colour) { return QColor(colour.rgb.r, colour.rgb.g, colour.rgb.b, colour.alpha); }

Paper paperOf(const QPalette& palette)
{
    return {rgbOf(palette.color(QPalette::Base)), rgbOf(palette.color(QPalette::AlternateBase)),
            rgbOf(palette.color(QPalette::Text)), rgbOf(palette.color(QPalette::PlaceholderText))};
}

QFont QtTextMeasure::font(double size, bool bold) const
{
    QFont f = m_base;
    f.setPixelSize(std::max(1, int(std::lround(size))));
    f.setBold(bold);
    return f;
}

const QFontMetricsF& QtTextMeasure::metrics(double size, bool bold) const
{
    const std::pair key{std::max(1, int(std::lround(size))), bold};
    auto it = m_metrics.find(key);
    if (it == m_metrics.end()) it = m_metrics.emplace(key, QFontMetricsF(font(size, bold))).first;
    return it->second;
}

double QtTextMeasure::width(const std::string& text, double size, bool bold) const
{
    return metrics(size, bold).horizontalAdvance(QString::fromStdString(text));
}

double QtTextMeasure::ascent(double size) const { return metrics(size, false).ascent(); }

double QtTextMeasure::lineHeight(double size) const { return metrics(size, false).height(); }

void paintScene(QPainter& p, const Scene& scene, const QtTextMeasure& measure)
{
    p.save();
    if (!scene.background.none()) p.fillRect(QRectF(0, 0, scene.width, scene.height), toQColor(scene.background));
    const QPaintEngine* engine = p.paintEngine();
    const bool raster = engine && engine->type() == QPaintEngine::Raster;
    const auto& shapes = scene.shapes;
    for (size_t i = 0; i < shapes.size();) {
        if (const auto* r = std::get_if<RectShape>(&shapes[i])) {
            // A run of plain fills, one hatch colour at most.
            size_t end = i;
            std::optional<Colour> hatch;
            for (; end < shapes.size(); ++end) {
                const auto* next = std::get_if<RectShape>(&shapes[end]);
                if (!next || !rasterisable(*next)) break;
                if (next->style == FillStyle::Hatch) {
                    if (hatch && *hatch != next->fill) break;
                    hatch = next->fill;
                }
            }
            if (raster && end - i >= kShortestRasterRun) {
                paintRasterRun(p, shapes, i, end);
                i = end;
                continue;
            }
            paintRect(p, *r);
        } else if (const auto* l = std::get_if<LineShape>(&shapes[i])) {
            paintLine(p, *l);
        } else if (const auto* t = std::get_if<TextShape>(&shapes[i])) {
            paintText(p, *t, measure);
        } else if (const auto* g = std::get_if<CellGrid>(&shapes[i])) {
            paintGrid(p, *g);
        }
        ++i;
    }
    p.restore();
}
