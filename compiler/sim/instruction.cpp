#include "sim/instruction.h"

#include "ir/make.h"
#include "sim/index_eval.h"

namespace tirx::sim {

namespace {

Diagnostic error(Span span, std::string text) { return {Diagnostic::Severity::Error, std::move(text), span}; }

void decodeOperands(Instruction& ins)
{
    ins.operands.assign(ins.args().size(), std::nullopt);
    for (size_t a = 0; a < ins.args().size(); ++a) {
        const auto* load = as<TensorLoadNode>(ins.args()[a]);
        if (!load) continue;
        TensorOperand op;
        op.load = load;
        for (const auto& index : load->indices()) {
            auto c = affineCoefficients(index, ins.vars);
            if (!c) {
                op.coefficients.clear();
                break;
            }
            op.coefficients.push_back(std::move(*c));
        }
        ins.operands[a] = std::move(op);
    }
}

} // namespace

bool TensorOperand::usesVar(size_t var) const
{
    for (const auto& dim : coefficients) {
        if (dim[var] != 0) return true;
    }
    return false;
}

size_t Instruction::argNamed(std::string_view name) const
{
    const auto& params = callable->params;
    for (size_t a = 0; a < params.size(); ++a) {
        if (params[a].name == name) return a;
    }
    return params.size();
}

std::optional<double> constArg(const Expr& e)
{
    if (const auto* f = as<FloatImmNode>(e)) return f->value();
    if (const auto* i = as<IntImmNode>(e)) return static_cast<double>(i->value());
    if (const auto* c = as<CastNode>(e)) return constArg(c->value());
    return std::nullopt;
}

const std::string* stringArg(const Expr& e)
{
    const auto* s = as<StringImmNode>(e);
    return s ? &s->value() : nullptr;
}

std::variant<Instruction, Diagnostic> decodeCall(const CallNode& call, Span span)
{
    Instruction ins;
    ins.call = &call;
    ins.span = call.span().valid() ? call.span() : span;
    ins.callable = findCallableByOp(call.op());
    if (!ins.callable || ins.callable->kind != CallableKind::NkiInstruction)
        return error(ins.span, "'" + call.op() + "' is not an NKI instruction; lower the kernel before simulating it");
    decodeOperands(ins);
    return ins;
}

std::variant<Instruction, Diagnostic> decodeRegion(const RegionNode& region)
{
    std::vector<const VarNode*> vars;
    std::vector<Expr> begins;
    std::vector<Expr> extents;
    Stmt body = region.body();
    while (const auto* loop = as<ForNode>(body)) {
        if (!isConstInt(loop->step(), 1) && loop->step())
            return error(loop->span(), "tensorized loops must have step 1");
        vars.push_back(loop->var().get());
        begins.push_back(loop->begin());
        extents.push_back(binary(BinaryOp::Sub, loop->end(), loop->begin()));
        body = loop->body();
    }
    Expr guard;
    if (const auto* cond = as<IfNode>(body)) {
        if (cond->elseBody())
            return error(cond->span(), "a tensorized instruction's guard may not have an else branch");
        guard = cond->cond();
        body = cond->thenBody();
    }
    const auto* evaluate = as<EvaluateNode>(body);
    const auto* call = evaluate ? as<CallNode>(evaluate->value()) : nullptr;
    if (!call)
        return error(body ? body->span() : region.span(),
                     "a tensorized region holds perfectly nested loops, at most one if, and exactly one T.nki call");
    auto decoded = decodeCall(*call, region.span());
    if (auto* ins = std::get_if<Instruction>(&decoded)) {
        ins->vars = std::move(vars);
        ins->begins = std::move(begins);
        ins->extents = std::move(extents);
        ins->guard = std::move(guard);
        decodeOperands(*ins);
    }
    return decoded;
}

} // namespace tirx::sim
