#pragma once

#include "layout/layout_grid.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tirx {

// A 2-D window on a tensor's logical index space, as the layout view and
// `tirx-cli layout --svg` draw it. The dims are split in three contiguous
// runs: leading dims fixed at an index (one slice of a higher-rank tensor),
// then the dims merged into rows, then the dims merged into columns. Because
// the index space is row-major, cell (r, c) is element base + r * cols + c.
// A 1-D tensor is wrapped into rows instead.
struct LayoutSlice {
    size_t firstRowDim = 0;     // dims [0, firstRowDim) are fixed
    size_t firstColDim = 0;     // dims [firstRowDim, firstColDim) make the rows, the rest the columns
    std::vector<int64_t> fixed; // the index of each fixed dim
    int64_t rows = 1;
    int64_t cols = 1;
    int64_t base = 0;               // flat index of cell (0, 0)
    bool wrapped = false;           // a 1-D tensor folded into rows of `cols`
    std::vector<int64_t> colBlocks; // a dim boundary every colBlocks[k] columns, outermost first
    std::vector<int64_t> rowBlocks; // the same for rows

    [[nodiscard]] int64_t flatAt(int64_t row, int64_t col) const { return base + row * cols + col; }
    // The slice cell of a flat index, or false when it lies in another slice.
    [[nodiscard]] bool cellOf(int64_t flat, int64_t& row, int64_t& col) const;
    // "A[3, :, :]" style name of the slice, or "" when the whole tensor is shown.
    [[nodiscard]] std::string describe(const std::string& tensor, const std::vector<int64_t>& shape) const;
};

// Columns and rows a default slice keeps at most before fixing outer dims.
inline constexpr int64_t kSliceMaxCols = 4096;
inline constexpr int64_t kSliceMaxRows = 8192;

// The default window: as many trailing dims on columns and then rows as fit,
// the leading rest fixed at `fixed` (zeros when shorter).
[[nodiscard]] LayoutSlice defaultSlice(const LayoutGrid& grid, const std::vector<int64_t>& fixed = {});

} // namespace tirx
