#include "analysis/reduction_plan.h"

#include "analysis/instruction_plan.h"
#include "analysis/layout_algebra.h"
#include "analysis/simplify.h"
#include "ir/make.h"
#include "ir/tensor_type.h"

#include <algorithm>

namespace tirx {

namespace {

// A source operand of an element-wise step: a region (with its planner
// index) or a float constant.
struct Operand {
    Expr expr;
    std::optional<size_t> region;
    [[nodiscard]] bool isConst() const { return !region; }
};

const TensorType& typeOf(const Expr& region) { return *as<TensorRegionNode>(region)->tensor()->tensorType(); }

std::string nameOf(const Expr& region) { return as<TensorRegionNode>(region)->tensor()->name(); }

int64_t partitionsOf(const Expr& region)
{
    int64_t p = 1;
    for (const auto& it : typeOf(region).layout()->shard()) {
        if (it.axis == Axis::P()) {
            auto e = constInt(it.extent);
            if (!e) throw PlanError("the partition extent of '" + nameOf(region) + "' is not a constant");
            p *= *e;
        }
    }
    return p;
}

bool onChipLayout(const TensorType& t) { return t.layout() && isTrainiumLayout(t.layout().get()); }

bool sourceScope(const TensorType& t) { return t.isSbuf() || t.isPsum(); }

void requireRegion(const Expr& e, const std::string& what)
{
    if (!as<TensorRegionNode>(e)) throw PlanError(what + " must be a tensor region");
}

bool provablyNotEqual(const Expr& a, const Expr& b, const VarRanges& ranges)
{
    auto x = constInt(a);
    auto y = constInt(b);
    if (x && y) return *x != *y;
    return canProve(binary(BinaryOp::NE, a, b), ranges);
}

std::vector<Expr> extentsOf(const Expr& region)
{
    std::vector<Expr> out;
    for (const auto& r : regionRanges(region)) out.push_back(r.extent);
    return out;
}

std::vector<Expr> nonUnit(const std::vector<Expr>& extents)
{
    std::vector<Expr> out;
    for (const auto& e : extents) {
        if (!isConstInt(e, 1)) out.push_back(e);
    }
    return out;
}

Operand sourceOperand(InstructionPlanner& planner, const Expr& e, const std::string& what)
{
    if (as<TensorRegionNode>(e)) return {e, planner.addRegion(e)};
    if (as<FloatImmNode>(e)) return {e, std::nullopt};
    throw PlanError(what + " must be a float constant or a tensor region");
}

struct NaryResult {
    InstRepr inst;
    std::vector<bool> tensorScalar; // one per source after the first
};

// Chapter 05 §2.12 (try_find_inst_nary): the largest instruction on `dst`
// that every source can follow, and for each later source whether it is read
// as a per-partition scalar.
NaryResult findInstNary(InstructionPlanner& planner, const Operand& dst, std::vector<Operand> srcs,
                        const std::vector<size_t>& allowed, const VarRanges& ranges)
{
    if (srcs[0].isConst() && srcs[1].isConst())
        throw PlanError("an element-wise step cannot take only float constants as sources");
    if (srcs[0].isConst()) std::swap(srcs[0], srcs[1]);

    const auto& dt = typeOf(dst.expr);
    bool valid = onChipLayout(dt) && dt.isSbuf();
    for (const auto& s : srcs) {
        if (!s.isConst()) valid = valid && onChipLayout(typeOf(s.expr)) && sourceScope(typeOf(s.expr));
    }
    if (!valid)
        throw PlanError("invalid tensor region: the destination must be an SBUF tile and the sources SBUF or PSUM "
                        "tiles, all with Trainium layouts");

    const auto allEqualTail = [&](const std::vector<Expr>& a, const std::vector<Expr>& b, int unitSide) {
        const size_t k = std::min(a.size(), b.size());
        for (size_t i = 1; i <= k; ++i) {
            const auto& x = a[a.size() - i];
            const auto& y = b[b.size() - i];
            if (provablyEqualExpr(x, y, ranges)) continue;
            if (unitSide == 0 && provablyEqualExpr(x, intImm(1), ranges)) continue;
            if (unitSide == 1 && provablyEqualExpr(y, intImm(1), ranges)) continue;
            return false;
        }
        return true;
    };
    const auto leadingUnit = [&](const std::vector<Expr>& v, size_t k) {
        for (size_t i = 0; i + k < v.size(); ++i) {
            if (!provablyEqualExpr(v[i], intImm(1), ranges)) return false;
        }
        return true;
    };
    if (!srcs[1].isConst()) {
        const auto e0 = extentsOf(srcs[0].expr);
        const auto e1 = extentsOf(srcs[1].expr);
        const size_t k = std::min(e0.size(), e1.size());
        const std::string mismatch =
            "shape mismatch between '" + nameOf(srcs[0].expr) + "' and '" + nameOf(srcs[1].expr) + "'";
        if (allEqualTail(e0, e1, -1)) {
            if (e0.size() < e1.size() && !leadingUnit(e1, k)) std::swap(srcs[0], srcs[1]);
        } else if (allEqualTail(e0, e1, 0)) {
            std::swap(srcs[0], srcs[1]);
            if (!leadingUnit(e0, k)) throw PlanError(mismatch);
        } else if (allEqualTail(e0, e1, 1)) {
            if (!leadingUnit(e1, k)) throw PlanError(mismatch);
        } else {
            throw PlanError(mismatch);
        }
    }

    const auto s0 = extentsOf(srcs[0].expr);
    const auto n0 = nonUnit(s0);
    const auto nd = nonUnit(extentsOf(dst.expr));
    bool sameShape = n0.size() == nd.size();
    for (size_t i = 0; sameShape && i < n0.size(); ++i) sameShape = provablyEqualExpr(n0[i], nd[i], ranges);
    if (!sameShape) throw PlanError("the larger of the two sources must have the same shape as the destination");
    planner.link(*dst.region, *srcs[0].region, ewiseDimMap(dst.expr, srcs[0].expr, ranges));

    for (size_t s = 1; s < srcs.size(); ++s) {
        if (srcs[s].isConst()) continue;
        const auto se = extentsOf(srcs[s].expr);
        const std::string mismatch =
            "shape mismatch between '" + nameOf(srcs[0].expr) + "' and '" + nameOf(srcs[s].expr) + "'";
        if (se.size() > s0.size() && !leadingUnit(se, s0.size())) throw PlanError(mismatch);
        std::vector<size_t> broadcast;
        for (size_t i = 1; i <= std::min(se.size(), s0.size()); ++i) {
            const auto& a = se[se.size() - i];
            const auto& b = s0[s0.size() - i];
            if (provablyNotEqual(a, intImm(1), ranges) && provablyNotEqual(a, b, ranges)) throw PlanError(mismatch);
            if (provablyNotEqual(a, b, ranges)) broadcast.push_back(s0.size() - i);
        }
        for (size_t i = 0; i + se.size() < s0.size(); ++i) broadcast.push_back(i);
        DimMap map;
        for (size_t i = 0; i < s0.size(); ++i) {
            if (std::find(broadcast.begin(), broadcast.end(), i) != broadcast.end()) continue;
            const auto j = static_cast<int64_t>(i + se.size()) - static_cast<int64_t>(s0.size());
            if (j >= 0) map[i] = static_cast<size_t>(j);
        }
        planner.link(*srcs[0].region, *srcs[s].region, map);
        if (!planner.partitionMatch(*srcs[0].region, *srcs[s].region))
            throw PlanError("partition dimension mismatch between '" + nameOf(srcs[0].expr) + "' and '" +
                            nameOf(srcs[s].expr) + "'");
    }

    NaryResult out{planner.maxInstFromRegion(*dst.region, &allowed), {}};
    for (size_t s = 0; s < srcs.size(); ++s) {
        if (srcs[s].isConst()) {
            out.tensorScalar.push_back(true);
            continue;
        }
        const InstRepr full = planner.fit(out.inst, *srcs[s].region);
        const InstRepr bcast = planner.fit(out.inst, *srcs[s].region, true);
        if (s == 0) {
            out.inst = full;
            continue;
        }
        bool scalar = false;
        if (bcast.stride == 1 && full.stride > 1 && bcast.size > 1)
            scalar = true;
        else if (bcast.stride > 1 && full.stride == 1 && full.size > 1)
            scalar = false;
        else
            scalar = bcast.size > full.size;
        out.inst = scalar ? bcast : full;
        out.tensorScalar.push_back(scalar);
    }
    return out;
}

// Chapter 05 §4.3 (try_find_inst_unary): the largest instruction on `dst`
// that `src` can follow element by element.
InstRepr findInstUnary(InstructionPlanner& planner, const Operand& dst, const Operand& src,
                       const std::vector<size_t>& allowed, const VarRanges& ranges)
{
    const auto& dt = typeOf(dst.expr);
    const auto& st = typeOf(src.expr);
    if (!(onChipLayout(dt) && onChipLayout(st) && dt.isSbuf() && sourceScope(st)))
        throw PlanError("scope or layout mismatch: '" + nameOf(dst.expr) + "' must be an SBUF tile and '" +
                        nameOf(src.expr) + "' an SBUF or PSUM tile, both with Trainium layouts");
    const auto a = nonUnit(extentsOf(src.expr));
    const auto b = nonUnit(extentsOf(dst.expr));
    bool same = a.size() == b.size();
    for (size_t i = 0; same && i < a.size(); ++i) same = provablyEqualExpr(a[i], b[i], ranges);
    if (!same) throw PlanError("shape mismatch between '" + nameOf(src.expr) + "' and '" + nameOf(dst.expr) + "'");
    planner.link(*src.region, *dst.region, ewiseDimMap(src.expr, dst.expr, ranges));
    return planner.fit(planner.maxInstFromRegion(*dst.region, &allowed), *src.region);
}

// The common tail of the three reductions: cover the planning region with the
// (bounded) instruction and count the reduction blocks left.
ReductionPlan finish(InstructionPlanner& planner, size_t region, const Expr& regionExpr, const InstRepr& inst,
                     const std::vector<size_t>& axes)
{
    ReductionPlan plan;
    plan.partitions = partitionsOf(regionExpr);
    plan.instSize = inst.size;
    planner.bind(region, inst.size, inst.stride, true);
    planner.bind(region, plan.partitions, 1, false);
    plan.reductionBlocks = planner.fillBlock(region, axes);
    return plan;
}

} // namespace

std::vector<size_t> normalizeAxes(const std::vector<int64_t>& axes, size_t rank)
{
    std::vector<size_t> out;
    for (auto a : axes) {
        const int64_t v = a >= 0 ? a : a + static_cast<int64_t>(rank);
        if (v < 0 || v >= static_cast<int64_t>(rank))
            throw PlanError("axis " + std::to_string(a) + " is out of range for a tensor of rank " +
                            std::to_string(rank));
        out.push_back(static_cast<size_t>(v));
    }
    return out;
}

ReductionPlan planTensorReduce(const Expr& dst, const Expr& src, const std::vector<int64_t>& axes,
                               std::optional<int64_t> maxInstSize, const VarRanges& ranges)
{
    requireRegion(dst, "the destination");
    requireRegion(src, "the source");
    const auto normalized = normalizeAxes(axes, typeOf(src).shape().size());
    const DimMap map = reductionDimMap(src, dst, normalized, ranges);
    const auto& s = typeOf(src);
    const auto& d = typeOf(dst);
    if (!(onChipLayout(s) && onChipLayout(d) && sourceScope(s) && d.isSbuf()) || partitionsOf(src) != partitionsOf(dst))
        throw PlanError("invalid layout: tensorreduce needs an SBUF or PSUM source and an SBUF destination with "
                        "Trainium layouts of the same partition size");
    InstructionPlanner planner(ranges);
    const size_t si = planner.addRegion(src);
    const size_t di = planner.addRegion(dst);
    planner.link(si, di, map);
    InstRepr inst = planner.maxInstFromRegion(si, &normalized);
    InstructionPlanner::bound(inst, maxInstSize);
    if (inst.size <= 1) throw PlanError("the instruction size must be greater than 1");
    return finish(planner, si, src, inst, normalized);
}

// The operand checks the fused ops share; returns the axes normalised
// against dst, whose values are reduced.
std::vector<size_t> fusedAxes(const Expr& dst, const Expr& reduced, const std::vector<int64_t>& axes)
{
    requireRegion(dst, "the destination");
    requireRegion(reduced, "the reduced output");
    if (!onChipLayout(typeOf(reduced)))
        throw PlanError("invalid layout: '" + nameOf(reduced) + "' needs a Trainium layout");
    return normalizeAxes(axes, typeOf(dst).shape().size());
}

ReductionPlan planTensorScalarReduce(const Expr& dst, const Expr& reduced, const Expr& lhs, const Expr& rhs,
                                     const std::vector<int64_t>& axes, std::optional<int64_t> maxInstSize,
                                     const VarRanges& ranges)
{
    const auto normalized = fusedAxes(dst, reduced, axes);
    InstructionPlanner planner(ranges);
    const Operand d{dst, planner.addRegion(dst)};
    const Operand a = sourceOperand(planner, lhs, "lhs");
    const Operand b = sourceOperand(planner, rhs, "rhs");
    const size_t r = planner.addRegion(reduced);
    planner.link(*d.region, r, reductionDimMap(dst, reduced, normalized, ranges));
    auto nary = findInstNary(planner, d, {a, b}, normalized, ranges);
    InstructionPlanner::bound(nary.inst, maxInstSize);
    if (!nary.tensorScalar.front())
        throw PlanError("a tensor-tensor step is not supported for a vector reduce: the second operand must be a "
                        "float constant or a per-partition column");
    return finish(planner, *d.region, dst, nary.inst, normalized);
}

ReductionPlan planActivationReduce(const Expr& dst, const Expr& reduced, const Expr& src, const Expr& bias,
                                   const std::vector<int64_t>& axes, std::optional<int64_t> maxInstSize,
                                   const VarRanges& ranges)
{
    requireRegion(src, "the source");
    const auto normalized = fusedAxes(dst, reduced, axes);
    InstructionPlanner planner(ranges);
    const Operand d{dst, planner.addRegion(dst)};
    const Operand s{src, planner.addRegion(src)};
    const bool biasRegion = as<TensorRegionNode>(bias) != nullptr;
    const Operand b{bias, biasRegion ? std::optional<size_t>(planner.addRegion(bias)) : std::nullopt};
    const size_t r = planner.addRegion(reduced);
    planner.link(*d.region, r, reductionDimMap(dst, reduced, normalized, ranges));
    InstRepr inst = biasRegion ? findInstNary(planner, d, {s, b}, normalized, ranges).inst
                               : findInstUnary(planner, d, s, normalized, ranges);
    InstructionPlanner::bound(inst, maxInstSize);
    return finish(planner, *d.region, dst, inst, normalized);
}

} // namespace tirx
