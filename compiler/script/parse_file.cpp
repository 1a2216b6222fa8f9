// TVMScript parser, file level: imports, module-level constants, the
// decorated @T.ir_module classes and @T.function definitions with their
// parameters. Statements are parsed in parser.cpp and parse_stmt.cpp.

#include "script/parser_impl.h"

#include "target/target.h"

namespace tirx {

namespace script {

namespace {
const char* const kModuleLevel =
    "only imports, constant bindings and @T.ir_module / @T.function definitions may appear at module level";
} // namespace

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

} // namespace script

} // namespace tirx
