// TVMScript parser: the token window, diagnostics and error recovery, the
// run over a whole source, and statement lists. The file level (imports,
// modules, functions) is in parse_file.cpp; expressions, calls and
// tensor/layout builders live in parse_expr.cpp, parse_call.cpp and
// parse_tensor.cpp; the shared state is in parser_impl.h.

#include "script/parser_impl.h"

#include <algorithm>
#include <exception>

namespace tirx {

namespace script {

namespace {
constexpr size_t kMaxErrors = 100;
const char* const kTooManyErrors = "too many errors emitted, stopping now";
} // namespace

Parser::Parser(std::string_view source) : m_src(source), m_stream(source)
{
    pullTokens(2);
    // Builtins: printed modules carry their imports only as comments, so the
    // usual aliases and layout names resolve without an import line.
    m_scopes.push();
    m_scopes.define("T", Value::ns("T"));
    m_scopes.define("I", Value::ns("I"));
    m_scopes.define("Tx", Value::ns("Tx"));
    m_scopes.define("range", Value::ns("range"));
    m_scopes.define("S", Value::ns("T.S"));
    m_scopes.define("R", Value::ns("T.R"));
    m_scopes.define("TileLayout", Value::ns("T.TileLayout"));
    m_scopes.define("Iter", Value::ns("T.Iter"));
    m_scopes.define("Axis", Value::ns("Axis"));
    for (auto axis : {Axis::P(), Axis::F(), Axis::bank()}) {
        Value v;
        v.kind = Value::Kind::Axis;
        v.axis = axis;
        m_scopes.define(axis.name(), v);
    }
    m_scopes.push();
}

// Lexes tokens straight into the window until `count` tokens were read or the
// stream ended. The lexer works ahead a batch at a time, never overwriting
// the tokens just behind the current one (see kWindowKeep).
void Parser::pullTokens(size_t count)
{
    while (m_lexed < count && !m_sawEnd) {
        const size_t cap = (m_pos > kWindowKeep ? m_pos - kWindowKeep : 0) + kWindowSize;
        const size_t before = m_lexed;
        const size_t diags = m_lexDiags.size();
        m_lexed = m_stream.fill(m_window.data(), kWindowMask, m_lexed, cap, cap, m_lexDiags);
        m_errors += m_lexDiags.size() - diags;
        m_sawEnd = m_lexed > before && m_window[(m_lexed - 1) & kWindowMask].kind == TokenKind::EndOfFile;
    }
}

bool Parser::acceptOp(std::string_view op)
{
    if (!isOp(op)) return false;
    advance();
    return true;
}

bool Parser::acceptKw(std::string_view kw)
{
    if (!isKw(kw)) return false;
    advance();
    return true;
}

void Parser::failAtCurrent(std::string message)
{
    if (cur().kind == TokenKind::Error) quietFail(); // the lexer already reported it
    fail(cur().span, std::move(message));
}

std::string tokenDescription(const Token& t)
{
    switch (t.kind) {
    case TokenKind::Newline: return "end of line";
    case TokenKind::Indent: return "indent";
    case TokenKind::Dedent: return "dedent";
    case TokenKind::EndOfFile: return "end of file";
    case TokenKind::Name:
    case TokenKind::Keyword:
    case TokenKind::Int:
    case TokenKind::Float:
    case TokenKind::String:
    case TokenKind::Operator:
    case TokenKind::Comment:
    case TokenKind::Error: break;
    }
    std::string text(t.text.substr(0, 40));
    return "'" + text + "'";
}

const Token& Parser::expectOp(std::string_view op, std::string_view context)
{
    if (!isOp(op)) {
        std::string msg = "expected '" + std::string(op) + "'";
        if (!context.empty()) msg += " " + std::string(context);
        failAtCurrent(msg + ", found " + tokenDescription(cur()));
    }
    return advance();
}

const Token& Parser::expectName(std::string_view what)
{
    if (cur().kind != TokenKind::Name)
        failAtCurrent("expected " + std::string(what) + ", found " + tokenDescription(cur()));
    return advance();
}

void Parser::expectNewline()
{
    if (cur().kind == TokenKind::Newline) {
        advance();
        return;
    }
    if (cur().kind == TokenKind::EndOfFile || cur().kind == TokenKind::Dedent) return;
    failAtCurrent("expected end of statement, found " + tokenDescription(cur()));
}

void Parser::error(Span span, std::string message)
{
    if (m_stopped) return;
    if (m_errors >= kMaxErrors) {
        m_diags.push_back({Diagnostic::Severity::Error, kTooManyErrors, span});
        m_stopped = true;
        return;
    }
    // One message per position: the lexer's report of a bad token wins over
    // the parser's complaint about the same token.
    for (const auto* list : {&m_lexDiags, &m_diags}) {
        for (const auto& d : *list) {
            if (d.span.line == span.line && d.span.column == span.column) return;
        }
    }
    ++m_errors;
    m_diags.push_back({Diagnostic::Severity::Error, std::move(message), span});
}

void Parser::warning(Span span, std::string message)
{
    m_diags.push_back({Diagnostic::Severity::Warning, std::move(message), span});
}

void Parser::fail(Span span, std::string message)
{
    error(span, std::move(message));
    throw ParseError{};
}

// Error recovery: skip the rest of the current statement, and the indented
// block that belongs to it (plus any elif/else continuation), so the next
// statement at the same or a lower indentation is parsed normally.
void Parser::skipStatement()
{
    while (cur().kind != TokenKind::EndOfFile) {
        if (cur().kind == TokenKind::Dedent) return;
        if (cur().kind == TokenKind::Newline) {
            advance();
            break;
        }
        if (cur().kind == TokenKind::Indent) break;
        advance();
    }
    while (cur().kind == TokenKind::Indent) {
        int depth = 0;
        do {
            if (cur().kind == TokenKind::Indent) ++depth;
            if (cur().kind == TokenKind::Dedent) --depth;
            advance();
        } while (depth > 0 && cur().kind != TokenKind::EndOfFile);
        if (isKw("elif") || isKw("else")) {
            while (cur().kind != TokenKind::Newline && cur().kind != TokenKind::EndOfFile &&
                   cur().kind != TokenKind::Indent)
                advance();
            if (cur().kind == TokenKind::Newline) advance();
        }
    }
}

ParseResult Parser::run()
{
    parseFile();
    // The rest of the file, for the lexer's diagnostics past where parsing stopped.
    // The window is no longer read: let the lexer overwrite all of it.
    while (!m_sawEnd) {
        m_pos = m_lexed;
        pullTokens(m_lexed + 1);
    }
    // A lexer diagnostic found after the parser's complaint at the same
    // position (an unclosed bracket is only known at the end) still wins.
    std::erase_if(m_diags, [&](const Diagnostic& d) {
        if (d.severity != Diagnostic::Severity::Error || d.message == kTooManyErrors) return false;
        return std::any_of(m_lexDiags.begin(), m_lexDiags.end(), [&](const Diagnostic& l) {
            return l.span.line == d.span.line && l.span.column == d.span.column;
        });
    });
    m_diags.insert(m_diags.begin(), m_lexDiags.begin(), m_lexDiags.end());
    ParseResult result;
    if (!m_functions.empty()) {
        // A single bare function is the module's "main" (chapter 01 §2.1).
        if (!m_sawModule && m_functions.size() == 1) m_functions.front().first = "main";
        result.module = std::make_shared<const Module>(std::move(m_functions));
    } else if (!hasErrors(m_diags)) {
        error(Span{1, 1, 1, 1}, "no @T.ir_module class or @T.function definition found");
    }
    std::stable_sort(m_diags.begin(), m_diags.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return a.span.line != b.span.line ? a.span.line < b.span.line : a.span.column < b.span.column;
    });
    result.diagnostics = std::move(m_diags);
    result.target = m_target;
    result.targetSpan = m_targetSpan;
    return result;
}

// ------------------------------------------------------------ statements

Stmt Parser::parseSuite()
{
    const Span start = cur().span;
    if (cur().kind != TokenKind::Newline) {
        std::optional<FlatRegion> flat;
        Stmt s = parseSimpleStatement(flat);
        if (flat) s = makeRegion(flat->op, flat->args, flat->attrs, makeSeq({}), spanFrom(start));
        return s ? s : makeSeq({}, spanFrom(start));
    }
    advance();
    if (cur().kind != TokenKind::Indent) failAtCurrent("expected an indented block");
    advance();
    DepthGuard guard(*this, m_blockDepth, kMaxBlockDepth, "blocks nested too deeply");
    auto stmts = parseStmtList();
    if (cur().kind == TokenKind::Dedent) advance();
    return makeSeq(std::move(stmts), spanFrom(start));
}

std::vector<Stmt> Parser::parseStmtList()
{
    std::vector<Stmt> out;
    m_scopes.push();
    while (cur().kind != TokenKind::Dedent && cur().kind != TokenKind::EndOfFile && !m_stopped) {
        const size_t before = m_pos;
        const Span start = cur().span;
        try {
            if (cur().kind == TokenKind::Newline) {
                advance();
                continue;
            }
            if (cur().kind == TokenKind::Indent) failAtCurrent("unexpected indent");
            std::optional<FlatRegion> flat;
            Stmt s = parseStatement(flat);
            if (s) out.push_back(std::move(s));
            if (flat) {
                // The flat form: the region's body is the rest of this block.
                DepthGuard guard(*this, m_blockDepth, kMaxBlockDepth * 10, "too many nested regions");
                auto rest = parseStmtList();
                Stmt body = makeSeq(std::move(rest), spanFrom(start));
                out.push_back(makeRegion(flat->op, flat->args, flat->attrs, body, spanFrom(start)));
                break;
            }
        } catch (const ParseError&) {
            skipStatement();
        }
        if (m_pos == before) advance();
    }
    m_scopes.pop();
    return out;
}

Stmt Parser::parseStatement(std::optional<FlatRegion>& flat)
{
    const bool attrsAllowed = m_attrsAllowed;
    m_attrsAllowed = false;
    if (cur().kind == TokenKind::Keyword) {
        const auto kw = cur().text;
        if (kw == "for") return parseFor();
        if (kw == "if") return parseIf();
        if (kw == "while") return parseWhile();
        if (kw == "with") return parseWith();
        if (kw == "assert") return parseAssert();
        if (kw == "elif" || kw == "else") failAtCurrent("'" + std::string(kw) + "' without a matching 'if'");
        if (kw == "def" || kw == "class") failAtCurrent("nested functions and classes are not supported");
        if (kw == "return") failAtCurrent("return statements are not supported in TIRx functions");
        if (kw == "import" || kw == "from") failAtCurrent("imports are only allowed at module level");
    }
    m_attrsAllowed = attrsAllowed;
    Stmt s = parseSimpleStatement(flat);
    m_attrsAllowed = false;
    return s;
}

Stmt Parser::parseSimpleStatement(std::optional<FlatRegion>& flat)
{
    const Span start = cur().span;
    if (isKw("pass")) {
        advance();
        expectNewline();
        return nullptr;
    }
    if (isKw("break") || isKw("continue")) {
        const bool brk = cur().text == "break";
        if (m_loopDepth == 0) failAtCurrent("'" + std::string(cur().text) + "' outside a loop");
        advance();
        expectNewline();
        return brk ? makeBreak(start) : makeContinue(start);
    }
    if (cur().kind == TokenKind::Name && peekTok().kind == TokenKind::Operator && peekTok().text == ":") {
        const Token name = advance();
        advance();
        Value ann = parseExpr();
        if (ann.kind == Value::Kind::Namespace && ann.str == "T.let") {
            expectOp("=", "after a T.let annotation");
            Value target = Value::ns("");
            target.str = std::string(name.text);
            target.span = name.span;
            target.kind = Value::Kind::Str;
            return parseAssignment(target, start);
        }
        if (ann.kind == Value::Kind::Namespace && ann.str.starts_with("T.") &&
            DataType::parse(std::string_view(ann.str).substr(2)))
            fail(name.span, "mutable scalar variables are not supported; bind an immutable value with '" +
                                std::string(name.text) + " = expr' instead");
        fail(ann.span, "unsupported variable annotation");
    }
    if (cur().kind == TokenKind::Name && peekTok().kind == TokenKind::Operator && peekTok().text == "=") {
        const Token name = advance();
        advance();
        Value target;
        target.kind = Value::Kind::Str;
        target.str = std::string(name.text);
        target.span = name.span;
        return parseAssignment(target, start);
    }
    Value v = parseExprOrTuple();
    if (isOp("=")) {
        advance();
        return parseAssignment(v, start);
    }
    if (cur().kind == TokenKind::Operator && cur().text.size() >= 2 && cur().text.back() == '=' && cur().text != "==" &&
        cur().text != "<=" && cur().text != ">=" && cur().text != "!=")
        failAtCurrent("augmented assignment is not supported; TIRx variables are immutable");
    expectNewline();
    if (auto marker = asRegionMarker(v)) {
        flat = std::move(marker);
        return nullptr;
    }
    if (v.kind == Value::Kind::None) return nullptr; // statement builtins (T.func_attr) already took effect
    if (v.kind == Value::Kind::Str) return nullptr;  // a docstring
    if (v.kind != Value::Kind::Expr) fail(v.span, "this expression is not a statement");
    return makeEvaluate(toExpr(v, "a statement"), spanFrom(start));
}

Stmt Parser::parseAssignment(const Value& target, Span start)
{
    if (cur().kind == TokenKind::Name && peekTok().kind == TokenKind::Operator && peekTok().text == "=")
        failAtCurrent("chained assignment is only supported for module-level constants");
    Value rhs = parseExprOrTuple();
    expectNewline();
    const Span span = spanFrom(start);
    if (target.kind == Value::Kind::Str) { // a plain name
        if (rhs.kind != Value::Kind::Expr) {
            if (rhs.kind == Value::Kind::Namespace || rhs.kind == Value::Kind::Method)
                fail(rhs.span, "cannot bind '" + describe(rhs) + "' to a name");
            m_scopes.define(target.str, rhs); // a Python-level constant
            return nullptr;
        }
        if (rhs.partialIndex) toExpr(rhs, "a value"); // reports the index-count error
        const Expr& e = rhs.expr;
        if (const auto* v = as<VarNode>(e); v && v->isTensor()) {
            m_scopes.define(target.str, rhs); // aliasing a tensor is a Python rename
            return nullptr;
        }
        VarType type = VarType::scalar(e->dtype());
        if (const auto* c = as<CallNode>(e);
            c && !c->tyArgs().empty() && (c->op() == kAllocTensor || c->op() == kDeclTensor))
            type = VarType::tensorType(c->tyArgs().front());
        else if (e->dtype().isHandle())
            type = VarType::handleType();
        else if (e->kind() == ExprKind::TensorRegion || e->kind() == ExprKind::Tuple)
            fail(rhs.span, "a region or tuple cannot be bound to a variable");
        Var var = makeVar(target.str, type, target.span);
        m_scopes.define(target.str, Value::ofExpr(var, target.span));
        return makeBind(var, e, span);
    }
    if (target.kind == Value::Kind::Expr && target.expr && target.expr->kind() == ExprKind::TensorLoad) {
        const auto* load = as<TensorLoadNode>(target.expr);
        Expr value;
        if (rhs.kind == Value::Kind::Expr && rhs.py && !rhs.partialIndex) {
            value = pyToIR(rhs);
            const DataType dt = load->tensor()->tensorType()->dtype();
            if (const auto* f = as<FloatImmNode>(value))
                value = dt.isFloat() ? floatImm(f->value(), dt, rhs.span) : value;
            else if (const auto* i = as<IntImmNode>(value)) {
                if (dt.isFloat())
                    value = floatImm(static_cast<double>(i->value()), dt, rhs.span);
                else if (dt.isIntegral() && !value->dtype().isBool())
                    value = intImm(i->value(), dt, rhs.span);
            }
        } else {
            value = toExpr(rhs, "a stored value");
        }
        return makeStore(load->tensor(), value, load->indices(), span);
    }
    if (target.kind == Value::Kind::Expr && target.partialIndex)
        toExpr(target, "an assignment target"); // reports the index-count error
    if (target.kind == Value::Kind::Seq) fail(target.span, "tuple unpacking is not supported");
    fail(target.span, "cannot assign to this expression");
}

} // namespace script

ParseResult parseModule(std::string_view source)
{
    try {
        script::Parser parser(source);
        return parser.run();
    } catch (const std::exception& e) {
        ParseResult r;
        r.diagnostics.push_back(
            {Diagnostic::Severity::Error, std::string("internal parser error: ") + e.what(), {1, 1, 1, 1}});
        return r;
    } catch (...) {
        ParseResult r;
        r.diagnostics.push_back({Diagnostic::Severity::Error, "internal parser error", {1, 1, 1, 1}});
        return r;
    }
}

} // namespace tirx
