#pragma once

#include <string>

namespace tirx::cli {

// What a headless picture is drawn on: rectangles, lines and text in pixel
// coordinates, colours as "#RRGGBB". The memory map draws itself once
// against this interface; SvgCanvas writes the drawing as SVG and
// PngCanvas rasterises it, so `--svg` and `--png` show the same picture.
class Canvas {
public:
    enum class Anchor { Start, Middle, End };

    Canvas() = default;
    Canvas(const Canvas&) = delete;
    Canvas& operator=(const Canvas&) = delete;
    virtual ~Canvas() = default;

    // A named group of shapes (an allocation); an SVG keeps it as <g>, with
    // `title` as its tooltip.
    virtual void beginGroup(const std::string& id, const std::string& cssClass, const std::string& name,
                            const std::string& title) = 0;
    virtual void endGroup() = 0;
    // Fill may be empty for none; the stroke is drawn when strokeWidth > 0.
    virtual void rect(double x, double y, double width, double height, const std::string& fill,
                      const std::string& stroke, double strokeWidth, const std::string& cssClass = {}) = 0;
    // With dash > 0 the line is drawn in dash-long strokes, gap apart.
    virtual void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width,
                      double dash = 0, double gap = 0, const std::string& cssClass = {}) = 0;
    // Text with its baseline at y.
    virtual void text(double x, double y, const std::string& text, const std::string& colour, double size,
                      Anchor anchor = Anchor::Start) = 0;
};

} // namespace tirx::cli
