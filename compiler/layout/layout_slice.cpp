#include "layout/layout_slice.h"

#include "ir/make.h"

namespace tirx {

namespace {

int64_t product(const std::vector<int64_t>& v, size_t from, size_t to)
{
    int64_t p = 1;
    for (size_t i = from; i < to; ++i) p *= v[i];
    return p;
}

// Block sizes for the inner dim boundaries of dims [from, to): the products
// of dims [k, to) for k in (from, to), outermost first; extents of 1 add none.
std::vector<int64_t> blocks(const std::vector<int64_t>& shape, size_t from, size_t to)
{
    std::vector<int64_t> out;
    for (size_t k = from + 1; k < to; ++k) {
        const int64_t b = product(shape, k, to);
        if (b > 1 && (out.empty() || out.back() != b)) out.push_back(b);
    }
    return out;
}

// Width a 1-D tensor wraps at: the innermost shard extent when it divides
// the length (a P run becomes one column per partition), else 64.
int64_t wrapWidth(const LayoutGrid& grid)
{
    const int64_t n = grid.elementCount();
    const auto& shard = grid.layout()->shard();
    if (!shard.empty()) {
        const auto w = constInt(shard.back().extent);
        if (w && *w > 1 && *w <= kSliceMaxCols && n % *w == 0) return *w;
    }
    for (int64_t w = 64; w > 1; --w) {
        if (n % w == 0) return w;
    }
    return n;
}

} // namespace

bool LayoutSlice::cellOf(int64_t flat, int64_t& row, int64_t& col) const
{
    const int64_t local = flat - base;
    if (local < 0 || local >= rows * cols) return false;
    row = local / cols;
    col = local % cols;
    return true;
}

std::string LayoutSlice::describe(const std::string& tensor, const std::vector<int64_t>& shape) const
{
    if (firstRowDim == 0) return "";
    std::string out = tensor + "[";
    for (size_t d = 0; d < shape.size(); ++d) {
        if (d) out += ", ";
        out += d < firstRowDim ? std::to_string(fixed[d]) : ":";
    }
    return out + "]";
}

LayoutSlice defaultSlice(const LayoutGrid& grid, const std::vector<int64_t>& fixed)
{
    const auto& shape = grid.shape();
    LayoutSlice s;
    if (shape.size() <= 1) {
        s.wrapped = true;
        s.cols = wrapWidth(grid);
        s.rows = grid.elementCount() / s.cols;
        return s;
    }
    size_t k = shape.size() - 1;
    while (k > 0 && product(shape, k - 1, shape.size()) <= kSliceMaxCols) --k;
    if (k == 0) k = 1; // keep at least one dim on the rows
    size_t j = k - 1;
    while (j > 0 && product(shape, j - 1, k) <= kSliceMaxRows) --j;
    s.firstRowDim = j;
    s.firstColDim = k;
    s.rows = product(shape, j, k);
    s.cols = product(shape, k, shape.size());
    int64_t fixedFlat = 0;
    for (size_t d = 0; d < j; ++d) {
        const int64_t v = d < fixed.size() && fixed[d] >= 0 && fixed[d] < shape[d] ? fixed[d] : 0;
        s.fixed.push_back(v);
        fixedFlat = fixedFlat * shape[d] + v;
    }
    s.base = fixedFlat * s.rows * s.cols;
    s.colBlocks = blocks(shape, k, shape.size());
    s.rowBlocks = blocks(shape, j, k);
    return s;
}

} // namespace tirx
