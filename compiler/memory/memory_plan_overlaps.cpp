#include "ir/mem_space.h"
#include "memory/memory_plan_detail.h"
#include "memory/overlap_message.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <queue>

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

// Counts, among a set of partition intervals, those that meet a given one,
// in O(log n): an interval misses [b, e) only when it ends at or before b or
// begins at or after e, and never both.
class PartitionCounter {
public:
    explicit PartitionCounter(const std::vector<Piece>& pieces)
    {
        for (const auto& p : pieces) {
            m_coords.push_back(p.rect.partitions.begin);
            m_coords.push_back(p.rect.partitions.end);
        }
        std::sort(m_coords.begin(), m_coords.end());
        m_coords.erase(std::unique(m_coords.begin(), m_coords.end()), m_coords.end());
        m_begins.assign(m_coords.size() + 1, 0);
        m_ends.assign(m_coords.size() + 1, 0);
    }

    void add(const Interval& p, int64_t delta)
    {
        m_count += delta;
        bump(m_begins, index(p.begin), delta);
        bump(m_ends, index(p.end), delta);
    }

    [[nodiscard]] int64_t meeting(const Interval& p) const
    {
        // Ends at or before p.begin, begins at or after p.end.
        const int64_t before = prefix(m_ends, index(p.begin));
        const int64_t after = m_count - prefix(m_begins, index(p.end) - 1);
        return m_count - before - after;
    }

private:
    [[nodiscard]] size_t index(int64_t x) const
    {
        return static_cast<size_t>(std::lower_bound(m_coords.begin(), m_coords.end(), x) - m_coords.begin()) + 1;
    }
    static void bump(std::vector<int64_t>& tree, size_t i, int64_t delta)
    {
        for (; i < tree.size(); i += i & (~i + 1)) tree[i] += delta;
    }
    static int64_t prefix(const std::vector<int64_t>& tree, size_t i)
    {
        int64_t sum = 0;
        for (; i > 0; i -= i & (~i + 1)) sum += tree[i];
        return sum;
    }

    std::vector<int64_t> m_coords;
    std::vector<int64_t> m_begins; // Fenwick trees over the coordinates
    std::vector<int64_t> m_ends;
    int64_t m_count = 0;
};

} // namespace

void addOverlaps(MemoryPlan& plan, size_t first, const OverlapFilter& keep)
{
    const auto& all = plan.allocations;
    std::vector<OverlapPair> found;
    for (const std::string_view scope : {scopeName(MemSpace::Sbuf), scopeName(MemSpace::Psum)}) {
        std::vector<Piece> pieces;
        for (size_t i = first; i < all.size(); ++i) {
            if (all[i].scope != scope) continue;
            for (const auto& r : all[i].rects) {
                if (r.bytes.size() > 0 && r.partitions.size() > 0) pieces.push_back({r, i});
            }
        }
        // A sweep over byte offsets: every piece still open when the next
        // begins shares a byte with it, so the two meet when their
        // partitions do. The first kMostOverlapsListed pairs of the scope
        // are listed; past that the open pieces meeting the next one are
        // counted in O(log n), so N allocations at one address cost
        // O(N log N), not N²/2 pairs. The counter is built only then: a
        // kernel without that many overlaps never pays for it. Allocations
        // are met in offset order, as a rule: the sort is then skipped.
        const auto byBegin = [](const Piece& a, const Piece& b) { return a.rect.bytes.begin < b.rect.bytes.begin; };
        if (!std::is_sorted(pieces.begin(), pieces.end(), byBegin))
            std::stable_sort(pieces.begin(), pieces.end(), byBegin);
        std::vector<const Piece*> open; // the open pieces, while pairs are still listed
        size_t listed = 0;
        std::optional<PartitionCounter> counter;
        const auto byEnd = [](const Piece* a, const Piece* b) { return a->rect.bytes.end > b->rect.bytes.end; };
        std::priority_queue<const Piece*, std::vector<const Piece*>, decltype(byEnd)> closing{byEnd};
        for (const Piece& next : pieces) {
            if (counter) {
                while (!closing.empty() && closing.top()->rect.bytes.end <= next.rect.bytes.begin) {
                    counter->add(closing.top()->rect.partitions, -1);
                    closing.pop();
                }
                // The pieces of one allocation (its PSUM banks) share no
                // byte unless it overflows its bank, which the verifier
                // reports: every one counted is another allocation's.
                plan.overlapsNotListed += static_cast<size_t>(counter->meeting(next.rect.partitions));
                counter->add(next.rect.partitions, 1);
                closing.push(&next);
                continue;
            }
            std::erase_if(open, [&](const Piece* o) { return o->rect.bytes.end <= next.rect.bytes.begin; });
            for (const Piece* o : open) {
                if (o->allocation == next.allocation || !o->rect.partitions.meets(next.rect.partitions)) continue;
                if (keep && !keep(std::min(o->allocation, next.allocation), std::max(o->allocation, next.allocation)))
                    continue;
                if (listed == MemoryPlan::kMostOverlapsListed) {
                    ++plan.overlapsNotListed;
                    continue;
                }
                size_t earlier = o->allocation;
                size_t later = next.allocation;
                if (sourceBefore(all[later], later, all[earlier], earlier)) std::swap(earlier, later);
                const Interval& a = *all[earlier].byteRange;
                const Interval& b = *all[later].byteRange;
                found.push_back({earlier, later, {std::max(a.begin, b.begin), std::min(a.end, b.end)}});
                ++listed;
            }
            open.push_back(&next);
            if (listed < MemoryPlan::kMostOverlapsListed || keep) continue;
            // The listing is full: the open pieces move to the counter.
            counter.emplace(pieces);
            for (const Piece* o : open) {
                counter->add(o->rect.partitions, 1);
                closing.push(o);
            }
            open.clear();
        }
    }
    if (found.empty()) return;
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

std::string overlapMessage(const MemoryPlan& plan, const OverlapPair& pair)
{
    const auto& a = plan.allocations[pair.earlier];
    const auto& b = plan.allocations[pair.later];
    const std::string bytes = std::to_string(pair.bytes.begin) + ".." + std::to_string(pair.bytes.end - 1);
    const std::string head = "allocation '" + b.name + "' overlaps '" + a.name + "' in ";
    if (!isScope(a.scope, MemSpace::Psum)) return head + "SBUF (bytes " + bytes + ")";
    // PSUM bytes count within a bank: say which banks the two share.
    if (a.bankRange && b.bankRange) {
        const int64_t first = std::max(a.bankRange->begin, b.bankRange->begin);
        const int64_t last = std::min(a.bankRange->end, b.bankRange->end) - 1;
        if (first == last) return head + "PSUM bank " + std::to_string(first) + " (bytes " + bytes + " of the bank)";
        if (first < last)
            return head + "PSUM banks " + std::to_string(first) + ".." + std::to_string(last) + " (bytes " + bytes +
                   " of each)";
    }
    return head + "PSUM (bytes " + bytes + " of a bank)";
}

} // namespace tirx
