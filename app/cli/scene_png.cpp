#include "scene_png.h"

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <png.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace tirx::cli {

namespace {

// The file of the face fontconfig picks for "sans-serif", or empty.
std::string sansSerifFile()
{
    FcConfig* config = FcInitLoadConfigAndFonts();
    if (!config) return {};
    std::string file;
    FcPattern* pattern = FcNameParse(reinterpret_cast<const FcChar8*>("sans-serif"));
    FcConfigSubstitute(config, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    if (FcPattern* match = FcFontMatch(config, pattern, &result)) {
        FcChar8* path = nullptr;
        if (FcPatternGetString(match, FC_FILE, 0, &path) == FcResultMatch && path)
            file = reinterpret_cast<const char*>(path);
        FcPatternDestroy(match);
    }
    FcPatternDestroy(pattern);
    FcConfigDestroy(config);
    return file;
}

// The code points of UTF-8 `text`; a malformed byte stands for itself.
std::vector<uint32_t> codePoints(const std::string& text)
{
    std::vector<uint32_t> out;
    for (size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        uint32_t cp = extra == 0 ? c : c & (0x3F >> extra);
        size_t j = 1;
        for (; j <= size_t(extra) && i + j < text.size(); ++j) cp = (cp << 6) | (text[i + j] & 0x3F);
        out.push_back(cp);
        i += j;
    }
    return out;
}

// The FreeType library and face, released together.
struct Font {
    FT_Library library = nullptr;
    FT_Face face = nullptr;
    Font()
    {
        const std::string file = sansSerifFile();
        if (file.empty() || FT_Init_FreeType(&library) != 0 || FT_New_Face(library, file.c_str(), 0, &face) != 0)
            face = nullptr;
    }
    Font(const Font&) = delete;
    Font& operator=(const Font&) = delete;
    ~Font()
    {
        if (face) FT_Done_Face(face);
        if (library) FT_Done_FreeType(library);
    }
};

// An RGB image the scene is painted into, shape by shape.
class Raster {
public:
    Raster(int width, int height, picture::Colour background)
        : m_width(width), m_height(height), m_rgb(size_t(width) * size_t(height) * 3, 0xFF)
    {
        if (!background.none()) fill(0, 0, width, height, background);
    }

    void rect(const picture::RectShape& r)
    {
        const int x0 = int(std::lround(r.box.x));
        const int y0 = int(std::lround(r.box.y));
        // At least a pixel, as the explorer draws a sliver.
        const int x1 = std::max(x0 + 1, int(std::lround(r.box.right())));
        const int y1 = std::max(y0 + 1, int(std::lround(r.box.bottom())));
        if (!r.fill.none()) fill(x0, y0, x1, y1, r.fill, r.style == picture::FillStyle::Hatch);
        if (r.strokeWidth <= 0 || r.stroke.none()) return;
        // Centred on the edge, as SVG strokes are.
        const int w = std::max(1, int(std::lround(r.strokeWidth)));
        const int in = w / 2;
        fill(x0 - in, y0 - in, x1 - in + w, y0 - in + w, r.stroke);
        fill(x0 - in, y1 - in, x1 - in + w, y1 - in + w, r.stroke);
        fill(x0 - in, y0 - in + w, x0 - in + w, y1 - in, r.stroke);
        fill(x1 - in, y0 - in + w, x1 - in + w, y1 - in, r.stroke);
    }

    void line(const picture::LineShape& l)
    {
        const int w = std::max(1, int(std::lround(l.width)));
        const double length = std::hypot(l.x2 - l.x1, l.y2 - l.y1);
        // An axis-aligned line is one span; a dashed or slanted one is
        // stamped a pixel at a time.
        if (l.dash <= 0 && (l.x1 == l.x2 || l.y1 == l.y2)) {
            const int x0 = int(std::lround(std::min(l.x1, l.x2))) - w / 2;
            const int y0 = int(std::lround(std::min(l.y1, l.y2))) - w / 2;
            const int x1 = int(std::lround(std::max(l.x1, l.x2))) - w / 2 + w;
            const int y1 = int(std::lround(std::max(l.y1, l.y2))) - w / 2 + w;
            fill(x0, y0, x1, y1, l.colour);
            return;
        }
        const int steps = std::max(1, int(std::ceil(length)));
        for (int i = 0; i <= steps; ++i) {
            const double along = length * i / steps;
            if (l.dash > 0 && std::fmod(along, l.dash + l.gap) >= l.dash) continue;
            const double t = double(i) / steps;
            const int x = int(std::lround(l.x1 + (l.x2 - l.x1) * t)) - w / 2;
            const int y = int(std::lround(l.y1 + (l.y2 - l.y1) * t)) - w / 2;
            fill(x, y, x + w, y + w, l.colour);
        }
    }

    // Each pixel takes the colour of the cell its centre lies in.
    void grid(const picture::CellGrid& g)
    {
        if (g.rows <= 0 || g.cols <= 0 || !g.cells) return;
        const int x0 = std::clamp(int(std::lround(g.box.x)), 0, m_width);
        const int x1 = std::clamp(int(std::lround(g.box.right())), 0, m_width);
        const int y0 = std::clamp(int(std::lround(g.box.y)), 0, m_height);
        const int y1 = std::clamp(int(std::lround(g.box.bottom())), 0, m_height);
        for (int y = y0; y < y1; ++y) {
            const auto row = std::min(g.rows - 1, int64_t((y + 0.5 - g.box.y) / g.box.height * double(g.rows)));
            for (int x = x0; x < x1; ++x) {
                const auto col = std::min(g.cols - 1, int64_t((x + 0.5 - g.box.x) / g.box.width * double(g.cols)));
                blend(x, y, g.at(std::max<int64_t>(row, 0), std::max<int64_t>(col, 0)), 255);
            }
        }
    }

    void text(const picture::TextShape& t, const Font& font)
    {
        FT_Face face = font.face;
        if (!face || t.text.empty() || FT_Set_Pixel_Sizes(face, 0, FT_UInt(std::max(1L, std::lround(t.size)))) != 0)
            return;
        // A rotation turns the pen's direction and each glyph alike.
        const double angle = -t.rotation * M_PI / 180; // FreeType's y points up
        FT_Matrix turn{
            FT_Fixed(std::lround(std::cos(angle) * 0x10000)), FT_Fixed(std::lround(-std::sin(angle) * 0x10000)),
            FT_Fixed(std::lround(std::sin(angle) * 0x10000)), FT_Fixed(std::lround(std::cos(angle) * 0x10000))};
        FT_Set_Transform(face, nullptr, nullptr);
        const auto points = codePoints(t.text);
        double advance = 0;
        for (uint32_t cp : points)
            if (FT_Load_Char(face, cp, FT_LOAD_DEFAULT) == 0) advance += double(face->glyph->advance.x) / 64.0;
        const double shift = t.anchor == picture::Anchor::Middle ? advance / 2
                             : t.anchor == picture::Anchor::End  ? advance
                                                                 : 0;
        FT_Set_Transform(face, &turn, nullptr);
        const double dx = std::cos(angle);
        const double dy = -std::sin(angle); // down the image
        double penX = t.x - shift * dx;
        double penY = t.y - shift * dy;
        for (uint32_t cp : points) {
            if (FT_Load_Char(face, cp, FT_LOAD_RENDER) != 0) continue;
            const FT_GlyphSlot g = face->glyph;
            const int left = int(std::lround(penX)) + g->bitmap_left;
            const int top = int(std::lround(penY)) - g->bitmap_top;
            for (unsigned row = 0; row < g->bitmap.rows; ++row) {
                const unsigned char* line = g->bitmap.buffer + ptrdiff_t(row) * g->bitmap.pitch;
                for (unsigned col = 0; col < g->bitmap.width; ++col)
                    blend(left + int(col), top + int(row), t.colour.rgb, line[col] * t.colour.alpha / 255);
            }
            penX += double(g->advance.x) / 64.0;
            penY -= double(g->advance.y) / 64.0;
        }
        FT_Set_Transform(face, nullptr, nullptr);
    }

    [[nodiscard]] bool write(const std::string& path, std::string* error) const
    {
        // libpng's simplified API: no setjmp, the failure comes back as a message.
        png_image image{};
        image.version = PNG_IMAGE_VERSION;
        image.width = png_uint_32(m_width);
        image.height = png_uint_32(m_height);
        image.format = PNG_FORMAT_RGB;
        if (png_image_write_to_file(&image, path.c_str(), 0, m_rgb.data(), 0, nullptr)) return true;
        *error = "cannot write " + path + ": " + image.message;
        png_image_free(&image);
        return false;
    }

private:
    // [x0, x1) × [y0, y1) in `colour`, blended by its alpha; hatched, only
    // the pixels on the hatch's lines.
    void fill(int x0, int y0, int x1, int y1, picture::Colour colour, bool hatch = false)
    {
        x0 = std::clamp(x0, 0, m_width);
        x1 = std::clamp(x1, 0, m_width);
        y0 = std::clamp(y0, 0, m_height);
        y1 = std::clamp(y1, 0, m_height);
        for (int y = y0; y < y1; ++y)
            for (int x = x0; x < x1; ++x)
                if (!hatch || (x + y) % 8 == 7) blend(x, y, colour.rgb, colour.alpha);
    }

    void blend(int x, int y, Rgb rgb, int coverage)
    {
        if (x < 0 || y < 0 || x >= m_width || y >= m_height || coverage <= 0) return;
        uint8_t* p = &m_rgb[(size_t(y) * size_t(m_width) + size_t(x)) * 3];
        const int source[3] = {rgb.r, rgb.g, rgb.b};
        for (int c = 0; c < 3; ++c) p[c] = uint8_t((source[c] * coverage + p[c] * (255 - coverage)) / 255);
    }

    int m_width;
    int m_height;
    std::vector<uint8_t> m_rgb;
};

} // namespace

bool writeScenePng(const picture::Scene& scene, const std::string& path, std::string* error)
{
    const Font font;
    if (!font.face) std::fputs("tirx-cli: warning: no sans-serif font found; the PNG has no text\n", stderr);
    Raster raster(int(std::lround(scene.width)), int(std::lround(scene.height)), scene.background);
    for (const auto& shape : scene.shapes) {
        if (const auto* r = std::get_if<picture::RectShape>(&shape)) raster.rect(*r);
        if (const auto* l = std::get_if<picture::LineShape>(&shape)) raster.line(*l);
        if (const auto* t = std::get_if<picture::TextShape>(&shape)) raster.text(*t, font);
        if (const auto* g = std::get_if<picture::CellGrid>(&shape)) raster.grid(*g);
    }
    return raster.write(path, error);
}

} // namespace tirx::cli
