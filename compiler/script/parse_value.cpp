// TVMScript parser: operators on parse-time values, subscripts, and the
// conversions from Python-level values to IR.

#include "script/parser_impl.h"

#include "analysis/int_bounds.h"
#include "analysis/simplify.h"
#include "ir/binary_ops.h"

#include <cmath>
#include <limits>

namespace tirx::script {

namespace {

Value pyInt64(int64_t value, Span span)
{
    const bool fits = value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max();
    return Value::ofExpr(intImm(value, fits ? DataType::int32() : DataType::int64(), span), span, true);
}

bool isPyNumber(const Value& v)
{
    return v.kind == Value::Kind::Expr && v.py && !v.partialIndex &&
           (v.expr->kind() == ExprKind::IntImm || v.expr->kind() == ExprKind::FloatImm);
}

bool isPyInt(const Value& v) { return isPyNumber(v) && v.expr->kind() == ExprKind::IntImm; }

// What is wrong with an element access whose index is a constant outside
// the tensor's extent in that dimension (both known), or "": no layout maps
// such an element to memory of the tensor, so the access would read or
// write another tensor's bytes, or none. Symbolic indices are left to the
// simulator, which sees their values. Checked here, where the text is read,
// since no pass makes such an index.
std::string indexOutsideShape(const VarNode& tensor, const std::vector<Expr>& indices)
{
    const auto& shape = tensor.tensorType()->shape();
    for (size_t d = 0; d < indices.size() && d < shape.size(); ++d) {
        const auto index = constInt(indices[d]);
        const auto extent = constInt(shape[d]);
        if (!index || !extent || (*index >= 0 && *index < *extent)) continue;
        return "index " + std::to_string(*index) + " is outside dimension " + std::to_string(d) + " of '" +
               tensor.name() + "', of extent " + std::to_string(*extent) + " (valid: 0.." +
               std::to_string(*extent - 1) + ")";
    }
    return {};
}

double asDouble(const Expr& e)
{
    if (const auto* f = as<FloatImmNode>(e)) return f->value();
    return static_cast<double>(as<IntImmNode>(e)->value());
}

const std::vector<std::string_view> kDtypeNames = {
    "bool",   "int8",    "int16",    "int32",   "int64",   "uint8",  "uint16",      "uint32",
    "uint64", "float16", "bfloat16", "float32", "float64", "handle", "float8_e4m3", "float8_e5m2"};

// A Python literal next to an IR operand takes the operand's dtype, as the
// reference's PrimExpr operators convert Python constants.
Expr literalLike(const Value& lit, const Expr& other)
{
    const DataType t = other->dtype();
    if (const auto* i = as<IntImmNode>(lit.expr)) {
        if (lit.expr->dtype().isBool()) return lit.expr;
        if (t.isFloat()) return floatImm(static_cast<double>(i->value()), t, lit.span);
        if (t.isInt() || t.isUInt()) return intImm(i->value(), t, lit.span);
        return lit.expr;
    }
    if (const auto* f = as<FloatImmNode>(lit.expr)) {
        if (t.isFloat()) return floatImm(f->value(), t, lit.span);
    }
    return lit.expr;
}

} // namespace

Value Parser::binaryOp(std::string_view op, const Value& a, const Value& b, Span span)
{
    using K = Value::Kind;
    // Python-level arithmetic on literals (chapter 01 §3): evaluated first.
    if (isPyNumber(a) && isPyNumber(b)) {
        const bool ints = isPyInt(a) && isPyInt(b);
        if (ints) {
            const int64_t x = as<IntImmNode>(a.expr)->value();
            const int64_t y = as<IntImmNode>(b.expr)->value();
            // Python integers do not overflow; ours are 64-bit, so a result
            // out of that range is refused rather than wrapped.
            int64_t r = 0;
            bool wrapped = false;
            if (op == "+") wrapped = __builtin_add_overflow(x, y, &r);
            if (op == "-") wrapped = __builtin_sub_overflow(x, y, &r);
            if (op == "*") wrapped = __builtin_mul_overflow(x, y, &r);
            if (op == "//") wrapped = x == std::numeric_limits<int64_t>::min() && y == -1;
            if (wrapped) fail(span, kIntOverflow);
            if (op == "+" || op == "-" || op == "*") return pyInt64(r, span);
            if ((op == "//" || op == "%" || op == "/") && y == 0) fail(span, "division by zero");
            if (op == "%" && y == -1) return pyInt64(0, span);
            if (op == "//") return pyInt64(floorDivI(x, y), span);
            if (op == "%") return pyInt64(floorModI(x, y), span);
            if (op == "**" && y >= 0) {
                r = 1;
                // |x| > 1 overflows within 64 steps; 0, 1 and -1 settle at once.
                const int64_t steps = x >= -1 && x <= 1 ? std::min<int64_t>(y, 2) : y;
                for (int64_t i = 0; i < steps; ++i) {
                    if (__builtin_mul_overflow(r, x, &r)) fail(span, kIntOverflow);
                }
                if (x == -1) r = y % 2 == 0 ? 1 : -1;
                return pyInt64(r, span);
            }
        }
        const double x = asDouble(a.expr);
        const double y = asDouble(b.expr);
        auto flt = [&](double v) { return Value::ofExpr(floatImm(v, DataType::float32(), span), span, true); };
        auto boolean = [&](bool v) { return Value::ofExpr(boolImm(v, span), span, true); };
        if (op == "+") return flt(x + y);
        if (op == "-") return flt(x - y);
        if (op == "*") return flt(x * y);
        if (op == "/") {
            if (y == 0) fail(span, "division by zero");
            return flt(x / y);
        }
        if (op == "//" || op == "%") {
            if (y == 0) fail(span, "division by zero");
            const double q = std::floor(x / y);
            return flt(op == "//" ? q : x - q * y);
        }
        if (op == "**") return flt(std::pow(x, y));
        if (op == "<") return boolean(x < y);
        if (op == "<=") return boolean(x <= y);
        if (op == ">") return boolean(x > y);
        if (op == ">=") return boolean(x >= y);
        if (op == "==") return boolean(x == y);
        if (op == "!=") return boolean(x != y);
        if (op == "and") return x == 0 ? a : b;
        if (op == "or") return x != 0 ? a : b;
    }
    // Python sequences and strings.
    if (op == "+" && a.kind == K::Seq && b.kind == K::Seq) {
        if (sequenceWeight(a) + sequenceWeight(b) > kMaxSequenceItems) fail(span, sequenceTooLong());
        Value r = a;
        r.items.insert(r.items.end(), b.items.begin(), b.items.end());
        r.span = span;
        return r;
    }
    if (op == "*" && a.kind == K::Seq && isPyInt(b)) {
        Value r = a;
        r.items.clear();
        const int64_t n = as<IntImmNode>(b.expr)->value();
        if (n > 0 && sequenceWeight(a) > kMaxSequenceItems / static_cast<uint64_t>(n)) fail(span, sequenceTooLong());
        for (int64_t i = 0; i < n; ++i) r.items.insert(r.items.end(), a.items.begin(), a.items.end());
        r.span = span;
        return r;
    }
    if (op == "+" && a.kind == K::Str && b.kind == K::Str) return Value::ofStr(a.str + b.str, span);
    if ((op == "==" || op == "!=") && a.kind == K::Str && b.kind == K::Str)
        return Value::ofExpr(boolImm((a.str == b.str) == (op == "=="), span), span, true);
    // Layout notation: `v @ Axis` is a strided term; `+` collects terms.
    if (op == "@") {
        if (b.kind != K::Axis) fail(b.span, "expected a layout axis after '@', got " + describe(b));
        Value r;
        r.kind = K::LayoutSum;
        r.offset().emplace_back(b.axis, toExpr(a, "a layout stride"));
        r.span = span;
        return r;
    }
    if (op == "+" && (a.kind == K::LayoutSum || b.kind == K::LayoutSum)) {
        Value r;
        r.kind = K::LayoutSum;
        r.span = span;
        for (const Value* side : {&a, &b}) {
            if (side->kind == K::LayoutSum) {
                r.shard().insert(r.shard().end(), side->shard().begin(), side->shard().end());
                r.replica().insert(r.replica().end(), side->replica().begin(), side->replica().end());
                for (const auto& [ax, e] : side->offset()) {
                    bool merged = false;
                    for (auto& [ax2, e2] : r.offset()) {
                        if (ax2 == ax) {
                            e2 = add(e2, e);
                            merged = true;
                        }
                    }
                    if (!merged) r.offset().emplace_back(ax, e);
                }
            } else {
                Expr e = toExpr(*side, "a layout offset");
                bool merged = false;
                for (auto& [ax2, e2] : r.offset()) {
                    if (ax2 == Axis::m()) {
                        e2 = add(e2, e);
                        merged = true;
                    }
                }
                if (!merged) r.offset().emplace_back(Axis::m(), e);
            }
        }
        return r;
    }
    // IR arithmetic.
    countOperator(span);
    if (a.kind != K::Expr) fail(a.span, "unsupported operand for '" + std::string(op) + "': " + describe(a));
    if (b.kind != K::Expr) fail(b.span, "unsupported operand for '" + std::string(op) + "': " + describe(b));
    Expr x = toExpr(a, "an operand");
    Expr y = toExpr(b, "an operand");
    if (a.py && !b.py) x = literalLike(a, y);
    if (b.py && !a.py) y = literalLike(b, x);
    const std::optional<BinaryOp> found = findInfixOp(op);
    if (!found) fail(span, "operator '" + std::string(op) + "' is not supported on IR expressions");
    const BinaryOp bop = *found;
    if (bop == BinaryOp::Div && !x->dtype().isFloat() && !y->dtype().isFloat())
        fail(span, "integer division with '/' is ambiguous; use '//' for floor division or T.truncdiv");
    if ((bop == BinaryOp::FloorDiv || bop == BinaryOp::FloorMod || bop == BinaryOp::Div) && isConstInt(y, 0))
        fail(span, "division by zero");
    if ((x->dtype().isHandle() || y->dtype().isHandle()) && !isComparison(bop))
        fail(span, "arithmetic on a tensor or handle is not supported; index the tensor first");
    return Value::ofExpr(withSpan(binary(bop, x, y, span), span), span);
}

Value Parser::parseSubscript(const Value& base, Span start)
{
    if (base.kind == Value::Kind::Namespace && (base.str == "T.S" || base.str == "T.R"))
        return shardSpec(base.str == "T.R", start);
    const Span open = advance().span; // [
    if (base.kind == Value::Kind::Namespace && base.str == "T.let") {
        parseExpr();
        expectOp("]");
        return Value::ns("T.let", spanFrom(start));
    }
    if (base.kind == Value::Kind::Seq) {
        Value idx = parseExpr();
        expectOp("]");
        const int64_t i = requireInt(idx, "a sequence index");
        const auto n = static_cast<int64_t>(base.items.size());
        if (i < -n || i >= n) fail(idx.span, "sequence index out of range");
        Value out = base.items[static_cast<size_t>(i < 0 ? i + n : i)];
        out.span = spanFrom(start);
        return out;
    }
    const auto* var = base.kind == Value::Kind::Expr ? as<VarNode>(base.expr) : nullptr;
    if (!var || !var->isTensor()) fail(open, "'" + describe(base) + "' is not subscriptable");
    const auto& shape = var->tensorType()->shape();
    // The lower bounds (the indices of an element access, the usual case) go
    // straight into the vector the load node keeps; upper bounds and slice
    // flags are recorded only once a slice appears.
    std::vector<Expr> lows;
    lows.reserve(shape.size());
    std::vector<Expr> highs;
    std::vector<bool> slices;
    bool anySlice = false;
    while (!isOp("]")) {
        Expr lo;
        Expr hi;
        bool slice = false;
        if (!isOp(":")) {
            Value v = parseExpr();
            if (v.kind == Value::Kind::Expr && v.expr->dtype().isFloat())
                fail(v.span, "tensor indices must be integers");
            lo = toExpr(v, "a tensor index");
        }
        if (acceptOp(":")) {
            slice = true;
            if (!isOp(",") && !isOp("]") && !isOp(":")) hi = toExpr(parseExpr(), "a slice bound");
            if (isOp(":")) failAtCurrent("slice steps are not supported in tensor regions");
        }
        if (slice && !anySlice) {
            anySlice = true;
            highs.resize(lows.size());
            slices.assign(lows.size(), false);
        }
        if (anySlice) {
            highs.push_back(std::move(hi));
            slices.push_back(slice);
        }
        lows.push_back(std::move(lo));
        if (!acceptOp(",")) break;
    }
    expectOp("]", "to close the subscript");
    const Span span = spanFrom(start);
    const size_t given = lows.size();
    if (given == 0) fail(span, "empty subscript on tensor '" + var->name() + "'");
    if (given > shape.size())
        fail(span, "tensor '" + var->name() + "' has rank " + std::to_string(shape.size()) + " but " +
                       std::to_string(given) + " indices were given");
    const Var tensor = std::static_pointer_cast<const VarNode>(base.expr);
    if (!anySlice && given == shape.size()) {
        if (auto outside = indexOutsideShape(*var, lows); !outside.empty()) fail(span, std::move(outside));
        return Value::ofExpr(tensorLoad(tensor, std::move(lows), span), span);
    }
    // A region (chapter 01 §5.5): lo:hi → (lo, hi - lo); k → (k, 1); missing dims full.
    std::vector<Range> ranges;
    ranges.reserve(shape.size());
    for (size_t d = 0; d < shape.size(); ++d) {
        const DataType idt = shape[d]->dtype().isInt() ? shape[d]->dtype() : DataType::int32();
        if (d >= given) {
            ranges.push_back({intImm(0, idt, span), shape[d]});
            continue;
        }
        const Expr& itLo = lows[d];
        if (!anySlice || !slices[d]) {
            ranges.push_back({itLo, intImm(1, itLo->dtype().isInt() ? itLo->dtype() : idt, span)});
            continue;
        }
        const Expr& itHi = highs[d];
        Expr lo = itLo ? itLo : intImm(0, idt, span);
        Expr hi = itHi ? itHi : shape[d];
        ranges.push_back({lo, itLo ? simplify(sub(hi, lo)) : hi});
    }
    Value out = Value::ofExpr(tensorRegion(tensor, std::move(ranges), span), span);
    out.partialIndex = !anySlice;
    out.givenIndices = static_cast<uint32_t>(given);
    return out;
}

// ----------------------------------------------------------- conversions

Expr Parser::pyToIR(const Value& v) { return v.expr; }

Expr Parser::toExpr(const Value& v, std::string_view what)
{
    switch (v.kind) {
    case Value::Kind::Expr:
        if (v.partialIndex) {
            const auto* r = as<TensorRegionNode>(v.expr);
            fail(v.span, "tensor '" + r->tensor()->name() + "' has rank " + std::to_string(r->ranges().size()) +
                             " but " + std::to_string(v.givenIndices) +
                             (v.givenIndices == 1 ? " index was given" : " indices were given"));
        }
        if (v.expr->kind() == ExprKind::TensorRegion)
            fail(v.span, "a tensor region (slice) can only be an operand of a tile op, not " + std::string(what));
        return v.expr;
    case Value::Kind::Str: fail(v.span, "expected " + std::string(what) + ", got a string");
    case Value::Kind::None: fail(v.span, "expected " + std::string(what) + ", got None");
    case Value::Kind::Seq:
    case Value::Kind::Dict:
    case Value::Kind::Layout:
    case Value::Kind::LayoutSum:
    case Value::Kind::Type:
    case Value::Kind::Target:
    case Value::Kind::Namespace:
    case Value::Kind::Axis:
    case Value::Kind::Method: break;
    }
    fail(v.span, "expected " + std::string(what) + ", got " + describe(v));
}

Expr Parser::toOperand(const Value& v)
{
    switch (v.kind) {
    case Value::Kind::Str: return stringImm(v.str, v.span);
    case Value::Kind::None: return tuple({}, v.span);
    case Value::Kind::Seq: {
        std::vector<Expr> fields;
        for (const auto& item : v.items) fields.push_back(toOperand(item));
        return tuple(std::move(fields), v.span);
    }
    case Value::Kind::Target: return call("target", {stringImm(v.str, v.span)}, {}, DataType::handle(), {}, v.span);
    case Value::Kind::Expr:
        if (v.expr->kind() == ExprKind::TensorRegion && !v.partialIndex) return v.expr;
        return toExpr(v, "an operand");
    case Value::Kind::Dict:
    case Value::Kind::Layout:
    case Value::Kind::LayoutSum:
    case Value::Kind::Type:
    case Value::Kind::Namespace:
    case Value::Kind::Axis:
    case Value::Kind::Method: break;
    }
    fail(v.span, "expected an operand, got " + describe(v));
}

std::optional<int64_t> Parser::pyInt(const Value& v) const
{
    if (v.kind != Value::Kind::Expr || v.partialIndex) return std::nullopt;
    return constInt(v.expr);
}

int64_t Parser::requireInt(const Value& v, std::string_view what)
{
    auto i = pyInt(v);
    if (!i) fail(v.span, "expected an integer constant for " + std::string(what) + ", got " + describe(v));
    return *i;
}

std::string Parser::requireStr(const Value& v, std::string_view what)
{
    if (v.kind != Value::Kind::Str) fail(v.span, "expected a string for " + std::string(what) + ", got " + describe(v));
    return v.str;
}

DataType Parser::requireDtype(const Value& v)
{
    std::string_view name;
    if (v.kind == Value::Kind::Str)
        name = v.str;
    else if (v.kind == Value::Kind::Namespace && v.str.starts_with("T."))
        name = std::string_view(v.str).substr(2);
    else
        fail(v.span, "expected a dtype, got " + describe(v));
    if (name.empty()) fail(v.span, "unknown dtype ''");
    if (auto dt = DataType::parse(name)) return *dt;
    std::string msg = "unknown dtype '" + std::string(name) + "'";
    if (auto best = closestName(name, kDtypeNames); !best.empty()) msg += "; did you mean '" + std::string(best) + "'?";
    fail(v.span, msg);
}

std::vector<Expr> Parser::toShape(const Value& v, std::string_view what)
{
    std::vector<Expr> out;
    if (v.kind == Value::Kind::Seq) {
        for (const auto& item : v.items) {
            Expr e = toExpr(item, "a shape extent");
            if (!e->dtype().isInt() && !e->dtype().isUInt())
                fail(item.span, "shape extents of " + std::string(what) + " must be integers");
            if (auto c = constInt(e); c && *c < 0)
                fail(item.span, "shape extents of " + std::string(what) + " must not be negative");
            out.push_back(e);
        }
        return out;
    }
    if (v.kind == Value::Kind::Expr && (v.expr->dtype().isInt() || v.expr->dtype().isUInt()) &&
        v.expr->kind() != ExprKind::TensorRegion) {
        if (auto c = constInt(v.expr); c && *c < 0)
            fail(v.span, "shape extents of " + std::string(what) + " must not be negative");
        return {v.expr};
    }
    fail(v.span, "expected a shape (a tuple of integers) for " + std::string(what) + ", got " + describe(v));
}

Attrs Parser::toAttrs(const Value& dict, std::string_view what)
{
    if (dict.kind == Value::Kind::None) return {};
    if (dict.kind != Value::Kind::Dict) fail(dict.span, "expected a dict for " + std::string(what));
    std::vector<Attrs::Entry> entries;
    entries.reserve(dict.items.size() / 2);
    for (size_t i = 0; i + 1 < dict.items.size(); i += 2) {
        const Value& k = dict.items[i];
        const Value& v = dict.items[i + 1];
        if (k.kind != Value::Kind::Str) fail(k.span, "keys of " + std::string(what) + " must be strings");
        for (const auto& e : entries) {
            if (e.first == k.str) fail(k.span, "duplicate key '" + k.str + "' in " + std::string(what));
        }
        entries.emplace_back(k.str, toOperand(v));
    }
    return Attrs{std::move(entries)};
}

} // namespace tirx::script
