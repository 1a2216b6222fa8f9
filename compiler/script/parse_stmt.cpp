// TVMScript parser: compound statements (for, if, while, with, assert).

#include "script/parser_impl.h"

namespace tirx::script {

namespace {

// The loop variable takes the bounds' dtype: int64 when any bound is int64.
DataType loopDtype(const Expr& begin, const Expr& end)
{
    for (const Expr* b : {&begin, &end}) {
        if (*b && (*b)->dtype().isInt() && (*b)->dtype().bits() == 64) return DataType::int64();
    }
    return DataType::int32();
}

Expr toDtype(const Expr& e, DataType dt)
{
    if (e->dtype() == dt) return e;
    if (const auto* imm = as<IntImmNode>(e)) return intImm(imm->value(), dt, e->span());
    return cast(dt, e, e->span());
}

} // namespace

Stmt Parser::parseFor()
{
    const Span start = advance().span; // for
    // The names and the positional bounds are done with before the body is
    // parsed: the parser's scratch vectors serve every loop without allocating.
    std::vector<Token>& names = m_loopNames;
    names.clear();
    do {
        names.push_back(expectName("a loop variable"));
    } while (acceptOp(","));
    if (!acceptKw("in")) failAtCurrent("expected 'in' in the for statement, found '" + std::string(cur().text) + "'");
    // The iterator: a name chain, then its call arguments.
    const Token head = expectName("a loop iterator such as range(...) or T.serial(...)");
    Value it = lookupName(head);
    while (acceptOp(".")) it = attribute(std::move(it), expectName("an attribute name"), spanFrom(head.span));
    const Span itSpan = spanFrom(head.span);
    const std::string kind = it.kind == Value::Kind::Namespace ? it.str : std::string{};
    static const char* const kKinds[] = {"range", "T.serial", "T.parallel", "T.unroll", "T.vectorized", "T.grid"};
    bool known = false;
    for (const char* k : kKinds) known = known || kind == k;
    if (!known)
        fail(itSpan, "unsupported loop iterator '" + describe(it) +
                         "'; expected range, T.serial, T.parallel, T.unroll, T.vectorized or T.grid");
    if (!isOp("(")) failAtCurrent("expected '(' after '" + kind + "'");
    auto args = parseCallArgs();
    const Span callSpan = spanFrom(head.span);

    Expr step;
    Attrs annotations;
    ForKind forKind = ForKind::Serial;
    if (kind == "T.parallel") forKind = ForKind::Parallel;
    if (kind == "T.unroll") forKind = ForKind::Unrolled;
    if (kind == "T.vectorized") forKind = ForKind::Vectorized;
    std::vector<Expr>& positional = m_loopBounds;
    positional.clear();
    for (auto& a : args) {
        if (a.keyword.empty()) {
            positional.push_back(toExpr(a.value, "a loop bound"));
            continue;
        }
        if (kind == "range" || kind == "T.grid") fail(a.span, "'" + kind + "' takes no keyword arguments");
        if (a.keyword == "annotations") {
            Attrs given = toAttrs(a.value, "loop annotations");
            if (annotations.empty())
                annotations = std::move(given); // the usual case: nothing to merge
            else
                for (const auto& [k, v] : given.entries()) annotations = annotations.with(k, v);
        } else if (a.keyword == "step") {
            step = toExpr(a.value, "a loop step");
        } else if (a.keyword == "unroll") {
            // TX2 ir_builder: unroll=True → {"pragma_unroll": True}, False → {"disable_unroll": True},
            // a positive integer → {"pragma_unroll": N}.
            if (a.value.kind != Value::Kind::Expr || !a.value.py)
                fail(a.span, "'unroll' must be True, False or an integer");
            const Expr e = pyToIR(a.value);
            if (e->dtype().isBool()) {
                annotations =
                    annotations.with(isConstInt(e, 1) ? "pragma_unroll" : "disable_unroll", boolImm(true, a.span));
            } else {
                annotations = annotations.with("pragma_unroll", e);
            }
        } else if (a.keyword == "start" || a.keyword == "stop") {
            positional.push_back(toExpr(a.value, "a loop bound"));
        } else if (a.keyword == "dtype") {
            requireDtype(a.value);
        } else {
            fail(a.span, "unknown keyword argument '" + std::string(a.keyword) + "' for '" + kind + "'");
        }
    }
    recycleArgs(std::move(args));
    // One entry per loop variable, outermost first.
    struct Loop {
        Var var;
        Expr begin;
        Expr end;
    };
    std::vector<Loop> loops;
    if (kind == "T.grid") {
        if (positional.empty()) fail(callSpan, "T.grid needs at least one extent");
        if (positional.size() != names.size())
            fail(callSpan, "T.grid has " + std::to_string(positional.size()) + " extents but " +
                               std::to_string(names.size()) + " loop variables were given");
        loops.reserve(positional.size());
        for (auto& e : positional)
            loops.push_back({nullptr, intImm(0, e->dtype().isInt() ? e->dtype() : DataType::int32(), e->span()), e});
    } else {
        if (names.size() != 1) fail(names[1].span, "'" + kind + "' defines one loop variable; use T.grid for several");
        const size_t maxArgs = kind == "range" ? 3 : 2;
        if (positional.empty() || positional.size() > maxArgs)
            fail(callSpan, "'" + kind + "' takes 1 to " + std::to_string(maxArgs) + " bounds (" +
                               std::to_string(positional.size()) + " given)");
        loops.reserve(1);
        if (positional.size() == 1) {
            loops.push_back({nullptr, intImm(0, DataType::int32(), positional[0]->span()), positional[0]});
        } else {
            loops.push_back({nullptr, positional[0], positional[1]});
            if (positional.size() == 3) step = positional[2];
        }
    }
    if (!m_inFunction) fail(start, "loops may only appear inside a function");
    if (step && isConstInt(step, 0))
        fail(step->span().valid() ? step->span() : callSpan, "the loop step must not be 0");
    expectOp(":", "after the loop header");

    m_scopes.push();
    struct Pop {
        Scopes& s;
        ~Pop() { s.pop(); }
    } pop{m_scopes};
    for (size_t i = 0; i < names.size(); ++i) {
        Loop& l = loops[i];
        const DataType dt = loopDtype(l.begin, l.end);
        l.begin = toDtype(l.begin, dt);
        l.end = toDtype(l.end, dt);
        l.var = makeVar(std::string(names[i].text), VarType::scalar(dt), names[i].span);
        m_scopes.define(names[i].text, Value::ofExpr(l.var, names[i].span));
    }
    Stmt body = parseLoopBody();
    const Span span = spanFrom(start);
    for (size_t i = loops.size(); i-- > 0;) {
        Loop& l = loops[i];
        ForNode::Fields f;
        f.var = l.var;
        f.begin = std::move(l.begin);
        f.end = std::move(l.end);
        f.step = step && i == loops.size() - 1 ? toDtype(step, l.var->dtype()) : intImm(1, l.var->dtype(), callSpan);
        f.forKind = forKind;
        f.body = std::move(body);
        if (i == loops.size() - 1) f.annotations = annotations;
        body = makeFor(std::move(f), span);
    }
    return body;
}

Stmt Parser::parseIf()
{
    // An elif chain is read in a loop. Each elif nests one level deeper in
    // the IR (it is the previous branch's else), so chains count towards a
    // total nesting limit of their own, the same as flat regions.
    struct Branch {
        Expr cond;
        Stmt then;
        Span start;
    };
    std::vector<Branch> branches;
    struct Restore {
        int& depth;
        int value;
        ~Restore() { depth = value; }
    } restore{m_elifDepth, m_elifDepth};
    Stmt elseBody;
    while (true) {
        if (!branches.empty() && ++m_elifDepth + m_blockDepth > kMaxBlockDepth * 10)
            failAtCurrent("too many elif branches");
        const Span start = advance().span; // if / elif
        Value c = parseExpr();
        Expr cond = toExpr(c, "a condition");
        expectOp(":", "after the condition");
        Stmt thenBody = parseSuite();
        branches.push_back({std::move(cond), std::move(thenBody), start});
        if (isKw("elif")) continue;
        if (isKw("else")) {
            advance();
            expectOp(":", "after 'else'");
            elseBody = parseSuite();
        }
        break;
    }
    for (size_t i = branches.size(); i-- > 0;)
        elseBody = makeIf(branches[i].cond, branches[i].then, elseBody, spanFrom(branches[i].start));
    return elseBody;
}

Stmt Parser::parseWhile()
{
    const Span start = advance().span;
    Expr cond = toExpr(parseExpr(), "a condition");
    expectOp(":", "after the condition");
    Stmt body = parseLoopBody();
    return makeWhile(cond, body, spanFrom(start));
}

Stmt Parser::parseLoopBody()
{
    ++m_loopDepth;
    struct Leave {
        int& depth;
        ~Leave() { --depth; }
    } leave{m_loopDepth};
    return parseSuite();
}

Stmt Parser::parseWith()
{
    const Span start = advance().span;
    Value ctx = parseExpr();
    if (acceptKw("as")) failAtCurrent("'with ... as' is not supported for TIRx regions");
    auto marker = asRegionMarker(ctx);
    if (!marker) {
        if (ctx.kind == Value::Kind::Target) fail(ctx.span, "a target block may only wrap the module");
        fail(ctx.span, "unsupported 'with' context '" + describe(ctx) +
                           "'; expected a region such as T.nki.tensorized_instruction()");
    }
    expectOp(":", "after the with item");
    Stmt body = parseSuite();
    return makeRegion(marker->op, marker->args, marker->attrs, body, spanFrom(start));
}

Stmt Parser::parseAssert()
{
    const Span start = advance().span;
    Expr cond = toExpr(parseExpr(), "an assertion condition");
    Expr message;
    if (acceptOp(",")) message = toOperand(parseExpr());
    expectNewline();
    return makeAssert(cond, message, spanFrom(start));
}

} // namespace tirx::script
