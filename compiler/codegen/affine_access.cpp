#include "codegen/affine_access.h"

#include "ir/make.h"

namespace tirx {

int64_t AffineIndex::coefficient(const VarNode* v) const
{
    for (const auto& [var, c] : terms) {
        if (var == v) return c;
    }
    return 0;
}

AffineIndex combine(const AffineIndex& a, int64_t scale, const AffineIndex& b)
{
    AffineIndex out = b;
    for (const auto& [var, c] : a.terms) {
        bool merged = false;
        for (auto& t : out.terms) {
            if (t.first == var) {
                t.second += c * scale;
                merged = true;
            }
        }
        if (!merged) out.terms.emplace_back(var, c * scale);
    }
    std::erase_if(out.terms, [](const auto& t) { return t.second == 0; });
    out.rest = add(mul(a.rest, intImm(scale, a.rest->dtype())), b.rest);
    return out;
}

namespace {

bool mentions(const Expr& e, const std::unordered_set<const VarNode*>& vars)
{
    if (const auto* v = as<VarNode>(e)) return vars.count(v) != 0;
    if (const auto* b = as<BinaryNode>(e)) return mentions(b->a(), vars) || mentions(b->b(), vars);
    if (const auto* c = as<CastNode>(e)) return mentions(c->value(), vars);
    if (const auto* l = as<TensorLoadNode>(e)) {
        for (const auto& i : l->indices()) {
            if (mentions(i, vars)) return true;
        }
    }
    if (const auto* c = as<CallNode>(e)) {
        for (const auto& a : c->args()) {
            if (mentions(a, vars)) return true;
        }
    }
    return false;
}

} // namespace

std::optional<AffineIndex> splitAffine(const Expr& e, const std::unordered_set<const VarNode*>& vars)
{
    if (!mentions(e, vars)) return AffineIndex{{}, e};
    if (const auto* v = as<VarNode>(e)) return AffineIndex{{{v, 1}}, intImm(0)};
    if (const auto* c = as<CastNode>(e)) return splitAffine(c->value(), vars);
    const auto* b = as<BinaryNode>(e);
    if (!b) return std::nullopt;
    auto a = splitAffine(b->a(), vars);
    auto c = splitAffine(b->b(), vars);
    if (!a || !c) return std::nullopt;
    // Which operators keep an index affine, and how: behaviour, so a switch.
    switch (b->op()) {
    case BinaryOp::Add: return combine(*a, 1, *c);
    case BinaryOp::Sub: return combine(*c, -1, *a);
    case BinaryOp::Mul: {
        if (auto k = constInt(b->b()); k && a) return combine(*a, *k, AffineIndex{{}, intImm(0)});
        if (auto k = constInt(b->a()); k && c) return combine(*c, *k, AffineIndex{{}, intImm(0)});
        return std::nullopt;
    }
    case BinaryOp::Div:
    case BinaryOp::Mod:
    case BinaryOp::FloorDiv:
    case BinaryOp::FloorMod:
    case BinaryOp::Min:
    case BinaryOp::Max:
    case BinaryOp::EQ:
    case BinaryOp::NE:
    case BinaryOp::LT:
    case BinaryOp::LE:
    case BinaryOp::GT:
    case BinaryOp::GE:
    case BinaryOp::And:
    case BinaryOp::Or: return std::nullopt;
    }
    return std::nullopt;
}

} // namespace tirx
