#include "ir/axis.h"

#include <array>

namespace tirx {

namespace {

struct AxisInfo {
    std::string_view name;
    Axis::Kind kind;
};

constexpr std::array kAxes = {
    AxisInfo{"m", Axis::Kind::Memory},         AxisInfo{"P", Axis::Kind::Memory},
    AxisInfo{"F", Axis::Kind::Memory},         AxisInfo{"Bank", Axis::Kind::Memory},
    AxisInfo{"TCol", Axis::Kind::Memory},      AxisInfo{"TLane", Axis::Kind::Memory},
    AxisInfo{"bx", Axis::Kind::Thread},        AxisInfo{"by", Axis::Kind::Thread},
    AxisInfo{"bz", Axis::Kind::Thread},        AxisInfo{"cbx", Axis::Kind::Thread},
    AxisInfo{"cby", Axis::Kind::Thread},       AxisInfo{"cbz", Axis::Kind::Thread},
    AxisInfo{"tx", Axis::Kind::Thread},        AxisInfo{"warpid", Axis::Kind::Thread},
    AxisInfo{"laneid", Axis::Kind::Thread},    AxisInfo{"wgid", Axis::Kind::Thread},
    AxisInfo{"tid_in_wg", Axis::Kind::Thread}, AxisInfo{"wid_in_wg", Axis::Kind::Thread},
};

} // namespace

Axis Axis::find(std::string_view name)
{
    for (size_t i = 0; i < kAxes.size(); ++i) {
        if (kAxes[i].name == name) return Axis{static_cast<int>(i)};
    }
    return Axis{};
}

Axis Axis::m() { return Axis{0}; }
Axis Axis::P() { return Axis{1}; }
Axis Axis::F() { return Axis{2}; }
Axis Axis::bank() { return Axis{3}; }

const std::vector<std::string_view>& Axis::names()
{
    static const std::vector<std::string_view> all = [] {
        std::vector<std::string_view> out;
        out.reserve(std::size(kAxes));
        for (const auto& info : kAxes) out.push_back(info.name);
        return out;
    }();
    return all;
}

std::string_view Axis::name() const { return valid() ? kAxes[m_index].name : std::string_view{"?"}; }
Axis::Kind Axis::kind() const { return valid() ? kAxes[m_index].kind : Kind::Memory; }
bool Axis::isTrainium() const { return m_index >= 1 && m_index <= 3; }

} // namespace tirx
