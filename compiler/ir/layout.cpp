#include "ir/layout.h"

#include "ir/make.h"

#include <algorithm>

namespace tirx {

TileLayout::TileLayout(std::vector<Iter> shard, std::vector<Iter> replica, std::vector<std::pair<Axis, Expr>> offset)
    : m_shard(std::move(shard)), m_replica(std::move(replica)), m_offset(std::move(offset))
{
    std::stable_sort(m_offset.begin(), m_offset.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
}

Layout makeLayout(std::vector<Iter> shard, std::vector<Iter> replica, std::vector<std::pair<Axis, Expr>> offset)
{
    return std::make_shared<const TileLayout>(std::move(shard), std::move(replica), std::move(offset));
}

Layout defaultLayout(const std::vector<Expr>& shape)
{
    std::vector<Iter> shard(shape.size());
    Expr stride = intImm(1);
    for (size_t i = shape.size(); i-- > 0;) {
        shard[i] = Iter{shape[i], stride, Axis::m()};
        stride = mul(stride, shape[i]);
    }
    return makeLayout(std::move(shard));
}

} // namespace tirx
