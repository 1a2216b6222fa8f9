#include "analysis/alloc_info.h"

#include "ir/make.h"

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

std::optional<int64_t> constLayoutSize(const TileLayout& layout, Axis axis)
{
    int64_t size = 1;
    for (const auto& it : layout.shard()) {
        if (it.axis != axis) continue;
        auto e = constInt(it.extent);
        if (!e) return std::nullopt;
        size *= *e;
    }
    return size;
}

std::optional<int64_t> constLayoutSpan(const TileLayout& layout, Axis axis)
{
    int64_t span = 1;
    for (const auto* iters : {&layout.shard(), &layout.replica()}) {
        for (const auto& it : *iters) {
            if (it.axis != axis) continue;
            auto e = constInt(it.extent);
            auto s = constInt(it.stride);
            if (!e || !s) return std::nullopt;
            span += (*e - 1) * *s;
        }
    }
    for (const auto& [a, value] : layout.offset()) {
        if (a != axis) continue;
        auto v = constInt(value);
        if (!v) return std::nullopt;
        span += *v;
    }
    return span;
}

std::optional<std::vector<int64_t>> constPhysicalShape(const TensorType& type)
{
    std::vector<int64_t> shape;
    if (!type.layout() || !(type.isSbuf() || type.isPsum())) {
        for (const auto& d : type.shape()) {
            auto v = constInt(d);
            if (!v) return std::nullopt;
            shape.push_back(*v);
        }
        return shape;
    }
    const auto& layout = *type.layout();
    const auto partitions = constLayoutSize(layout, Axis::P());
    const auto free = constLayoutSpan(layout, Axis::F());
    if (!partitions || !free) return std::nullopt;
    if (type.isPsum()) {
        const auto banks = constLayoutSpan(layout, Axis::bank());
        if (!banks) return std::nullopt;
        shape.push_back(*banks);
    }
    shape.push_back(*partitions);
    shape.push_back(*free);
    return shape;
}

std::optional<int64_t> allocatorBytes(const TensorType& type, std::string* error)
{
    const auto& scope = type.scope();
    const bool sbuf = scope == "trn.sbuf";
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
        elements *= *extent;
    }
    if (sbuf && type.layout()) {
        auto partitions = constLayoutSize(*type.layout(), Axis::P());
        if (!partitions || *partitions == 0) {
            if (error) *error = "has a layout with a non-constant partition size";
            return std::nullopt;
        }
        elements /= *partitions;
    }
    return elements * type.dtype().bytes();
}

} // namespace tirx
