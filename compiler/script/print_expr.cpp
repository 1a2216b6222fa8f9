// Expressions, constants, tensor types and layouts in canonical TVMScript
// (chapter 01 §10.2, §10.5; chapter 02 §4.2). Calls are in print_call.cpp.

#include "script/print_impl.h"

#include "ir/binary_ops.h"
#include "ir/callables.h"
#include "ir/make.h"
#include "ir/mem_space.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace tirx::print_detail {

std::string pythonFloatRepr(double v)
{
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    // Shortest round-tripping digits, then laid out the way Python's repr
    // does: positional for 1e-4 <= |v| < 1e16, scientific otherwise.
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
    std::string out;
    if (!sci.empty() && sci.front() == '-') {
        out += '-';
        sci.remove_prefix(1);
    }
    const size_t ePos = sci.find('e');
    std::string digits;
    for (char c : sci.substr(0, ePos)) {
        if (c != '.') digits += c;
    }
    int exp10 = 0;
    std::from_chars(sci.data() + ePos + 1 + (sci[ePos + 1] == '+' ? 1 : 0), sci.data() + sci.size(), exp10);
    if (exp10 < -4 || exp10 >= 16) {
        out += digits[0];
        if (digits.size() > 1) {
            out += '.';
            out.append(digits, 1);
        }
        char e[16];
        std::snprintf(e, sizeof e, "e%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
        out += e;
        return out;
    }
    if (exp10 < 0) {
        out += "0.";
        out.append(static_cast<size_t>(-exp10 - 1), '0');
        out += digits;
        return out;
    }
    const auto intDigits = static_cast<size_t>(exp10) + 1;
    if (digits.size() <= intDigits) {
        out += digits;
        out.append(intDigits - digits.size(), '0');
        out += ".0";
    } else {
        out.append(digits, 0, intDigits);
        out += '.';
        out.append(digits, intDigits);
    }
    return out;
}

namespace {

// The table's precedence levels are on this printer's scale.
static_assert(kPrecOr == 1 && kPrecAnd == 2 && kPrecCompare == 4 && kPrecAdd == 5 && kPrecMul == 6 && kPrecAtom == 8,
              "binary_ops.def's scriptLevel column uses the Prec scale");

int binaryPrec(BinaryOp op) { return binaryOpInfo(op).scriptLevel; }

} // namespace

std::string Printer::scriptName(std::string_view op)
{
    if (const Callable* c = findCallableByOp(op)) return std::string(c->name);
    if (op.starts_with("tirx.")) return "T." + std::string(op.substr(5));
    return "T." + std::string(op);
}

void Printer::stringLit(std::string_view s)
{
    m_out += '"';
    for (char c : s) {
        switch (c) {
        case '"': m_out += "\\\""; break;
        case '\\': m_out += "\\\\"; break;
        case '\n': m_out += "\\n"; break;
        case '\t': m_out += "\\t"; break;
        case '\r': m_out += "\\r"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(c));
                m_out += hex;
            } else {
                m_out += c;
            }
        }
    }
    m_out += '"';
}

void Printer::exprList(const std::vector<Expr>& xs)
{
    for (size_t i = 0; i < xs.size(); ++i) {
        if (i) m_out += ", ";
        expr(xs[i].get(), kPrecNone);
    }
}

void Printer::intImm(const IntImmNode& e, int parentPrec)
{
    const DataType t = e.dtype();
    if (t.isBool()) {
        m_out += e.value() ? "T.bool(True)" : "T.bool(False)";
        return;
    }
    if (t == DataType::int32()) {
        // A negative literal is a unary minus to Python.
        const bool paren = e.value() < 0 && parentPrec > kPrecUnary;
        if (paren) m_out += '(';
        m_out += std::to_string(e.value());
        if (paren) m_out += ')';
        return;
    }
    m_out += "T.";
    m_out += t.str();
    m_out += '(';
    m_out += std::to_string(e.value());
    m_out += ')';
}

void Printer::floatImm(const FloatImmNode& e)
{
    m_out += "T.";
    m_out += e.dtype().str();
    m_out += '(';
    const double v = e.value();
    if (std::isnan(v) || std::isinf(v)) {
        stringLit(pythonFloatRepr(v));
    } else {
        m_out += pythonFloatRepr(v);
    }
    m_out += ')';
}

namespace {

// An operator Python writes between its operands; the others print as calls.
bool isInfix(const BinaryNode& e)
{
    const BinaryOp op = e.op();
    // Integer truncating division has no Python operator: `/` is true division.
    return !binaryOpInfo(op).infix.empty() && (op != BinaryOp::Div || e.dtype().isFloat());
}

} // namespace

void Printer::binary(const BinaryNode& e, int parentPrec)
{
    const BinaryOp op = e.op();
    if (!isInfix(e)) {
        m_out += binaryOpInfo(op).scriptCall;
        m_out += '(';
        expr(e.a().get(), kPrecNone);
        m_out += ", ";
        expr(e.b().get(), kPrecNone);
        m_out += ')';
        return;
    }
    const int prec = binaryPrec(op);
    const bool paren = prec < parentPrec;
    if (paren) m_out += '(';
    // Left-associative: the left operand may share the level; the right
    // needs parentheses at the same level. Comparisons chain in Python, so
    // a comparison operand on either side needs them too. The operands that
    // share the level are collected first and printed from a loop, so a long
    // chain (a + b + c + ...) does not recurse once per term.
    // Most chains are a few terms long: those links stay on the stack.
    std::array<const BinaryNode*, 8> near{&e};
    std::vector<const BinaryNode*> far;
    size_t links = 1;
    if (prec != kPrecCompare) {
        for (const auto* left = as<BinaryNode>(e.a()); left && isInfix(*left) && binaryPrec(left->op()) == prec;
             left = as<BinaryNode>(left->a())) {
            if (links < near.size())
                near[links] = left;
            else
                far.push_back(left);
            ++links;
        }
    }
    const auto link = [&](size_t i) { return i < near.size() ? near[i] : far[i - near.size()]; };
    const int leftPrec = prec == kPrecCompare ? prec + 1 : prec;
    expr(link(links - 1)->a().get(), leftPrec);
    for (size_t i = links; i-- > 0;) {
        m_out += ' ';
        m_out += binaryOpInfo(link(i)->op()).infix;
        m_out += ' ';
        expr(link(i)->b().get(), prec + 1);
    }
    if (paren) m_out += ')';
}

void Printer::region(const TensorRegionNode& e)
{
    m_out += names.nameOf(e.tensor().get());
    m_out += '[';
    bool anySlice = false;
    for (const auto& r : e.ranges()) anySlice = anySlice || !isConstInt(r.extent, 1);
    const auto& rs = e.ranges();
    for (size_t i = 0; i < rs.size(); ++i) {
        if (i) m_out += ", ";
        // A unit range prints as a bare index (dimension kept) when another
        // dimension is a slice, so the subscript still reads as a region.
        if (anySlice && isConstInt(rs[i].extent, 1)) {
            expr(rs[i].min.get(), kPrecNone);
            continue;
        }
        expr(rs[i].min.get(), kPrecNone);
        m_out += ':';
        expr(add(rs[i].min, rs[i].extent).get(), kPrecNone);
    }
    m_out += ']';
}

bool Printer::keywords(const Attrs& attrs, bool first)
{
    for (const auto& [k, v] : attrs.entries()) {
        if (!first) m_out += ", ";
        first = false;
        m_out += k;
        m_out += '=';
        expr(v.get(), kPrecNone);
    }
    return first;
}

bool Printer::pyConst(const Expr& e)
{
    if (const auto* i = as<IntImmNode>(e)) {
        if (i->dtype().isBool()) {
            m_out += i->value() ? "True" : "False";
            return true;
        }
        if (i->dtype() != DataType::int32()) return false;
        m_out += std::to_string(i->value());
        return true;
    }
    if (const auto* f = as<FloatImmNode>(e)) {
        if (f->dtype() != DataType::float32() || !std::isfinite(f->value())) return false;
        m_out += pythonFloatRepr(f->value());
        return true;
    }
    if (const auto* s = as<StringImmNode>(e)) {
        stringLit(s->value());
        return true;
    }
    if (const auto* t = as<TupleNode>(e)) {
        m_out += '(';
        for (size_t k = 0; k < t->fields().size(); ++k) {
            if (k) m_out += ", ";
            if (!pyConst(t->fields()[k])) return false;
        }
        if (t->fields().size() == 1) m_out += ',';
        m_out += ')';
        return true;
    }
    return false;
}

void Printer::attrDict(const Attrs& attrs)
{
    m_out += '{';
    bool first = true;
    for (const auto& [k, v] : attrs.entries()) {
        if (!first) m_out += ", ";
        first = false;
        stringLit(k);
        m_out += ": ";
        expr(v.get(), kPrecNone);
    }
    m_out += '}';
}

void Printer::expr(const ExprNode* e, int parentPrec)
{
    if (!e) {
        m_out += "None";
        return;
    }
    switch (e->kind()) {
    case ExprKind::IntImm: intImm(*static_cast<const IntImmNode*>(e), parentPrec); return;
    case ExprKind::FloatImm: floatImm(*static_cast<const FloatImmNode*>(e)); return;
    case ExprKind::StringImm: stringLit(static_cast<const StringImmNode*>(e)->value()); return;
    case ExprKind::Var: m_out += names.nameOf(static_cast<const VarNode*>(e)); return;
    case ExprKind::Binary: binary(*static_cast<const BinaryNode*>(e), parentPrec); return;
    case ExprKind::Not: {
        const bool paren = kPrecNot < parentPrec;
        if (paren) m_out += '(';
        m_out += "not ";
        expr(static_cast<const NotNode*>(e)->a().get(), kPrecNot);
        if (paren) m_out += ')';
        return;
    }
    case ExprKind::Select: {
        const auto* s = static_cast<const SelectNode*>(e);
        m_out += "T.Select(";
        exprList({s->cond(), s->trueValue(), s->falseValue()});
        m_out += ')';
        return;
    }
    case ExprKind::Cast: {
        m_out += "T.Cast(";
        stringLit(e->dtype().str());
        m_out += ", ";
        expr(static_cast<const CastNode*>(e)->value().get(), kPrecNone);
        m_out += ')';
        return;
    }
    case ExprKind::Call: call(*static_cast<const CallNode*>(e)); return;
    case ExprKind::TensorLoad: {
        const auto* l = static_cast<const TensorLoadNode*>(e);
        m_out += names.nameOf(l->tensor().get());
        m_out += '[';
        exprList(l->indices());
        m_out += ']';
        return;
    }
    case ExprKind::TensorRegion: region(*static_cast<const TensorRegionNode*>(e)); return;
    case ExprKind::Tuple: {
        const auto& fs = static_cast<const TupleNode*>(e)->fields();
        m_out += '(';
        exprList(fs);
        if (fs.size() == 1) m_out += ',';
        m_out += ')';
        return;
    }
    case ExprKind::Ramp: {
        const auto* r = static_cast<const RampNode*>(e);
        m_out += "T.Ramp(";
        expr(r->base().get(), kPrecNone);
        m_out += ", ";
        expr(r->stride().get(), kPrecNone);
        m_out += ", " + std::to_string(r->lanes()) + ')';
        return;
    }
    case ExprKind::Broadcast: {
        const auto* b = static_cast<const BroadcastNode*>(e);
        m_out += "T.Broadcast(";
        expr(b->value().get(), kPrecNone);
        m_out += ", " + std::to_string(b->lanes()) + ')';
        return;
    }
    }
}

void Printer::tensorType(const TensorType& t)
{
    m_out += "T.Tensor(";
    const auto& shape = t.shape();
    m_out += '(';
    exprList(shape);
    if (shape.size() == 1) m_out += ',';
    m_out += "), ";
    stringLit(t.dtype().str());
    if (!t.strides().empty()) {
        m_out += ", strides=(";
        exprList(t.strides());
        if (t.strides().size() == 1) m_out += ',';
        m_out += ')';
    }
    if (t.elemOffset() && !isConstInt(t.elemOffset(), 0)) {
        m_out += ", elem_offset=";
        expr(t.elemOffset().get(), kPrecNone);
    }
    if (!isScope(t.scope(), MemSpace::Hbm)) {
        m_out += ", scope=";
        stringLit(t.scope());
    }
    if (t.alignment() != 64) m_out += ", align=" + std::to_string(t.alignment());
    if (t.offsetFactor() != 1) m_out += ", offset_factor=" + std::to_string(t.offsetFactor());
    if (!t.layout()) {
        // TX2 rule (chapter 01 §10.2): an on-chip tensor without layout is
        // already physical and omits the keyword; elsewhere omission would
        // mean the default layout, so None is explicit.
        if (!t.isSbuf() && !t.isPsum()) m_out += ", layout=None";
    } else {
        const size_t start = m_out.size();
        layout(*t.layout());
        const std::string printed = m_out.substr(start);
        m_out.resize(start);
        Printer probe;
        probe.layout(*defaultLayout(t.shape()));
        m_out += ", layout=";
        if (probe.m_out == printed) {
            m_out += "\"default\"";
        } else {
            m_out += printed;
        }
    }
    m_out += ')';
}

namespace {

// P, F and Bank are names every module has without an import; any other
// axis is written through the Axis class, which the parser also always
// knows, so that the printed module parses again as it stands.
void appendAxis(std::string& out, Axis axis)
{
    if (!axis.isTrainium()) out += "Axis.";
    out += axis.name();
}

} // namespace

void Printer::layout(const TileLayout& l)
{
    auto iters = [this](const char* ns, const std::vector<Iter>& its) {
        m_out += ns;
        m_out += "[(";
        for (size_t i = 0; i < its.size(); ++i) {
            if (i) m_out += ", ";
            expr(its[i].extent.get(), kPrecNone);
        }
        if (its.size() == 1) m_out += ',';
        m_out += "):(";
        for (size_t i = 0; i < its.size(); ++i) {
            if (i) m_out += ", ";
            if (its[i].axis == Axis::m()) {
                expr(its[i].stride.get(), kPrecNone);
            } else {
                // `@` binds like `*`: a sum needs parentheses, a product does not.
                expr(its[i].stride.get(), kPrecMul);
                m_out += " @ ";
                appendAxis(m_out, its[i].axis);
            }
        }
        if (its.size() == 1) m_out += ',';
        m_out += ")]";
    };
    m_out += "T.TileLayout(";
    iters("T.S", l.shard());
    if (!l.replica().empty()) {
        m_out += " + ";
        iters("T.R", l.replica());
    }
    for (const auto& [axis, value] : l.offset()) {
        m_out += " + ";
        if (axis == Axis::m()) {
            expr(value.get(), kPrecAdd + 1);
        } else {
            expr(value.get(), kPrecMul);
            m_out += " @ ";
            appendAxis(m_out, axis);
        }
    }
    m_out += ')';
}

} // namespace tirx::print_detail
