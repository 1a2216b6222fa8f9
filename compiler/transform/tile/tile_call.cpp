#include "transform/tile/tile_call.h"

#include "ir/make.h"
#include "layout/layout_algebra.h"

#include <cassert>

namespace tirx {

namespace {

std::optional<size_t> operandIndex(const Callable& c, std::string_view name)
{
    for (size_t i = 0; i < c.params.size(); ++i) {
        if (c.params[i].name == name) return i;
    }
    return std::nullopt;
}

std::optional<int64_t> layoutPartitions(const TileLayout& layout)
{
    int64_t p = 1;
    for (const auto& it : layout.shard()) {
        if (!(it.axis == Axis::P())) continue;
        auto e = constInt(it.extent);
        if (!e) return std::nullopt;
        p *= *e;
    }
    return p;
}

} // namespace

bool isAbsent(const Expr& e)
{
    const auto* t = as<TupleNode>(e);
    return !e || (t && t->fields().empty());
}

const TensorType* operandType(const Expr& e)
{
    if (const auto* r = as<TensorRegionNode>(e)) return r->tensor()->tensorType().get();
    if (const auto* v = as<VarNode>(e)) return v->isTensor() ? v->tensorType().get() : nullptr;
    if (const auto* l = as<TensorLoadNode>(e)) return l->tensor()->tensorType().get();
    return nullptr;
}

std::optional<int64_t> partitionsOf(const Expr& operand)
{
    const auto* type = operandType(operand);
    if (!type) return std::nullopt;
    if (type->layout()) return layoutPartitions(*type->layout());
    if (type->shape().empty()) return std::nullopt;
    return constInt(type->shape().front());
}

TileCall::TileCall(const CallNode& call, const Callable& callable)
    : m_call(call), m_callable(callable), m_args(call.args())
{
    assert(callable.tileOp && "a TileCall reads a T.trn.tile.* call through its tile-op row");
}

Expr TileCall::operand(std::string_view name) const
{
    const auto i = operandIndex(m_callable, name);
    return i && *i < m_args.size() ? m_args[*i] : nullptr;
}

Expr TileCall::region(std::string_view name) const
{
    Expr e = operand(name);
    const auto* v = as<VarNode>(e);
    if (!v || !v->isTensor()) return e;
    std::vector<Range> ranges;
    for (const auto& d : v->tensorType()->shape()) ranges.push_back(Range{intImm(0, d->dtype()), d});
    return tensorRegion(std::static_pointer_cast<const VarNode>(e), std::move(ranges), e->span());
}

Expr TileCall::scalar(std::string_view name, double fallback) const
{
    Expr e = operand(name);
    return isAbsent(e) ? floatImm(fallback) : e;
}

void TileCall::set(std::string_view name, const Expr& value)
{
    const auto i = operandIndex(m_callable, name);
    if (!i) return;
    while (m_args.size() <= *i) m_args.push_back(tuple({}));
    m_args[*i] = value;
    m_changed = true;
}

Expr TileCall::qualifier(std::string_view key) const { return m_call.attrs().get(key); }

std::string TileCall::stringQualifier(std::string_view key, std::string_view fallback) const
{
    const auto* s = as<StringImmNode>(qualifier(key));
    return s ? s->value() : std::string(fallback);
}

std::string TileCall::instructionReduceOp() const
{
    const std::string op = stringQualifier("reduce_op", "sum");
    if (const auto instruction = instructionReduceOpcode(op)) return std::string(*instruction);
    throw TileError("unsupported reduce operation '" + op + "': reduce_op must be sum, max or min");
}

bool TileCall::boolQualifier(std::string_view key, bool fallback) const
{
    auto v = constInt(qualifier(key));
    return v ? *v != 0 : fallback;
}

std::optional<int64_t> TileCall::maxInstSize(std::optional<int64_t> fallback) const
{
    const Expr q = qualifier("max_inst_size");
    if (!q) return fallback;
    auto v = constInt(q);
    return v ? v : fallback;
}

std::vector<int64_t> TileCall::axes() const
{
    const Expr a = qualifier("axes");
    if (!a) return {-1};
    if (auto v = constInt(a)) return {*v};
    std::vector<int64_t> out;
    if (const auto* t = as<TupleNode>(a)) {
        for (const auto& f : t->fields()) {
            auto v = constInt(f);
            if (!v) throw TileError("the axes qualifier must be a list of integers");
            out.push_back(*v);
        }
    }
    return out;
}

void TileCall::requireThreadScope(std::string_view what) const
{
    if (stringQualifier("scope", "thread") != "thread")
        throw TileError("'" + std::string(name()) + "' " + std::string(what));
}

Expr TileCall::rebuilt() const
{
    if (!m_changed) return nullptr;
    return call(m_call.op(), m_args, m_call.attrs(), m_call.dtype(), m_call.tyArgs(), m_call.span());
}

} // namespace tirx
