#include "analysis/linear_form.h"

#include "ir/make.h"
#include "ir/tensor_type.h"

#include <algorithm>

namespace tirx {

namespace {

Expr modImpl(Expr a, int64_t c, DivMode mode, DataType t)
{
    return binary(mode == DivMode::Floor ? BinaryOp::FloorMod : BinaryOp::Mod, std::move(a), intImm(c, t));
}

Expr divImpl(Expr a, int64_t c, DivMode mode, DataType t)
{
    return binary(mode == DivMode::Floor ? BinaryOp::FloorDiv : BinaryOp::Div, std::move(a), intImm(c, t));
}

bool listEqual(const std::vector<Expr>& a, const std::vector<Expr>& b)
{
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        if (!exprEqual(a[i], b[i])) return false;
    }
    return true;
}

// Stable order of the reference's SimplifySplitExprs: larger scale first,
// then larger lower factor, then larger upper factor, then floor before trunc.
bool termBefore(const SplitTerm& l, const SplitTerm& r)
{
    if (l.scale != r.scale) return l.scale > r.scale;
    if (l.lower != r.lower) return l.lower > r.lower;
    if (l.upper != r.upper) return l.upper > r.upper;
    if (l.mode != r.mode) return l.mode == DivMode::Floor;
    return false;
}

std::vector<SplitTerm> simplifyTerms(std::vector<SplitTerm> args)
{
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i].scale == 0) continue;
        for (size_t j = i + 1; j < args.size(); ++j) {
            SplitTerm& lhs = args[i];
            SplitTerm& rhs = args[j];
            if (!lhs.indexEqual(rhs)) break;
            if (lhs.upper < rhs.lower) break;
            if (lhs.upper == rhs.upper && lhs.lower == rhs.lower && lhs.divModeCompatibleTo(rhs.mode)) {
                rhs.scale += lhs.scale;
                lhs.scale = 0;
            } else if (lhs.lower == rhs.upper && rhs.scale != 0 && lhs.scale % rhs.scale == 0 &&
                       lhs.lower == (lhs.scale / rhs.scale) * rhs.lower && lhs.divModeCompatibleTo(rhs.mode)) {
                // (x / (c*s)) * s + (x % (c*s)) / c == x / c
                rhs.upper = lhs.upper;
                lhs.scale = 0;
                break;
            }
        }
    }
    std::stable_sort(args.begin(), args.end(), termBefore);
    return args;
}

} // namespace

bool SplitTerm::indexEqual(const SplitTerm& other) const
{
    return index == other.index || exprEqual(index, other.index);
}

Expr SplitTerm::normalizeWithScale(int64_t extraScale) const
{
    if (scale == 0) return intImm(0, dtype);
    Expr res = index;
    if (upper != IntBound::kPosInf) res = modImpl(res, upper, mode, dtype);
    if (lower != 1) res = divImpl(res, lower, mode, dtype);
    const int64_t s = extraScale * scale;
    if (s != 1) res = mul(res, intImm(s, dtype));
    return res;
}

bool SumForm::divisibleBy(int64_t c) const
{
    if (base % c != 0) return false;
    return std::all_of(args.begin(), args.end(), [c](const SplitTerm& t) { return t.scale % c == 0; });
}

void SumForm::mulToSelf(int64_t c)
{
    base *= c;
    for (auto& t : args) t.scale *= c;
}

void SumForm::divideBy(int64_t c)
{
    base /= c;
    for (auto& t : args) t.scale /= c;
}

void SumForm::addTerm(SplitTerm other, int64_t scale)
{
    if (other.scale == 0) return;
    size_t start = 0;
    for (; start < args.size(); ++start) {
        if (args[start].indexEqual(other)) break;
    }
    for (size_t j = start; j < args.size(); ++j) {
        if (!args[j].indexEqual(other) || other.lower > args[j].lower) {
            other.scale *= scale;
            args.insert(args.begin() + static_cast<std::ptrdiff_t>(j), std::move(other));
            return;
        }
        if (other.lower == args[j].lower && other.upper == args[j].upper && other.divModeCompatibleTo(args[j].mode)) {
            args[j].scale += other.scale * scale;
            return;
        }
    }
    other.scale *= scale;
    args.push_back(std::move(other));
}

void SumForm::addSum(const SumForm& other, int64_t scale)
{
    for (const auto& t : other.args) addTerm(t, scale);
    addConst(other.base * scale);
}

Expr SumForm::normalize() const
{
    if (args.empty()) return intImm(base, dtype);
    const auto terms = simplifyTerms(args);
    Expr res = intImm(0, dtype);
    for (const auto& t : terms) {
        if (t.scale > 0) res = add(res, t.normalize());
    }
    if (base > 0) res = add(res, intImm(base, dtype));
    for (const auto& t : terms) {
        if (t.scale < 0) res = sub(res, t.normalizeWithScale(-1));
    }
    if (base < 0) res = sub(res, intImm(-base, dtype));
    return res;
}

bool exprEqual(const Expr& a, const Expr& b)
{
    if (a == b) return true;
    if (!a || !b) return false;
    if (a->kind() != b->kind() || a->dtype() != b->dtype()) return false;
    switch (a->kind()) {
    case ExprKind::IntImm: return as<IntImmNode>(a)->value() == as<IntImmNode>(b)->value();
    case ExprKind::FloatImm: return as<FloatImmNode>(a)->value() == as<FloatImmNode>(b)->value();
    case ExprKind::StringImm: return as<StringImmNode>(a)->value() == as<StringImmNode>(b)->value();
    case ExprKind::Var: return false; // identity only, checked above
    case ExprKind::Binary: {
        const auto* x = as<BinaryNode>(a);
        const auto* y = as<BinaryNode>(b);
        return x->op() == y->op() && exprEqual(x->a(), y->a()) && exprEqual(x->b(), y->b());
    }
    case ExprKind::Not: return exprEqual(as<NotNode>(a)->a(), as<NotNode>(b)->a());
    case ExprKind::Select: {
        const auto* x = as<SelectNode>(a);
        const auto* y = as<SelectNode>(b);
        return exprEqual(x->cond(), y->cond()) && exprEqual(x->trueValue(), y->trueValue()) &&
               exprEqual(x->falseValue(), y->falseValue());
    }
    case ExprKind::Cast: return exprEqual(as<CastNode>(a)->value(), as<CastNode>(b)->value());
    case ExprKind::Call: {
        const auto* x = as<CallNode>(a);
        const auto* y = as<CallNode>(b);
        if (x->op() != y->op() || !listEqual(x->args(), y->args())) return false;
        const auto& ea = x->attrs().entries();
        const auto& eb = y->attrs().entries();
        if (ea.size() != eb.size()) return false;
        for (size_t i = 0; i < ea.size(); ++i) {
            if (ea[i].first != eb[i].first || !exprEqual(ea[i].second, eb[i].second)) return false;
        }
        return x->tyArgs() == y->tyArgs();
    }
    case ExprKind::TensorLoad: {
        const auto* x = as<TensorLoadNode>(a);
        const auto* y = as<TensorLoadNode>(b);
        return x->tensor() == y->tensor() && listEqual(x->indices(), y->indices());
    }
    case ExprKind::TensorRegion: {
        const auto* x = as<TensorRegionNode>(a);
        const auto* y = as<TensorRegionNode>(b);
        if (x->tensor() != y->tensor() || x->ranges().size() != y->ranges().size()) return false;
        for (size_t i = 0; i < x->ranges().size(); ++i) {
            if (!exprEqual(x->ranges()[i].min, y->ranges()[i].min) ||
                !exprEqual(x->ranges()[i].extent, y->ranges()[i].extent)) {
                return false;
            }
        }
        return true;
    }
    case ExprKind::Tuple: return listEqual(as<TupleNode>(a)->fields(), as<TupleNode>(b)->fields());
    case ExprKind::Ramp: {
        const auto* x = as<RampNode>(a);
        const auto* y = as<RampNode>(b);
        return x->lanes() == y->lanes() && exprEqual(x->base(), y->base()) && exprEqual(x->stride(), y->stride());
    }
    case ExprKind::Broadcast: {
        const auto* x = as<BroadcastNode>(a);
        const auto* y = as<BroadcastNode>(b);
        return x->lanes() == y->lanes() && exprEqual(x->value(), y->value());
    }
    }
    return false;
}

} // namespace tirx
