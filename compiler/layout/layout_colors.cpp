#include "layout/layout_colors.h"

namespace tirx {

ColorKey layoutColorKey(const LayoutGrid& grid, const LayoutSlice& slice, int64_t flat, LayoutColorBy by)
{
    switch (by) {
    case LayoutColorBy::Partition: return {grid.coordOf(flat).partition, grid.gridShape()[1]};
    case LayoutColorBy::Free: return {grid.coordOf(flat).free, grid.gridShape()[2]};
    case LayoutColorBy::Row: return {(flat / slice.cols) % slice.rows, slice.rows};
    }
    return {};
}

} // namespace tirx
