#include "png_canvas.h"

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <png.h>

#include <algorithm>
#include <cmath>

namespace tirx::cli {

namespace {

uint32_t parseColour(const std::string& colour)
{
    if (colour.size() != 7 || colour[0] != '#') return 0;
    return static_cast<uint32_t>(std::stoul(colour.substr(1), nullptr, 16));
}

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

} // namespace

// The FreeType library and face, released together.
struct PngCanvas::Font {
    FT_Library library = nullptr;
    FT_Face face = nullptr;
    ~Font()
    {
        if (face) FT_Done_Face(face);
        if (library) FT_Done_FreeType(library);
    }
};

PngCanvas::PngCanvas(int width, int height)
    : m_width(width), m_height(height), m_rgb(size_t(width) * size_t(height) * 3, 0xFF), m_font(new Font)
{
    const std::string file = sansSerifFile();
    if (file.empty() || FT_Init_FreeType(&m_font->library) != 0 ||
        FT_New_Face(m_font->library, file.c_str(), 0, &m_font->face) != 0)
        m_font->face = nullptr;
}

PngCanvas::~PngCanvas() = default;

bool PngCanvas::hasFont() const { return m_font->face != nullptr; }

void PngCanvas::beginGroup(const std::string&, const std::string&, const std::string&, const std::string&) {}

void PngCanvas::endGroup() {}

void PngCanvas::fill(int x0, int y0, int x1, int y1, uint32_t rgb)
{
    x0 = std::clamp(x0, 0, m_width);
    x1 = std::clamp(x1, 0, m_width);
    y0 = std::clamp(y0, 0, m_height);
    y1 = std::clamp(y1, 0, m_height);
    for (int y = y0; y < y1; ++y) {
        uint8_t* row = &m_rgb[(size_t(y) * size_t(m_width) + size_t(x0)) * 3];
        for (int x = x0; x < x1; ++x, row += 3) {
            row[0] = uint8_t(rgb >> 16);
            row[1] = uint8_t(rgb >> 8);
            row[2] = uint8_t(rgb);
        }
    }
}

void PngCanvas::blend(int x, int y, uint32_t rgb, int coverage)
{
    if (x < 0 || y < 0 || x >= m_width || y >= m_height || coverage <= 0) return;
    uint8_t* p = &m_rgb[(size_t(y) * size_t(m_width) + size_t(x)) * 3];
    for (int c = 0; c < 3; ++c) {
        const int source = int((rgb >> (16 - 8 * c)) & 0xFF);
        p[c] = uint8_t((source * coverage + p[c] * (255 - coverage)) / 255);
    }
}

void PngCanvas::rect(double x, double y, double width, double height, const std::string& fillColour,
                     const std::string& stroke, double strokeWidth, const std::string&)
{
    const int x0 = int(std::lround(x));
    const int y0 = int(std::lround(y));
    // At least a pixel, as the widget draws a sliver.
    const int x1 = std::max(x0 + 1, int(std::lround(x + width)));
    const int y1 = std::max(y0 + 1, int(std::lround(y + height)));
    if (!fillColour.empty()) fill(x0, y0, x1, y1, parseColour(fillColour));
    if (strokeWidth <= 0) return;
    // Centred on the edge, as SVG strokes are.
    const int w = std::max(1, int(std::lround(strokeWidth)));
    const int in = w / 2;
    const uint32_t rgb = parseColour(stroke);
    fill(x0 - in, y0 - in, x1 - in + w, y0 - in + w, rgb);
    fill(x0 - in, y1 - in, x1 - in + w, y1 - in + w, rgb);
    fill(x0 - in, y0 - in, x0 - in + w, y1 - in + w, rgb);
    fill(x1 - in, y0 - in, x1 - in + w, y1 - in + w, rgb);
}

void PngCanvas::line(double x1, double y1, double x2, double y2, const std::string& stroke, double width, double dash,
                     double gap, const std::string&)
{
    const uint32_t rgb = parseColour(stroke);
    const int w = std::max(1, int(std::lround(width)));
    const double length = std::hypot(x2 - x1, y2 - y1);
    const int steps = std::max(1, int(std::ceil(length)));
    for (int i = 0; i <= steps; ++i) {
        const double along = length * i / steps;
        if (dash > 0 && std::fmod(along, dash + gap) >= dash) continue;
        const double t = double(i) / steps;
        const int x = int(std::lround(x1 + (x2 - x1) * t)) - w / 2;
        const int y = int(std::lround(y1 + (y2 - y1) * t)) - w / 2;
        fill(x, y, x + w, y + w, rgb);
    }
}

void PngCanvas::text(double x, double y, const std::string& text, const std::string& colour, double size, Anchor anchor)
{
    FT_Face face = m_font->face;
    if (!face || FT_Set_Pixel_Sizes(face, 0, FT_UInt(std::lround(size))) != 0) return;
    const auto points = codePoints(text);
    double advance = 0;
    for (uint32_t cp : points) {
        if (FT_Load_Char(face, cp, FT_LOAD_DEFAULT) == 0) advance += double(face->glyph->advance.x) / 64.0;
    }
    double pen = anchor == Anchor::Middle ? x - advance / 2 : anchor == Anchor::End ? x - advance : x;
    const uint32_t rgb = parseColour(colour);
    for (uint32_t cp : points) {
        if (FT_Load_Char(face, cp, FT_LOAD_RENDER) != 0) continue;
        const FT_GlyphSlot g = face->glyph;
        const int left = int(std::lround(pen)) + g->bitmap_left;
        const int top = int(std::lround(y)) - g->bitmap_top;
        for (unsigned row = 0; row < g->bitmap.rows; ++row) {
            const unsigned char* line = g->bitmap.buffer + ptrdiff_t(row) * g->bitmap.pitch;
            for (unsigned col = 0; col < g->bitmap.width; ++col) blend(left + int(col), top + int(row), rgb, line[col]);
        }
        pen += double(g->advance.x) / 64.0;
    }
}

bool PngCanvas::write(const std::string& path, std::string* error) const
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

} // namespace tirx::cli
