#include "ir/mem_space.h"
#include "memory/memory_plan.h"

#include <nlohmann/json.hpp>

namespace tirx {

namespace {

nlohmann::json pointJson(const ProgramPoint& p)
{
    return {{"order", p.order}, {"line", p.span.line}, {"column", p.span.column}};
}

nlohmann::json intervalJson(const std::optional<Interval>& i)
{
    return i ? nlohmann::json::array({i->begin, i->end}) : nlohmann::json(nullptr);
}

template <class T> nlohmann::json orNull(const std::optional<T>& v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json allocationJson(const PlannedAllocation& a)
{
    nlohmann::json rects = nlohmann::json::array();
    for (const auto& r : a.rects) {
        rects.push_back(
            {{"partitions", {r.partitions.begin, r.partitions.end}}, {"bytes", {r.bytes.begin, r.bytes.end}}});
    }
    nlohmann::json j{{"function", a.function},
                     {"name", a.name},
                     {"scope", a.scope},
                     {"dtype", a.dtypeName()},
                     {"shape", a.shape},
                     {"physical_shape", a.physicalShape},
                     // For PSUM over all its banks, as the totals count it.
                     {"bytes_per_partition", a.rowBytes()},
                     {"partitions", a.partitions},
                     {"offset", orNull(a.offset)},
                     {"partition_range", intervalJson(a.partitionRange)},
                     {"byte_range", intervalJson(a.byteRange)},
                     {"rects", rects},
                     {"placement_modelled", a.placementModelled},
                     {"created_by", a.createdBy},
                     {"serves", a.serves.empty() ? nlohmann::json(nullptr) : nlohmann::json(a.serves)},
                     {"first_use", pointJson(a.firstUse)},
                     {"last_use", pointJson(a.lastUse)},
                     {"span", {{"line", a.definition.span.line}, {"column", a.definition.span.column}}}};
    if (isScope(a.scope, MemSpace::Psum)) {
        j["bank"] = orNull(a.bank);
        j["banks"] = a.banks;
        j["bytes_per_bank"] = a.bytesPerPartition;
        j["bank_range"] = intervalJson(a.bankRange);
    }
    return j;
}

} // namespace

nlohmann::json memoryPlanToJson(const MemoryPlan& plan)
{
    nlohmann::json allocations = nlohmann::json::array();
    for (const auto& a : plan.allocations) allocations.push_back(allocationJson(a));
    nlohmann::json overlaps = nlohmann::json::array();
    for (const auto& o : plan.overlaps) {
        overlaps.push_back({{"scope", plan.allocations[o.earlier].scope},
                            {"earlier", plan.allocations[o.earlier].name},
                            {"later", plan.allocations[o.later].name},
                            {"earlier_index", o.earlier},
                            {"later_index", o.later},
                            {"bytes", {o.bytes.begin, o.bytes.end}}});
    }
    nlohmann::json totals = nlohmann::json::object();
    for (const auto& [scope, t] : plan.totals) {
        totals[scope] = {{"allocated_bytes_per_partition", t.allocatedBytesPerPartition},
                         {"peak_live_bytes_per_partition", t.peakLiveBytesPerPartition},
                         {"capacity_bytes_per_partition", t.capacityBytesPerPartition}};
    }
    return {{"target", plan.target},
            {"after", plan.after},
            {"allocations", allocations},
            {"overlaps", overlaps},
            {"overlaps_not_listed", plan.overlapsNotListed},
            {"totals", totals}};
}

} // namespace tirx
