#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

namespace tirx {

// The reference printer's name supply (spec 07 §3.1): the first request for
// a name returns it, later ones `name_1`, `name_2`, ..., skipping any that
// are already taken. Dots become underscores.
class NameSupply {
public:
    [[nodiscard]] std::string fresh(std::string_view hint);
    [[nodiscard]] bool contains(std::string_view name) const { return m_counters.count(std::string(name)) != 0; }

private:
    std::unordered_map<std::string, int> m_counters;
};

} // namespace tirx
