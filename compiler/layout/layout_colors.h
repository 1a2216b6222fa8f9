#pragma once

#include "layout/layout_grid.h"
#include "layout/layout_slice.h"
#include "picture/scene.h" // Rgb

#include <cstdint>

namespace tirx {

// What the layout pictures colour a cell by. Both grids colour an element
// with the same key, so a colour found in one is found in the other.
enum class LayoutColorBy : uint8_t { Partition, Free, Row };

// The key of element `flat` and how many keys there are.
struct ColorKey {
    int64_t key = 0;
    int64_t count = 1;
};
[[nodiscard]] ColorKey layoutColorKey(const LayoutGrid& grid, const LayoutSlice& slice, int64_t flat, LayoutColorBy by);

} // namespace tirx
