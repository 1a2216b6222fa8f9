#pragma once

#include "canvas.h"

namespace tirx::cli {

// A Canvas that writes SVG text.
class SvgCanvas final : public Canvas {
public:
    SvgCanvas(double width, double height);

    void beginGroup(const std::string& id, const std::string& cssClass, const std::string& name,
                    const std::string& title) override;
    void endGroup() override;
    void rect(double x, double y, double width, double height, const std::string& fill, const std::string& stroke,
              double strokeWidth, const std::string& cssClass = {}) override;
    void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width, double dash = 0,
              double gap = 0, const std::string& cssClass = {}) override;
    void text(double x, double y, const std::string& text, const std::string& colour, double size,
              Anchor anchor = Anchor::Start) override;

    // The document so far, closed.
    [[nodiscard]] std::string svg() const { return m_svg + "</svg>\n"; }

private:
    std::string m_svg;
};

} // namespace tirx::cli
