#include "layout/layout_scene.h"

#include "layout/layout_palette.h"
#include "picture/palette.h"
#include "script/printer.h"

#include <algorithm>
#include <cmath>

namespace tirx {

using picture::Anchor;
using picture::Box;
using picture::Colour;
using picture::LineShape;
using picture::RectShape;
using picture::TextShape;

namespace {

constexpr double kMargin = 12;
constexpr double kHeader = 42;  // the layout line and the panel captions
constexpr double kFooter = 34;  // axis ends and the colour legend
constexpr double kBankGap = 22; // between PSUM bank panels, room for a caption
constexpr double kMaxCell = 36;
constexpr double kMinStrip = 32;      // a panel one cell wide or high is drawn this thick, not as a hairline
constexpr double kGridLinesFrom = 10; // cell size (px) from which cells get borders
constexpr double kLabelsFrom = 26;    // ... and their coordinates
constexpr double kMinOutline = 7;     // the hover outline is never smaller
constexpr size_t kMaxRowBlocks = 16;  // more row blocks along F are not marked

// Cell sizes for `rows` x `cols` cells in an area: square when they are a
// few pixels or more, otherwise stretched to fill each direction.
std::pair<double, double> cellSizes(double width, double height, int64_t rows, int64_t cols)
{
    const double sx = width / double(cols);
    const double sy = height / double(rows);
    double cx = std::min(sx, kMaxCell);
    double cy = std::min(sy, kMaxCell);
    if (std::min(sx, sy) >= 2) cx = cy = std::min({sx, sy, kMaxCell});
    // A (128, 1) column, square, would be 2 px wide: stretch the short side.
    cx = std::max(cx, std::min(sx, kMinStrip / double(cols)));
    cy = std::max(cy, std::min(sy, kMinStrip / double(rows)));
    return {cx, cy};
}

Box outline(const Box& cell)
{
    const double w = std::max(cell.width, kMinOutline);
    const double h = std::max(cell.height, kMinOutline);
    return {cell.x + cell.width / 2 - w / 2, cell.y + cell.height / 2 - h / 2, w, h};
}

Rgb gapColour(const LayoutPaper& paper) { return picture::mix(paper.paper, paper.marginText, 0.22); }

// Width the logical panel's caption may take before the physical panels.
double logicalRoom(const LayoutFrame& frame, double width)
{
    return (frame.banks.empty() ? width : frame.banks.front().x) - frame.logical.x - kMargin;
}

struct Painter {
    picture::Scene& scene;
    const picture::TextMeasure& measure;
    double size;
    Colour ink;

    void text(double x, double baseline, const std::string& s, Anchor anchor = Anchor::Start) const
    {
        scene.add(TextShape{x, baseline, s, ink, size, false, anchor, 0});
    }
    // Centred in `box`, as a cell's coordinates are.
    void centred(const Box& box, const std::string& s) const
    {
        text(box.x + box.width / 2, box.y + (box.height - measure.lineHeight(size)) / 2 + measure.ascent(size), s,
             Anchor::Middle);
    }
    void line(double x1, double y1, double x2, double y2, Colour c, double width, double dash = 0, double gap = 0) const
    {
        scene.add(LineShape{x1, y1, x2, y2, c, width, dash, gap, {}});
    }
};

} // namespace

LayoutCells layoutCells(const LayoutGrid& g, const LayoutSlice& slice, LayoutColorBy by, const LayoutPaper& paper)
{
    const Rgb gap = gapColour(paper);
    // One colour per key, and its faded form for elements of other slices,
    // worked out once: keys are at most a few thousand, cells half a million.
    const int64_t keys = layoutColorKey(g, slice, 0, by).count;
    std::vector<Rgb> full(static_cast<size_t>(keys));
    std::vector<Rgb> faded(static_cast<size_t>(keys));
    for (int64_t k = 0; k < keys; ++k) {
        full[size_t(k)] = layoutPaletteColor({k, keys}, paper.dark);
        faded[size_t(k)] = picture::mix(full[size_t(k)], paper.paper, 0.7);
    }
    // Both pictures in one walk over the physical cells. An element's key is
    // its copy 0's partition or free offset, which for a layout without
    // replicas is the cell's own; with replicas every copy takes copy 0's
    // colour, so a colour found in one picture is found in the other.
    const bool keyIsCell = g.copies() == 1;
    const auto keyOf = [&](int64_t flat, int64_t partition, int64_t free) {
        if (keyIsCell && by == LayoutColorBy::Partition) return partition;
        if (keyIsCell && by == LayoutColorBy::Free) return free;
        return layoutColorKey(g, slice, flat, by).key;
    };
    auto logical = std::make_shared<std::vector<Rgb>>(size_t(slice.rows * slice.cols), gap);
    Rgb* logicalCells = logical->data();
    LayoutCells out;
    const auto& ext = g.gridShape();
    for (int64_t b = 0; b < ext[0]; ++b) {
        auto bank = std::make_shared<std::vector<Rgb>>(size_t(ext[1] * ext[2]), gap);
        for (int64_t p = 0; p < ext[1]; ++p) {
            const int32_t* cells = g.cellRow(b, p);
            Rgb* line = bank->data() + p * ext[2];
            for (int64_t f = 0; f < ext[2]; ++f) {
                const int64_t flat = cells[f];
                if (flat < 0) continue;
                const auto key = size_t(keyOf(flat, p, f));
                int64_t row = 0;
                int64_t col = 0;
                if (!slice.cellOf(flat, row, col)) {
                    line[f] = faded[key]; // in another slice: shown, but faded
                    continue;
                }
                line[f] = full[key];
                logicalCells[row * slice.cols + col] = full[key];
            }
        }
        out.banks.push_back(std::move(bank));
    }
    out.logical = std::move(logical);
    return out;
}

LayoutFrame layoutFrame(const LayoutGrid& grid, const LayoutSlice& slice, double width, double height)
{
    LayoutFrame frame;
    const auto& ext = grid.gridShape();
    const double usableW = width - 3 * kMargin;
    const double usableH = height - kHeader - kFooter - kMargin;
    const double logicalShare = std::clamp(double(slice.cols) / double(slice.cols + ext[2]), 0.3, 0.5);
    const double logicalWidth = usableW * logicalShare;
    std::tie(frame.lx, frame.ly) = cellSizes(logicalWidth, usableH, slice.rows, slice.cols);
    frame.logical = {kMargin, kHeader, frame.lx * double(slice.cols), frame.ly * double(slice.rows)};
    const double px0 = 2 * kMargin + logicalWidth;
    const double bankH = (usableH - kBankGap * double(ext[0] - 1)) / double(ext[0]);
    std::tie(frame.px, frame.py) = cellSizes(usableW - logicalWidth, bankH, ext[1], ext[2]);
    for (int64_t b = 0; b < ext[0]; ++b) {
        frame.banks.push_back({px0, kHeader + double(b) * (frame.py * double(ext[1]) + kBankGap),
                               frame.px * double(ext[2]), frame.py * double(ext[1])});
    }
    return frame;
}

std::string layoutLogicalCaption(const LayoutGrid& grid, const LayoutSlice& slice, const LayoutSceneView& view,
                                 const picture::TextMeasure& measure)
{
    const double room = logicalRoom(layoutFrame(grid, slice, view.width, view.height), view.width);
    std::string dims;
    for (int64_t d : grid.shape()) dims += (dims.empty() ? "" : " x ") + std::to_string(d);
    const bool flat = grid.shape().size() <= 2;
    const std::string as = flat ? "" : " as " + std::to_string(slice.rows) + " x " + std::to_string(slice.cols);
    const std::string wordings[] = {"logical index (" + dims + ")" + as, "logical (" + dims + ")" + as,
                                    "(" + dims + ")" + as};
    for (const auto& w : wordings)
        if (measure.width(w, view.captionSize) <= room) return w;
    return picture::elided(measure, wordings[2], view.captionSize, room);
}

namespace {

// The captions over the panels, the header over them all.
void captions(picture::Scene& scene, const LayoutGrid& g, const LayoutSlice& slice, const std::string& tensor,
              const LayoutFrame& frame, const LayoutSceneView& view, const picture::TextMeasure& measure)
{
    const Colour text = picture::opaque(view.paper.text);
    // The layout as written. A layout of many shards is written smaller
    // rather than cut off at the edge; below the captions' size it is cut
    // short with an ellipsis.
    const std::string described = slice.describe(tensor, g.shape());
    const std::string header = (described.empty() ? tensor : described) + "  " + printLayout(*g.layout());
    const double room = view.width - 2 * kMargin;
    double size = view.fontSize;
    while (measure.width(header, size) > room && size > view.captionSize) size = std::max(view.captionSize, size - 1);
    scene.add(
        TextShape{kMargin, 16, picture::elided(measure, header, size, room), text, size, false, Anchor::Start, 0});
    const auto caption = [&](const Box& panel, double width, const std::string& s) {
        scene.add(TextShape{panel.x, panel.y - 6, picture::elided(measure, s, view.captionSize, width), text,
                            view.captionSize, false, Anchor::Start, 0});
    };
    caption(frame.logical, logicalRoom(frame, view.width), layoutLogicalCaption(g, slice, view, measure));
    const auto& ext = g.gridShape();
    const std::string scope = g.isPsum() ? "PSUM" : g.isTrainium() ? "SBUF" : "memory";
    for (size_t b = 0; b < frame.banks.size(); ++b) {
        std::string s = g.isPsum() ? scope + " bank " + std::to_string(b) + ": " : scope + ": ";
        s += g.isTrainium() ? std::to_string(ext[1]) + " partitions x " + std::to_string(ext[2]) + " free" +
                                  (ext[2] == 1 ? " element" : " elements")
                            : std::to_string(ext[2]) + " elements, linear";
        caption(frame.banks[b], view.width - frame.banks[b].x - kMargin, s);
    }
}

// Cell borders, dim boundaries, the logical row blocks along F and the
// cells' coordinates where there is room.
void gridLines(const Painter& p, const LayoutGrid& g, const LayoutSlice& slice, const LayoutFrame& frame,
               const LayoutSceneView& view)
{
    const auto& ext = g.gridShape();
    const Colour border = picture::opaque(picture::mix(view.paper.paper, view.paper.text, 0.25));
    const Colour faint = picture::opaque(picture::mix(view.paper.paper, view.paper.text, 0.45));
    const auto cellLines = [&](const Box& r, int64_t rows, int64_t cols, double cx, double cy) {
        if (std::min(cx, cy) < kGridLinesFrom) return;
        for (int64_t c = 1; c < cols; ++c)
            p.line(r.x + double(c) * cx, r.y, r.x + double(c) * cx, r.bottom(), border, 1);
        for (int64_t k = 1; k < rows; ++k)
            p.line(r.x, r.y + double(k) * cy, r.right(), r.y + double(k) * cy, border, 1);
    };
    cellLines(frame.logical, slice.rows, slice.cols, frame.lx, frame.ly);
    for (const auto& r : frame.banks) cellLines(r, ext[1], ext[2], frame.px, frame.py);
    const Box& l = frame.logical;
    for (int64_t block : slice.colBlocks) {
        if (frame.lx * double(block) < 4) continue;
        for (int64_t c = block; c < slice.cols; c += block)
            p.line(l.x + double(c) * frame.lx, l.y, l.x + double(c) * frame.lx, l.bottom(), faint, 1.5);
    }
    for (int64_t block : slice.rowBlocks) {
        if (frame.ly * double(block) < 4) continue;
        for (int64_t r = block; r < slice.rows; r += block)
            p.line(l.x, l.y + double(r) * frame.ly, l.right(), l.y + double(r) * frame.ly, faint, 1.5);
    }
    // Where partition 0 moves on to another logical row along F: the blocks
    // a row-major tensor is cut into (A_sbuf's rows 0.., 128.., 256.., ...).
    for (size_t b = 0; b < frame.banks.size(); ++b) {
        std::vector<std::pair<int64_t, int64_t>> blocks; // (first free offset, logical row)
        int64_t previous = -1;
        for (int64_t f = 0; f < ext[2] && blocks.size() <= kMaxRowBlocks; ++f) {
            const int64_t flat = g.elementAt({int64_t(b), 0, f});
            const int64_t row = flat < 0 ? -1 : flat / slice.cols;
            if (row >= 0 && row != previous) blocks.emplace_back(f, row);
            if (row >= 0) previous = row;
        }
        if (blocks.size() < 2 || blocks.size() > kMaxRowBlocks) continue;
        const Box& bank = frame.banks[b];
        for (size_t k = 0; k < blocks.size(); ++k) {
            const double x = bank.x + double(blocks[k].first) * frame.px;
            if (k) p.line(x, bank.y, x, bank.bottom(), p.ink, 1.2, 4.8, 2.4);
            const double next = k + 1 < blocks.size() ? bank.x + double(blocks[k + 1].first) * frame.px : bank.right();
            if (next - x < 48) continue;
            p.text(x + 3, bank.y + 2 + p.measure.ascent(p.size), "row " + std::to_string(blocks[k].second) + "..");
        }
    }
    if (std::min(frame.lx, frame.ly) >= kLabelsFrom) {
        for (int64_t r = 0; r < slice.rows; ++r) {
            for (int64_t c = 0; c < slice.cols; ++c) {
                const auto at = g.coordOf(slice.flatAt(r, c));
                p.centred({l.x + double(c) * frame.lx, l.y + double(r) * frame.ly, frame.lx, frame.ly},
                          std::to_string(at.partition) + "," + std::to_string(at.free));
            }
        }
    }
    if (std::min(frame.px, frame.py) >= kLabelsFrom) {
        for (size_t b = 0; b < frame.banks.size(); ++b) {
            for (int64_t part = 0; part < ext[1]; ++part) {
                for (int64_t f = 0; f < ext[2]; ++f) {
                    int64_t row = 0;
                    int64_t col = 0;
                    const int64_t flat = g.elementAt({int64_t(b), part, f});
                    if (flat < 0 || !slice.cellOf(flat, row, col)) continue;
                    const Box& bank = frame.banks[b];
                    p.centred({bank.x + double(f) * frame.px, bank.y + double(part) * frame.py, frame.px, frame.py},
                              std::to_string(row) + "," + std::to_string(col));
                }
            }
        }
    }
    p.scene.add(RectShape{l, {}, {}, faint, 1, -1, "panel"});
    for (const auto& r : frame.banks) p.scene.add(RectShape{r, {}, {}, faint, 1, -1, "panel"});
}

// Axis ends under the panels and what the colour says.
void footer(const Painter& p, const LayoutGrid& g, const LayoutSlice& slice, const LayoutFrame& frame,
            const LayoutSceneView& view)
{
    const auto& ext = g.gridShape();
    const Colour faint = picture::opaque(picture::mix(view.paper.paper, view.paper.text, 0.45));
    const auto ends = [&](const Box& r, const std::string& colName, int64_t cols) {
        const std::string first = colName + " 0";
        const std::string last = std::to_string(cols - 1);
        p.scene.add(TextShape{r.x, r.bottom() + 12, first, faint, p.size, false, Anchor::Start, 0});
        // The last column's number only where it clears the first's label.
        if (cols > 1 && p.measure.width(first, p.size) + p.measure.width(last, p.size) + 8 <= r.width)
            p.scene.add(TextShape{r.right(), r.bottom() + 2 + p.measure.ascent(p.size), last, faint, p.size, false,
                                  Anchor::End, 0});
    };
    ends(frame.logical, "column", slice.cols);
    if (!frame.banks.empty()) ends(frame.banks.back(), "free", ext[2]);

    const double ly = view.height - 14;
    const ColorKey probe = layoutColorKey(g, slice, 0, view.by);
    const std::string by = view.by == LayoutColorBy::Partition ? "partition"
                           : view.by == LayoutColorBy::Free    ? "free offset"
                                                               : "logical row";
    const std::string lead = "colour = " + by + ": 0";
    p.text(kMargin, ly + 4, lead);
    const double barX = kMargin + p.measure.width(lead, p.size) + 6;
    constexpr int kSteps = 64;
    for (int i = 0; i < kSteps; ++i) {
        const ColorKey k{probe.count * i / kSteps, probe.count};
        p.scene.add(RectShape{{barX + i * 3, ly - 6, 3, 12},
                              picture::opaque(layoutPaletteColor(k, view.paper.dark)),
                              {},
                              {},
                              0,
                              -1,
                              "ramp"});
    }
    p.text(barX + kSteps * 3 + 6, ly + 4, std::to_string(probe.count - 1));
    const double gapX = barX + kSteps * 3 + 60;
    p.scene.add(RectShape{{gapX, ly - 6, 12, 12}, picture::opaque(gapColour(view.paper)), {}, {}, 0, -1, "swatch"});
    const int64_t cells = ext[0] * ext[1] * ext[2];
    const int64_t used = g.usedCells();
    p.text(gapX + 16, ly + 4,
           used == cells
               ? "gap (no element): none"
               : "gap (no element): " + std::to_string(cells - used) + " of " + std::to_string(cells) + " cells");
}

// The hovered element, outlined wherever it sits.
void hovered(const Painter& p, const LayoutGrid& g, const LayoutSlice& slice, const LayoutFrame& frame,
             const LayoutSceneView& view)
{
    if (view.hovered < 0 && !view.hoveredGap) return;
    int64_t row = 0;
    int64_t col = 0;
    if (view.hovered >= 0 && slice.cellOf(view.hovered, row, col)) {
        const Box cell{frame.logical.x + double(col) * frame.lx, frame.logical.y + double(row) * frame.ly, frame.lx,
                       frame.ly};
        p.scene.add(RectShape{outline(cell), {}, {}, p.ink, 2, -1, "highlight"});
    }
    std::vector<PhysicalCoord> cells;
    if (view.hoveredGap) cells.push_back(*view.hoveredGap);
    for (int64_t k = 0; view.hovered >= 0 && k < g.copies(); ++k) cells.push_back(g.coordOf(view.hovered, k));
    for (const auto& c : cells) {
        const Box& bank = frame.banks[size_t(c.bank)];
        const Box cell{bank.x + double(c.free) * frame.px, bank.y + double(c.partition) * frame.py, frame.px, frame.py};
        p.scene.add(RectShape{outline(cell), {}, {}, p.ink, 2, -1, "highlight"});
    }
}

} // namespace

picture::Scene layoutScene(const LayoutGrid* grid, const LayoutSlice& slice, const std::string& tensor,
                           const LayoutCells& cells, const LayoutSceneView& view, const picture::TextMeasure& measure)
{
    picture::Scene scene;
    scene.width = view.width;
    scene.height = view.height;
    scene.background = picture::opaque(view.paper.paper);
    const Painter p{scene, measure, view.captionSize, picture::opaque(view.paper.text)};
    if (!grid) {
        Painter{scene, measure, view.fontSize, p.ink}.centred(
            {0, 0, view.width, view.height}, "Put the caret on a tensor, or choose one above, to see its layout");
        return scene;
    }
    const LayoutFrame frame = layoutFrame(*grid, slice, view.width, view.height);
    captions(scene, *grid, slice, tensor, frame, view, measure);
    scene.add(picture::CellGrid{frame.logical, slice.rows, slice.cols, cells.logical, 0, "logical"});
    const auto& ext = grid->gridShape();
    for (size_t b = 0; b < frame.banks.size() && b < cells.banks.size(); ++b)
        scene.add(picture::CellGrid{frame.banks[b], ext[1], ext[2], cells.banks[b], int64_t(b) + 1, "bank"});
    gridLines(p, *grid, slice, frame, view);
    footer(p, *grid, slice, frame, view);
    hovered(p, *grid, slice, frame, view);
    return scene;
}

} // namespace tirx
