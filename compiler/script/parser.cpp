// TVMScript parser: file structure, functions and statements. Expressions,
// calls and tensor/layout builders live in parse_expr.cpp, parse_call.cpp and
// parse_tensor.cpp; the shared state is in parser_impl.h.

#include "script/parser_impl.h"

#include "target/target.h"

#include <algorithm>
#include <exception>

namespace tirx {

namespace script {

namespace {
constexpr size_t kMaxErrors = 100;
const char* const kTooManyErrors = "too many errors emitted, stopping now";
const char* const kModuleLevel =
    "only imports, constant bindings and @T.ir_module / @T.function definitions may appear at module level";
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

static std::string tokenDescription(const Token& t)
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

// ---------------------------------------------------------------- file level

void Parser::parseFile()
{
    while (cur().kind != TokenKind::EndOfFile && !m_stopped) {
        const size_t before = m_pos;
        try {
            if (cur().kind == TokenKind::Newline || cur().kind == TokenKind::Dedent) {
                advance();
                continue;
            }
            if (cur().kind == TokenKind::Indent) failAtCurrent("unexpected indent");
            parseTopLevelStatement();
        } catch (const ParseError&) {
            skipStatement();
        }
        if (m_pos == before) advance(); // always make progress
    }
}

void Parser::parseTopLevelStatement()
{
    if (isKw("from") || isKw("import")) return parseImport();
    if (isOp("@")) return parseDecorated();
    if (isKw("with")) {
        const Span start = advance().span;
        Value ctx = parseExpr();
        if (ctx.kind != Value::Kind::Target) fail(ctx.span, "expected a target in a module-level 'with' statement");
        if (m_target) error(start, "a file may set only one target");
        if (!findTarget(ctx.str)) {
            std::string known;
            for (const auto& t : targets()) known += (known.empty() ? "" : ", ") + t.tag;
            error(ctx.span, "unknown target '" + ctx.str + "' (known: " + known + ")");
        }
        m_target = ctx.str;
        m_targetSpan = ctx.span;
        expectOp(":");
        expectNewline();
        if (cur().kind != TokenKind::Indent) failAtCurrent("expected an indented block");
        advance();
        while (cur().kind != TokenKind::Dedent && cur().kind != TokenKind::EndOfFile && !m_stopped) {
            try {
                if (cur().kind == TokenKind::Newline) {
                    advance();
                    continue;
                }
                if (!isOp("@"))
                    failAtCurrent(
                        "only @T.ir_module / @T.function definitions may appear inside a 'with target' block");
                parseDecorated();
            } catch (const ParseError&) {
                skipStatement();
            }
        }
        if (cur().kind == TokenKind::Dedent) advance();
        return;
    }
    if (cur().kind == TokenKind::Name && peekTok().kind == TokenKind::Operator && peekTok().text == "=") {
        std::vector<Token> names;
        while (cur().kind == TokenKind::Name && peekTok().kind == TokenKind::Operator && peekTok().text == "=") {
            names.push_back(advance());
            advance();
        }
        Value v = parseExprOrTuple();
        if (v.kind == Value::Kind::Expr && !v.py && v.expr && v.expr->kind() == ExprKind::Call &&
            as<CallNode>(v.expr)->op().starts_with("tirx."))
            fail(v.span, std::string(kModuleLevel));
        expectNewline();
        for (const Token& n : names) m_scopes.define(n.text, v);
        return;
    }
    failAtCurrent(kModuleLevel);
}

void Parser::parseImport()
{
    const Span start = cur().span;
    if (acceptKw("import")) {
        do {
            const Token first = expectName("a module name");
            std::string path(first.text);
            while (acceptOp(".")) path += "." + std::string(expectName("a module name").text);
            std::string_view alias = first.text;
            if (acceptKw("as"))
                alias = expectName("an alias").text;
            else if (path.find('.') != std::string::npos)
                path = std::string(first.text);
            m_scopes.define(alias, Value::ns(path, start));
        } while (acceptOp(","));
        expectNewline();
        return;
    }
    advance(); // from
    std::string module;
    if (isOp(".")) failAtCurrent("relative imports are not supported");
    module = std::string(expectName("a module name").text);
    while (acceptOp(".")) module += "." + std::string(expectName("a module name").text);
    if (!acceptKw("import")) failAtCurrent("expected 'import', found " + tokenDescription(cur()));
    const bool paren = acceptOp("(");
    do {
        if (paren && isOp(")")) break;
        const Token name = cur().kind == TokenKind::Operator && cur().text == "*" ? advance() : expectName("a name");
        std::string_view alias = name.text;
        if (acceptKw("as")) alias = expectName("an alias").text;
        const std::string_view n = name.text;
        if (module == "__future__") continue;
        const bool scriptModule = module == "tvm.script" || module == "tvm_tirx.script" || module == "tvm.script.tirx";
        const bool layoutModule = module == "tvm.tirx.layout" || module == "tvm_tirx.backend.trn.axis" ||
                                  module == "tvm_tirx.layout" || module == "tvm.tirx";
        if (scriptModule && (n == "tirx" || n == "tir")) {
            m_scopes.define(alias, Value::ns("T"));
        } else if (scriptModule && n == "ir") {
            m_scopes.define(alias, Value::ns("I"));
        } else if (scriptModule && n == "tile") {
            m_scopes.define(alias, Value::ns("Tx"));
        } else if (layoutModule && (n == "S" || n == "R" || n == "TileLayout" || n == "Iter")) {
            m_scopes.define(alias, Value::ns("T." + std::string(n)));
        } else if (layoutModule && n == "Axis") {
            m_scopes.define(alias, Value::ns("Axis"));
        } else if (Axis::find(n).valid()) {
            Value v;
            v.kind = Value::Kind::Axis;
            v.axis = Axis::find(n);
            v.span = name.span;
            m_scopes.define(alias, v);
        } else if (layoutModule) {
            fail(name.span, "cannot import name '" + std::string(n) + "' from '" + module + "'");
        } else {
            m_scopes.define(alias, Value::ns(module + "." + std::string(n), name.span));
        }
    } while (acceptOp(","));
    if (paren) expectOp(")", "to close the import list");
    expectNewline();
}

void Parser::parseDecorated()
{
    const Span start = expectOp("@").span;
    const Token first = expectName("a decorator name");
    const Value* base = m_scopes.find(first.text);
    if (!base) fail(first.span, "name '" + std::string(first.text) + "' is not defined");
    std::string path = base->kind == Value::Kind::Namespace ? base->str : std::string(first.text);
    while (acceptOp(".")) path += "." + std::string(expectName("a decorator name").text);
    bool isPrivate = false;
    if (isOp("(")) {
        auto args = parseCallArgs();
        for (auto& a : args) {
            if (a.keyword == "private" && a.value.kind == Value::Kind::Expr && a.value.py) {
                isPrivate = pyInt(a.value).value_or(0) != 0;
            } else if (a.keyword == "check_well_formed" || a.keyword == "s_tir") {
                continue;
            } else {
                fail(a.span, "unexpected argument to decorator '@" + path + "'");
            }
        }
    }
    const Span decoSpan = spanFrom(start);
    expectNewline();
    while (cur().kind == TokenKind::Newline) advance();
    if (path == "T.ir_module" || path == "I.ir_module" || path == "tvm.script.ir_module") {
        if (!isKw("class")) failAtCurrent("expected a class after '@" + path + "'");
        return parseClass();
    }
    if (path == "T.function" || path == "T.prim_func") {
        if (!isKw("def")) failAtCurrent("expected a function definition after '@" + path + "'");
        return parseFunction(isPrivate, decoSpan);
    }
    fail(decoSpan, "unsupported decorator '@" + path + "'; expected @T.ir_module or @T.function");
}

void Parser::parseClass()
{
    advance(); // class
    expectName("a class name");
    if (acceptOp("(")) expectOp(")", "after the class bases");
    expectOp(":");
    expectNewline();
    if (m_sawModule) error(prev().span, "a file may contain only one @T.ir_module");
    m_sawModule = true;
    if (cur().kind != TokenKind::Indent) failAtCurrent("expected an indented class body");
    advance();
    while (cur().kind != TokenKind::Dedent && cur().kind != TokenKind::EndOfFile && !m_stopped) {
        const size_t before = m_pos;
        try {
            if (cur().kind == TokenKind::Newline) {
                advance();
                continue;
            }
            if (!isOp("@")) failAtCurrent("only @T.function methods may appear in an @T.ir_module class");
            const Span start = advance().span;
            const Token first = expectName("a decorator name");
            const Value* base = m_scopes.find(first.text);
            std::string path = base && base->kind == Value::Kind::Namespace ? base->str : std::string(first.text);
            while (acceptOp(".")) path += "." + std::string(expectName("a decorator name").text);
            bool isPrivate = false;
            if (isOp("(")) {
                for (auto& a : parseCallArgs()) {
                    if (a.keyword == "private")
                        isPrivate = pyInt(a.value).value_or(0) != 0;
                    else if (a.keyword != "check_well_formed")
                        fail(a.span, "unexpected argument to decorator '@" + path + "'");
                }
            }
            const Span ds = spanFrom(start);
            if (path != "T.function" && path != "T.prim_func")
                fail(ds, "unsupported decorator '@" + path + "' in an @T.ir_module class; expected @T.function");
            expectNewline();
            if (!isKw("def")) failAtCurrent("expected a function definition after '@" + path + "'");
            parseFunction(isPrivate, ds);
        } catch (const ParseError&) {
            skipStatement();
        }
        if (m_pos == before) advance();
    }
    if (cur().kind == TokenKind::Dedent) advance();
}

Var Parser::parseParam()
{
    const Token name = expectName("a parameter name");
    if (!isOp(":")) fail(name.span, "parameter '" + std::string(name.text) + "' needs a type annotation");
    advance();
    Value ty = parseExpr();
    const std::string n(name.text);
    if (ty.kind == Value::Kind::Type) return makeVar(n, VarType::tensorType(ty.type()), name.span);
    if (ty.kind == Value::Kind::Namespace) {
        if (ty.str == "T.handle") return makeVar(n, VarType::handleType(), name.span);
        if (ty.str.starts_with("T.")) {
            if (auto dt = DataType::parse(std::string_view(ty.str).substr(2)))
                return makeVar(n, VarType::scalar(*dt), name.span);
        }
        if (ty.str == "T.Tensor" || ty.str == "T.Buffer")
            fail(ty.span, "'" + ty.str + "' annotation needs a shape, e.g. " + ty.str + "((128,), \"float32\")");
    }
    fail(ty.span, "invalid annotation for parameter '" + n + "'; expected T.Tensor(...), T.handle or a dtype");
}

void Parser::parseFunction(bool isPrivate, Span decoSpan)
{
    advance(); // def
    const Token nameTok = expectName("a function name");
    const std::string name(nameTok.text);
    m_scopes.push();
    struct ScopeExit {
        Parser& p;
        ~ScopeExit()
        {
            p.m_scopes.pop();
            p.m_inFunction = false;
        }
    } scopeExit{*this};
    if (acceptOp("[")) { // Python 3.12 type parameters declare symbolic shape variables
        do {
            if (isOp("]")) break;
            const Token t = expectName("a type parameter");
            m_scopes.define(
                t.text,
                Value::ofExpr(makeVar(std::string(t.text), VarType::scalar(DataType::int32()), t.span), t.span));
        } while (acceptOp(","));
        expectOp("]");
    }
    expectOp("(", "after the function name");
    std::vector<Var> params;
    while (!isOp(")")) {
        Var v = parseParam();
        for (const auto& p : params) {
            if (p->name() == v->name()) fail(v->span(), "duplicate parameter '" + v->name() + "'");
        }
        params.push_back(v);
        m_scopes.define(v->name(), Value::ofExpr(v, v->span()));
        if (!acceptOp(",")) break;
    }
    expectOp(")", "to close the parameter list");
    if (acceptOp("->")) {
        Value ret = parseExpr();
        if (ret.kind != Value::Kind::None)
            fail(ret.span, "TIRx functions return nothing; write '-> None' or omit the annotation");
    }
    expectOp(":");
    m_inFunction = true;
    m_funcAttrs = Attrs{};
    m_attrsAllowed = true;
    Stmt body = parseSuite();
    Attrs attrs = m_funcAttrs;
    if (!isPrivate && !attrs.get("global_symbol")) attrs = attrs.with("global_symbol", stringImm(name, nameTok.span));
    Function::Fields f;
    f.name = name;
    f.params = std::move(params);
    f.body = body;
    f.attrs = std::move(attrs);
    f.span = spanFrom(decoSpan);
    if (!m_functionNames.emplace(name, nameTok.span).second)
        error(nameTok.span, "function '" + name + "' is defined twice");
    m_functions.emplace_back(name, std::make_shared<const Function>(std::move(f)));
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
