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

// The instruction planner every tile-op lowering shares (chapter 05 §2,
// tqchen/tvm backend/trn/tile_primitive/instruction_generator.py and
// dim_utils.py) on constant layouts: region views (§2.4), linking (§2.5),
// the largest linear instruction (§2.6), fitting and bounding (§2.7),
// binding instruction and block variables (§2.8), index generation (§2.9),
// guards (§2.10), partition compatibility (§2.11) and the n-ary and unary
// operand searches (§2.12, §4.3). Workspace planning runs it for sizes only;
// the dispatch binds its loop variables and reads the indices back.

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

// One term of an iter's logical position: lstride * ((var % mod) // div),
// where the term takes values in [0, extent) (mod 0: no modulo).
struct Binding {
    int64_t lstride = 1;
    int64_t extent = 1;
    Var var;
    int64_t mod = 0;
    int64_t div = 1;
};

// Planner variable → the expression that replaces it in indices.
using VarSubst = std::map<const VarNode*, Expr>;

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
    // §2.7: the part of `inst` that is also linear in region `to`, looking
    // only at the dims `allowedToDims` of `to` (all when null).
    [[nodiscard]] InstRepr fit(const InstRepr& inst, size_t to, bool broadcast = false,
                               const std::vector<size_t>* allowedToDims = nullptr);
    // §4.7 (restrict_inst_to_one_dim): only the selected iters of the dim of
    // the smallest-stride one, as the reference means it.
    [[nodiscard]] InstRepr restrictToOneDim(const InstRepr& inst) const;
    // §2.7: cut the size to `max` (nullopt or -1: unbounded).
    static void bound(InstRepr& inst, std::optional<int64_t> max);

    // §2.8: cover the window [stride, stride * size) of the free iters (or,
    // with free = false, of the partition iters) of region r with `var`, and
    // hand the same terms to every linked region.
    void bind(size_t r, const Var& var, int64_t size, int64_t stride, bool free, bool propagate = true);
    // §2.8: the block extent left uncovered in the dims `dims` (all when
    // empty, as the reference does) of region r; covers it with `var`.
    int64_t fillBlock(size_t r, const Var& var, const std::vector<size_t>& dims = {});

    // §2.9: the region-relative coordinate of every dimension of region r,
    // and the same plus the region's start. Throws PlanError when a bound
    // iter is not fully covered.
    [[nodiscard]] std::vector<Expr> axes(size_t r, const VarSubst& subst = {}) const;
    [[nodiscard]] std::vector<Expr> indices(size_t r, const VarSubst& subst = {}) const;
    // §2.10: the condition that keeps the instruction inside a region with a
    // symbolic extent; null when every extent is constant.
    [[nodiscard]] Expr guard(size_t r, const VarSubst& subst = {}) const;

    // The region operand r was built from, and its tensor's partition count.
    [[nodiscard]] const Expr& region(size_t r) const { return m_views[r].region; }
    [[nodiscard]] int64_t partitions(size_t r) const { return m_views[r].partitions; }
    [[nodiscard]] bool onChip(size_t r) const;

    // §2.11: the partition iters of linked dims agree.
    [[nodiscard]] bool partitionMatch(size_t a, size_t b);

private:
    struct View {
        Expr region;
        std::string name;
        std::vector<ViewIter> iters;
        std::vector<size_t> seps;
        std::vector<std::vector<Binding>> bindings; // per iter
        std::vector<bool> bounded;                  // per dim: the extent was symbolic
        int64_t partitions = 1;
    };

    void resplit(size_t r, size_t other, const DimMap& map);
    void registerMap(size_t a, size_t b, const DimMap& map);
    // Adds `added` (per iter of r) to r and, through the dim maps, to the
    // aligned iters of every other region.
    void addBindings(size_t r, const std::vector<std::vector<Binding>>& added, bool propagate);
    [[nodiscard]] size_t dimOf(size_t r, size_t iter) const;

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

// A source operand of an element-wise step: a region (with its planner
// index) or a float constant.
struct PlanOperand {
    Expr expr;
    std::optional<size_t> region;
    [[nodiscard]] bool isConst() const { return !region; }
};

// Adds a region operand to the planner, or keeps a float constant; throws
// PlanError for anything else.
[[nodiscard]] PlanOperand planOperand(InstructionPlanner& planner, const Expr& e, const std::string& what);

// §2.12 (try_find_inst_nary): the largest instruction on `dst` that every
// source can follow. `tensorScalar` has one entry per source after the
// first (true: read as a per-partition scalar or a constant); `reversed` is
// set when the first two sources were swapped, and `srcs` is left in the
// planned order.
struct NaryPlan {
    InstRepr inst;
    std::vector<bool> tensorScalar;
    bool reversed = false;
};
[[nodiscard]] NaryPlan findInstNary(InstructionPlanner& planner, const PlanOperand& dst, std::vector<PlanOperand>& srcs,
                                    const std::vector<size_t>& allowedDstDims, const VarRanges& ranges);

// §4.2/§4.3 (try_find_inst_unary): the largest instruction on `dst` that
// `src` follows element by element; links the two.
[[nodiscard]] InstRepr findInstUnary(InstructionPlanner& planner, const PlanOperand& dst, const PlanOperand& src,
                                     const std::vector<size_t>& allowedDstDims, const VarRanges& ranges);

// Axes as given (negative counts from the end), normalised against `rank`.
[[nodiscard]] std::vector<size_t> normalizeAxes(const std::vector<int64_t>& axes, size_t rank);

// The (min, extent) ranges of a tile-op region operand.
[[nodiscard]] std::vector<Range> regionRanges(const Expr& region);
// a == b provably (constants, or a difference that simplifies to 0).
[[nodiscard]] bool provablyEqualExpr(const Expr& a, const Expr& b, const VarRanges& ranges);

} // namespace tirx
