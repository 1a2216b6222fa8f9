#include "memory/lifetime_chart.h"
#include "ir/mem_space.h"

#include <algorithm>
#include <map>

namespace tirx {

namespace {

// The bytes of a partition's row the allocation spans: for PSUM over all
// its banks, from the first rectangle's start to the last one's end.
Interval rowInterval(const PlannedAllocation& a) { return {a.rects.front().bytes.begin, a.rects.back().bytes.end}; }

std::vector<LiveStep> liveSteps(const MemoryPlan& plan, const std::vector<LifetimeBar>& bars)
{
    std::map<int64_t, int64_t> delta;
    for (const auto& bar : bars) {
        const int64_t bytes = plan.allocations[bar.allocation].rowBytes();
        delta[bar.live.begin] += bytes;
        delta[bar.live.end] -= bytes;
    }
    std::vector<LiveStep> steps;
    int64_t live = 0;
    for (const auto& [order, change] : delta) {
        live += change;
        if (!steps.empty() && steps.back().bytes == live) continue;
        steps.push_back({order, live});
    }
    return steps;
}

} // namespace

int64_t LifetimeChart::bytesShown() const
{
    return std::max({allocatedBytes, peakLiveBytes, whatIfBytes.value_or(0), int64_t{1}});
}

std::vector<LifetimeChart> lifetimeCharts(const MemoryPlan& plan, const WhatIfPlan& whatIf, const Target& target)
{
    std::map<size_t, int64_t> whatIfOffset;
    for (const auto& p : whatIf.placements) whatIfOffset[p.allocation] = p.offset;

    std::vector<LifetimeChart> charts;
    for (const std::string_view scope : {scopeName(MemSpace::Sbuf), scopeName(MemSpace::Psum)}) {
        std::map<std::string, size_t> chartOf; // function -> index into charts
        for (size_t i = 0; i < plan.allocations.size(); ++i) {
            const auto& a = plan.allocations[i];
            if (a.scope != scope || !a.placed() || a.live.size() <= 0) continue;
            auto [it, added] = chartOf.emplace(a.function, charts.size());
            if (added) {
                LifetimeChart chart;
                chart.function = a.function;
                chart.scope = scope;
                chart.orders = a.live;
                chart.capacityBytes = isScope(a.scope, MemSpace::Psum)
                                          ? int64_t{target.psumBanks} * target.psumBankBytes
                                          : target.maxSbufBytesPerPartition;
                charts.push_back(std::move(chart));
            }
            LifetimeChart& chart = charts[it->second];
            LifetimeBar bar{i, a.live, rowInterval(a), std::nullopt};
            if (const auto w = whatIfOffset.find(i); w != whatIfOffset.end())
                bar.whatIfBytes = Interval{w->second, w->second + a.bytesPerPartition};
            chart.orders = {std::min(chart.orders.begin, a.live.begin), std::max(chart.orders.end, a.live.end)};
            chart.allocatedBytes = std::max(chart.allocatedBytes, bar.bytes.end);
            if (bar.whatIfBytes) chart.whatIfBytes = std::max(chart.whatIfBytes.value_or(0), bar.whatIfBytes->end);
            chart.bars.push_back(bar);
        }
    }
    for (auto& chart : charts) {
        chart.live = liveSteps(plan, chart.bars);
        for (const auto& step : chart.live) chart.peakLiveBytes = std::max(chart.peakLiveBytes, step.bytes);
    }
    return charts;
}

} // namespace tirx
