#pragma once

#include "canvas.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace tirx::cli {

// A Canvas that rasterises into an RGB image and writes it as PNG (libpng),
// without Qt: the rectangles and lines the memory map draws are axis-aligned,
// so they are filled as pixel spans; text is drawn with FreeType in the
// sans-serif face fontconfig picks, anti-aliased by blending its coverage.
class PngCanvas final : public Canvas {
public:
    PngCanvas(int width, int height);
    ~PngCanvas() override;

    void beginGroup(const std::string& id, const std::string& cssClass, const std::string& name,
                    const std::string& title) override;
    void endGroup() override;
    void rect(double x, double y, double width, double height, const std::string& fill, const std::string& stroke,
              double strokeWidth, const std::string& cssClass = {}) override;
    void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width, double dash = 0,
              double gap = 0, const std::string& cssClass = {}) override;
    void text(double x, double y, const std::string& text, const std::string& colour, double size,
              Anchor anchor = Anchor::Start) override;

    // False, with *error set, when the file cannot be written.
    [[nodiscard]] bool write(const std::string& path, std::string* error) const;
    // Whether a font was found; without one the picture has no text.
    [[nodiscard]] bool hasFont() const;

private:
    struct Font;
    void fill(int x0, int y0, int x1, int y1, uint32_t rgb);
    void blend(int x, int y, uint32_t rgb, int coverage);

    int m_width;
    int m_height;
    std::vector<uint8_t> m_rgb;
    std::unique_ptr<Font> m_font;
};

} // namespace tirx::cli
