#include "layout/layout_grid.h"

#include "ir/make.h"
#include "ir/mem_space.h"
#include "layout/layout_algebra.h"

#include <algorithm>

namespace tirx {

namespace {

// Slot of an axis in PhysicalCoord: 0 bank, 1 partition, 2 free; -1 when the
// grid cannot draw the axis.
int slotOf(Axis axis, bool trainium)
{
    if (axis == Axis::bank()) return 0;
    if (axis == Axis::P()) return 1;
    if (axis == Axis::F()) return 2;
    if (!trainium && axis == Axis::m()) return 2;
    return -1;
}

void addTo(PhysicalCoord& c, int slot, int64_t v)
{
    if (slot == 0) c.bank += v;
    if (slot == 1) c.partition += v;
    if (slot == 2) c.free += v;
}

PhysicalCoord plus(PhysicalCoord a, const PhysicalCoord& b)
{
    a.bank += b.bank;
    a.partition += b.partition;
    a.free += b.free;
    return a;
}

int64_t constOr(const Expr& e, int64_t fallback)
{
    const auto v = constInt(e);
    return v ? *v : fallback;
}

std::vector<Expr> exprs(const std::vector<int64_t>& v)
{
    std::vector<Expr> out;
    out.reserve(v.size());
    for (auto x : v) out.push_back(intImm(x));
    return out;
}

// How a tensor without a layout is stored (chapter 02 §8): partitions
// first; a three-dimensional PSUM tensor is (banks, partitions, free), as the
// memory plan places it.
Layout storedLayout(const std::vector<int64_t>& shape, const std::string& scope)
{
    if (isScope(scope, MemSpace::Psum) && shape.size() == 3) {
        return makeLayout({Iter{intImm(shape[0]), intImm(1), Axis::bank()},
                           Iter{intImm(shape[1]), intImm(1), Axis::P()}, Iter{intImm(shape[2]), intImm(1), Axis::F()}});
    }
    if ((isScope(scope, MemSpace::Sbuf) || isScope(scope, MemSpace::Psum)) && !shape.empty()) {
        int64_t rest = 1;
        for (size_t i = 1; i < shape.size(); ++i) rest *= shape[i];
        return makeLayout({Iter{intImm(shape[0]), intImm(1), Axis::P()}, Iter{intImm(rest), intImm(1), Axis::F()}});
    }
    return defaultLayout(exprs(shape));
}

} // namespace

LayoutGrid::Result LayoutGrid::build(const TensorType& type, Cells cells)
{
    std::vector<int64_t> shape;
    for (const auto& d : type.shape()) {
        const auto v = constInt(d);
        if (!v) return Result{std::nullopt, "the tensor's shape is not constant"};
        shape.push_back(*v);
    }
    return build(shape, type.layout(), type.scope(), type.dtype(), cells);
}

LayoutGrid::Result LayoutGrid::build(const std::vector<int64_t>& shape, const Layout& layout, const std::string& scope,
                                     DataType dtype, Cells cells)
{
    LayoutGrid g;
    g.m_shape = shape;
    g.m_layout = layout ? layout : storedLayout(shape, scope);
    g.m_dtype = dtype;
    g.m_psum = isScope(scope, MemSpace::Psum);
    if (auto error = g.fill(cells)) return Result{std::nullopt, *error};
    return Result{std::move(g), {}};
}

std::optional<std::string> LayoutGrid::fill(Cells cells)
{
    const TileLayout& layout = *m_layout;
    m_trainium = isTrainiumLayout(&layout);
    m_count = 1;
    for (auto d : m_shape) {
        if (d <= 0) return "the shape has a dimension that is not positive";
        m_count *= d;
        if (m_count > kMaxCells) return "the tensor has more than " + std::to_string(kMaxCells) + " elements to draw";
    }
    int64_t shardElements = 1;
    for (const auto& it : layout.shard()) {
        const auto e = constInt(it.extent);
        const auto s = constInt(it.stride);
        if (!e || !s || *e <= 0) return "the layout has an iter with a non-constant or non-positive extent or stride";
        const int slot = slotOf(it.axis, m_trainium);
        if (slot < 0) return "axis " + std::string(it.axis.name()) + " cannot be drawn as partitions and free offsets";
        m_shard.push_back(NumIter{*e, *s, slot});
        shardElements *= *e;
        if (shardElements > kMaxCells) break;
    }
    for (const auto& [axis, value] : layout.offset()) {
        const auto v = constInt(value);
        const int slot = slotOf(axis, m_trainium);
        if (!v || slot < 0) return "the layout has an offset that is not a constant on P, F or Bank";
        addTo(m_offset, slot, *v);
    }
    for (const auto& it : layout.replica()) {
        const auto e = constInt(it.extent);
        const auto s = constInt(it.stride);
        const int slot = slotOf(it.axis, m_trainium);
        if (!e || !s || *e <= 0 || slot < 0) return "the layout has a replica that is not a constant P, F or Bank iter";
        std::vector<PhysicalCoord> grown;
        for (const auto& d : m_replicaDeltas) {
            for (int64_t k = 0; k < *e; ++k) {
                PhysicalCoord c = d;
                addTo(c, slot, k * *s);
                grown.push_back(c);
            }
        }
        m_replicaDeltas = std::move(grown);
    }

    const GroupResult group = groupLayout(layout, exprs(m_shape));
    if (shardElements != m_count) {
        if (!group.ok()) return group.error;
        return "the layout has " + std::to_string(shardElements) + " elements but the shape has " +
               std::to_string(m_count);
    }
    m_grouped = group.ok() && group.layout;
    if (m_grouped) {
        // Per dim, the split of index i over the group's extents (chapter 02 §2.2).
        m_dimTables.resize(m_shape.size());
        const auto& iters = group.layout->shard();
        for (size_t d = 0; d < m_shape.size(); ++d) {
            auto& table = m_dimTables[d];
            table.resize(static_cast<size_t>(m_shape[d]));
            for (int64_t i = 0; i < m_shape[d]; ++i) {
                PhysicalCoord c;
                int64_t rest = i;
                for (size_t j = group.seps[d + 1]; j-- > group.seps[d];) {
                    const int64_t e = constOr(iters[j].extent, 1);
                    const int64_t part = j == group.seps[d] ? rest : rest % e;
                    rest /= e;
                    addTo(c, slotOf(iters[j].axis, m_trainium), part * constOr(iters[j].stride, 0));
                }
                table[static_cast<size_t>(i)] = c;
            }
        }
    }

    if (m_trainium) {
        m_physical = {m_psum ? constOr(layoutSpan(layout, Axis::bank()), 1) : 1,
                      constOr(layoutSize(layout, Axis::P()), 1), constOr(layoutSpan(layout, Axis::F()), 1)};
    } else {
        m_physical = {1, 1, m_count};
    }
    // The lowest and highest cell any copy reaches, worked out from the
    // iters: each shard and replica iter takes every value below its extent
    // (the split of the index is onto), so the sums of their extremes are
    // reached, and no pass over the elements is needed for the extent.
    PhysicalCoord low = m_offset;
    PhysicalCoord high = m_offset;
    auto reach = [&](int slot, int64_t extent, int64_t stride) {
        const int64_t far = (extent - 1) * stride;
        addTo(low, slot, std::min<int64_t>(0, far));
        addTo(high, slot, std::max<int64_t>(0, far));
    };
    for (const auto& it : m_shard) reach(it.slot, it.extent, it.stride);
    for (const auto& it : layout.replica())
        reach(slotOf(it.axis, m_trainium), *constInt(it.extent), *constInt(it.stride));
    if (low.bank < 0 || low.partition < 0 || low.free < 0)
        return "the layout places an element at a negative coordinate";
    m_extent = {std::max(m_physical[0], high.bank + 1), std::max(m_physical[1], high.partition + 1),
                std::max(m_physical[2], high.free + 1)};
    if (m_extent[0] * m_extent[1] > kMaxCells / std::max<int64_t>(m_extent[2], 1))
        return "the physical grid has more than " + std::to_string(kMaxCells) + " cells to draw";
    const auto cellCount = static_cast<size_t>(m_extent[0] * m_extent[1] * m_extent[2]);
    auto cellIndex = [this](const PhysicalCoord& c) {
        return static_cast<size_t>((c.bank * m_extent[1] + c.partition) * m_extent[2] + c.free);
    };
    if (cells == Cells::Counted) {
        std::vector<bool> claimed(cellCount, false);
        forEachElement([&](int64_t, const PhysicalCoord& base) {
            for (const auto& d : m_replicaDeltas) {
                auto cell = claimed[cellIndex(plus(base, d))];
                if (cell) {
                    ++m_collisions;
                    continue;
                }
                cell = true;
                ++m_used;
            }
        });
        return std::nullopt;
    }
    m_cells.assign(cellCount, -1);
    forEachElement([&](int64_t flat, const PhysicalCoord& base) {
        for (const auto& d : m_replicaDeltas) {
            auto& cell = m_cells[cellIndex(plus(base, d))];
            if (cell >= 0) {
                ++m_collisions;
                continue;
            }
            cell = static_cast<int32_t>(flat);
            ++m_used;
        }
    });
    return std::nullopt;
}

template <class Visit> void LayoutGrid::forEachElement(Visit visit) const
{
    if (!m_grouped || m_shape.empty()) {
        for (int64_t flat = 0; flat < m_count; ++flat) visit(flat, baseCoord(flat));
        return;
    }
    // Row by row: the outer dims' part of the coordinate once per row, then
    // the last dim's table along it, instead of baseCoord's division and
    // modulo per dim per element (bench_layout: BM_LayoutGrid).
    const size_t last = m_shape.size() - 1;
    const auto& inner = m_dimTables[last];
    std::vector<int64_t> outer(last, 0);
    for (int64_t flat = 0; flat < m_count;) {
        PhysicalCoord row = m_offset;
        for (size_t d = 0; d < last; ++d) row = plus(row, m_dimTables[d][static_cast<size_t>(outer[d])]);
        for (const auto& step : inner) visit(flat++, plus(row, step));
        for (size_t d = last; d-- > 0;) {
            if (++outer[d] < m_shape[d]) break;
            outer[d] = 0;
        }
    }
}

PhysicalCoord LayoutGrid::baseCoord(int64_t flat) const
{
    PhysicalCoord c = m_offset;
    if (m_grouped) {
        for (size_t d = m_shape.size(); d-- > 0;) {
            c = plus(c, m_dimTables[d][static_cast<size_t>(flat % m_shape[d])]);
            flat /= m_shape[d];
        }
        return c;
    }
    // Chapter 02 §2.1: the flat index split over the whole shard.
    for (size_t j = m_shard.size(); j-- > 0;) {
        const int64_t part = j == 0 ? flat : flat % m_shard[j].extent;
        flat /= m_shard[j].extent;
        addTo(c, m_shard[j].slot, part * m_shard[j].stride);
    }
    return c;
}

int64_t LayoutGrid::flatIndex(const std::vector<int64_t>& index) const
{
    int64_t flat = 0;
    for (size_t d = 0; d < m_shape.size(); ++d) flat = flat * m_shape[d] + (d < index.size() ? index[d] : 0);
    return flat;
}

std::vector<int64_t> LayoutGrid::logicalIndex(int64_t flat) const
{
    std::vector<int64_t> index(m_shape.size());
    for (size_t d = m_shape.size(); d-- > 0;) {
        index[d] = flat % m_shape[d];
        flat /= m_shape[d];
    }
    return index;
}

PhysicalCoord LayoutGrid::coordOf(int64_t flat, int64_t copy) const
{
    return plus(baseCoord(flat), m_replicaDeltas[static_cast<size_t>(copy)]);
}

int64_t LayoutGrid::elementAt(const PhysicalCoord& c) const
{
    if (c.bank < 0 || c.partition < 0 || c.free < 0 || c.bank >= m_extent[0] || c.partition >= m_extent[1] ||
        c.free >= m_extent[2])
        return -1;
    if (m_cells.empty()) return -1; // built with Cells::Counted
    return m_cells[static_cast<size_t>((c.bank * m_extent[1] + c.partition) * m_extent[2] + c.free)];
}

} // namespace tirx
