#include "ir/stmt.h"

#include "ir/make.h"
#include "ir/node_memory.h"
#include "ir/op_name.h"

#include <utility>

namespace tirx {

namespace {

bool isNoOp(const Stmt& s)
{
    const auto* eval = as<EvaluateNode>(s);
    return eval && isConstInt(eval->value(), 0);
}

void flattenInto(std::vector<Stmt>& out, const Stmt& s)
{
    if (!s || isNoOp(s)) return;
    if (const auto* seq = as<SeqStmtNode>(s)) {
        for (const auto& inner : seq->stmts()) flattenInto(out, inner);
        return;
    }
    out.push_back(s);
}

// The same, taking `s` over when it is no sequence.
void flattenInto(std::vector<Stmt>& out, Stmt&& s)
{
    if (!s || isNoOp(s) || as<SeqStmtNode>(s)) return flattenInto(out, std::as_const(s));
    out.push_back(std::move(s));
}

} // namespace

Stmt makeSeq(std::vector<Stmt> stmts, Span span)
{
    std::vector<Stmt> flat;
    flat.reserve(stmts.size());
    for (auto& s : stmts) flattenInto(flat, std::move(s));
    if (flat.size() == 1) return flat.front();
    return makeStatementNode<SeqStmtNode>(std::move(flat), span);
}

Stmt makeBind(Var var, Expr value, Span span)
{
    return makeStatementNode<BindNode>(std::move(var), std::move(value), span);
}

Stmt makeStore(Var tensor, Expr value, std::vector<Expr> indices, Span span)
{
    return makeStatementNode<TensorStoreNode>(std::move(tensor), std::move(value), std::move(indices), span);
}

Stmt makeEvaluate(Expr value, Span span) { return makeStatementNode<EvaluateNode>(std::move(value), span); }

Stmt makeFor(ForNode::Fields fields, Span span)
{
    if (!fields.step) fields.step = intImm(1, fields.begin ? fields.begin->dtype() : DataType::int32());
    return makeStatementNode<ForNode>(std::move(fields), span);
}

Stmt makeWhile(Expr cond, Stmt body, Span span)
{
    return makeStatementNode<WhileNode>(std::move(cond), std::move(body), span);
}

Stmt makeIf(Expr cond, Stmt thenBody, Stmt elseBody, Span span)
{
    return makeStatementNode<IfNode>(std::move(cond), std::move(thenBody), std::move(elseBody), span);
}

Stmt makeBreak(Span span) { return makeStatementNode<BreakNode>(span); }
Stmt makeContinue(Span span) { return makeStatementNode<ContinueNode>(span); }

Stmt makeAssert(Expr cond, Expr message, Span span)
{
    return makeStatementNode<AssertNode>(std::move(cond), std::move(message), span);
}

Stmt makeRegion(std::string_view op, std::vector<Expr> args, Attrs attrs, Stmt body, Span span)
{
    return makeStatementNode<RegionNode>(internOp(op), std::move(args), std::move(attrs), std::move(body), span);
}

std::vector<Stmt> stmtList(const Stmt& s)
{
    if (!s) return {};
    if (const auto* seq = as<SeqStmtNode>(s)) return seq->stmts();
    return {s};
}

} // namespace tirx
