#include "ir/make.h"

#include "ir/node_release.h"
#include "ir/op_name.h"
#include "ir/tensor_type.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <optional>

namespace tirx {

Attrs::Attrs(std::vector<Entry> entries) : m_entries(std::move(entries))
{
    std::stable_sort(m_entries.begin(), m_entries.end(),
                     [](const Entry& a, const Entry& b) { return a.first < b.first; });
}

Expr Attrs::get(std::string_view key) const
{
    for (const auto& [k, v] : m_entries) {
        if (k == key) return v;
    }
    return nullptr;
}

Attrs Attrs::with(std::string key, Expr value) const
{
    auto entries = without(key).m_entries;
    entries.emplace_back(std::move(key), std::move(value));
    return Attrs{std::move(entries)};
}

Attrs Attrs::without(std::string_view key) const
{
    Attrs out;
    for (const auto& entry : m_entries) {
        if (entry.first != key) out.m_entries.push_back(entry);
    }
    return out;
}

Expr intImm(int64_t value, DataType dtype, Span span) { return std::make_shared<IntImmNode>(dtype, value, span); }

Expr boolImm(bool value, Span span) { return intImm(value ? 1 : 0, DataType::boolean(), span); }

Expr floatImm(double value, DataType dtype, Span span) { return std::make_shared<FloatImmNode>(dtype, value, span); }

Expr stringImm(std::string value, Span span) { return std::make_shared<StringImmNode>(std::move(value), span); }

Var makeVar(std::string name, VarType type, Span span, std::shared_ptr<const VarOrigin> origin)
{
    return std::make_shared<VarNode>(std::move(name), std::move(type), span, std::move(origin));
}

Var retypedVar(const VarNode& like, VarType type)
{
    return makeVar(like.name(), std::move(type), like.span(), like.origin());
}

std::optional<int64_t> constInt(const Expr& e)
{
    if (const auto* imm = as<IntImmNode>(e)) return imm->value();
    return std::nullopt;
}

bool isConstInt(const Expr& e, int64_t value)
{
    auto v = constInt(e);
    return v && *v == value;
}

namespace {

int64_t wrapToType(int64_t v, DataType t)
{
    if (t.isBool()) return v != 0 ? 1 : 0;
    if (t.bits() >= 64) return v;
    const auto bits = t.bits();
    const uint64_t mask = (uint64_t{1} << bits) - 1;
    uint64_t u = static_cast<uint64_t>(v) & mask;
    if (t.isInt() && (u >> (bits - 1)) != 0) u |= ~mask;
    return static_cast<int64_t>(u);
}

int64_t floorDivInt(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

// Computed from the remainder: a - floorDiv(a, b) * b can overflow near the
// ends of the range where the result itself cannot.
int64_t floorModInt(int64_t a, int64_t b)
{
    const int64_t m = a % b;
    return m != 0 && ((m < 0) != (b < 0)) ? m + b : m;
}

// The dtype an arithmetic result takes: the wider integer, or the float type.
DataType resultType(const Expr& a, const Expr& b)
{
    DataType ta = a->dtype();
    DataType tb = b->dtype();
    if (ta == tb) return ta;
    if (ta.isFloat() && !tb.isFloat()) return ta;
    if (tb.isFloat() && !ta.isFloat()) return tb;
    if (ta.isIntegral() && tb.isIntegral()) return ta.bits() >= tb.bits() ? ta : tb;
    return ta;
}

// Promotes an integer immediate to the result's dtype so both operands agree.
Expr promote(const Expr& e, DataType t)
{
    if (e->dtype() == t) return e;
    if (const auto* imm = as<IntImmNode>(e)) {
        if (t.isFloat()) return floatImm(static_cast<double>(imm->value()), t, e->span());
        return intImm(imm->value(), t, e->span());
    }
    if (const auto* imm = as<FloatImmNode>(e)) return floatImm(imm->value(), t, e->span());
    if (e->dtype().isIntegral() && t.isIntegral()) return cast(t, e, e->span());
    return e;
}

// Narrower integers wrap to their width as the reference folds them; a
// 64-bit result that overflows is not folded (the operation stays in the IR)
// rather than wrapped, and neither is the one quotient that traps.
std::optional<Expr> foldWrapped(bool overflowed, int64_t r, DataType t, Span span)
{
    if (overflowed && t.bits() >= 64) return std::nullopt;
    return intImm(wrapToType(r, t), t, span);
}

// The folds below switch over BinaryOp because each operator computes
// something different; its spellings and kinds are in ir/binary_ops.def.
std::optional<Expr> foldInts(BinaryOp op, int64_t x, int64_t y, DataType t, Span span)
{
    const DataType boolean = DataType::boolean();
    int64_t r = 0;
    if (x == std::numeric_limits<int64_t>::min() && y == -1 &&
        (op == BinaryOp::Div || op == BinaryOp::Mod || op == BinaryOp::FloorDiv || op == BinaryOp::FloorMod))
        return std::nullopt;
    switch (op) {
    case BinaryOp::Add: {
        const bool overflowed = __builtin_add_overflow(x, y, &r);
        return foldWrapped(overflowed, r, t, span);
    }
    case BinaryOp::Sub: {
        const bool overflowed = __builtin_sub_overflow(x, y, &r);
        return foldWrapped(overflowed, r, t, span);
    }
    case BinaryOp::Mul: {
        const bool overflowed = __builtin_mul_overflow(x, y, &r);
        return foldWrapped(overflowed, r, t, span);
    }
    case BinaryOp::Div:
        if (y == 0) return std::nullopt;
        return intImm(x / y, t, span);
    case BinaryOp::Mod:
        if (y == 0) return std::nullopt;
        return intImm(x % y, t, span);
    case BinaryOp::FloorDiv:
        if (y == 0) return std::nullopt;
        return intImm(floorDivInt(x, y), t, span);
    case BinaryOp::FloorMod:
        if (y == 0) return std::nullopt;
        return intImm(floorModInt(x, y), t, span);
    case BinaryOp::Min: return intImm(std::min(x, y), t, span);
    case BinaryOp::Max: return intImm(std::max(x, y), t, span);
    case BinaryOp::EQ: return boolImm(x == y, span);
    case BinaryOp::NE: return boolImm(x != y, span);
    case BinaryOp::LT: return boolImm(x < y, span);
    case BinaryOp::LE: return boolImm(x <= y, span);
    case BinaryOp::GT: return boolImm(x > y, span);
    case BinaryOp::GE: return boolImm(x >= y, span);
    case BinaryOp::And: return intImm((x != 0) && (y != 0), boolean, span);
    case BinaryOp::Or: return intImm((x != 0) || (y != 0), boolean, span);
    }
    return std::nullopt;
}

std::optional<Expr> foldFloats(BinaryOp op, double x, double y, DataType t, Span span)
{
    switch (op) {
    case BinaryOp::Add: return floatImm(x + y, t, span);
    case BinaryOp::Sub: return floatImm(x - y, t, span);
    case BinaryOp::Mul: return floatImm(x * y, t, span);
    case BinaryOp::Div:
        if (y == 0.0) return std::nullopt;
        return floatImm(x / y, t, span);
    case BinaryOp::Min: return floatImm(std::min(x, y), t, span);
    case BinaryOp::Max: return floatImm(std::max(x, y), t, span);
    case BinaryOp::EQ: return boolImm(x == y, span);
    case BinaryOp::NE: return boolImm(x != y, span);
    case BinaryOp::LT: return boolImm(x < y, span);
    case BinaryOp::LE: return boolImm(x <= y, span);
    case BinaryOp::GT: return boolImm(x > y, span);
    case BinaryOp::GE: return boolImm(x >= y, span);
    case BinaryOp::Mod:
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod:
    case BinaryOp::And:
    case BinaryOp::Or: return std::nullopt;
    }
    return std::nullopt;
}

// The identities the reference folds at construction time.
std::optional<Expr> foldIdentity(BinaryOp op, const Expr& a, const Expr& b, DataType t, Span span)
{
    const bool aZero = isConstInt(a, 0);
    const bool bZero = isConstInt(b, 0);
    const bool aOne = isConstInt(a, 1);
    const bool bOne = isConstInt(b, 1);
    switch (op) {
    case BinaryOp::Add:
        if (aZero) return b;
        if (bZero) return a;
        break;
    case BinaryOp::Sub:
        if (bZero) return a;
        break;
    case BinaryOp::Mul:
        if (aOne) return b;
        if (bOne) return a;
        if (aZero || bZero) return intImm(0, t, span);
        break;
    case BinaryOp::Div:
    case BinaryOp::FloorDiv:
        if (bOne) return a;
        if (aZero) return a;
        break;
    case BinaryOp::Mod:
    case BinaryOp::FloorMod:
        if (bOne) return intImm(0, t, span);
        if (aZero) return a;
        break;
    case BinaryOp::Min:
    case BinaryOp::Max:
    case BinaryOp::EQ:
    case BinaryOp::NE:
    case BinaryOp::LT:
    case BinaryOp::LE:
    case BinaryOp::GT:
    case BinaryOp::GE:
    case BinaryOp::And:
    case BinaryOp::Or: break;
    }
    return std::nullopt;
}

} // namespace

Expr binary(BinaryOp op, Expr a, Expr b, Span span)
{
    assert(a && b && "binary operands must be set");
    DataType t = resultType(a, b);
    if (isLogical(op)) t = DataType::boolean();
    a = promote(a, isLogical(op) ? a->dtype() : t);
    b = promote(b, isLogical(op) ? b->dtype() : t);

    const auto* ia = as<IntImmNode>(a);
    const auto* ib = as<IntImmNode>(b);
    if (ia && ib) {
        if (auto folded = foldInts(op, ia->value(), ib->value(), t, span)) return *folded;
    }
    const auto* fa = as<FloatImmNode>(a);
    const auto* fb = as<FloatImmNode>(b);
    if (fa && fb) {
        if (auto folded = foldFloats(op, fa->value(), fb->value(), t, span)) return *folded;
    }
    if (t.isIntegral() && !isLogical(op) && !isComparison(op)) {
        if (auto folded = foldIdentity(op, a, b, t, span)) return *folded;
    }
    const DataType resultDtype = isComparison(op) ? DataType::boolean() : t;
    return detail::makeNode<BinaryNode>(op, resultDtype, std::move(a), std::move(b), span);
}

Expr logicalNot(Expr a, Span span)
{
    if (const auto* imm = as<IntImmNode>(a)) return boolImm(imm->value() == 0, span);
    return detail::makeNode<NotNode>(std::move(a), span);
}

Expr select(Expr cond, Expr t, Expr f, Span span)
{
    return detail::makeNode<SelectNode>(std::move(cond), std::move(t), std::move(f), span);
}

Expr cast(DataType dtype, Expr value, Span span)
{
    if (value->dtype() == dtype) return value;
    if (const auto* imm = as<IntImmNode>(value)) {
        if (dtype.isFloat()) return floatImm(static_cast<double>(imm->value()), dtype, span);
        if (dtype.isIntegral()) return intImm(wrapToType(imm->value(), dtype), dtype, span);
    }
    if (const auto* imm = as<FloatImmNode>(value)) {
        if (dtype.isFloat()) return floatImm(imm->value(), dtype, span);
    }
    return detail::makeNode<CastNode>(dtype, std::move(value), span);
}

Expr call(std::string_view op, std::vector<Expr> args, Attrs attrs, DataType dtype, std::vector<TensorTypeRef> tyArgs,
          Span span)
{
    return detail::makeNode<CallNode>(internOp(op), dtype, std::move(args), std::move(attrs), std::move(tyArgs), span);
}

Expr tensorLoad(Var tensor, std::vector<Expr> indices, Span span)
{
    const DataType dtype = tensor->isTensor() ? tensor->tensorType()->dtype() : DataType::float32();
    return detail::makeNode<TensorLoadNode>(std::move(tensor), std::move(indices), dtype, span);
}

Expr tensorRegion(Var tensor, std::vector<Range> ranges, Span span)
{
    return std::make_shared<TensorRegionNode>(std::move(tensor), std::move(ranges), span);
}

Expr tuple(std::vector<Expr> fields, Span span) { return detail::makeNode<TupleNode>(std::move(fields), span); }

Expr withSpan(const Expr& e, Span span)
{
    if (const auto* imm = as<IntImmNode>(e)) return intImm(imm->value(), imm->dtype(), span);
    if (const auto* imm = as<FloatImmNode>(e)) return floatImm(imm->value(), imm->dtype(), span);
    if (const auto* imm = as<StringImmNode>(e)) return stringImm(imm->value(), span);
    if (const auto* bin = as<BinaryNode>(e)) {
        return detail::makeNode<BinaryNode>(bin->op(), bin->dtype(), bin->a(), bin->b(), span);
    }
    return e;
}

} // namespace tirx
