#include "layout/layout_svg.h"

#include "layout/layout_palette.h"

#include "script/printer.h"

#include <algorithm>
#include <cstdio>

namespace tirx {

namespace {

constexpr double kPanel = 520.0; // the longer side of a panel, in pixels
constexpr double kMaxCell = 28.0;
constexpr double kMargin = 24.0;

std::string hex(Rgb c)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
    return buf;
}

std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

std::string escapeXml(const std::string& s)
{
    std::string out;
    for (char c : s) {
        if (c == '<') {
            out += "&lt;";
        } else if (c == '>') {
            out += "&gt;";
        } else if (c == '&') {
            out += "&amp;";
        } else {
            out += c;
        }
    }
    return out;
}

double cellSize(int64_t rows, int64_t cols)
{
    return std::min(kMaxCell, kPanel / static_cast<double>(std::max(rows, cols)));
}

// One panel of rows x cols cells; `color(r, c)` gives a fill ("" for a gap)
// and `label(r, c)` the text of a cell when cells are large enough.
template <class Fill, class Label>
void panel(std::string& out, double x0, double y0, int64_t rows, int64_t cols, double cell, Fill color, Label label)
{
    for (int64_t r = 0; r < rows; ++r) {
        int64_t c = 0;
        while (c < cols) {
            const std::string fill = color(r, c);
            int64_t end = c + 1;
            while (end < cols && color(r, end) == fill) ++end;
            out += "<rect x=\"" + num(x0 + static_cast<double>(c) * cell) + "\" y=\"" +
                   num(y0 + static_cast<double>(r) * cell) + "\" width=\"" + num(static_cast<double>(end - c) * cell) +
                   "\" height=\"" + num(cell) + "\" fill=\"" + (fill.empty() ? "url(#gap)" : fill) + "\"/>\n";
            c = end;
        }
    }
    if (cell >= 18.0) {
        for (int64_t r = 0; r < rows; ++r) {
            for (int64_t c = 0; c < cols; ++c) {
                const std::string text = label(r, c);
                if (text.empty()) continue;
                out += "<text x=\"" + num(x0 + (static_cast<double>(c) + 0.5) * cell) + "\" y=\"" +
                       num(y0 + (static_cast<double>(r) + 0.62) * cell) + "\">" + text + "</text>\n";
            }
        }
    }
    out += "<rect x=\"" + num(x0) + "\" y=\"" + num(y0) + "\" width=\"" + num(static_cast<double>(cols) * cell) +
           "\" height=\"" + num(static_cast<double>(rows) * cell) + "\" fill=\"none\" stroke=\"#444\"/>\n";
}

} // namespace

std::string layoutSvg(const LayoutGrid& grid, const LayoutSlice& slice, const std::string& tensor, LayoutColorBy by)
{
    const auto& ext = grid.gridShape();
    const double lcell = cellSize(slice.rows, slice.cols);
    const double pcell = cellSize(ext[1] * ext[0], ext[2]);
    const double lw = static_cast<double>(slice.cols) * lcell;
    const double lh = static_cast<double>(slice.rows) * lcell;
    const double px = kMargin * 2 + lw;
    const double pw = static_cast<double>(ext[2]) * pcell;
    const double bankH = static_cast<double>(ext[1]) * pcell;
    const double ph = static_cast<double>(ext[0]) * (bankH + kMargin);
    const double width = px + pw + kMargin;
    const double height = 3 * kMargin + std::max(lh, ph) + kMargin;
    auto colorOf = [&](int64_t flat) { return hex(layoutPaletteColor(layoutColorKey(grid, slice, flat, by))); };

    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" + num(height) +
                      "\" font-family=\"sans-serif\" font-size=\"8\" text-anchor=\"middle\">\n";
    out += "<defs><pattern id=\"gap\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\"><rect width=\"4\" "
           "height=\"4\" fill=\"#e4e4e4\"/><path d=\"M0 4L4 0\" stroke=\"#b0b0b0\"/></pattern></defs>\n";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    const std::string name = slice.describe(tensor, grid.shape());
    out += "<text x=\"" + num(kMargin) + "\" y=\"16\" font-size=\"12\" text-anchor=\"start\">" +
           escapeXml((name.empty() ? tensor : name) + ": " + printLayout(*grid.layout())) + "</text>\n";
    const double top = 2 * kMargin + 8;
    out += "<text x=\"" + num(kMargin) + "\" y=\"" + num(top - 6) +
           "\" font-size=\"10\" text-anchor=\"start\">logical index</text>\n";
    panel(
        out, kMargin, top, slice.rows, slice.cols, lcell,
        [&](int64_t r, int64_t c) { return colorOf(slice.flatAt(r, c)); },
        [&](int64_t r, int64_t c) {
            const auto p = grid.coordOf(slice.flatAt(r, c));
            return std::to_string(p.partition) + "," + std::to_string(p.free);
        });
    for (int64_t b = 0; b < ext[0]; ++b) {
        const double y = top + static_cast<double>(b) * (bankH + kMargin);
        const std::string title =
            grid.isPsum() ? "bank " + std::to_string(b) + ": partition x free" : "partition x free";
        out += "<text x=\"" + num(px) + "\" y=\"" + num(y - 6) + "\" font-size=\"10\" text-anchor=\"start\">" + title +
               "</text>\n";
        panel(
            out, px, y, ext[1], ext[2], pcell,
            [&](int64_t r, int64_t c) {
                const int64_t flat = grid.elementAt({b, r, c});
                return flat < 0 ? std::string() : colorOf(flat);
            },
            [&](int64_t r, int64_t c) {
                int64_t row = 0;
                int64_t col = 0;
                const int64_t flat = grid.elementAt({b, r, c});
                if (flat < 0 || !slice.cellOf(flat, row, col)) return std::string();
                return std::to_string(row) + "," + std::to_string(col);
            });
    }
    return out + "</svg>\n";
}

} // namespace tirx
