#pragma once

#include "layout/layout_colors.h"
#include "picture/scene.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tirx {

// One tensor's layout as a picture, computed once here and drawn by the
// explorer's LayoutGridView and `tirx-cli layout --svg`: on the left the
// logical index grid (a slice of it for ranks above two), on the right the
// physical partition × free grid, one panel per PSUM bank. Both colour an
// element the same way, so a colour in one is found in the other; an
// element of another slice is shown faded, a gap in a grey of its own.
// Cells large enough get borders and their coordinates; a hovered element
// is outlined wherever it sits.

// The colours a layout picture is drawn in: the explorer's editor paper
// (light or dark), the CLI's light one.
struct LayoutPaper {
    Rgb paper{0xff, 0xff, 0xff};
    Rgb text{0x20, 0x20, 0x20};
    Rgb marginText{0x80, 0x80, 0x80};
    bool dark = false;
};

// The cells' colours, worked out once per grid, slice, colouring and paper:
// a picture of another size or with another element hovered shares them.
struct LayoutCells {
    std::shared_ptr<const std::vector<Rgb>> logical;            // rows × cols of the slice
    std::vector<std::shared_ptr<const std::vector<Rgb>>> banks; // partitions × free, per bank
};
[[nodiscard]] LayoutCells layoutCells(const LayoutGrid& grid, const LayoutSlice& slice, LayoutColorBy by,
                                      const LayoutPaper& paper);

// Where the panels lie in a picture of width × height.
struct LayoutFrame {
    picture::Box logical;
    std::vector<picture::Box> banks;
    double lx = 1, ly = 1; // logical cell width and height
    double px = 1, py = 1; // physical cell width and height
};
[[nodiscard]] LayoutFrame layoutFrame(const LayoutGrid& grid, const LayoutSlice& slice, double width, double height);

struct LayoutSceneView {
    double width = 900;
    double height = 520;
    LayoutColorBy by = LayoutColorBy::Partition;
    LayoutPaper paper;
    double fontSize = 13;    // the header, in pixels
    double captionSize = 11; // everything else
    int64_t hovered = -1;    // an element, outlined
    std::optional<PhysicalCoord> hoveredGap;
};

// The logical panel's caption: the tensor's shape, and for a rank above two
// the rows and columns it is drawn as; the first of the wordings that fits
// in the room beside the physical panels (cut short when none does).
[[nodiscard]] std::string layoutLogicalCaption(const LayoutGrid& grid, const LayoutSlice& slice,
                                               const LayoutSceneView& view, const picture::TextMeasure& measure);

// The picture; with no grid, a line saying how to choose one. The logical
// panel's grid has id 0, bank b's id 1 + b.
[[nodiscard]] picture::Scene layoutScene(const LayoutGrid* grid, const LayoutSlice& slice, const std::string& tensor,
                                         const LayoutCells& cells, const LayoutSceneView& view,
                                         const picture::TextMeasure& measure);

} // namespace tirx
