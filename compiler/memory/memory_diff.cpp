#include "memory/memory_diff.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tirx {

namespace {

using Key = std::tuple<std::string, std::string, int>; // function, name, occurrence

std::map<Key, size_t> keyed(const MemoryPlan& plan)
{
    std::map<Key, size_t> out;
    std::map<std::pair<std::string, std::string>, int> seen;
    for (size_t i = 0; i < plan.allocations.size(); ++i) {
        const auto& a = plan.allocations[i];
        out.emplace(Key{a.function, a.name, seen[{a.function, a.name}]++}, i);
    }
    return out;
}

std::string shapeText(const std::vector<int64_t>& shape)
{
    std::string out = "(";
    for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + ")";
}

std::string placeText(const PlannedAllocation& a)
{
    if (!a.offset) return "unplaced";
    if (a.bank) return "bank " + std::to_string(*a.bank) + " + " + std::to_string(*a.offset);
    return std::to_string(*a.offset);
}

} // namespace

const char* memoryChangeName(MemoryChange::Kind kind)
{
    switch (kind) {
    case MemoryChange::Kind::Added: return "added";
    case MemoryChange::Kind::Removed: return "removed";
    case MemoryChange::Kind::Placed: return "placed";
    case MemoryChange::Kind::Moved: return "moved";
    case MemoryChange::Kind::Resized: return "resized";
    case MemoryChange::Kind::Reshaped: return "reshaped";
    }
    return "changed";
}

std::vector<MemoryChange> diffMemoryPlans(const MemoryPlan& before, const MemoryPlan& after)
{
    const auto old = keyed(before);
    const auto now = keyed(after);
    std::vector<MemoryChange> out;
    // In the later plan's program order, then what went away.
    std::vector<std::pair<size_t, Key>> order;
    order.reserve(now.size());
    for (const auto& [key, i] : now) order.emplace_back(i, key);
    std::sort(order.begin(), order.end());
    for (const auto& [i, key] : order) {
        const auto& a = after.allocations[i];
        const auto found = old.find(key);
        if (found == old.end()) {
            std::string by = a.createdBy == "user" ? std::string{} : " by " + a.createdBy;
            if (!a.serves.empty()) by += " for " + a.serves;
            out.push_back({MemoryChange::Kind::Added, std::nullopt, i,
                           a.name + ": added" + by + " (" + std::to_string(a.rowBytes()) + " bytes per partition)"});
            continue;
        }
        const auto& b = before.allocations[found->second];
        if (b.rowBytes() != a.rowBytes()) {
            out.push_back({MemoryChange::Kind::Resized, found->second, i,
                           a.name + ": " + std::to_string(b.rowBytes()) + " -> " + std::to_string(a.rowBytes()) +
                               " bytes per partition"});
        } else if (b.shape != a.shape || b.hasLayout != a.hasLayout) {
            // LowerTrainiumLayout: the same bytes, now addressed physically.
            out.push_back({MemoryChange::Kind::Reshaped, found->second, i,
                           a.name + ": shape " + shapeText(b.shape) + (b.hasLayout ? " with a layout" : "") + " -> " +
                               shapeText(a.shape) + (a.hasLayout ? " with a layout" : "")});
        }
        if (b.offset != a.offset || b.bank != a.bank) {
            const auto kind = b.offset ? MemoryChange::Kind::Moved : MemoryChange::Kind::Placed;
            out.push_back({kind, found->second, i, a.name + ": " + placeText(b) + " -> " + placeText(a)});
        }
    }
    for (const auto& [key, i] : old) {
        if (now.count(key)) continue;
        out.push_back({MemoryChange::Kind::Removed, i, std::nullopt, before.allocations[i].name + ": removed"});
    }
    return out;
}

} // namespace tirx
