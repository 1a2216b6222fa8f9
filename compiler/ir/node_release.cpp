#include "ir/node_release.h"

#include <vector>

namespace tirx::detail {

namespace {

struct Buried {
    std::vector<Expr> nodes;
    bool draining = false;
};

Buried& buried()
{
    thread_local Buried b;
    return b;
}

} // namespace

void bury(const Expr& child) noexcept
{
    if (!child || child.use_count() != 1) return;
    buried().nodes.push_back(std::move(const_cast<Expr&>(child)));
}

void drainBuried() noexcept
{
    Buried& b = buried();
    if (b.draining) return;
    b.draining = true;
    while (!b.nodes.empty()) {
        Expr last = std::move(b.nodes.back());
        b.nodes.pop_back();
        last.reset();
    }
    b.draining = false;
}

} // namespace tirx::detail
