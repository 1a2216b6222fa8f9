#pragma once

#include "analysis/int_bounds.h"
#include "ir/axis.h"
#include "ir/expr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tirx {

// The instruction planner of chapter 05 §2 (tqchen/tvm
// backend/trn/tile_primitive/instruction_generator.py) on constant layouts:
// region views (§2.4), linking (§2.5), the largest linear instruction
// (§2.6), fitting and bounding (§2.7) and the coverage part of binding and
// block filling (§2.8). It computes sizes only — instruction sizes and block
// extents — which is what workspace planning needs; the index expressions of
// the emitted nest are the tile dispatch's business.

// A precondition of the planner that does not hold; what() is the message.
class PlanError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// One iter of a region's view: `extent` positions `stride` apart on `axis`.
struct ViewIter {
    int64_t extent = 1;
    int64_t stride = 1;
    Axis axis;

    // F and Bank iters are free; P iters are not.
    [[nodiscard]] bool isFree() const;
};

// Dimension i of one region corresponds to dimension map[i] of another.
using DimMap = std::map<size_t, size_t>;

// An instruction on region `region`: `size` elements along the free axis from
// physical stride `stride`, spanning the view iters `selected` (nullopt once
// `bound` has cut the size).
struct InstRepr {
    size_t region = 0;
    int64_t size = 1;
    int64_t stride = 1;
    std::optional<std::vector<size_t>> selected = std::vector<size_t>{};
};

class InstructionPlanner {
public:
    // `ranges` bounds the loop variables a region may mention.
    explicit InstructionPlanner(VarRanges ranges) : m_ranges(std::move(ranges)) {}

    // Registers a tile-op region operand and builds its view; returns its
    // index. Throws PlanError when the tensor has no constant layout or the
    // region cuts through an iter.
    size_t addRegion(const Expr& region);

    [[nodiscard]] size_t regionCount() const { return m_views.size(); }
    [[nodiscard]] const std::vector<ViewIter>& iters(size_t r) const { return m_views[r].iters; }
    [[nodiscard]] const std::vector<size_t>& seps(size_t r) const { return m_views[r].seps; }

    // Records that dim i of `a` is dim map[i] of `b` and re-splits every
    // linked region to common factors (§2.5).
    void link(size_t a, size_t b, const DimMap& map);
    // The recorded or composed map from `a` to `b` (empty when unrelated).
    [[nodiscard]] DimMap dimMap(size_t a, size_t b);

    // §2.6 over the free iters of the dims in `allowedDims` (all when null).
    [[nodiscard]] InstRepr maxInstFromRegion(size_t r, const std::vector<size_t>* allowedDims = nullptr) const;
    // §2.7: the part of `inst` that is also linear in region `to`.
    [[nodiscard]] InstRepr fit(const InstRepr& inst, size_t to, bool broadcast = false);
    // §2.7: cut the size to `max` (nullopt or -1: unbounded).
    static void bound(InstRepr& inst, std::optional<int64_t> max);

    // §2.8: cover the window [stride, stride * size) of the free iters (or,
    // with free = false, of the partition iters) of region r.
    void bind(size_t r, int64_t size, int64_t stride, bool free);
    // §2.8: the block extent left uncovered in the dims `dims` (all when
    // empty, as the reference does) of region r; covers it.
    int64_t fillBlock(size_t r, const std::vector<size_t>& dims);

    // §2.11: the partition iters of linked dims agree.
    [[nodiscard]] bool partitionMatch(size_t a, size_t b);

private:
    // (logical stride, extent) of one binding on a view iter.
    using Binding = std::pair<int64_t, int64_t>;

    struct View {
        std::string name;
        std::vector<ViewIter> iters;
        std::vector<size_t> seps;
        std::vector<std::vector<Binding>> bindings; // per iter
    };

    void resplit(size_t r, size_t other, const DimMap& map);
    void registerMap(size_t a, size_t b, const DimMap& map);

    VarRanges m_ranges;
    std::vector<View> m_views;
    // Adjacency in registration order, as the reference's dict keeps it.
    std::map<size_t, std::vector<std::pair<size_t, DimMap>>> m_maps;
};

// §2.2: pairs the non-unit dims of two element-wise regions.
[[nodiscard]] DimMap ewiseDimMap(const Expr& a, const Expr& b, const VarRanges& ranges);
// §2.3: pairs the non-unit, non-reduced dims of `src` with the non-unit dims of `dst`.
[[nodiscard]] DimMap reductionDimMap(const Expr& src, const Expr& dst, const std::vector<size_t>& axes,
                                     const VarRanges& ranges);

// The (min, extent) ranges of a tile-op region operand.
[[nodiscard]] std::vector<Range> regionRanges(const Expr& region);
// a == b provably (constants, or a difference that simplifies to 0).
[[nodiscard]] bool provablyEqualExpr(const Expr& a, const Expr& b, const VarRanges& ranges);

} // namespace tirx
