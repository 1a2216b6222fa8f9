// The n-ary and unary operand searches of the shared planner (declared in
// analysis/instruction_plan.h).

#include "analysis/simplify.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "layout/layout_algebra.h"
#include "transform/tile/instruction_plan.h"

#include <algorithm>

namespace tirx {

namespace {

const TensorType& typeOf(const Expr& region) { return *as<TensorRegionNode>(region)->tensor()->tensorType(); }

std::string nameOf(const Expr& region) { return as<TensorRegionNode>(region)->tensor()->name(); }

bool onChipLayout(const TensorType& t) { return t.layout() && isTrainiumLayout(t.layout().get()); }

bool sourceScope(const TensorType& t) { return t.isSbuf() || t.isPsum(); }

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

bool sameExtents(const std::vector<Expr>& a, const std::vector<Expr>& b, const VarRanges& ranges)
{
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (!provablyEqualExpr(a[i], b[i], ranges)) return false;
    }
    return true;
}

// Compares the trailing extents of the first two sources and swaps them so
// that the first is the full-size one (§2.12 step 3). Returns whether it swapped.
bool orderFirstTwo(std::vector<PlanOperand>& srcs, const VarRanges& ranges)
{
    const auto e0 = extentsOf(srcs[0].expr);
    const auto e1 = extentsOf(srcs[1].expr);
    const size_t k = std::min(e0.size(), e1.size());
    const auto tailEqual = [&](int unitSide) {
        for (size_t i = 1; i <= k; ++i) {
            const auto& x = e0[e0.size() - i];
            const auto& y = e1[e1.size() - i];
            if (provablyEqualExpr(x, y, ranges)) continue;
            if (unitSide == 0 && provablyEqualExpr(x, intImm(1), ranges)) continue;
            if (unitSide == 1 && provablyEqualExpr(y, intImm(1), ranges)) continue;
            return false;
        }
        return true;
    };
    const auto leadingUnit = [&](const std::vector<Expr>& v) {
        for (size_t i = 0; i + k < v.size(); ++i) {
            if (!provablyEqualExpr(v[i], intImm(1), ranges)) return false;
        }
        return true;
    };
    const std::string mismatch =
        "shape mismatch between '" + nameOf(srcs[0].expr) + "' and '" + nameOf(srcs[1].expr) + "'";
    if (tailEqual(-1)) {
        if (e0.size() < e1.size() && !leadingUnit(e1)) {
            std::swap(srcs[0], srcs[1]);
            return true;
        }
        return false;
    }
    if (tailEqual(0)) {
        std::swap(srcs[0], srcs[1]);
        if (!leadingUnit(e0)) throw PlanError(mismatch);
        return true;
    }
    if (tailEqual(1)) {
        if (!leadingUnit(e1)) throw PlanError(mismatch);
        return false;
    }
    throw PlanError(mismatch);
}

// Links the full-size source to a smaller one on the dims they share,
// right-aligned; the others are broadcast (§2.12 step 5).
void linkBroadcast(InstructionPlanner& planner, const PlanOperand& full, const PlanOperand& src,
                   const VarRanges& ranges)
{
    const auto s0 = extentsOf(full.expr);
    const auto se = extentsOf(src.expr);
    const std::string mismatch = "shape mismatch between '" + nameOf(full.expr) + "' and '" + nameOf(src.expr) + "'";
    if (se.size() > s0.size()) {
        for (size_t i = 0; i < se.size() - s0.size(); ++i) {
            if (!provablyEqualExpr(se[i], intImm(1), ranges)) throw PlanError(mismatch);
        }
    }
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
    planner.link(*full.region, *src.region, map);
    if (!planner.partitionMatch(*full.region, *src.region))
        throw PlanError("partition dimension mismatch between '" + nameOf(full.expr) + "' and '" + nameOf(src.expr) +
                        "'");
}

} // namespace

PlanOperand planOperand(InstructionPlanner& planner, const Expr& e, const std::string& what)
{
    if (as<TensorRegionNode>(e)) return {e, planner.addRegion(e)};
    if (as<FloatImmNode>(e)) return {e, std::nullopt};
    throw PlanError(what + " must be a float constant or a tensor region");
}

NaryPlan findInstNary(InstructionPlanner& planner, const PlanOperand& dst, std::vector<PlanOperand>& srcs,
                      const std::vector<size_t>& allowedDstDims, const VarRanges& ranges)
{
    if (srcs[0].isConst() && srcs[1].isConst())
        throw PlanError("an element-wise step cannot take only float constants as sources");
    NaryPlan out;
    if (srcs[0].isConst()) {
        std::swap(srcs[0], srcs[1]);
        out.reversed = true;
    }
    const auto& dt = typeOf(dst.expr);
    bool valid = onChipLayout(dt) && dt.isSbuf();
    for (const auto& s : srcs) {
        if (!s.isConst()) valid = valid && onChipLayout(typeOf(s.expr)) && sourceScope(typeOf(s.expr));
    }
    if (!valid)
        throw PlanError("invalid tensor region: the destination must be an SBUF tile and the sources SBUF or PSUM "
                        "tiles, all with Trainium layouts");
    if (!srcs[1].isConst() && orderFirstTwo(srcs, ranges)) out.reversed = true;

    if (!sameExtents(nonUnit(extentsOf(srcs[0].expr)), nonUnit(extentsOf(dst.expr)), ranges))
        throw PlanError("the larger of the two sources must have the same shape as the destination");
    planner.link(*dst.region, *srcs[0].region, ewiseDimMap(dst.expr, srcs[0].expr, ranges));
    for (size_t s = 1; s < srcs.size(); ++s) {
        if (!srcs[s].isConst()) linkBroadcast(planner, srcs[0], srcs[s], ranges);
    }

    out.inst = planner.maxInstFromRegion(*dst.region, &allowedDstDims);
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

InstRepr findInstUnary(InstructionPlanner& planner, const PlanOperand& dst, const PlanOperand& src,
                       const std::vector<size_t>& allowedDstDims, const VarRanges& ranges)
{
    const auto& dt = typeOf(dst.expr);
    const auto& st = typeOf(src.expr);
    if (!(onChipLayout(dt) && onChipLayout(st) && dt.isSbuf() && sourceScope(st)))
        throw PlanError("scope or layout mismatch: '" + nameOf(dst.expr) + "' must be an SBUF tile and '" +
                        nameOf(src.expr) + "' an SBUF or PSUM tile, both with Trainium layouts");
    if (!sameExtents(nonUnit(extentsOf(src.expr)), nonUnit(extentsOf(dst.expr)), ranges))
        throw PlanError("shape or dimension mismatch between '" + nameOf(src.expr) + "' and '" + nameOf(dst.expr) +
                        "'");
    planner.link(*src.region, *dst.region, ewiseDimMap(src.expr, dst.expr, ranges));
    return planner.fit(planner.maxInstFromRegion(*dst.region, &allowedDstDims), *src.region);
}

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

} // namespace tirx
