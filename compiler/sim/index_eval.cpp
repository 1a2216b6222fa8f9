#include "sim/index_eval.h"

#include "analysis/int_bounds.h"

#include <algorithm>

namespace tirx::sim {

namespace {

std::optional<int64_t> failWith(std::string* error, std::string text)
{
    if (error) *error = std::move(text);
    return std::nullopt;
}

// The simulator's integer arithmetic per operator: behaviour, so a switch
// (spellings and kinds are in ir/binary_ops.def).
std::optional<int64_t> binaryValue(BinaryOp op, int64_t a, int64_t b, std::string* error)
{
    switch (op) {
    case BinaryOp::Add: return a + b;
    case BinaryOp::Sub: return a - b;
    case BinaryOp::Mul: return a * b;
    case BinaryOp::Div:
    case BinaryOp::Mod:
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod:
        if (b == 0) return failWith(error, "division by zero in an index");
        if (op == BinaryOp::Div) return a / b;
        if (op == BinaryOp::Mod) return a % b;
        return op == BinaryOp::FloorDiv ? floorDivI(a, b) : floorModI(a, b);
    case BinaryOp::Min: return std::min(a, b);
    case BinaryOp::Max: return std::max(a, b);
    case BinaryOp::EQ: return a == b;
    case BinaryOp::NE: return a != b;
    case BinaryOp::LT: return a < b;
    case BinaryOp::LE: return a <= b;
    case BinaryOp::GT: return a > b;
    case BinaryOp::GE: return a >= b;
    case BinaryOp::And: return a && b;
    case BinaryOp::Or: return a || b;
    }
    return failWith(error, "unknown operator in an index");
}

} // namespace

std::optional<int64_t> evalInt(const Expr& e, const Env& env, std::string* error)
{
    if (!e) return failWith(error, "missing expression");
    switch (e->kind()) {
    case ExprKind::IntImm: return as<IntImmNode>(e)->value();
    case ExprKind::Var: {
        const auto it = env.find(as<VarNode>(e));
        if (it == env.end()) return failWith(error, "variable '" + as<VarNode>(e)->name() + "' has no value here");
        return it->second;
    }
    case ExprKind::Binary: {
        const auto* b = as<BinaryNode>(e);
        const auto lhs = evalInt(b->a(), env, error);
        if (!lhs) return std::nullopt;
        // Short-circuit like the generated code would.
        if (b->op() == BinaryOp::And && !*lhs) return 0;
        if (b->op() == BinaryOp::Or && *lhs) return 1;
        const auto rhs = evalInt(b->b(), env, error);
        if (!rhs) return std::nullopt;
        return binaryValue(b->op(), *lhs, *rhs, error);
    }
    case ExprKind::Not: {
        const auto v = evalInt(as<NotNode>(e)->a(), env, error);
        if (!v) return std::nullopt;
        return *v ? 0 : 1;
    }
    case ExprKind::Select: {
        const auto* s = as<SelectNode>(e);
        const auto c = evalInt(s->cond(), env, error);
        if (!c) return std::nullopt;
        return evalInt(*c ? s->trueValue() : s->falseValue(), env, error);
    }
    case ExprKind::Cast: {
        const auto* c = as<CastNode>(e);
        if (!c->dtype().isIntegral()) return failWith(error, "a cast to " + c->dtype().str() + " is not an index");
        const auto v = evalInt(c->value(), env, error);
        if (!v) return std::nullopt;
        if (c->dtype().isBool()) return *v != 0;
        return *v;
    }
    case ExprKind::FloatImm:
    case ExprKind::StringImm:
    case ExprKind::Call:
    case ExprKind::TensorLoad:
    case ExprKind::TensorRegion:
    case ExprKind::Tuple:
    case ExprKind::Ramp:
    case ExprKind::Broadcast: break;
    }
    return failWith(error, "expression is not an integer index the simulator can evaluate");
}

bool mentions(const Expr& e, std::span<const VarNode* const> vars)
{
    if (!e) return false;
    switch (e->kind()) {
    case ExprKind::Var: return std::find(vars.begin(), vars.end(), as<VarNode>(e)) != vars.end();
    case ExprKind::Binary: return mentions(as<BinaryNode>(e)->a(), vars) || mentions(as<BinaryNode>(e)->b(), vars);
    case ExprKind::Not: return mentions(as<NotNode>(e)->a(), vars);
    case ExprKind::Select: {
        const auto* s = as<SelectNode>(e);
        return mentions(s->cond(), vars) || mentions(s->trueValue(), vars) || mentions(s->falseValue(), vars);
    }
    case ExprKind::Cast: return mentions(as<CastNode>(e)->value(), vars);
    case ExprKind::TensorLoad:
        for (const auto& i : as<TensorLoadNode>(e)->indices()) {
            if (mentions(i, vars)) return true;
        }
        return false;
    case ExprKind::Call:
        for (const auto& a : as<CallNode>(e)->args()) {
            if (mentions(a, vars)) return true;
        }
        return false;
    case ExprKind::IntImm:
    case ExprKind::FloatImm:
    case ExprKind::StringImm:
    case ExprKind::TensorRegion:
    case ExprKind::Tuple:
    case ExprKind::Ramp:
    case ExprKind::Broadcast: return false;
    }
    return false;
}

std::optional<std::vector<int64_t>> affineCoefficients(const Expr& e, std::span<const VarNode* const> vars)
{
    std::vector<int64_t> zero(vars.size(), 0);
    if (!mentions(e, vars)) return zero;
    if (const auto* v = as<VarNode>(e)) {
        const auto at = std::find(vars.begin(), vars.end(), v) - vars.begin();
        zero[static_cast<size_t>(at)] = 1;
        return zero;
    }
    if (const auto* c = as<CastNode>(e)) {
        if (!c->dtype().isInt() && !c->dtype().isUInt()) return std::nullopt;
        return affineCoefficients(c->value(), vars);
    }
    const auto* b = as<BinaryNode>(e);
    if (!b) return std::nullopt;
    if (b->op() == BinaryOp::Add || b->op() == BinaryOp::Sub) {
        auto lhs = affineCoefficients(b->a(), vars);
        const auto rhs = affineCoefficients(b->b(), vars);
        if (!lhs || !rhs) return std::nullopt;
        const int64_t sign = b->op() == BinaryOp::Add ? 1 : -1;
        for (size_t k = 0; k < lhs->size(); ++k) (*lhs)[k] += sign * (*rhs)[k];
        return lhs;
    }
    if (b->op() == BinaryOp::Mul) {
        const auto* lhsConst = as<IntImmNode>(b->a());
        const auto* rhsConst = as<IntImmNode>(b->b());
        if (!lhsConst && !rhsConst) return std::nullopt;
        auto coefficients = affineCoefficients(lhsConst ? b->b() : b->a(), vars);
        if (!coefficients) return std::nullopt;
        const int64_t scale = lhsConst ? lhsConst->value() : rhsConst->value();
        for (auto& c : *coefficients) c *= scale;
        return coefficients;
    }
    return std::nullopt;
}

} // namespace tirx::sim
