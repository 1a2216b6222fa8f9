#include "memory/what_if.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <queue>

namespace tirx {

namespace {

// Free byte ranges below the top, each remembering the item that freed its
// first byte, so a tensor placed there can say whose space it takes.
class FreeList {
public:
    struct Taken {
        int64_t offset;
        std::optional<size_t> previous;
    };

    Taken take(int64_t bytes)
    {
        for (auto it = m_holes.begin(); it != m_holes.end(); ++it) {
            if (it->second.end - it->first < bytes) continue;
            const Taken taken{it->first, it->second.owner};
            Hole rest{it->second.end, it->second.owner};
            const int64_t restBegin = it->first + bytes;
            m_holes.erase(it);
            if (restBegin < rest.end) m_holes.emplace(restBegin, rest);
            return taken;
        }
        const Taken taken{m_top, m_topOwner};
        m_top += bytes;
        m_topOwner.reset();
        m_highest = std::max(m_highest, m_top);
        return taken;
    }

    void give(int64_t offset, int64_t bytes, size_t owner)
    {
        if (bytes == 0) return;
        int64_t begin = offset;
        int64_t end = offset + bytes;
        std::optional<size_t> first = owner;
        auto next = m_holes.lower_bound(begin);
        if (next != m_holes.end() && next->first == end) {
            end = next->second.end;
            next = m_holes.erase(next);
        }
        if (next != m_holes.begin()) {
            auto prev = std::prev(next);
            if (prev->second.end == begin) {
                begin = prev->first;
                first = prev->second.owner;
                m_holes.erase(prev);
            }
        }
        if (end == m_top) {
            m_top = begin;
            m_topOwner = first;
            return;
        }
        m_holes.emplace(begin, Hole{end, first});
    }

    [[nodiscard]] int64_t highest() const { return m_highest; }

private:
    struct Hole {
        int64_t end;
        std::optional<size_t> owner;
    };
    std::map<int64_t, Hole> m_holes;
    int64_t m_top = 0;
    std::optional<size_t> m_topOwner;
    int64_t m_highest = 0;
};

} // namespace

LinearScanResult linearScan(const std::vector<Lifetime>& items)
{
    LinearScanResult out;
    out.offsets.assign(items.size(), 0);
    out.took.assign(items.size(), std::nullopt);
    std::vector<size_t> order(items.size());
    std::iota(order.begin(), order.end(), size_t{0});
    const auto byStart = [&](size_t a, size_t b) { return items[a].live.begin < items[b].live.begin; };
    if (!std::is_sorted(order.begin(), order.end(), byStart)) std::stable_sort(order.begin(), order.end(), byStart);

    using Active = std::pair<int, size_t>; // (end, item), soonest end on top
    std::priority_queue<Active, std::vector<Active>, std::greater<>> active;
    FreeList free;
    for (size_t i : order) {
        const Lifetime& item = items[i];
        while (!active.empty() && active.top().first <= item.live.begin) {
            const size_t done = active.top().second;
            active.pop();
            free.give(out.offsets[done], items[done].bytes, done);
        }
        const auto taken = free.take(item.bytes);
        out.offsets[i] = taken.offset;
        out.took[i] = taken.previous;
        active.emplace(static_cast<int>(item.live.end), i);
    }
    out.allocatedBytes = free.highest();
    return out;
}

WhatIfPlan whatIfPlan(const MemoryPlan& plan)
{
    WhatIfPlan out;
    out.scope = "trn.sbuf";
    if (auto it = plan.totals.find(out.scope); it != plan.totals.end())
        out.naiveBytesPerPartition = it->second.allocatedBytesPerPartition;
    const auto& all = plan.allocations;
    for (size_t first = 0; first < all.size();) {
        size_t last = first;
        while (last < all.size() && all[last].function == all[first].function) ++last;
        std::vector<Lifetime> items;
        std::vector<size_t> index;
        for (size_t i = first; i < last; ++i) {
            const auto& a = all[i];
            if (a.scope != out.scope || !a.sizeKnown || a.partitions <= 0) continue;
            items.push_back({a.live, a.bytesPerPartition});
            index.push_back(i);
        }
        const auto result = linearScan(items);
        for (size_t k = 0; k < items.size(); ++k) {
            std::optional<size_t> reuses;
            if (result.took[k]) reuses = index[*result.took[k]];
            out.placements.push_back({index[k], result.offsets[k], reuses});
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
        placements.push_back(
            {{"name", a.name},
             {"function", a.function},
             {"offset", p.offset},
             {"bytes_per_partition", a.bytesPerPartition},
             {"live", {a.live.begin, a.live.end}},
             {"reuses", p.reuses ? nlohmann::json(plan.allocations[*p.reuses].name) : nlohmann::json(nullptr)}});
    }
    return {{whatIf.scope,
             {{"policy", whatIf.policy},
              {"naive_bytes_per_partition", whatIf.naiveBytesPerPartition},
              {"allocated_bytes_per_partition", whatIf.allocatedBytesPerPartition},
              {"saved_bytes_per_partition", whatIf.savedBytesPerPartition},
              {"placements", placements}}}};
}

} // namespace tirx
