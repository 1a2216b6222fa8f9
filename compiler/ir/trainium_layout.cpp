#include "ir/trainium_layout.h"

#include "ir/make.h"
#include "target/hardware.h"

#include <optional>

namespace tirx {

namespace {

constexpr int64_t kPartitions = hw::kPartitions;
constexpr int64_t kBankElements = hw::kPsumBankFloat32; // elements per PSUM bank row (chapter 02 §7.2)

LayoutOrError fail(std::string message) { return {nullptr, std::move(message)}; }

} // namespace

LayoutOrError trainiumLayout(std::string_view annotation, const std::vector<Expr>& shape, bool isPsum)
{
    if (annotation.size() != shape.size())
        return fail("layout annotation '" + std::string(annotation) + "' has " + std::to_string(annotation.size()) +
                    " letters but the shape has " + std::to_string(shape.size()) + " dimensions");
    std::string ann(annotation);
    std::vector<int64_t> dims;
    for (const auto& d : shape) {
        auto v = constInt(d);
        if (!v) return fail("layout annotation '" + ann + "' needs a constant shape");
        dims.push_back(*v);
    }
    size_t pIndex = 0;
    int pCount = 0;
    int64_t pProduct = 1;
    for (size_t i = 0; i < ann.size(); ++i) {
        if (ann[i] != 'P' && ann[i] != 'F')
            return fail("layout annotation '" + ann + "' may only contain the letters 'P' and 'F'");
        if (ann[i] == 'P') {
            if (pCount == 0) pIndex = i;
            ++pCount;
            pProduct *= dims[i];
        }
    }
    if (pCount == 0) return fail("layout annotation '" + ann + "' has no partition ('P') dimension");
    bool addedOuter = false;
    if (pCount == 1) {
        const int64_t dp = dims[pIndex];
        if (dp > kPartitions) {
            if (dp % kPartitions != 0)
                return fail("partition dimension of extent " + std::to_string(dp) + " is not a multiple of 128");
            // The partition dim is split: its outer part becomes a leading free dim.
            dims[pIndex] = kPartitions;
            dims.insert(dims.begin(), dp / kPartitions);
            ann.insert(ann.begin(), 'F');
            addedOuter = true;
        }
    } else if (pProduct > kPartitions) {
        return fail("partition dimensions of layout annotation '" + std::string(annotation) + "' have product " +
                    std::to_string(pProduct) + ", more than 128");
    }
    // Row-major strides among the F dims and, separately, among the P dims.
    std::vector<int64_t> strides(dims.size(), 1);
    int64_t fStride = 1;
    int64_t pStride = 1;
    for (size_t i = dims.size(); i-- > 0;) {
        int64_t& acc = ann[i] == 'P' ? pStride : fStride;
        strides[i] = acc;
        acc *= dims[i];
    }
    std::vector<Iter> shard;
    for (size_t i = 0; i < dims.size(); ++i)
        shard.push_back(Iter{intImm(dims[i]), intImm(strides[i]), ann[i] == 'P' ? Axis::P() : Axis::F()});
    if (addedOuter) {
        Iter outer = shard.front();
        shard.erase(shard.begin());
        shard.insert(shard.begin() + static_cast<std::ptrdiff_t>(pIndex), outer);
    }
    auto layout = makeLayout(std::move(shard));
    if (isPsum) return toPsum(layout);
    return {layout, {}};
}

LayoutOrError toPsum(const Layout& layout)
{
    if (!layout) return fail("cannot convert a missing layout to a PSUM layout");
    std::vector<Iter> shard;
    for (const auto& it : layout->shard()) {
        if (!(it.axis == Axis::F())) {
            shard.push_back(it);
            continue;
        }
        auto extent = constInt(it.extent);
        auto stride = constInt(it.stride);
        const auto cannot = [&](std::string_view why) {
            const auto text = [](const std::optional<int64_t>& v) { return v ? std::to_string(*v) : "(symbolic)"; };
            return fail("layout cannot be converted to a PSUM layout: the F iter of extent " + text(extent) +
                        " and stride " + text(stride) + " " + std::string(why));
        };
        if (!extent || !stride || *stride <= 0) return cannot("is not a positive constant");
        if (*stride % kBankElements == 0) {
            shard.push_back(Iter{it.extent, intImm(*stride / kBankElements), Axis::bank()});
        } else if (kBankElements % *stride == 0) {
            const int64_t c = kBankElements / *stride;
            if (*extent < c) {
                shard.push_back(it);
            } else if (*extent % c == 0) {
                shard.push_back(Iter{intImm(*extent / c), intImm(1), Axis::bank()});
                shard.push_back(Iter{intImm(c), it.stride, Axis::F()});
            } else {
                return cannot("does not split evenly into banks of 512 elements");
            }
        } else {
            return cannot("neither divides nor is a multiple of the 512-element bank");
        }
    }
    return {makeLayout(std::move(shard)), {}};
}

} // namespace tirx
