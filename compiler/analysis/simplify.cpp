#include "analysis/simplify.h"

#include "analysis/linear_form.h"
#include "ir/functor.h"
#include "ir/make.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace tirx {

namespace {

// An intermediate result: a plain expression or one of the canonical forms.
// Canonical forms are only turned back into expressions when an operator that
// cannot absorb them needs its operands, exactly as the reference does; this
// is what decides where terms end up in the printed result.
struct CVal {
    enum class Kind : uint8_t { Plain, Sum, Split };
    Kind kind = Kind::Plain;
    Expr plain;
    SumForm sum;
    SplitTerm split;

    static CVal of(Expr e) { return CVal{Kind::Plain, std::move(e), {}, {}}; }
    static CVal of(SumForm s) { return CVal{Kind::Sum, nullptr, std::move(s), {}}; }
    static CVal of(SplitTerm s) { return CVal{Kind::Split, nullptr, {}, std::move(s)}; }
    [[nodiscard]] const IntImmNode* imm() const { return kind == Kind::Plain ? as<IntImmNode>(plain) : nullptr; }
};

bool isIndexType(DataType t) { return t.isInt() && t.lanes() == 1 && (t.bits() == 32 || t.bits() == 64); }

enum class Cmp : uint8_t { Unknown, EQ, LT, GT, LE, GE };

class Simplifier {
public:
    Simplifier(const VarRanges& ranges, const VarBindings* bindings) : m_ranges(ranges), m_bindings(bindings) {}

    Expr visit(const Expr& e) { return normalize(mutate(e)); }

private:
    const VarRanges& m_ranges;
    const VarBindings* m_bindings;
    static constexpr int kMaxDepth = 2048;
    int m_depth = 0;

    IntBound bound(const Expr& e) const { return constIntBound(e, m_ranges); }
    bool provablyNonNegative(const Expr& e) const { return bound(e).min >= 0; }

    static Expr normalize(const CVal& v)
    {
        switch (v.kind) {
        case CVal::Kind::Plain: return v.plain;
        case CVal::Kind::Sum: return v.sum.normalize();
        case CVal::Kind::Split: return v.split.normalize();
        }
        return v.plain;
    }

    static SplitTerm toSplit(const CVal& v)
    {
        if (v.kind == CVal::Kind::Split) return v.split;
        if (v.kind == CVal::Kind::Sum && v.sum.base == 0 && v.sum.args.size() == 1) return v.sum.args[0];
        Expr e = normalize(v);
        SplitTerm t;
        t.dtype = e->dtype();
        t.index = std::move(e);
        return t;
    }

    static SumForm toSum(const CVal& v, DataType dtype)
    {
        if (v.kind == CVal::Kind::Sum) return v.sum;
        SumForm s;
        s.dtype = dtype;
        if (const auto* imm = v.imm()) {
            s.base = imm->value();
        } else {
            s.args.push_back(toSplit(v));
        }
        return s;
    }

    static SplitTerm convertDivMode(SplitTerm t, DivMode mode)
    {
        if (t.mode == mode) return t;
        if (!t.divModeCompatibleTo(mode)) t = toSplit(CVal::of(t.normalize()));
        t.mode = mode;
        return t;
    }

    // The reference's TryCompare(x, val) on a value already simplified.
    Cmp compare(const Expr& x, int64_t val) const
    {
        const IntBound b = bound(x);
        if (b.min == val && b.max == val) return Cmp::EQ;
        if (b.min > val) return Cmp::GT;
        if (b.max < val) return Cmp::LT;
        if (b.min >= val) return Cmp::GE;
        if (b.max <= val) return Cmp::LE;
        return Cmp::Unknown;
    }

    SplitTerm splitDivConst(SplitTerm lhs, int64_t c, DivMode mode)
    {
        lhs = convertDivMode(std::move(lhs), mode);
        if (lhs.scale % c == 0) {
            lhs.scale /= c;
            return lhs;
        }
        if (c % lhs.scale == 0) {
            const int64_t scaled = c / lhs.scale;
            if (lhs.upper == IntBound::kPosInf || lhs.upper % (lhs.lower * scaled) == 0) {
                lhs.scale = 1;
                lhs.lower *= scaled;
                return lhs;
            }
            if (lhs.upper <= lhs.lower * scaled) return toSplit(CVal::of(intImm(0, lhs.dtype)));
            lhs.index = binary(mode == DivMode::Floor ? BinaryOp::FloorMod : BinaryOp::Mod, lhs.index,
                               intImm(lhs.upper, lhs.dtype));
            lhs.upper = IntBound::kPosInf;
            lhs.scale = 1;
            lhs.lower *= scaled;
            return lhs;
        }
        lhs = toSplit(CVal::of(lhs.normalize()));
        lhs.lower *= c;
        lhs.mode = mode;
        return lhs;
    }

    SplitTerm splitModConst(SplitTerm lhs, int64_t c, DivMode mode)
    {
        lhs = convertDivMode(std::move(lhs), mode);
        if (lhs.scale % c == 0) {
            lhs.scale = 0;
            return lhs;
        }
        if (c % lhs.scale == 0) {
            const int64_t scaled = c / lhs.scale;
            const int64_t newUpper = lhs.lower * scaled;
            if (lhs.upper == IntBound::kPosInf || lhs.upper % newUpper == 0) {
                if (newUpper < lhs.upper && lhs.upper != IntBound::kPosInf) {
                    // A smaller modulus may simplify the index further: re-run on it.
                    const BinaryOp op = mode == DivMode::Floor ? BinaryOp::FloorMod : BinaryOp::Mod;
                    SplitTerm updated = toSplit(CVal::of(visit(binary(op, lhs.index, intImm(newUpper, lhs.dtype)))));
                    updated.scale = lhs.scale;
                    if (lhs.lower != 1) return splitDivConst(updated, lhs.lower, mode);
                    return updated;
                }
                lhs.upper = newUpper;
                return lhs;
            }
            if (newUpper % lhs.upper == 0) return lhs;
        }
        lhs = toSplit(CVal::of(lhs.normalize()));
        lhs.mode = mode;
        lhs.upper = c;
        return lhs;
    }

    static void separate(const SumForm& s, int64_t c, SumForm& divisible, SumForm& rest)
    {
        divisible = SumForm{{}, 0, s.dtype};
        rest = SumForm{{}, 0, s.dtype};
        (s.base % c == 0 ? divisible : rest).base = s.base;
        for (const auto& t : s.args) (t.scale % c == 0 ? divisible : rest).args.push_back(t);
    }

    CVal mutate(const Expr& e);
    CVal mutateIndexBinary(const Expr& self, const BinaryNode& e);
    CVal mutateDiv(const Expr& self, const BinaryNode& e, const CVal& a, const CVal& b, DivMode mode);
    CVal mutateMod(const Expr& self, const BinaryNode& e, const CVal& a, const CVal& b, DivMode mode);
    Expr rewriteBinary(const Expr& self, const BinaryNode& e);
    Expr rewriteCompare(BinaryOp op, const Expr& a, const Expr& b, const Expr& self);
    Expr divideComparison(const Expr& a, const Expr& b);
    Expr rewriteNot(const Expr& self, const NotNode& e);
    Expr rewriteOther(const Expr& e);
};

CVal Simplifier::mutate(const Expr& e)
{
    if (!e) return CVal::of(e);
    // Past kMaxDepth levels an expression is kept as it is: simplifying is
    // an optimisation, and substituting bindings can make a tree far deeper
    // than any the parser builds.
    if (m_depth >= kMaxDepth) return CVal::of(e);
    ++m_depth;
    struct Leave {
        int& depth;
        ~Leave() { --depth; }
    } leave{m_depth};
    if (e->kind() == ExprKind::Var) {
        const auto it = m_ranges.find(static_cast<const VarNode*>(e.get()));
        if (it != m_ranges.end() && it->second.extent == 1) return CVal::of(intImm(it->second.min, e->dtype()));
        if (m_bindings) {
            // Re-canonicalised so that the value's terms merge with their neighbours.
            if (auto b = m_bindings->find(static_cast<const VarNode*>(e.get())); b != m_bindings->end()) {
                return mutate(b->second);
            }
        }
        return CVal::of(e);
    }
    if (const auto* bin = as<BinaryNode>(e)) {
        const BinaryOp op = bin->op();
        const bool arithmetic = !isComparison(op) && !isLogical(op) && op != BinaryOp::Min && op != BinaryOp::Max;
        if (isIndexType(e->dtype()) && arithmetic) return mutateIndexBinary(e, *bin);
        return CVal::of(rewriteBinary(e, *bin));
    }
    if (const auto* n = as<NotNode>(e)) return CVal::of(rewriteNot(e, *n));
    return CVal::of(rewriteOther(e));
}

CVal Simplifier::mutateIndexBinary(const Expr& self, const BinaryNode& e)
{
    CVal a = mutate(e.a());
    CVal b = mutate(e.b());
    const auto* ia = a.imm();
    const auto* ib = b.imm();
    const DataType t = self->dtype();
    if (ia && ib) {
        const bool divides = e.op() == BinaryOp::Div || e.op() == BinaryOp::Mod || e.op() == BinaryOp::FloorDiv ||
                             e.op() == BinaryOp::FloorMod;
        if (!divides || ib->value() != 0) return CVal::of(binary(e.op(), a.plain, b.plain));
    }
    if (e.op() == BinaryOp::Add || e.op() == BinaryOp::Sub) {
        const int64_t sign = e.op() == BinaryOp::Add ? 1 : -1;
        if (ib && ib->value() == 0) return a;
        if (ia && ia->value() == 0 && sign == 1) return b;
        SumForm ret = toSum(a, t);
        if (ib) {
            ret.addConst(sign * ib->value());
        } else if (b.kind == CVal::Kind::Sum) {
            ret.addSum(b.sum, sign);
        } else {
            ret.addTerm(toSplit(b), sign);
        }
        return CVal::of(std::move(ret));
    }
    if (e.op() == BinaryOp::Mul) {
        if (ia && ia->value() == 1) return b;
        if (ia && ia->value() == 0) return a;
        if (ib && ib->value() == 1) return a;
        if (ib && ib->value() == 0) return b;
        if (ia) {
            std::swap(a, b);
            std::swap(ia, ib);
        }
        if (ib) {
            if (a.kind == CVal::Kind::Sum) {
                a.sum.mulToSelf(ib->value());
                return a;
            }
            SplitTerm s = toSplit(a);
            s.scale *= ib->value();
            return CVal::of(std::move(s));
        }
        Expr na = normalize(a);
        Expr nb = normalize(b);
        if (na == e.a() && nb == e.b()) return CVal::of(self);
        return CVal::of(mul(na, nb));
    }
    if (e.op() == BinaryOp::FloorDiv || e.op() == BinaryOp::Div) {
        return mutateDiv(self, e, a, b, e.op() == BinaryOp::FloorDiv ? DivMode::Floor : DivMode::Trunc);
    }
    if (e.op() == BinaryOp::FloorMod || e.op() == BinaryOp::Mod) {
        return mutateMod(self, e, a, b, e.op() == BinaryOp::FloorMod ? DivMode::Floor : DivMode::Trunc);
    }
    return CVal::of(self);
}

CVal Simplifier::mutateDiv(const Expr& self, const BinaryNode& e, const CVal& a, const CVal& b, DivMode mode)
{
    const auto* ib = b.imm();
    if (const auto* ia = a.imm(); ia && ia->value() == 0) return a;
    if (ib && ib->value() > 0) {
        const int64_t c = ib->value();
        if (c == 1) return a;
        if (a.kind == CVal::Kind::Sum) {
            SumForm lhs;
            SumForm extra;
            separate(a.sum, c, lhs, extra);
            if (extra.isZero()) {
                lhs.divideBy(c);
                return CVal::of(std::move(lhs));
            }
            // Truncating division only splits when both parts are non-negative.
            const bool splittable = mode == DivMode::Floor ||
                                    (provablyNonNegative(lhs.normalize()) && provablyNonNegative(extra.normalize()));
            if (splittable) {
                lhs.divideBy(c);
                Expr temp = extra.normalize();
                if (const auto* k = as<IntImmNode>(temp)) {
                    lhs.addConst(mode == DivMode::Floor ? floorDivI(k->value(), c) : k->value() / c);
                } else {
                    const bool vanishes =
                        compare(temp, c) == Cmp::LT && (mode == DivMode::Trunc || provablyNonNegative(temp));
                    if (!vanishes) lhs.addTerm(splitDivConst(toSplit(CVal::of(temp)), c, mode), 1);
                }
                return CVal::of(std::move(lhs));
            }
        } else {
            const IntBound ab = bound(normalize(a));
            if (ab.min >= 0 && ab.max < c) return CVal::of(intImm(0, self->dtype()));
        }
        return CVal::of(splitDivConst(toSplit(a), c, mode));
    }
    Expr na = normalize(a);
    Expr nb = normalize(b);
    if (na == e.a() && nb == e.b()) return CVal::of(self);
    return CVal::of(binary(e.op(), na, nb));
}

CVal Simplifier::mutateMod(const Expr& self, const BinaryNode& e, const CVal& a, const CVal& b, DivMode mode)
{
    const auto* ib = b.imm();
    if (const auto* ia = a.imm(); ia && ia->value() == 0) return a;
    if (ib && ib->value() > 0) {
        const int64_t c = ib->value();
        const BinaryOp op = mode == DivMode::Floor ? BinaryOp::FloorMod : BinaryOp::Mod;
        if (a.kind == CVal::Kind::Sum) {
            SumForm lhs;
            SumForm extra;
            separate(a.sum, c, lhs, extra);
            if (mode == DivMode::Floor) {
                Expr temp = extra.normalize();
                if (as<IntImmNode>(temp)) return CVal::of(binary(op, temp, intImm(c, temp->dtype())));
                if (compare(temp, c) == Cmp::LT && provablyNonNegative(temp)) return CVal::of(temp);
                extra.base = floorModI(extra.base, c);
                return CVal::of(splitModConst(toSplit(CVal::of(std::move(extra))), c, mode));
            }
            if (extra.isZero()) return CVal::of(intImm(0, self->dtype()));
            SumForm rest = a.sum;
            if (provablyNonNegative(lhs.normalize()) && provablyNonNegative(extra.normalize())) {
                Expr temp = extra.normalize();
                if (as<IntImmNode>(temp)) return CVal::of(binary(op, temp, intImm(c, temp->dtype())));
                if (compare(temp, c) == Cmp::LT) return CVal::of(temp);
                rest = extra;
            }
            const IntBound rb = bound(rest.normalize());
            const int64_t newBase = rest.base % c;
            if (rb.min >= 0 && rb.min - rest.base + newBase >= 0) rest.base = newBase;
            return CVal::of(splitModConst(toSplit(CVal::of(std::move(rest))), c, mode));
        }
        const IntBound ab = bound(normalize(a));
        if (ab.min >= 0 && ab.max < c) return a;
        return CVal::of(splitModConst(toSplit(a), c, mode));
    }
    Expr na = normalize(a);
    Expr nb = normalize(b);
    if (na == e.a() && nb == e.b()) return CVal::of(self);
    return CVal::of(binary(e.op(), na, nb));
}

Expr Simplifier::rewriteBinary(const Expr& self, const BinaryNode& e)
{
    Expr a = visit(e.a());
    Expr b = visit(e.b());
    const BinaryOp op = e.op();
    if (op == BinaryOp::Min || op == BinaryOp::Max) {
        if (a->dtype().isInt() && b->dtype().isInt()) {
            const IntBound ba = bound(a);
            const IntBound bb = bound(b);
            const bool isMin = op == BinaryOp::Min;
            if (ba.max <= bb.min) return isMin ? a : b;
            if (bb.max <= ba.min) return isMin ? b : a;
        }
        if (exprEqual(a, b)) return a;
    } else if (op == BinaryOp::GT || op == BinaryOp::GE) {
        // The reference rewrites `a > b` as `b < a` and `a >= b` as `b <= a`.
        return rewriteCompare(op == BinaryOp::GT ? BinaryOp::LT : BinaryOp::LE, b, a, nullptr);
    } else if (isComparison(op)) {
        return rewriteCompare(op, a, b, a == e.a() && b == e.b() ? self : nullptr);
    } else if (isLogical(op)) {
        const bool isAnd = op == BinaryOp::And;
        const auto ca = constInt(a);
        const auto cb = constInt(b);
        if (ca) return (*ca != 0) == isAnd ? b : boolImm(!isAnd);
        if (cb) return (*cb != 0) == isAnd ? a : boolImm(!isAnd);
        // `x and x` stays: the reference has no rule for it (test_gemm_guard2
        // keeps both halves of its guard).
    }
    if (a == e.a() && b == e.b()) return self;
    return binary(op, a, b, self->span());
}

Expr Simplifier::rewriteCompare(BinaryOp op, const Expr& a, const Expr& b, const Expr& self)
{
    if (isIndexType(a->dtype()) && isIndexType(b->dtype())) {
        const Cmp r = compare(visit(sub(a, b)), 0);
        const bool lt = r == Cmp::LT;
        const bool gt = r == Cmp::GT;
        const bool eq = r == Cmp::EQ;
        if (op == BinaryOp::LT && (lt || eq || gt || r == Cmp::GE)) return boolImm(lt);
        if (op == BinaryOp::LE && (lt || eq || gt || r == Cmp::LE)) return boolImm(!gt);
        if ((op == BinaryOp::EQ || op == BinaryOp::NE) && (lt || eq || gt)) return boolImm(eq == (op == BinaryOp::EQ));
        if (op == BinaryOp::LT) {
            if (Expr divided = divideComparison(a, b)) return divided;
        }
        // x + c1 < c2  →  x < c2 - c1 (and the mirrored form): constants move right.
        if (op == BinaryOp::LT || op == BinaryOp::LE) {
            const auto* add = as<BinaryNode>(a);
            const auto cb = constInt(b);
            if (add && cb && (add->op() == BinaryOp::Add || add->op() == BinaryOp::Sub)) {
                if (const auto c1 = constInt(add->b())) {
                    const int64_t moved = add->op() == BinaryOp::Add ? *cb - *c1 : *cb + *c1;
                    return binary(op, add->a(), intImm(moved, b->dtype()));
                }
            }
            const auto* addB = as<BinaryNode>(b);
            const auto ca = constInt(a);
            if (addB && ca && (addB->op() == BinaryOp::Add || addB->op() == BinaryOp::Sub)) {
                if (const auto c2 = constInt(addB->b())) {
                    const int64_t moved = addB->op() == BinaryOp::Add ? *ca - *c2 : *ca + *c2;
                    return binary(op, intImm(moved, a->dtype()), addB->a());
                }
            }
        }
    } else if (exprEqual(a, b) && !a->dtype().isFloat()) {
        return boolImm(op == BinaryOp::EQ || op == BinaryOp::LE);
    }
    if (self) return self;
    return binary(op, a, b);
}

// The reference's canonical rule for a < b: with a - b = Σ s_i x_i + y + c,
// d = gcd(c, the s_i with |s_i| > 1) and -d < y < d, it is equivalent to
// Σ (s_i / d) x_i + c / d < 0 (e.g. `b * 128 + p < j * 128` with p in
// [0, 128) becomes `b - j < 0`). The reference simplifies twice, so the
// rule applies again to its own result; a sum of negated terms is then
// written as `-c < Σ |s_i| x_i`, as its rewrite of `c1 - x < c2` does.
Expr Simplifier::divideComparison(const Expr& a, const Expr& b)
{
    SumForm sum = toSum(mutate(binary(BinaryOp::Sub, a, b)), a->dtype());
    bool divided = false;
    for (int pass = 0; pass < 2; ++pass) {
        int64_t d = sum.base < 0 ? -sum.base : sum.base;
        bool scaled = false;
        for (const auto& t : sum.args) {
            if (t.scale > 1 || t.scale < -1) {
                scaled = true;
                d = std::gcd(d, t.scale < 0 ? -t.scale : t.scale);
            }
        }
        if (!scaled || d <= 1) break;
        SumForm divisible{{}, sum.base, sum.dtype};
        SumForm extra{{}, 0, sum.dtype};
        for (const auto& t : sum.args) (t.scale % d == 0 ? divisible : extra).args.push_back(t);
        const IntBound eb = bound(extra.normalize());
        if (!(eb.min > -d && eb.max < d)) break;
        divisible.divideBy(d);
        sum = std::move(divisible);
        divided = true;
    }
    if (!divided) return nullptr;
    const int64_t c = -sum.base;
    sum.base = 0;
    const bool negated = !sum.args.empty() &&
                         std::all_of(sum.args.begin(), sum.args.end(), [](const SplitTerm& t) { return t.scale < 0; });
    if (negated) {
        sum.mulToSelf(-1);
        return binary(BinaryOp::LT, intImm(-c, a->dtype()), sum.normalize());
    }
    return binary(BinaryOp::LT, sum.normalize(), intImm(c, a->dtype()));
}

Expr Simplifier::rewriteNot(const Expr& self, const NotNode& e)
{
    Expr a = visit(e.a());
    if (const auto c = constInt(a)) return boolImm(*c == 0);
    if (const auto* n = as<NotNode>(a)) return n->a();
    // The reference keeps negated comparisons as the opposite comparison.
    if (const auto* bin = as<BinaryNode>(a)) {
        if (bin->op() == BinaryOp::LT) return binary(BinaryOp::LE, bin->b(), bin->a());
        if (bin->op() == BinaryOp::LE) return binary(BinaryOp::LT, bin->b(), bin->a());
        if (bin->op() == BinaryOp::EQ) return binary(BinaryOp::NE, bin->a(), bin->b());
        if (bin->op() == BinaryOp::NE) return binary(BinaryOp::EQ, bin->a(), bin->b());
    }
    return a == e.a() ? self : logicalNot(a, self->span());
}

Expr Simplifier::rewriteOther(const Expr& e)
{
    switch (e->kind()) {
    case ExprKind::Select: {
        const auto& s = static_cast<const SelectNode&>(*e);
        Expr c = visit(s.cond());
        if (const auto k = constInt(c)) return visit(*k != 0 ? s.trueValue() : s.falseValue());
        Expr t = visit(s.trueValue());
        Expr f = visit(s.falseValue());
        if (exprEqual(t, f)) return t;
        if (c == s.cond() && t == s.trueValue() && f == s.falseValue()) return e;
        return select(c, t, f, e->span());
    }
    case ExprKind::Cast: {
        const auto& c = static_cast<const CastNode&>(*e);
        Expr v = visit(c.value());
        return v == c.value() ? e : cast(c.dtype(), v, e->span());
    }
    case ExprKind::Call: {
        const auto& c = static_cast<const CallNode&>(*e);
        std::vector<Expr> args;
        bool changed = false;
        for (const auto& a : c.args()) {
            args.push_back(visit(a));
            changed = changed || args.back() != a;
        }
        if (!changed) return e;
        return call(c.op(), std::move(args), c.attrs(), c.dtype(), c.tyArgs(), e->span());
    }
    case ExprKind::TensorLoad: {
        const auto& l = static_cast<const TensorLoadNode&>(*e);
        std::vector<Expr> idx;
        bool changed = false;
        for (const auto& i : l.indices()) {
            idx.push_back(visit(i));
            changed = changed || idx.back() != i;
        }
        if (!changed) return e;
        return std::make_shared<TensorLoadNode>(l.tensor(), std::move(idx), l.dtype(), e->span());
    }
    case ExprKind::TensorRegion: {
        const auto& r = static_cast<const TensorRegionNode&>(*e);
        std::vector<Range> ranges;
        bool changed = false;
        for (const auto& rg : r.ranges()) {
            ranges.push_back(Range{visit(rg.min), visit(rg.extent)});
            changed = changed || ranges.back().min != rg.min || ranges.back().extent != rg.extent;
        }
        return changed ? tensorRegion(r.tensor(), std::move(ranges), e->span()) : e;
    }
    case ExprKind::Tuple: {
        const auto& t = static_cast<const TupleNode&>(*e);
        std::vector<Expr> fields;
        bool changed = false;
        for (const auto& f : t.fields()) {
            fields.push_back(visit(f));
            changed = changed || fields.back() != f;
        }
        return changed ? tuple(std::move(fields), e->span()) : e;
    }
    case ExprKind::IntImm:
    case ExprKind::FloatImm:
    case ExprKind::StringImm:
    case ExprKind::Var:
    case ExprKind::Binary:
    case ExprKind::Not:
    case ExprKind::Ramp:
    case ExprKind::Broadcast: return e;
    }
    return e;
}

} // namespace

Expr simplify(const Expr& e, const VarRanges& ranges, const VarBindings* bindings)
{
    if (!e) return e;
    Simplifier s(ranges, bindings);
    Expr out = s.visit(e);
    // Keep the input node when the result is structurally the same, so that
    // callers can tell "unchanged" by pointer.
    if (out != e && exprEqual(out, e)) return e;
    return out;
}

bool isPureScalar(const Expr& e)
{
    struct Finder final : IrVisitor {
        bool found = false;
        void visitCall(const CallNode&) override { found = true; }
        void visitTensorLoad(const TensorLoadNode&) override { found = true; }
    } finder;
    finder.visitExpr(e);
    return !finder.found;
}

bool canProve(const Expr& cond, const VarRanges& ranges)
{
    const auto c = constInt(simplify(cond, ranges));
    return c && *c != 0;
}

} // namespace tirx
