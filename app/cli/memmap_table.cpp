#include "memmap_table.h"

#include "ir/diagnostic_cap.h"

#include <cstdio>

namespace tirx::cli {

std::string memoryPlanTable(const MemoryPlan& plan)
{
    std::string out = "target " + plan.target + ", after " + plan.after + "\n";
    char line[256];
    std::snprintf(line, sizeof line, "%-16s %-9s %-9s %10s %6s %10s %-8s %s\n", "name", "scope", "dtype", "offset",
                  "parts", "bytes/part", "source", "created by");
    out += line;
    bool modelled = false;
    for (const auto& a : plan.allocations) {
        std::string offset = a.offset ? std::to_string(*a.offset) : "-";
        if (a.bank && a.banks > 1)
            offset = "b" + std::to_string(*a.bank) + "-" + std::to_string(*a.bank + a.banks - 1) + "+" + offset;
        else if (a.bank)
            offset = "b" + std::to_string(*a.bank) + "+" + offset;
        if (a.placementModelled) {
            offset += "*";
            modelled = true;
        }
        const std::string source = a.definition.span.valid() ? std::to_string(a.definition.span.line) + ":" +
                                                                   std::to_string(a.definition.span.column)
                                                             : "-";
        std::snprintf(line, sizeof line, "%-16s %-9s %-9s %10s %6lld %10lld %-8s %s\n", a.name.c_str(), a.scope.c_str(),
                      a.dtypeName().c_str(), offset.c_str(), static_cast<long long>(a.partitions),
                      static_cast<long long>(a.rowBytes()), source.c_str(), a.createdBy.c_str());
        out += line;
    }
    if (modelled) out += "* modelled placement — the compiler may place it elsewhere\n";
    for (const auto& o : plan.overlaps) {
        const auto& a = plan.allocations[o.earlier];
        const auto& b = plan.allocations[o.later];
        std::snprintf(line, sizeof line, "overlap: %s and %s in %s, bytes %lld..%lld\n", b.name.c_str(), a.name.c_str(),
                      a.scope.c_str(), static_cast<long long>(o.bytes.begin), static_cast<long long>(o.bytes.end - 1));
        out += line;
    }
    // The plan lists the first pairs of a scope and counts the rest; say how
    // many, as `check` does, so a capped list never reads as the whole.
    if (plan.overlapsNotListed > 0) out += "… and " + withThousands(plan.overlapsNotListed) + " more overlaps\n";
    for (const auto& [scope, t] : plan.totals) {
        std::snprintf(line, sizeof line, "%s: %lld allocated, %lld peak live, %lld capacity (bytes per partition)\n",
                      scope.c_str(), static_cast<long long>(t.allocatedBytesPerPartition),
                      static_cast<long long>(t.peakLiveBytesPerPartition),
                      static_cast<long long>(t.capacityBytesPerPartition));
        out += line;
    }
    return out;
}

std::string whatIfTable(const MemoryPlan& plan, const WhatIfPlan& w)
{
    std::string out = "what-if (a comparison; the output is unchanged): " + w.policy + " over " + w.scope + ", " +
                      std::to_string(w.allocatedBytesPerPartition) + " bytes per partition where the allocator uses " +
                      std::to_string(w.naiveBytesPerPartition) + ": " + std::to_string(w.savedBytesPerPartition) +
                      " saved\n";
    for (const auto& p : w.placements) {
        const auto& a = plan.allocations[p.allocation];
        out += "  " + a.name + " at " + std::to_string(p.offset) + " (live " + std::to_string(a.live.begin) + ".." +
               std::to_string(a.live.end - 1) + ")";
        for (size_t i = 0; i < p.reuses.size(); ++i)
            out += (i == 0 ? ", in the bytes of " : ", ") + plan.allocations[p.reuses[i]].name;
        out += "\n";
    }
    return out;
}

} // namespace tirx::cli
