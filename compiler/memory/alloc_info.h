#pragma once

#include "ir/stmt.h"
#include "ir/tensor_type.h"

#include <optional>
#include <vector>

namespace tirx {

// A view of `X = T.alloc_tensor(...)`: the allocation's variable, type and
// placement. Shared by the allocator, the verifier and the memory plan so
// that all three read an allocation the same way.
struct AllocView {
    const BindNode* bind = nullptr;
    const CallNode* call = nullptr;
    Var var;
    TensorTypeRef type;
    std::optional<std::vector<int64_t>> placement; // constant placement coordinates, if any
    bool placementIsConstant = true;               // false when a coordinate is not a constant
};

// The allocation a statement makes, or nullopt for any other statement.
[[nodiscard]] std::optional<AllocView> allocView(const Stmt& s);

// Bytes per partition the reference's naive allocator reserves for a tensor
// (chapter 03 §3.1): SBUF counts one partition's share, shared scopes the
// whole tensor; nullopt for scopes it does not allocate. Sets `error` when the
// tensor is in a counted scope but its size cannot be known.
[[nodiscard]] std::optional<int64_t> allocatorBytes(const TensorType& type, std::string* error);

// Product of the constant shard extents on `axis` (1 when none); nullopt when
// an extent is not constant or the product does not fit in 64 bits.
[[nodiscard]] std::optional<int64_t> constLayoutSize(const TileLayout& layout, Axis axis);

// 1 + sum((extent - 1) * stride) over the shard and replica iters on `axis`,
// plus its offset: the elements from the first to one past the last
// addressed position (chapter 02 §3); nullopt when anything is not constant.
[[nodiscard]] std::optional<int64_t> constLayoutSpan(const TileLayout& layout, Axis axis);

// The physical shape of a tensor on Trainium (chapter 02 §8) when every
// extent is constant: (P, F) for SBUF, (Bank, P, F) for PSUM with a layout;
// the shape itself for a tensor without a layout.
[[nodiscard]] std::optional<std::vector<int64_t>> constPhysicalShape(const TensorType& type);

// True when the tensor's bytes (logical or physical) do not fit in 64 bits:
// a size no check may compare, since it would have wrapped.
[[nodiscard]] bool sizeOverflows(const TensorType& type);

// The constant shapes of a tensor and whether its size overflows, worked out
// together: what the memory plan reads of every allocation after every pass.
struct ConstShapes {
    std::vector<int64_t> logical;                 // empty when an extent is not constant
    std::optional<std::vector<int64_t>> physical; // as constPhysicalShape()
    bool sizeOverflows = false;                   // as sizeOverflows()
};
[[nodiscard]] ConstShapes constShapes(const TensorType& type);

} // namespace tirx
