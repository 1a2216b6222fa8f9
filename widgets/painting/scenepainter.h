#pragma once

#include "picture/palette.h"
#include "picture/scene.h"

#include <QColor>
#include <QFont>
#include <QFontMetricsF>

#include <map>
#include <utility>

class QPainter;
class QPalette;

// How wide text is in `base`'s family at a size in pixels, for a scene
// builder laying out what paintScene() will letter with the same font.
class QtTextMeasure final : public tirx::picture::TextMeasure {
public:
    explicit QtTextMeasure(QFont base) : m_base(std::move(base)) {}
    [[nodiscard]] double width(const std::string& text, double size, bool bold = false) const override;
    [[nodiscard]] double ascent(double size) const override;
    [[nodiscard]] double lineHeight(double size) const override;
    // `base` at `size` pixels (rounded), bold or not.
    [[nodiscard]] QFont font(double size, bool bold = false) const;

private:
    [[nodiscard]] const QFontMetricsF& metrics(double size, bool bold) const;
    QFont m_base;
    mutable std::map<std::pair<int, bool>, QFontMetricsF> m_metrics;
};

// Draws `scene` with `painter`: the one way the explorer draws a scene, on
// the screen and into an exported picture alike. Fills of many rectangles
// in a row (the thousands of tensors of a large kernel) go through
// AllocationRaster when the painter rasterises, and are shapes of their
// own when it does not (an SVG export).
void paintScene(QPainter& painter, const tirx::picture::Scene& scene, const QtTextMeasure& measure);

[[nodiscard]] QColor toQColor(tirx::picture::Colour colour);
[[nodiscard]] inline QColor toQColor(tirx::Rgb rgb) { return QColor(rgb.r, rgb.g, rgb.b); }
// The paper of `palette`: its base, alternate base, text and placeholder.
[[nodiscard]] tirx::picture::Paper paperOf(const QPalette& palette);
