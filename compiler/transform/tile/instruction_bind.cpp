// The instruction planner's bindings: loop variables bound to a region's
// dimensions (propagated to the regions linked to it), and the axes,
// indices and guard they give each region when the instruction is built.
// The regions, their views and the fitting of instructions are in
// instruction_plan.cpp.

#include "transform/tile/instruction_plan.h"

#include "analysis/simplify.h"
#include "ir/make.h"

#include <algorithm>

namespace tirx {

void InstructionPlanner::addBindings(size_t r, const std::vector<std::vector<Binding>>& added, bool propagate)
{
    for (size_t j = 0; j < added.size(); ++j) {
        auto& list = m_views[r].bindings[j];
        list.insert(list.end(), added[j].begin(), added[j].end());
    }
    if (!propagate) return;
    for (size_t o = 0; o < m_views.size(); ++o) {
        if (o == r) continue;
        const DimMap map = dimMap(r, o);
        View& other = m_views[o];
        const View& from = m_views[r];
        for (const auto& [i, j] : map) {
            const size_t count = std::min(from.seps[i + 1] - from.seps[i], other.seps[j + 1] - other.seps[j]);
            for (size_t k = 0; k < count; ++k) {
                const auto& src = added[from.seps[i] + k];
                auto& dst = other.bindings[other.seps[j] + k];
                dst.insert(dst.end(), src.begin(), src.end());
            }
        }
    }
}

void InstructionPlanner::bind(size_t r, const Var& var, int64_t size, int64_t stride, bool free, bool propagate)
{
    View& view = m_views[r];
    if (!onChip(r)) throw PlanError("cannot propagate instruction information from HBM tensor '" + view.name + "'");
    const int64_t end = size * stride;
    const auto fail = [&] {
        throw PlanError("cannot place an instruction of " + std::to_string(size) + " elements at stride " +
                        std::to_string(stride) + " on the layout of '" + view.name + "'");
    };
    std::vector<std::vector<Binding>> added(view.iters.size());
    for (size_t j = 0; j < view.iters.size(); ++j) {
        const ViewIter& it = view.iters[j];
        if (it.isFree() != free) continue;
        const int64_t top = it.stride * it.extent;
        if (top <= stride || it.stride >= end) continue;
        if (top < end && stride <= it.stride) {
            if (end % top != 0 || it.stride % stride != 0) fail();
            added[j].push_back({1, it.extent, var, top / stride, it.stride / stride});
        } else if (top < end) {
            if (end % top != 0 || stride % it.stride != 0) fail();
            added[j].push_back({stride / it.stride, top / stride, var, top / stride, 1});
        } else if (stride <= it.stride) {
            if (top % end != 0 || it.stride % stride != 0) fail();
            added[j].push_back({1, end / it.stride, var, 0, it.stride / stride});
        }
    }
    addBindings(r, added, propagate);
}

namespace {

bool bindingLess(const Binding& a, const Binding& b)
{
    return a.lstride != b.lstride ? a.lstride < b.lstride : a.extent < b.extent;
}

Expr bindingExpr(const Binding& b, const VarSubst& subst)
{
    Expr v = b.var;
    if (auto it = subst.find(b.var.get()); it != subst.end()) v = it->second;
    if (b.mod) v = floorMod(v, intImm(b.mod));
    if (b.div != 1) v = floorDiv(v, intImm(b.div));
    return v;
}

} // namespace

int64_t InstructionPlanner::fillBlock(size_t r, const Var& var, const std::vector<size_t>& dims)
{
    View& view = m_views[r];
    std::vector<size_t> order = dims;
    if (order.empty()) {
        for (size_t i = 0; i + 1 < view.seps.size(); ++i) order.push_back(i);
    }
    const bool onChipView = onChip(r);
    std::vector<std::vector<Binding>> added(view.iters.size());
    int64_t acc = 1;
    for (auto i = order.rbegin(); i != order.rend(); ++i) {
        for (size_t j = view.seps[*i + 1]; j-- > view.seps[*i];) {
            const ViewIter& it = view.iters[j];
            auto binds = view.bindings[j];
            std::stable_sort(binds.begin(), binds.end(), bindingLess);
            for (size_t d = 0; d <= binds.size(); ++d) {
                const int64_t next = d < binds.size() ? binds[d].lstride : it.extent;
                const int64_t cur = d == 0 ? 1 : binds[d - 1].lstride * binds[d - 1].extent;
                if (next % cur != 0)
                    throw PlanError("fail to infer the block dimension of '" + view.name + "' at dim " +
                                    std::to_string(*i));
                const int64_t gap = next / cur;
                if (onChipView && it.axis == Axis::P()) {
                    if (gap != 1)
                        throw PlanError("fail to propagate the partition dimension: the instruction does not cover "
                                        "the whole partition of '" +
                                        view.name + "' at dim " + std::to_string(*i));
                } else if (gap > 1) {
                    added[j].push_back({cur, gap, var, acc * gap, acc});
                    acc *= gap;
                }
            }
        }
    }
    addBindings(r, added, true);
    return acc;
}

std::vector<Expr> InstructionPlanner::axes(size_t r, const VarSubst& subst) const
{
    const View& view = m_views[r];
    std::vector<Expr> out;
    for (size_t i = 0; i + 1 < view.seps.size(); ++i) {
        Expr index = intImm(0);
        int64_t acc = 1;
        for (size_t j = view.seps[i + 1]; j-- > view.seps[i];) {
            auto binds = view.bindings[j];
            std::stable_sort(binds.begin(), binds.end(), bindingLess);
            for (size_t d = 0; d < binds.size(); ++d) {
                const int64_t next = d + 1 < binds.size() ? binds[d + 1].lstride : view.iters[j].extent;
                if (next != binds[d].lstride * binds[d].extent)
                    throw PlanError("the instruction and block variables do not cover '" + view.name + "' at dim " +
                                    std::to_string(i));
            }
            for (auto d = binds.rbegin(); d != binds.rend(); ++d) {
                if (d->extent == 1) continue;
                index = add(index, mul(mul(intImm(d->lstride), bindingExpr(*d, subst)), intImm(acc)));
            }
            acc *= view.iters[j].extent;
        }
        out.push_back(index);
    }
    return out;
}

std::vector<Expr> InstructionPlanner::indices(size_t r, const VarSubst& subst) const
{
    auto out = axes(r, subst);
    const auto& ranges = as<TensorRegionNode>(m_views[r].region)->ranges();
    for (size_t i = 0; i < out.size(); ++i) out[i] = add(out[i], ranges[i].min);
    return out;
}

Expr InstructionPlanner::guard(size_t r, const VarSubst& subst) const
{
    const View& view = m_views[r];
    if (std::none_of(view.bounded.begin(), view.bounded.end(), [](bool b) { return b; })) return nullptr;
    const auto ax = axes(r, subst);
    const auto& ranges = as<TensorRegionNode>(view.region)->ranges();
    Expr cond = boolImm(true);
    for (size_t i = 0; i < ax.size(); ++i) {
        if (view.bounded[i]) cond = binary(BinaryOp::And, cond, binary(BinaryOp::LT, ax[i], ranges[i].extent));
    }
    return cond;
}

} // namespace tirx
