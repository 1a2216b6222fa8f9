#include "memmap_table.h"

#include "ir/diagnostic_cap.h"
#include "memory/memory_scene.h"

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
    // An allocation a statement repeats at one place (a kernel's loop) is one
    // row, "lhs ×16", as the map draws it.
    const ShownAllocations shown[] = {shownAllocations(plan, std::string(scopeName(MemSpace::Sbuf))),
                                      shownAllocations(plan, std::string(scopeName(MemSpace::Psum)))};
    for (size_t i = 0; i < plan.allocations.size(); ++i) {
        const auto& a = plan.allocations[i];
        size_t repeats = 1;
        bool folded = false;
        for (const auto& scope : shown) {
            if (const auto drawnFor = scope.shownFor(i)) {
                folded = *drawnFor != i;
                repeats = scope.repeatsOf(i);
            }
        }
        if (folded) continue;
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
        // Padded by characters, not bytes: "×" is two bytes of UTF-8.
        const std::string name = repeatedName(a.name, repeats);
        const int width = 16 + (repeats > 1 ? 1 : 0);
        std::snprintf(line, sizeof line, "%-*s %-9s %-9s %10s %6lld %10lld %-8s ", width, name.c_str(), a.scope.c_str(),
                      a.dtypeName().c_str(), offset.c_str(), static_cast<long long>(a.partitions),
                      static_cast<long long>(a.rowBytes()), source.c_str());
        // A workspace says which tile call it serves, as the Memory dock does.
        out += line + a.createdBy + (a.serves.empty() ? "" : " for " + a.serves) + "\n";
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
