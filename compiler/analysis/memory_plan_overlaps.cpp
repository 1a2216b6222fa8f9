#include "analysis/memory_plan_detail.h"

#include <algorithm>
#include <numeric>

namespace tirx {

namespace {

// Source order: generated allocations (no span) first, then by line and
// column, ties in program order. Overlaps name the later one first, as a
// reader of the source meets them.
bool sourceBefore(const PlannedAllocation& a, size_t ia, const PlannedAllocation& b, size_t ib)
{
    const auto& x = a.definition.span;
    const auto& y = b.definition.span;
    if (x.line != y.line) return x.line < y.line;
    if (x.column != y.column) return x.column < y.column;
    return ia < ib;
}

struct Piece {
    MemoryRect rect;
    size_t allocation;
};

} // namespace

void addOverlaps(MemoryPlan& plan, size_t first)
{
    const auto& all = plan.allocations;
    std::vector<OverlapPair> found;
    for (const char* scope : {"trn.sbuf", "trn.psum"}) {
        std::vector<Piece> pieces;
        for (size_t i = first; i < all.size(); ++i) {
            if (all[i].scope != scope) continue;
            for (const auto& r : all[i].rects) {
                if (r.bytes.size() > 0 && r.partitions.size() > 0) pieces.push_back({r, i});
            }
        }
        // A sweep over byte offsets finds the pairs without comparing every
        // pair: kernels with thousands of allocations are checked after
        // every pass. Allocations are met in offset order, as a rule: the
        // sort is then skipped.
        const auto byBegin = [](const Piece& a, const Piece& b) { return a.rect.bytes.begin < b.rect.bytes.begin; };
        if (!std::is_sorted(pieces.begin(), pieces.end(), byBegin))
            std::stable_sort(pieces.begin(), pieces.end(), byBegin);
        std::vector<const Piece*> open; // pieces that may still meet the next one
        for (const Piece& next : pieces) {
            std::erase_if(open, [&](const Piece* o) { return o->rect.bytes.end <= next.rect.bytes.begin; });
            for (const Piece* o : open) {
                if (o->allocation == next.allocation || !o->rect.partitions.meets(next.rect.partitions)) continue;
                size_t earlier = o->allocation;
                size_t later = next.allocation;
                if (sourceBefore(all[later], later, all[earlier], earlier)) std::swap(earlier, later);
                const Interval& a = *all[earlier].byteRange;
                const Interval& b = *all[later].byteRange;
                found.push_back({earlier, later, {std::max(a.begin, b.begin), std::min(a.end, b.end)}});
            }
            open.push_back(&next);
        }
    }
    // Pairs in source order of the later, then the earlier allocation.
    std::vector<size_t> rank(all.size() - first);
    std::vector<size_t> order(rank.size());
    std::iota(order.begin(), order.end(), first);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return sourceBefore(all[a], a, all[b], b); });
    for (size_t r = 0; r < order.size(); ++r) rank[order[r] - first] = r;
    const auto key = [&](const OverlapPair& p) {
        return std::make_pair(rank[p.later - first], rank[p.earlier - first]);
    };
    std::sort(found.begin(), found.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
    found.erase(std::unique(found.begin(), found.end(),
                            [](const auto& a, const auto& b) { return a.earlier == b.earlier && a.later == b.later; }),
                found.end());
    plan.overlaps.insert(plan.overlaps.end(), found.begin(), found.end());
}

} // namespace tirx
