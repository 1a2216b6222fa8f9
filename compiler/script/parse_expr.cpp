// TVMScript parser: expressions. Python-level constants (literals and
// arithmetic on them) are evaluated with Python semantics before they become
// IR; everything else is built through ir/make.h so construction-time
// constant folding matches the reference.

#include "script/parser_impl.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace tirx::script {

std::string describe(const Value& v)
{
    switch (v.kind) {
    case Value::Kind::None: return "None";
    case Value::Kind::Expr:
        if (const auto* var = as<VarNode>(v.expr)) return var->name();
        if (const auto* c = as<CallNode>(v.expr)) return c->op() + "(...)";
        return "an expression";
    case Value::Kind::Str: return "a string";
    case Value::Kind::Seq: return v.isList ? "a list" : "a tuple";
    case Value::Kind::Dict: return "a dict";
    case Value::Kind::Layout: return "a layout";
    case Value::Kind::LayoutSum: return "a layout term";
    case Value::Kind::Type: return "a tensor type";
    case Value::Kind::Target: return "a target";
    case Value::Kind::Namespace: return v.str;
    case Value::Kind::Axis: return std::string(v.axis.name());
    case Value::Kind::Method:
        if (!v.expr) return "a layout's " + v.str;
        return describe(Value::ofExpr(v.expr, v.span)) + "." + v.str;
    }
    return "a value";
}

namespace {

Value pyInt64(int64_t value, Span span)
{
    const bool fits = value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max();
    return Value::ofExpr(intImm(value, fits ? DataType::int32() : DataType::int64(), span), span, true);
}

Value pyFloat(double value, Span span) { return Value::ofExpr(floatImm(value, DataType::float32(), span), span, true); }

bool isPyNumber(const Value& v)
{
    return v.kind == Value::Kind::Expr && v.py && !v.partialIndex &&
           (v.expr->kind() == ExprKind::IntImm || v.expr->kind() == ExprKind::FloatImm);
}

double pyAsDouble(const Value& v)
{
    if (const auto* f = as<FloatImmNode>(v.expr)) return f->value();
    return static_cast<double>(as<IntImmNode>(v.expr)->value());
}

} // namespace

Value Parser::parseExprOrTuple()
{
    const Span start = cur().span;
    Value first = parseExpr();
    if (!isOp(",")) return first;
    Value seq;
    seq.kind = Value::Kind::Seq;
    seq.py = true;
    seq.items.push_back(std::move(first));
    size_t weight = 1;
    addWeight(weight, seq.items.back());
    while (acceptOp(",")) {
        if (cur().kind == TokenKind::Newline || isOp("=") || isOp(")")) break;
        seq.items.push_back(parseExpr());
        addWeight(weight, seq.items.back());
    }
    seq.span = spanFrom(start);
    return seq;
}

namespace {

// A token that can end an expression and start nothing inside one.
bool endsExpression(const Token& t)
{
    if (t.kind == TokenKind::Newline) return true;
    if (t.kind != TokenKind::Operator || t.text.size() != 1) return false;
    const char c = t.text[0];
    return c == ',' || c == ')' || c == ']' || c == '}' || c == ':' || c == '=';
}

// A one-token atom: a name, a number or a keyword constant (strings are not:
// adjacent string literals concatenate).
bool isSingleTokenAtom(const Token& t)
{
    if (t.kind == TokenKind::Name || t.kind == TokenKind::Int || t.kind == TokenKind::Float) return true;
    return t.kind == TokenKind::Keyword && (t.text == "True" || t.text == "False" || t.text == "None");
}

} // namespace

Value Parser::parseExpr()
{
    DepthGuard guard(*this, m_depth, kMaxExprDepth, "expression nested too deeply");
    if (m_depth == 1) m_exprOperators = 0;
    // Most call arguments and indices are a lone name or number: skip the
    // ten precedence levels, none of which could apply to it.
    if (isSingleTokenAtom(cur()) && endsExpression(peekTok())) return parseAtom();
    if (isKw("lambda")) return parseLambda();
    Value v = parseOr();
    if (isKw("if")) failAtCurrent("conditional expressions are not supported; use T.Select(cond, a, b)");
    return v;
}

Value Parser::parseLambda()
{
    const Span start = advance().span;
    std::vector<Var> params;
    m_scopes.push();
    struct Pop {
        Scopes& s;
        ~Pop() { s.pop(); }
    } pop{m_scopes};
    while (!isOp(":")) {
        const Token& n = expectName("a lambda parameter");
        params.push_back(makeVar(std::string(n.text), VarType::scalar(DataType::int32()), n.span));
        m_scopes.define(n.text, Value::ofExpr(params.back(), n.span));
        if (!acceptOp(",")) break;
    }
    expectOp(":", "after the lambda parameters");
    Value body = parseExpr();
    Expr b = toExpr(body, "a lambda body");
    // A lambda (the predicate of affine_select) is kept as the call
    // tirx.lambda((params...), body): the parameters are int32 variables
    // defined by the call, one per dimension of the region it is applied to.
    std::vector<Expr> ps(params.begin(), params.end());
    const Span span = spanFrom(start);
    return Value::ofExpr(call(kLambda, {tuple(std::move(ps), span), b}, {}, b->dtype(), {}, span), span);
}

Value Parser::parseOr()
{
    const Span start = cur().span;
    Value a = parseAnd();
    while (isKw("or")) {
        advance();
        Value b = parseAnd();
        a = binaryOp("or", a, b, spanFrom(start));
    }
    return a;
}

Value Parser::parseAnd()
{
    const Span start = cur().span;
    Value a = parseNot();
    while (isKw("and")) {
        advance();
        Value b = parseNot();
        a = binaryOp("and", a, b, spanFrom(start));
    }
    return a;
}

Value Parser::parseNot()
{
    if (isKw("not")) {
        DepthGuard guard(*this, m_depth, kMaxExprDepth, "expression nested too deeply");
        const Span start = advance().span;
        Value a = parseNot();
        const Span span = spanFrom(start);
        if (isPyNumber(a)) return Value::ofExpr(boolImm(pyAsDouble(a) == 0.0, span), span, true);
        return Value::ofExpr(logicalNot(toExpr(a, "an operand of 'not'"), span), span);
    }
    return parseComparison();
}

Value Parser::parseComparison()
{
    const Span start = cur().span;
    Value a = parseArith();
    Value result;
    bool any = false;
    while (cur().kind == TokenKind::Operator && (cur().text == "<" || cur().text == "<=" || cur().text == ">" ||
                                                 cur().text == ">=" || cur().text == "==" || cur().text == "!=")) {
        const std::string_view op = advance().text;
        Value b = parseArith();
        Value cmp = binaryOp(op, a, b, spanFrom(start));
        result = any ? binaryOp("and", result, cmp, spanFrom(start)) : std::move(cmp);
        any = true;
        a = std::move(b);
    }
    if (isKw("in") || (isKw("not") && peekTok().text == "in")) failAtCurrent("'in' tests are not supported");
    if (isKw("is")) failAtCurrent("'is' tests are not supported");
    if (any) return result;
    return a;
}

Value Parser::parseArith()
{
    const Span start = cur().span;
    Value a = parseTerm();
    while (isOp("+") || isOp("-")) {
        const std::string_view op = advance().text;
        Value b = parseTerm();
        a = binaryOp(op, a, b, spanFrom(start));
    }
    if (isOp("|") || isOp("&") || isOp("^") || isOp("<<") || isOp(">>"))
        failAtCurrent("bitwise operator '" + std::string(cur().text) + "' is not supported");
    return a;
}

Value Parser::parseTerm()
{
    const Span start = cur().span;
    Value a = parseUnary();
    while (isOp("*") || isOp("/") || isOp("//") || isOp("%") || isOp("@")) {
        const std::string_view op = advance().text;
        if (op == "@" && cur().kind == TokenKind::Name && !m_scopes.find(cur().text))
            failAtCurrent("unknown layout axis '" + std::string(cur().text) + "'");
        Value b = parseUnary();
        a = binaryOp(op, a, b, spanFrom(start));
    }
    return a;
}

Value Parser::parseUnary()
{
    if (isOp("-") || isOp("+")) {
        DepthGuard guard(*this, m_depth, kMaxExprDepth, "expression nested too deeply");
        const Token op = advance();
        Value a = parseUnary();
        const Span span = spanFrom(op.span);
        if (op.text == "+") return a;
        return unaryMinus(a, span);
    }
    if (isOp("~")) failAtCurrent("bitwise operator '~' is not supported");
    return parsePower();
}

Value Parser::parsePower()
{
    const Span start = cur().span;
    Value a = parsePostfix();
    if (isOp("**")) {
        // Right-associative: a ** b ** c recurses once per operator.
        DepthGuard guard(*this, m_depth, kMaxExprDepth, "expression nested too deeply");
        advance();
        Value b = parseUnary();
        return binaryOp("**", a, b, spanFrom(start));
    }
    return a;
}

Value Parser::parsePostfix()
{
    const Span start = cur().span;
    Value v = parseAtom();
    while (true) {
        if (isOp(".")) {
            advance();
            const Token& name = expectName("an attribute name");
            v = attribute(std::move(v), name, spanFrom(start));
        } else if (isOp("(")) {
            DepthGuard guard(*this, m_depth, kMaxExprDepth, "expression nested too deeply");
            v = parseCall(v, start);
        } else if (isOp("[")) {
            DepthGuard guard(*this, m_depth, kMaxExprDepth, "expression nested too deeply");
            v = parseSubscript(v, start);
        } else {
            return v;
        }
    }
}

Value Parser::parseAtom()
{
    const Token t = cur();
    switch (t.kind) {
    case TokenKind::Name: advance(); return lookupName(t);
    case TokenKind::Int:
    case TokenKind::Float: advance(); return parseNumber(t);
    case TokenKind::String: {
        std::string s;
        const Span start = t.span;
        while (cur().kind == TokenKind::String) s += decodeString(advance());
        return Value::ofStr(std::move(s), spanFrom(start));
    }
    case TokenKind::Keyword:
        if (t.text == "True" || t.text == "False") {
            advance();
            return Value::ofExpr(boolImm(t.text == "True", t.span), t.span, true);
        }
        if (t.text == "None") {
            advance();
            return Value::none(t.span);
        }
        break;
    case TokenKind::Operator:
        if (t.text == "(") return parseSeqOrParen();
        if (t.text == "[") return parseList();
        if (t.text == "{") return parseDict();
        break;
    case TokenKind::Error: quietFail();
    case TokenKind::Comment:
    case TokenKind::Newline:
    case TokenKind::Indent:
    case TokenKind::Dedent:
    case TokenKind::EndOfFile: break;
    }
    if (t.kind == TokenKind::Newline || t.kind == TokenKind::EndOfFile)
        failAtCurrent("expected an expression, found end of line");
    failAtCurrent("expected an expression, found '" + std::string(t.text.substr(0, 40)) + "'");
}

Value Parser::parseSeqOrParen()
{
    const Span start = advance().span;
    Value seq;
    seq.kind = Value::Kind::Seq;
    seq.py = true;
    if (acceptOp(")")) {
        seq.span = spanFrom(start);
        return seq;
    }
    Value first = parseExpr();
    if (acceptOp(")")) {
        first.span = spanFrom(start);
        return first;
    }
    seq.items.reserve(2); // a tuple has two or more items
    seq.items.push_back(std::move(first));
    size_t weight = 1;
    addWeight(weight, seq.items.back());
    while (acceptOp(",")) {
        if (isOp(")")) break;
        seq.items.push_back(parseExpr());
        addWeight(weight, seq.items.back());
    }
    expectOp(")", "to close the parenthesis");
    seq.span = spanFrom(start);
    return seq;
}

Value Parser::parseList()
{
    const Span start = advance().span;
    Value seq;
    seq.kind = Value::Kind::Seq;
    seq.py = true;
    seq.isList = true;
    size_t weight = 1;
    while (!isOp("]")) {
        seq.items.push_back(parseExpr());
        addWeight(weight, seq.items.back());
        if (isKw("for")) failAtCurrent("list comprehensions are not supported");
        if (!acceptOp(",")) break;
    }
    expectOp("]", "to close the list");
    seq.span = spanFrom(start);
    return seq;
}

Value Parser::parseDict()
{
    const Span start = advance().span;
    Value d;
    d.kind = Value::Kind::Dict;
    d.py = true;
    d.items.reserve(2); // keys and values alternate
    size_t weight = 1;
    while (!isOp("}")) {
        d.items.push_back(parseExpr());
        expectOp(":", "in the dict");
        d.items.push_back(parseExpr());
        addWeight(weight, d.items[d.items.size() - 2]);
        addWeight(weight, d.items.back());
        if (!acceptOp(",")) break;
    }
    expectOp("}", "to close the dict");
    d.span = spanFrom(start);
    return d;
}

Value Parser::parseNumber(const Token& t)
{
    // Underscores are rare: copy the digits only when there are some.
    std::string_view clean = t.text;
    std::string stripped;
    if (clean.find('_') != std::string_view::npos) {
        stripped.reserve(clean.size());
        for (char c : clean) {
            if (c != '_') stripped += c;
        }
        clean = stripped;
    }
    if (t.kind == TokenKind::Float) {
        double v = 0;
        auto [p, ec] = std::from_chars(clean.data(), clean.data() + clean.size(), v);
        if (ec == std::errc::result_out_of_range || !std::isfinite(v)) fail(t.span, "float literal out of range");
        if (ec != std::errc{} || p != clean.data() + clean.size()) fail(t.span, "invalid float literal");
        return pyFloat(v, t.span);
    }
    int base = 10;
    size_t skip = 0;
    if (clean.size() > 1 && clean[0] == '0') {
        const char c = static_cast<char>(clean[1] | 0x20);
        if (c == 'x') base = 16;
        if (c == 'o') base = 8;
        if (c == 'b') base = 2;
        if (base != 10) skip = 2;
    }
    uint64_t v = 0;
    auto [p, ec] = std::from_chars(clean.data() + skip, clean.data() + clean.size(), v, base);
    if (ec == std::errc::result_out_of_range || v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
        fail(t.span, "integer literal is too large for a 64-bit integer");
    if (ec != std::errc{} || p != clean.data() + clean.size()) fail(t.span, "invalid integer literal");
    return pyInt64(static_cast<int64_t>(v), t.span);
}

std::string Parser::decodeString(const Token& t)
{
    std::string_view s = t.text;
    bool raw = false;
    while (!s.empty() && s[0] != '\'' && s[0] != '"') {
        const char c = static_cast<char>(s[0] | 0x20);
        if (c == 'r') raw = true;
        if (c == 'f') fail(t.span, "f-strings are not supported");
        s.remove_prefix(1);
    }
    const size_t q = s.size() >= 6 && s[0] == s[1] && s[1] == s[2] ? 3 : 1;
    s = s.substr(q, s.size() - 2 * q);
    if (raw || s.find('\\') == std::string_view::npos) return std::string(s);
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 >= s.size()) {
            out += s[i];
            continue;
        }
        const char c = s[++i];
        switch (c) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case '0': out += '\0'; break;
        case '\\': out += '\\'; break;
        case '\'': out += '\''; break;
        case '"': out += '"'; break;
        case '\n': break;
        case 'x':
            if (i + 2 < s.size() + 0 && i + 2 <= s.size() - 1) {
                unsigned v = 0;
                std::from_chars(s.data() + i + 1, s.data() + i + 3, v, 16);
                out += static_cast<char>(v);
                i += 2;
                break;
            }
            out += "\\x";
            break;
        default: out += '\\'; out += c;
        }
    }
    return out;
}

Value Parser::lookupName(const Token& t)
{
    const Value* v = m_scopes.find(t.text);
    if (!v) fail(t.span, "name '" + std::string(t.text) + "' is not defined");
    Value out = *v;
    out.span = t.span;
    if (out.kind == Value::Kind::Expr && !out.py && out.expr && out.expr->kind() != ExprKind::Var) return out;
    return out;
}

Value Parser::attribute(Value base, const Token& name, Span span)
{
    const std::string_view n = name.text;
    if (base.kind == Value::Kind::Namespace) {
        if (base.str == std::string_view("Axis")) {
            Axis a = Axis::find(n == "bank" ? "Bank" : n);
            if (!a.valid()) fail(name.span, "unknown layout axis '" + std::string(n) + "'");
            Value v;
            v.kind = Value::Kind::Axis;
            v.axis = a;
            v.span = span;
            return v;
        }
        // Extend the dotted path in place: T.nki.load is three look-ups deep.
        base.str += '.';
        base.str += n;
        base.span = span;
        return base;
    }
    if (base.kind == Value::Kind::Expr) {
        const auto* var = as<VarNode>(base.expr);
        if (var && var->isTensor()) {
            const auto& ty = var->tensorType();
            if (n == "data") return Value::ofExpr(dataPointer(base, span), span);
            if (n == "shape") {
                Value seq;
                seq.kind = Value::Kind::Seq;
                seq.span = span;
                for (const auto& d : ty->shape()) {
                    Value item = Value::ofExpr(d, span, d->kind() == ExprKind::IntImm);
                    seq.items.push_back(item);
                }
                seq.py = true;
                return seq;
            }
            if (n == "dtype") return Value::ofStr(ty->dtype().str(), span);
            if (n == "layout") {
                if (!ty->layout()) return Value::none(span);
                Value v;
                v.kind = Value::Kind::Layout;
                v.layout() = ty->layout();
                v.span = span;
                return v;
            }
            if (n == "view" || n == "scope") {
                Value v;
                v.kind = Value::Kind::Method;
                v.expr = base.expr;
                v.str = std::string(n);
                v.span = span;
                return v;
            }
            if (n == "permute" || n == "rearrange" || n == "local" || n == "tile" || n == "chunk")
                fail(name.span,
                     "tensor view '" + std::string(n) + "' is not supported; use view(...) or T.decl_tensor");
            fail(name.span, "tensor '" + var->name() + "' has no attribute '" + std::string(n) + "'");
        }
    }
    if (base.kind == Value::Kind::Layout && n == "from_iters") return Value::ns("T.TileLayout.from_iters", span);
    if (base.kind == Value::Kind::Layout && n == "to_psum") {
        // A layout method: the layout rides along in place of a tensor.
        Value v;
        v.kind = Value::Kind::Method;
        v.layout() = base.layout();
        v.str = std::string(n);
        v.span = span;
        return v;
    }
    fail(name.span, "'" + describe(base) + "' has no attribute '" + std::string(n) + "'");
}

namespace {

// The values v holds, nested sequences' items included, or more than
// kMaxSequenceItems when it is larger or nested deeper than a sequence can be.
size_t weightOf(const Value& v, int depth)
{
    if (v.items.empty()) return 1;
    if (depth > kMaxExprDepth) return kMaxSequenceItems + 1;
    size_t w = 1;
    for (const Value& item : v.items) {
        const size_t c = weightOf(item, depth + 1);
        if (c > kMaxSequenceItems - w) return kMaxSequenceItems + 1;
        w += c;
    }
    return w;
}

} // namespace

size_t Parser::sequenceWeight(const Value& v) { return weightOf(v, 0); }

void Parser::addWeight(size_t& weight, const Value& item)
{
    const size_t w = weightOf(item, 1);
    if (w > kMaxSequenceItems - weight) fail(item.span, sequenceTooLong());
    weight += w;
}

void Parser::countOperator(Span span)
{
    if (++m_exprOperators > kMaxExprOperators)
        fail(span, "expression has more than " + std::to_string(kMaxExprOperators) +
                       " operators; split it over several statements");
}

Value Parser::unaryMinus(const Value& a, Span span)
{
    if (isPyNumber(a)) {
        if (const auto* f = as<FloatImmNode>(a.expr)) return pyFloat(-f->value(), span);
        const int64_t v = as<IntImmNode>(a.expr)->value();
        if (v == std::numeric_limits<int64_t>::min()) fail(span, kIntOverflow);
        return pyInt64(-v, span);
    }
    Expr e = toExpr(a, "an operand of '-'");
    countOperator(span);
    // The reference negates as x * -1 (PrimExpr.__neg__), folded for constants.
    Expr minusOne = e->dtype().isFloat() ? floatImm(-1.0, e->dtype(), span) : intImm(-1, e->dtype(), span);
    return Value::ofExpr(withSpan(binary(BinaryOp::Mul, e, minusOne, span), span), span);
}

} // namespace tirx::script
