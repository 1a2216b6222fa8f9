#include "codegen/name_supply.h"

namespace tirx {

std::string NameSupply::fresh(std::string_view hint)
{
    std::string name(hint);
    for (char& c : name) {
        if (c == '.') c = '_';
    }
    auto it = m_counters.find(name);
    if (it == m_counters.end()) {
        m_counters.emplace(name, 0);
        return name;
    }
    std::string candidate = name;
    // The counter lives on the base name, so `i` yields i_1, i_2, ... even
    // when some of those were taken directly.
    while (m_counters.count(candidate)) candidate = name + "_" + std::to_string(++m_counters[name]);
    m_counters.emplace(candidate, 0);
    return candidate;
}

} // namespace tirx
