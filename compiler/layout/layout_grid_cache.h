#pragma once

#include "layout/layout_grid.h"

#include <memory>
#include <string>
#include <vector>

namespace tirx {

// The grids of the last few tensor types the layout view drew, keyed by
// their numbers (shape, layout iters, scope, dtype) rather than by object:
// every pass and every re-lowering after a keystroke makes new type
// objects, but most leave a tensor's layout as it was, and the grid of a
// 128 x 4096 tensor costs milliseconds to build (bench_layout:
// BM_LayoutGrid against BM_LayoutGridCached). Not thread-safe; one per view.
class LayoutGridCache {
public:
    struct Result {
        std::shared_ptr<const LayoutGrid> grid;
        std::string error; // empty on success
    };

    explicit LayoutGridCache(size_t capacity = 8) : m_capacity(capacity) {}

    // LayoutGrid::build(type), or the grid built before for equal numbers.
    // Errors are not kept: they are cheap to find again.
    [[nodiscard]] Result build(const TensorType& type);

    [[nodiscard]] size_t hits() const { return m_hits; }

private:
    struct Entry {
        std::string key;
        std::shared_ptr<const LayoutGrid> grid;
    };
    size_t m_capacity;
    std::vector<Entry> m_entries; // most recently used last
    size_t m_hits = 0;
};

} // namespace tirx
