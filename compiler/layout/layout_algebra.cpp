#include "layout/layout_algebra.h"

#include "analysis/linear_form.h"
#include "analysis/simplify.h"
#include "ir/make.h"

#include <algorithm>
#include <sstream>

namespace tirx {

namespace {

bool matches(Axis axis, std::optional<Axis> filter) { return filter ? axis == *filter : axis.isMemory(); }

bool provablyEqual(const Expr& a, const Expr& b)
{
    if (exprEqual(a, b)) return true;
    return isConstInt(simplify(sub(a, b)), 0);
}

std::string shapeText(const std::vector<Expr>& shape)
{
    std::ostringstream os;
    os << "(";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i) os << ", ";
        if (auto v = constInt(shape[i])) {
            os << *v;
        } else {
            os << "?";
        }
    }
    os << (shape.size() == 1 ? ",)" : ")");
    return os.str();
}

} // namespace

Expr layoutSize(const TileLayout& layout, std::optional<Axis> axis)
{
    Expr res = intImm(1);
    for (const auto& it : layout.shard()) {
        if (!axis || it.axis == *axis) res = mul(res, it.extent);
    }
    return res;
}

Expr layoutSpan(const TileLayout& layout, std::optional<Axis> axis)
{
    Expr res = intImm(1);
    for (const auto& it : layout.shard()) {
        if (matches(it.axis, axis)) res = add(res, mul(sub(it.extent, intImm(1)), it.stride));
    }
    for (const auto& it : layout.replica()) {
        if (matches(it.axis, axis)) res = add(res, mul(sub(it.extent, intImm(1)), it.stride));
    }
    for (const auto& [a, off] : layout.offset()) {
        if (matches(a, axis)) res = add(res, off);
    }
    return simplify(res);
}

bool isTrainiumLayout(const TileLayout* layout)
{
    if (!layout) return false;
    return std::none_of(layout->shard().begin(), layout->shard().end(),
                        [](const Iter& it) { return it.axis.isMemory() && !it.axis.isTrainium(); });
}

bool hasThreadAxis(const TileLayout& layout)
{
    auto thread = [](const Iter& it) { return it.axis.valid() && !it.axis.isMemory(); };
    return std::any_of(layout.shard().begin(), layout.shard().end(), thread) ||
           std::any_of(layout.replica().begin(), layout.replica().end(), thread) ||
           std::any_of(layout.offset().begin(), layout.offset().end(),
                       [](const auto& o) { return o.first.valid() && !o.first.isMemory(); });
}

Layout canonicalizeLayout(const TileLayout& layout)
{
    std::vector<Iter> shard;
    for (const auto& it : layout.shard()) {
        if (!isConstInt(it.extent, 1)) shard.push_back(it);
    }
    if (shard.empty() && !layout.shard().empty())
        shard.push_back(Iter{intImm(1), intImm(1), layout.shard().front().axis});

    std::vector<std::pair<Axis, Expr>> offset;
    for (const auto& o : layout.offset()) {
        if (!isConstInt(o.second, 0)) offset.push_back(o);
    }

    // Fuse runs: the iter at `next` continues the run when it lies on the same
    // axis and exactly fills the stride of the iter before it.
    std::vector<Iter> fused;
    size_t cur = 0;
    while (cur < shard.size()) {
        size_t next = cur + 1;
        while (next < shard.size() && shard[next].axis == shard[cur].axis &&
               provablyEqual(mul(shard[next].extent, shard[next].stride), shard[next - 1].stride)) {
            ++next;
        }
        Expr extent = shard[cur].extent;
        for (size_t k = cur + 1; k < next; ++k) extent = mul(extent, shard[k].extent);
        fused.push_back(Iter{simplify(extent), shard[next - 1].stride, shard[cur].axis});
        cur = next;
    }
    return makeLayout(std::move(fused), layout.replica(), std::move(offset));
}

GroupResult groupLayout(const TileLayout& layout, const std::vector<Expr>& shape)
{
    GroupResult out;
    auto fail = [&](const std::string& why) {
        out.layout = nullptr;
        out.seps.clear();
        out.error = "layout cannot be grouped by shape " + shapeText(shape) + ": " + why;
        return out;
    };
    std::vector<int64_t> dims;
    for (const auto& d : shape) {
        auto v = constInt(d);
        if (!v || *v <= 0) return fail("the shape is not a list of positive constants");
        dims.push_back(*v);
    }
    std::vector<Iter> grouped;
    out.seps.push_back(0);
    size_t d = 0;
    int64_t prod = 1;
    for (const auto& it : layout.shard()) {
        auto ev = constInt(it.extent);
        auto sv = constInt(it.stride);
        if (!ev || !sv || *ev <= 0) return fail("an iter has a non-constant extent or stride");
        int64_t e = *ev;
        const int64_t s = *sv;
        prod *= e;
        while (d < dims.size() && prod % dims[d] == 0) {
            const int64_t c = prod / dims[d];
            if (e % c != 0) return fail("dimension " + std::to_string(d) + " does not end at an iter boundary");
            grouped.push_back(Iter{intImm(e / c, it.extent->dtype()), intImm(s * c, it.stride->dtype()), it.axis});
            out.seps.push_back(grouped.size());
            e = c;
            prod = c;
            ++d;
        }
        if (e != 1) {
            if (d >= dims.size()) return fail("the layout has more elements than the shape");
            grouped.push_back(Iter{intImm(e, it.extent->dtype()), it.stride, it.axis});
        }
    }
    if (d != dims.size()) return fail("the shape has more elements than the layout");
    out.layout = makeLayout(std::move(grouped), layout.replica(), layout.offset());
    return out;
}

std::vector<Expr> splitCoord(const Expr& x, const std::vector<Expr>& extents)
{
    std::vector<Expr> out(extents.size());
    if (extents.empty()) return out;
    Expr rest = x;
    for (size_t i = extents.size(); i-- > 1;) {
        out[i] = floorMod(rest, extents[i]);
        rest = floorDiv(rest, extents[i]);
    }
    out[0] = rest;
    return out;
}

AxisCoords applyShardCoords(const TileLayout& layout, const std::vector<Expr>& coords, const VarRanges& ranges)
{
    AxisCoords result;
    auto slot = [&](Axis a) -> Expr* {
        for (auto& [axis, value] : result) {
            if (axis == a) return &value;
        }
        return nullptr;
    };
    for (size_t i = 0; i < layout.shard().size() && i < coords.size(); ++i) {
        const Iter& it = layout.shard()[i];
        Expr term = mul(coords[i], it.stride);
        if (Expr* v = slot(it.axis)) {
            *v = simplify(add(*v, term), ranges);
        } else {
            result.emplace_back(it.axis, simplify(term, ranges));
        }
    }
    for (const auto& [axis, off] : layout.offset()) {
        if (Expr* v = slot(axis)) {
            *v = simplify(add(*v, off), ranges);
        } else {
            result.emplace_back(axis, simplify(off, ranges));
        }
    }
    return result;
}

AxisCoords applyLayout(const TileLayout& layout, const std::vector<Expr>& indices, const std::vector<Expr>& shape,
                       const VarRanges& ranges)
{
    if (indices.size() != shape.size()) return applyLayout(layout, GroupResult{}, indices, shape, ranges);
    return applyLayout(layout, groupLayout(layout, shape), indices, shape, ranges);
}

AxisCoords applyLayout(const TileLayout& layout, const GroupResult& g, const std::vector<Expr>& indices,
                       const std::vector<Expr>& shape, const VarRanges& ranges)
{
    if (indices.size() == shape.size()) {
        if (g.ok() && g.layout) {
            std::vector<Expr> perShard(g.layout->shard().size(), intImm(0));
            for (size_t d = 0; d < shape.size(); ++d) {
                const size_t start = g.seps[d];
                const size_t end = g.seps[d + 1];
                if (start == end) continue;
                std::vector<Expr> extents;
                for (size_t i = start; i < end; ++i) extents.push_back(g.layout->shard()[i].extent);
                auto split = splitCoord(indices[d], extents);
                for (size_t i = start; i < end; ++i) perShard[i] = split[i - start];
            }
            return applyShardCoords(*g.layout, perShard, ranges);
        }
    }
    // Fallback: flatten row-major, then split over all shard extents.
    Expr flat = intImm(0);
    for (size_t i = 0; i < indices.size(); ++i) {
        flat = i < shape.size() ? add(mul(flat, shape[i]), indices[i]) : add(flat, indices[i]);
    }
    flat = simplify(flat, ranges);
    std::vector<Expr> extents;
    for (const auto& it : layout.shard()) extents.push_back(it.extent);
    return applyShardCoords(layout, splitCoord(flat, extents), ranges);
}

Expr coordOf(const AxisCoords& coords, Axis axis)
{
    for (const auto& [a, v] : coords) {
        if (a == axis) return v;
    }
    return nullptr;
}

TensorTypeRef physicalTensorType(const TensorType& type, bool isAllocation)
{
    TensorType::Fields f = type.fields();
    const TileLayout* layout = type.layout().get();
    if (isTrainiumLayout(layout)) {
        if (type.isPsum()) {
            f.shape = {layoutSpan(*layout, Axis::bank()), layoutSize(*layout, Axis::P()),
                       layoutSpan(*layout, Axis::F())};
        } else {
            f.shape = {layoutSize(*layout, Axis::P()), layoutSpan(*layout, Axis::F())};
        }
    } else if (isAllocation && layout && hasThreadAxis(*layout)) {
        f.shape = {layoutSpan(*layout, std::nullopt)};
    } else if (!type.strides().empty() && !type.shape().empty()) {
        f.shape = {mul(type.strides().front(), type.shape().front())};
    } else {
        Expr n = intImm(1);
        for (const auto& d : type.shape()) n = mul(n, d);
        f.shape = {n};
    }
    for (auto& d : f.shape) d = simplify(d);
    f.strides.clear();
    if (f.dtype.isBool()) f.dtype = DataType::int8();
    f.layout = nullptr;
    return makeTensorType(std::move(f));
}

} // namespace tirx
