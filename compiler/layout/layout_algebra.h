#pragma once

#include "analysis/int_bounds.h"
#include "ir/layout.h"
#include "ir/tensor_type.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tirx {

// The TileLayout algebra of chapter 02 (apache/tvm and tqchen/tvm
// src/tirx/ir/layout/): sizes and spans, canonicalisation, grouping by a
// shape, and the mapping of a logical index to per-axis coordinates that
// LowerTrainiumLayout prints.

// GetSize(axis): product of the shard extents on `axis`; all of them when nullopt.
[[nodiscard]] Expr layoutSize(const TileLayout& layout, std::optional<Axis> axis = std::nullopt);
// GetSpan(axis): 1 + Σ (extent − 1) · stride over shard and replica iters on
// `axis` plus its offset, simplified; nullopt takes every memory axis.
[[nodiscard]] Expr layoutSpan(const TileLayout& layout, std::optional<Axis> axis = std::nullopt);

// No shard iter on a memory axis other than P, F, Bank (chapter 02 §3);
// false for a null layout.
[[nodiscard]] bool isTrainiumLayout(const TileLayout* layout);
[[nodiscard]] bool hasThreadAxis(const TileLayout& layout);

// Chapter 02 §5: unit iters removed, zero offsets removed, contiguous shard
// iters of one axis fused. Never changes the mapping.
[[nodiscard]] Layout canonicalizeLayout(const TileLayout& layout);

// Chapter 02 §6 (TryGroup): the shard rewritten so that runs of iters match
// the logical dims; group d is shard[seps[d] .. seps[d+1]).
struct GroupResult {
    Layout layout;
    std::vector<size_t> seps;
    std::string error; // empty on success
    [[nodiscard]] bool ok() const { return error.empty(); }
};
[[nodiscard]] GroupResult groupLayout(const TileLayout& layout, const std::vector<Expr>& shape);

// x split over `extents`, innermost last: the last gets `x % e`, the first
// the remaining quotient.
[[nodiscard]] std::vector<Expr> splitCoord(const Expr& x, const std::vector<Expr>& extents);

// Axis → coordinate, in the order the axes first occur (shard, then offsets).
using AxisCoords = std::vector<std::pair<Axis, Expr>>;

// One coordinate per shard iter (after grouping or splitting): per-axis sums
// accumulated in shard order, simplified after each addition, then offsets.
[[nodiscard]] AxisCoords applyShardCoords(const TileLayout& layout, const std::vector<Expr>& coords,
                                          const VarRanges& ranges = {});

// Apply(indices, shape), chapter 02 §2.2: the grouped path when the layout
// groups by `shape`, else flatten row-major and split over the shard. The
// reference simplifies here without loop ranges and again afterwards with
// them; pass `ranges` only to fold everything at once.
[[nodiscard]] AxisCoords applyLayout(const TileLayout& layout, const std::vector<Expr>& indices,
                                     const std::vector<Expr>& shape, const VarRanges& ranges = {});

// The same with the grouping already computed (`grouped` = groupLayout(layout,
// shape)), for callers that apply one layout to many indices: grouping costs
// more than applying.
[[nodiscard]] AxisCoords applyLayout(const TileLayout& layout, const GroupResult& grouped,
                                     const std::vector<Expr>& indices, const std::vector<Expr>& shape,
                                     const VarRanges& ranges = {});

// The coordinate on `axis`, or null when the axis does not occur.
[[nodiscard]] Expr coordOf(const AxisCoords& coords, Axis axis);

// The physical type of a tensor for LowerTrainiumLayout (chapter 03 §5.1):
// (size(P), span(F)) or, in PSUM, (span(Bank), size(P), span(F)) for
// Trainium layouts; the memory span for thread-axis allocations; otherwise
// the 1-D flattening. Strides cleared, bool stored as int8, layout None.
[[nodiscard]] TensorTypeRef physicalTensorType(const TensorType& type, bool isAllocation);

} // namespace tirx
