#pragma once

#include "memory/memory_plan.h"
#include "target/target.h"
#include "transform/pipeline.h"

#include <map>
#include <memory>

// The memory plans of the pass the workbench shows, with the target they
// were placed for: what the memory maps, the allocation table and the IR's
// placement notes draw. The session builds them from a lowered Trace; a
// front end whose placement comes from elsewhere (an NKI kernel's trace)
// hands its own to WorkbenchSession::setMemoryPlans.
struct MemoryPlans {
    std::shared_ptr<const tirx::MemoryPlan> plan; // the pass shown
    std::shared_ptr<const tirx::MemoryPlan> base; // the pass the diff starts from (may be `plan`)
    const tirx::Target* target = nullptr;         // never a default: null with no plan

    [[nodiscard]] bool empty() const { return !plan; }
};

// Plans already built, one per Trace entry, so stepping back to a pass or
// a lowering that only adds passes does not place its memory again. Entries
// are shared between the partial Traces of a run and the complete one, so
// the key is the entry itself (held, so its address is not reused).
class MemoryPlanCache {
public:
    [[nodiscard]] std::shared_ptr<const tirx::MemoryPlan> find(const tirx::TraceEntryRef& entry) const;
    void insert(const tirx::TraceEntryRef& entry, std::shared_ptr<const tirx::MemoryPlan> plan);
    // Forgets the plans of entries `trace` no longer holds.
    void keepOnly(const tirx::Trace& trace);
    void clear() { m_plans.clear(); }
    [[nodiscard]] size_t size() const { return m_plans.size(); }

private:
    struct Held {
        tirx::TraceEntryRef entry;
        std::shared_ptr<const tirx::MemoryPlan> plan;
    };
    std::map<const tirx::TraceEntry*, Held> m_plans;
};
