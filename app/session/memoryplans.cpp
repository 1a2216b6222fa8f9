#include "memoryplans.h"

#include <set>

std::shared_ptr<const tirx::MemoryPlan> MemoryPlanCache::find(const tirx::TraceEntryRef& entry) const
{
    const auto it = m_plans.find(entry.get());
    return it == m_plans.end() ? nullptr : it->second.plan;
}

void MemoryPlanCache::insert(const tirx::TraceEntryRef& entry, std::shared_ptr<const tirx::MemoryPlan> plan)
{
    if (!entry || !plan) return;
    m_plans[entry.get()] = Held{entry, std::move(plan)};
}

void MemoryPlanCache::keepOnly(const tirx::Trace& trace)
{
    std::set<const tirx::TraceEntry*> kept;
    for (const auto& entry : trace.entries) kept.insert(entry.get());
    std::erase_if(m_plans, [&](const auto& item) { return !kept.contains(item.first); });
}
