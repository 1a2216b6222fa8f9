#pragma once

#include "ir/axis.h"
#include "ir/expr.h"

#include <memory>
#include <vector>

namespace tirx {

// One level of a hierarchical index: `extent` positions, `stride` apart on `axis`.
struct Iter {
    Expr extent;
    Expr stride;
    Axis axis;
};

// TileLayout(shard, replica, offset), chapter 02 §2. Shard iters are listed
// outermost first; offsets are kept sorted by axis name.
class TileLayout {
public:
    TileLayout(std::vector<Iter> shard, std::vector<Iter> replica, std::vector<std::pair<Axis, Expr>> offset);

    [[nodiscard]] const std::vector<Iter>& shard() const { return m_shard; }
    [[nodiscard]] const std::vector<Iter>& replica() const { return m_replica; }
    [[nodiscard]] const std::vector<std::pair<Axis, Expr>>& offset() const { return m_offset; }

private:
    std::vector<Iter> m_shard;
    std::vector<Iter> m_replica;
    std::vector<std::pair<Axis, Expr>> m_offset;
};

using Layout = std::shared_ptr<const TileLayout>;

[[nodiscard]] Layout makeLayout(std::vector<Iter> shard, std::vector<Iter> replica = {},
                                std::vector<std::pair<Axis, Expr>> offset = {});

// TileLayout(S[shape]): row-major over the memory axis m.
[[nodiscard]] Layout defaultLayout(const std::vector<Expr>& shape);

} // namespace tirx
