#include "analysis/int_bounds.h"

#include "ir/ir_depth.h"
#include "ir/make.h"

#include <algorithm>

namespace tirx {

namespace {

using Lim = std::numeric_limits<int64_t>;

bool isInf(int64_t v) { return v == IntBound::kNegInf || v == IntBound::kPosInf; }

IntBound everything(DataType dtype) { return dtypeBound(dtype); }

IntBound cornerBound(int64_t a0, int64_t a1, int64_t b0, int64_t b1, int64_t (*f)(int64_t, int64_t))
{
    const int64_t v[4] = {f(a0, b0), f(a0, b1), f(a1, b0), f(a1, b1)};
    return {*std::min_element(v, v + 4), *std::max_element(v, v + 4)};
}

int64_t boundFloorDiv(int64_t a, int64_t b)
{
    if (isInf(a)) return (a < 0) == (b < 0) ? IntBound::kPosInf : IntBound::kNegInf;
    if (isInf(b)) return 0;
    return floorDivI(a, b);
}

int64_t boundTruncDiv(int64_t a, int64_t b)
{
    if (isInf(a)) return (a < 0) == (b < 0) ? IntBound::kPosInf : IntBound::kNegInf;
    if (isInf(b)) return 0;
    return a / b;
}

// Per-operator interval arithmetic: behaviour, not a table fact, so a switch.
IntBound boundOfBinary(const BinaryNode& e, const VarRanges& ranges)
{
    if (isComparison(e.op()) || isLogical(e.op())) return {0, 1};
    const IntBound a = constIntBound(e.a(), ranges);
    const IntBound b = constIntBound(e.b(), ranges);
    switch (e.op()) {
    case BinaryOp::Add: return {boundAdd(a.min, b.min), boundAdd(a.max, b.max)};
    case BinaryOp::Sub: {
        const int64_t nbMax = b.max == IntBound::kPosInf ? IntBound::kNegInf : -b.max;
        const int64_t nbMin = b.min == IntBound::kNegInf ? IntBound::kPosInf : -b.min;
        return {boundAdd(a.min, nbMax), boundAdd(a.max, nbMin)};
    }
    case BinaryOp::Mul: return cornerBound(a.min, a.max, b.min, b.max, boundMul);
    case BinaryOp::FloorDiv:
        // Only a divisor of known sign gives a bound; the reference does the same.
        if (b.min > 0 || b.max < 0) return cornerBound(a.min, a.max, b.min, b.max, boundFloorDiv);
        return everything(e.dtype());
    case BinaryOp::Div:
        if (b.min > 0 || b.max < 0) return cornerBound(a.min, a.max, b.min, b.max, boundTruncDiv);
        return everything(e.dtype());
    case BinaryOp::FloorMod:
        if (b.min > 0) {
            const int64_t cap = b.max == IntBound::kPosInf ? IntBound::kPosInf : b.max - 1;
            if (a.min >= 0) {
                if (a.max < b.min) return a;
                return {0, std::min(a.max, cap)};
            }
            return {0, cap};
        }
        return everything(e.dtype());
    case BinaryOp::Mod:
        if (b.min > 0) {
            const int64_t cap = b.max == IntBound::kPosInf ? IntBound::kPosInf : b.max - 1;
            if (a.min >= 0) {
                if (a.max < b.min) return a;
                return {0, std::min(a.max, cap)};
            }
            return {std::max(a.min, cap == IntBound::kPosInf ? IntBound::kNegInf : -cap),
                    std::min(std::max(a.max, int64_t{0}), cap)};
        }
        return everything(e.dtype());
    case BinaryOp::Min: return {std::min(a.min, b.min), std::min(a.max, b.max)};
    case BinaryOp::Max: return {std::max(a.min, b.min), std::max(a.max, b.max)};
    case BinaryOp::EQ:
    case BinaryOp::NE:
    case BinaryOp::LT:
    case BinaryOp::LE:
    case BinaryOp::GT:
    case BinaryOp::GE:
    case BinaryOp::And:
    case BinaryOp::Or: return {0, 1};
    }
    return everything(e.dtype());
}

} // namespace

int64_t floorDivI(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

int64_t floorModI(int64_t a, int64_t b)
{
    // From the remainder: a - floorDivI(a, b) * b can overflow where the result cannot.
    const int64_t m = a % b;
    return m != 0 && ((m < 0) != (b < 0)) ? m + b : m;
}

int64_t boundAdd(int64_t a, int64_t b)
{
    if (a == IntBound::kPosInf || b == IntBound::kPosInf) {
        return (a == IntBound::kNegInf || b == IntBound::kNegInf) ? 0 : IntBound::kPosInf;
    }
    if (a == IntBound::kNegInf || b == IntBound::kNegInf) return IntBound::kNegInf;
    int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) return a > 0 ? IntBound::kPosInf : IntBound::kNegInf;
    return r;
}

int64_t boundMul(int64_t a, int64_t b)
{
    if (a == 0 || b == 0) return 0;
    const bool negative = (a < 0) != (b < 0);
    if (isInf(a) || isInf(b)) return negative ? IntBound::kNegInf : IntBound::kPosInf;
    int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) return negative ? IntBound::kNegInf : IntBound::kPosInf;
    return r;
}

IntBound dtypeBound(DataType dtype)
{
    if (dtype.isBool()) return {0, 1};
    if (dtype.isInt() && dtype.bits() < 64) {
        const int64_t half = int64_t{1} << (dtype.bits() - 1);
        return {-half, half - 1};
    }
    if (dtype.isUInt() && dtype.bits() < 64) return {0, (int64_t{1} << dtype.bits()) - 1};
    if (dtype.isUInt()) return {0, IntBound::kPosInf};
    return {IntBound::kNegInf, IntBound::kPosInf};
}

IntBound constIntBound(const Expr& e, const VarRanges& ranges)
{
    if (!e) return {};
    // Past the depth bound the type's whole range is still a sound bound.
    const IrDepth level;
    if (IrDepth::full()) return everything(e->dtype());
    switch (e->kind()) {
    case ExprKind::IntImm: {
        const int64_t v = static_cast<const IntImmNode&>(*e).value();
        return {v, v};
    }
    case ExprKind::Var: {
        const auto it = ranges.find(static_cast<const VarNode*>(e.get()));
        if (it != ranges.end() && it->second.extent > 0) {
            return {it->second.min, it->second.min + it->second.extent - 1};
        }
        return everything(e->dtype());
    }
    case ExprKind::Binary: return boundOfBinary(static_cast<const BinaryNode&>(*e), ranges);
    case ExprKind::Not: return {0, 1};
    case ExprKind::Select: {
        const auto& s = static_cast<const SelectNode&>(*e);
        const IntBound t = constIntBound(s.trueValue(), ranges);
        const IntBound f = constIntBound(s.falseValue(), ranges);
        return {std::min(t.min, f.min), std::max(t.max, f.max)};
    }
    case ExprKind::Cast: {
        const auto& c = static_cast<const CastNode&>(*e);
        if (!c.value()->dtype().isIntegral() || !e->dtype().isIntegral()) return everything(e->dtype());
        const IntBound v = constIntBound(c.value(), ranges);
        const IntBound t = everything(e->dtype());
        // A narrowing cast wraps, so the value's bound only survives when it fits.
        if (v.min >= t.min && v.max <= t.max) return v;
        return t;
    }
    case ExprKind::FloatImm:
    case ExprKind::StringImm:
    case ExprKind::Call:
    case ExprKind::TensorLoad:
    case ExprKind::TensorRegion:
    case ExprKind::Tuple:
    case ExprKind::Ramp:
    case ExprKind::Broadcast: return everything(e->dtype());
    }
    return everything(e->dtype());
}

} // namespace tirx
