#include "memory/alloc_info.h"

#include "ir/checked_int.h"
#include "ir/make.h"
#include "ir/mem_space.h"

namespace tirx {

std::optional<AllocView> allocView(const Stmt& s)
{
    const auto* bind = as<BindNode>(s);
    if (!bind) return std::nullopt;
    const auto* c = as<CallNode>(bind->value());
    if (!c || c->op() != kAllocTensor || c->tyArgs().empty()) return std::nullopt;
    AllocView view{bind, c, bind->var(), c->tyArgs().front(), std::nullopt, true};
    if (!c->args().empty()) {
        if (const auto* t = as<TupleNode>(c->args().front())) {
            std::vector<int64_t> coords;
            for (const auto& f : t->fields()) {
                auto v = constInt(f);
                if (!v) {
                    view.placementIsConstant = false;
                    break;
                }
                coords.push_back(*v);
            }
            if (view.placementIsConstant && !coords.empty()) view.placement = std::move(coords);
        }
    }
    return view;
}

namespace {

// Why a constant size is not known: a non-constant extent, or a product or
// sum past 64 bits.
enum class SizeFailure { None, NotConstant, Overflow };

std::optional<int64_t> layoutSize(const TileLayout& layout, Axis axis, SizeFailure& failure)
{
    int64_t size = 1;
    for (const auto& it : layout.shard()) {
        if (it.axis != axis) continue;
        auto e = constInt(it.extent);
        if (!e) {
            failure = SizeFailure::NotConstant;
            return std::nullopt;
        }
        auto product = checkedMul(size, *e);
        if (!product) {
            failure = SizeFailure::Overflow;
            return std::nullopt;
        }
        size = *product;
    }
    return size;
}

std::optional<int64_t> layoutSpan(const TileLayout& layout, Axis axis, SizeFailure& failure)
{
    int64_t span = 1;
    const auto add = [&](std::optional<int64_t> term) {
        auto sum = term ? checkedAdd(span, *term) : std::nullopt;
        if (!sum) failure = SizeFailure::Overflow;
        span = sum.value_or(0);
        return sum.has_value();
    };
    for (const auto* iters : {&layout.shard(), &layout.replica()}) {
        for (const auto& it : *iters) {
            if (it.axis != axis) continue;
            auto e = constInt(it.extent);
            auto s = constInt(it.stride);
            if (!e || !s) {
                failure = SizeFailure::NotConstant;
                return std::nullopt;
            }
            auto extentLess = checkedAdd(*e, -1);
            if (!add(extentLess ? checkedMul(*extentLess, *s) : std::nullopt)) return std::nullopt;
        }
    }
    for (const auto& [a, value] : layout.offset()) {
        if (a != axis) continue;
        auto v = constInt(value);
        if (!v) {
            failure = SizeFailure::NotConstant;
            return std::nullopt;
        }
        if (!add(*v)) return std::nullopt;
    }
    return span;
}

std::optional<std::vector<int64_t>> physicalShape(const TensorType& type, SizeFailure& failure)
{
    std::vector<int64_t> shape;
    if (!type.layout() || !(type.isSbuf() || type.isPsum())) {
        for (const auto& d : type.shape()) {
            auto v = constInt(d);
            if (!v) {
                failure = SizeFailure::NotConstant;
                return std::nullopt;
            }
            shape.push_back(*v);
        }
        return shape;
    }
    const auto& layout = *type.layout();
    const auto partitions = layoutSize(layout, Axis::P(), failure);
    const auto free = layoutSpan(layout, Axis::F(), failure);
    if (!partitions || !free) return std::nullopt;
    if (type.isPsum()) {
        const auto banks = layoutSpan(layout, Axis::bank(), failure);
        if (!banks) return std::nullopt;
        shape.push_back(*banks);
    }
    shape.push_back(*partitions);
    shape.push_back(*free);
    return shape;
}

std::optional<int64_t> product(const std::vector<int64_t>& extents, int64_t start)
{
    int64_t out = start;
    for (auto e : extents) {
        auto p = checkedMul(out, e);
        if (!p) return std::nullopt;
        out = *p;
    }
    return out;
}

} // namespace

std::optional<int64_t> constLayoutSize(const TileLayout& layout, Axis axis)
{
    SizeFailure ignored = SizeFailure::None;
    return layoutSize(layout, axis, ignored);
}

std::optional<int64_t> constLayoutSpan(const TileLayout& layout, Axis axis)
{
    SizeFailure ignored = SizeFailure::None;
    return layoutSpan(layout, axis, ignored);
}

std::optional<std::vector<int64_t>> constPhysicalShape(const TensorType& type)
{
    SizeFailure ignored = SizeFailure::None;
    return physicalShape(type, ignored);
}

bool sizeOverflows(const TensorType& type) { return constShapes(type).sizeOverflows; }

ConstShapes constShapes(const TensorType& type)
{
    ConstShapes out;
    const int64_t bytes = type.dtype().bytes();
    out.logical.reserve(type.shape().size());
    for (const auto& d : type.shape()) {
        auto v = constInt(d);
        if (!v) {
            out.logical.clear();
            break;
        }
        out.logical.push_back(*v);
    }
    const bool logicalConstant = out.logical.size() == type.shape().size();
    // The logical shape too: a layout may cover less than the shape.
    if (logicalConstant && !product(out.logical, bytes)) out.sizeOverflows = true;
    if (!type.layout() || !(type.isSbuf() || type.isPsum())) {
        // Without a layout the physical shape is the logical one.
        if (logicalConstant) out.physical = out.logical;
        return out;
    }
    SizeFailure failure = SizeFailure::None;
    out.physical = physicalShape(type, failure);
    if (failure == SizeFailure::Overflow || (out.physical && !product(*out.physical, bytes))) out.sizeOverflows = true;
    return out;
}

std::optional<int64_t> allocatorBytes(const TensorType& type, std::string* error)
{
    const auto& scope = type.scope();
    const bool sbuf = isScope(scope, MemSpace::Sbuf);
    const bool shared = scope.rfind("shared", 0) == 0;
    if (!sbuf && !shared) return std::nullopt;

    const auto& shape = type.shape();
    const bool fromSecondDim = sbuf && !type.layout();
    if (fromSecondDim && shape.size() < 2) {
        if (error) *error = "is in SBUF without a layout and so needs at least two dimensions (partitions first)";
        return std::nullopt;
    }
    int64_t elements = 1;
    for (size_t i = fromSecondDim ? 1 : 0; i < shape.size(); ++i) {
        auto extent = constInt(shape[i]);
        if (!extent) {
            if (error) *error = "has a non-constant shape; the allocator cannot size it";
            return std::nullopt;
        }
        auto product = checkedMul(elements, *extent);
        if (!product) {
            if (error) *error = kSizeOverflow;
            return std::nullopt;
        }
        elements = *product;
    }
    if (sbuf && type.layout()) {
        auto partitions = constLayoutSize(*type.layout(), Axis::P());
        if (!partitions || *partitions == 0) {
            if (error) *error = "has a layout with a non-constant partition size";
            return std::nullopt;
        }
        elements /= *partitions;
    }
    auto bytes = checkedMul(elements, type.dtype().bytes());
    if (!bytes && error) *error = kSizeOverflow;
    return bytes;
}

} // namespace tirx
