#include "memory/what_if.h"
#include "ir/mem_space.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <queue>

namespace tirx {

namespace {

// Free byte ranges below the top; the lowest hole that fits is taken.
class FreeList {
public:
    int64_t take(int64_t bytes)
    {
        for (auto it = m_holes.begin(); it != m_holes.end(); ++it) {
            if (it->second - it->first < bytes) continue;
            const int64_t offset = it->first;
            const int64_t holeEnd = it->second;
            m_holes.erase(it);
            if (offset + bytes < holeEnd) m_holes.emplace(offset + bytes, holeEnd);
            return offset;
        }
        const int64_t offset = m_top;
        m_top += bytes;
        m_highest = std::max(m_highest, m_top);
        return offset;
    }

    void give(int64_t offset, int64_t bytes)
    {
        if (bytes == 0) return;
        int64_t begin = offset;
        int64_t end = offset + bytes;
        auto next = m_holes.lower_bound(begin);
        if (next != m_holes.end() && next->first == end) {
            end = next->second;
            next = m_holes.erase(next);
        }
        if (next != m_holes.begin()) {
            auto prev = std::prev(next);
            if (prev->second == begin) {
                begin = prev->first;
                m_holes.erase(prev);
            }
        }
        if (end == m_top) {
            m_top = begin;
            return;
        }
        m_holes.emplace(begin, end);
    }

    [[nodiscard]] int64_t highest() const { return m_highest; }

private:
    std::map<int64_t, int64_t> m_holes; // begin -> end
    int64_t m_top = 0;
    int64_t m_highest = 0;
};

// Who last held each byte: a new placement reuses the bytes of every item
// whose range it covers, not only of the one that freed its first byte.
class Tenancy {
public:
    std::vector<size_t> move(int64_t begin, int64_t end, size_t item)
    {
        std::vector<size_t> previous;
        if (begin == end) return previous;
        auto it = m_ranges.lower_bound(begin);
        if (it != m_ranges.begin() && std::prev(it)->second.end > begin) --it;
        while (it != m_ranges.end() && it->first < end) {
            const Range range = it->second;
            const int64_t rangeBegin = it->first;
            if (std::find(previous.begin(), previous.end(), range.item) == previous.end())
                previous.push_back(range.item);
            it = m_ranges.erase(it);
            if (rangeBegin < begin) m_ranges.emplace(rangeBegin, Range{begin, range.item});
            if (range.end > end) it = m_ranges.emplace(end, Range{range.end, range.item}).first;
        }
        m_ranges.emplace(begin, Range{end, item});
        return previous;
    }

private:
    struct Range {
        int64_t end;
        size_t item;
    };
    std::map<int64_t, Range> m_ranges; // begin -> range
};

} // namespace

LinearScanResult linearScan(const std::vector<Lifetime>& items)
{
    LinearScanResult out;
    out.offsets.assign(items.size(), 0);
    out.took.assign(items.size(), {});
    std::vector<size_t> order(items.size());
    std::iota(order.begin(), order.end(), size_t{0});
    const auto byStart = [&](size_t a, size_t b) { return items[a].live.begin < items[b].live.begin; };
    if (!std::is_sorted(order.begin(), order.end(), byStart)) std::stable_sort(order.begin(), order.end(), byStart);

    using Active = std::pair<int, size_t>; // (end, item), soonest end on top
    std::priority_queue<Active, std::vector<Active>, std::greater<>> active;
    FreeList free;
    Tenancy tenancy;
    for (size_t i : order) {
        const Lifetime& item = items[i];
        while (!active.empty() && active.top().first <= item.live.begin) {
            const size_t done = active.top().second;
            active.pop();
            free.give(out.offsets[done], items[done].bytes);
        }
        out.offsets[i] = free.take(item.bytes);
        out.took[i] = tenancy.move(out.offsets[i], out.offsets[i] + item.bytes, i);
        active.emplace(static_cast<int>(item.live.end), i);
    }
    out.allocatedBytes = free.highest();
    return out;
}

WhatIfPlan whatIfPlan(const MemoryPlan& plan)
{
    WhatIfPlan out;
    out.scope = scopeName(MemSpace::Sbuf);
    if (auto it = plan.totals.find(out.scope); it != plan.totals.end())
        out.naiveBytesPerPartition = it->second.allocatedBytesPerPartition;
    const auto& all = plan.allocations;
    out.placements.reserve(all.size());
    for (size_t first = 0; first < all.size();) {
        size_t last = first;
        while (last < all.size() && all[last].function == all[first].function) ++last;
        std::vector<Lifetime> items;
        std::vector<size_t> index;
        items.reserve(last - first);
        index.reserve(last - first);
        for (size_t i = first; i < last; ++i) {
            const auto& a = all[i];
            if (a.scope != out.scope || !a.sizeKnown || a.partitions <= 0) continue;
            items.push_back({a.live, a.bytesPerPartition});
            index.push_back(i);
        }
        auto result = linearScan(items);
        for (size_t k = 0; k < items.size(); ++k) {
            std::vector<size_t>& reuses = result.took[k];
            for (size_t& t : reuses) t = index[t]; // from the scope's items to the plan's allocations
            out.placements.push_back({index[k], result.offsets[k], std::move(reuses)});
        }
        out.allocatedBytesPerPartition = std::max(out.allocatedBytesPerPartition, result.allocatedBytes);
        first = last;
    }
    out.savedBytesPerPartition = std::max<int64_t>(0, out.naiveBytesPerPartition - out.allocatedBytesPerPartition);
    return out;
}

nlohmann::json whatIfToJson(const MemoryPlan& plan, const WhatIfPlan& whatIf)
{
    nlohmann::json placements = nlohmann::json::array();
    for (const auto& p : whatIf.placements) {
        const auto& a = plan.allocations[p.allocation];
        nlohmann::json reused = nlohmann::json::array();
        for (size_t r : p.reuses) reused.push_back(plan.allocations[r].name);
        placements.push_back({{"name", a.name},
                              {"function", a.function},
                              {"offset", p.offset},
                              {"bytes_per_partition", a.bytesPerPartition},
                              {"live", {a.live.begin, a.live.end}},
                              {"reuses", reused.empty() ? nlohmann::json(nullptr) : reused.front()},
                              {"reuses_all", reused}});
    }
    return {{whatIf.scope,
             {{"policy", whatIf.policy},
              {"naive_bytes_per_partition", whatIf.naiveBytesPerPartition},
              {"allocated_bytes_per_partition", whatIf.allocatedBytesPerPartition},
              {"saved_bytes_per_partition", whatIf.savedBytesPerPartition},
              {"placements", placements}}}};
}

} // namespace tirx
