#include "layout/layout_grid_cache.h"

#include "ir/make.h"

#include <algorithm>
#include <optional>

namespace tirx {

namespace {

// The type's numbers as text; nullopt when one is not a constant (such a
// type is built, and fails, without the cache).
std::optional<std::string> keyOf(const TensorType& type)
{
    std::string key = type.scope() + " " + type.dtype().str() + " (";
    auto number = [&key](const Expr& e) {
        const auto v = constInt(e);
        if (v) key += std::to_string(*v) + " ";
        return v.has_value();
    };
    for (const auto& d : type.shape()) {
        if (!number(d)) return std::nullopt;
    }
    key += ")";
    const Layout& layout = type.layout();
    if (!layout) return key + " stored";
    auto iters = [&](const std::vector<Iter>& list, const char* tag) {
        key += tag;
        for (const auto& it : list) {
            if (!number(it.extent) || !number(it.stride)) return false;
            key += std::string(it.axis.name()) + " ";
        }
        return true;
    };
    if (!iters(layout->shard(), " S ") || !iters(layout->replica(), " R ")) return std::nullopt;
    key += " O ";
    for (const auto& [axis, value] : layout->offset()) {
        if (!number(value)) return std::nullopt;
        key += std::string(axis.name()) + " ";
    }
    return key;
}

} // namespace

LayoutGridCache::Result LayoutGridCache::build(const TensorType& type)
{
    const auto key = keyOf(type);
    if (key) {
        const auto it = std::find_if(m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.key == *key; });
        if (it != m_entries.end()) {
            std::rotate(it, it + 1, m_entries.end());
            ++m_hits;
            return {m_entries.back().grid, {}};
        }
    }
    auto built = LayoutGrid::build(type);
    if (!built.ok()) return {nullptr, std::move(built.error)};
    auto grid = std::make_shared<const LayoutGrid>(std::move(*built.grid));
    if (key && m_capacity > 0) {
        if (m_entries.size() >= m_capacity) m_entries.erase(m_entries.begin());
        m_entries.push_back({*key, grid});
    }
    return {std::move(grid), {}};
}

} // namespace tirx
