#include "ir/functor.h"

#include "ir/ir_depth.h"
#include "ir/make.h"

#include <optional>
#include <utility>

namespace tirx {

namespace {

// Siblings ahead of the one being walked whose nodes are fetched early: a
// body's statements are separate heap blocks, and walking them one after the
// other otherwise waits on memory for each.
constexpr size_t kPrefetchAhead = 4;

template <class T> void prefetchAhead(const std::vector<std::shared_ptr<const T>>& nodes, size_t i)
{
    if (i + kPrefetchAhead < nodes.size()) __builtin_prefetch(nodes[i + kPrefetchAhead].get());
}

} // namespace

void IrVisitor::visitExpr(const Expr& e)
{
    if (!e) return;
    const IrDepth level;
    IrDepth::check(e->span());
    switch (e->kind()) {
    case ExprKind::IntImm:
    case ExprKind::FloatImm:
    case ExprKind::StringImm: return;
    case ExprKind::Var: return visitVar(static_cast<const VarNode&>(*e));
    case ExprKind::Binary: return visitBinary(static_cast<const BinaryNode&>(*e));
    case ExprKind::Not: return visitExpr(static_cast<const NotNode&>(*e).a());
    case ExprKind::Select: {
        const auto& s = static_cast<const SelectNode&>(*e);
        visitExpr(s.cond());
        visitExpr(s.trueValue());
        visitExpr(s.falseValue());
        return;
    }
    case ExprKind::Cast: return visitExpr(static_cast<const CastNode&>(*e).value());
    case ExprKind::Call: return visitCall(static_cast<const CallNode&>(*e));
    case ExprKind::TensorLoad: return visitTensorLoad(static_cast<const TensorLoadNode&>(*e));
    case ExprKind::TensorRegion: return visitTensorRegion(static_cast<const TensorRegionNode&>(*e));
    case ExprKind::Tuple:
        for (const auto& f : static_cast<const TupleNode&>(*e).fields()) visitExpr(f);
        return;
    case ExprKind::Ramp: {
        const auto& r = static_cast<const RampNode&>(*e);
        visitExpr(r.base());
        visitExpr(r.stride());
        return;
    }
    case ExprKind::Broadcast: return visitExpr(static_cast<const BroadcastNode&>(*e).value());
    }
}

void IrVisitor::visitBinary(const BinaryNode& e)
{
    visitExpr(e.a());
    visitExpr(e.b());
}

void IrVisitor::visitCall(const CallNode& e)
{
    for (const auto& a : e.args()) visitExpr(a);
    for (const auto& [key, value] : e.attrs().entries()) visitExpr(value);
}

void IrVisitor::visitTensorLoad(const TensorLoadNode& e)
{
    visitExpr(e.tensor());
    for (const auto& i : e.indices()) visitExpr(i);
}

void IrVisitor::visitTensorRegion(const TensorRegionNode& e)
{
    visitExpr(e.tensor());
    for (const auto& r : e.ranges()) {
        visitExpr(r.min);
        visitExpr(r.extent);
    }
}

void IrVisitor::visitStmt(const Stmt& s)
{
    if (!s) return;
    const IrDepth level;
    IrDepth::check(s->span());
    switch (s->kind()) {
    case StmtKind::Seq: {
        const auto& stmts = static_cast<const SeqStmtNode&>(*s).stmts();
        for (size_t i = 0; i < stmts.size(); ++i) {
            prefetchAhead(stmts, i);
            visitStmt(stmts[i]);
        }
        return;
    }
    case StmtKind::Bind: return visitBind(static_cast<const BindNode&>(*s));
    case StmtKind::TensorStore: return visitStore(static_cast<const TensorStoreNode&>(*s));
    case StmtKind::Evaluate: return visitEvaluate(static_cast<const EvaluateNode&>(*s));
    case StmtKind::For: return visitFor(static_cast<const ForNode&>(*s));
    case StmtKind::While: {
        const auto& w = static_cast<const WhileNode&>(*s);
        visitExpr(w.cond());
        visitStmt(w.body());
        return;
    }
    case StmtKind::If: return visitIf(static_cast<const IfNode&>(*s));
    case StmtKind::Break:
    case StmtKind::Continue: return;
    case StmtKind::Assert: {
        const auto& a = static_cast<const AssertNode&>(*s);
        visitExpr(a.cond());
        visitExpr(a.message());
        return;
    }
    case StmtKind::Region: return visitRegion(static_cast<const RegionNode&>(*s));
    }
}

void IrVisitor::visitBind(const BindNode& s) { visitExpr(s.value()); }

void IrVisitor::visitStore(const TensorStoreNode& s)
{
    visitExpr(s.tensor());
    visitExpr(s.value());
    for (const auto& i : s.indices()) visitExpr(i);
}

void IrVisitor::visitFor(const ForNode& s)
{
    visitExpr(s.begin());
    visitExpr(s.end());
    visitExpr(s.step());
    visitStmt(s.body());
}

void IrVisitor::visitIf(const IfNode& s)
{
    visitExpr(s.cond());
    visitStmt(s.thenBody());
    visitStmt(s.elseBody());
}

void IrVisitor::visitRegion(const RegionNode& s)
{
    for (const auto& a : s.args()) visitExpr(a);
    visitStmt(s.body());
}

void IrVisitor::visitEvaluate(const EvaluateNode& s) { visitExpr(s.value()); }

namespace {

// The mutated value, moved out, when it changed; else a copy of the old one.
// (A conditional expression over the two would copy both ways: its result
// is a const lvalue, which a by-value parameter copies.)
template <class T> T keptOrMutated(bool changed, T& mutated, const T& old)
{
    if (changed) return std::move(mutated);
    return old;
}

template <class T> T keptOrMutated(std::optional<T>& mutated, const T& old)
{
    if (mutated) return std::move(*mutated);
    return old;
}

// Mutates each element. Fills `out` and returns true only when one changed:
// an unchanged list costs no allocation.
bool mutateChanged(IrMutator& mutator, const std::vector<Expr>& in, std::vector<Expr>& out)
{
    for (size_t i = 0; i < in.size(); ++i) {
        Expr next = mutator.mutateExpr(in[i]);
        if (next == in[i]) continue;
        out.clear();
        out.reserve(in.size());
        out.assign(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(i));
        out.push_back(std::move(next));
        for (size_t j = i + 1; j < in.size(); ++j) out.push_back(mutator.mutateExpr(in[j]));
        return true;
    }
    return false;
}

// The attributes with every value mutated, or nullopt when none changed:
// most attributes are constants, and copying them for every loop is costly.
std::optional<Attrs> mutatedAttrs(IrMutator& mutator, const Attrs& in)
{
    const auto& given = in.entries();
    for (size_t i = 0; i < given.size(); ++i) {
        auto next = mutator.mutateExpr(given[i].second);
        if (next == given[i].second) continue;
        std::vector<Attrs::Entry> entries;
        entries.reserve(given.size());
        entries.assign(given.begin(), given.begin() + static_cast<std::ptrdiff_t>(i));
        entries.emplace_back(given[i].first, std::move(next));
        for (size_t j = i + 1; j < given.size(); ++j) {
            entries.emplace_back(given[j].first, mutator.mutateExpr(given[j].second));
        }
        return Attrs{std::move(entries)};
    }
    return std::nullopt;
}

} // namespace

bool IrMutator::mutateList(const std::vector<Expr>& in, std::vector<Expr>& out)
{
    if (mutateChanged(*this, in, out)) return true;
    out = in;
    return false;
}

bool IrMutator::mutateListIfChanged(const std::vector<Expr>& in, std::vector<Expr>& out)
{
    return mutateChanged(*this, in, out);
}

Attrs IrMutator::mutateAttrs(const Attrs& in, bool& changed)
{
    auto next = mutatedAttrs(*this, in);
    if (!next) return in;
    changed = true;
    return std::move(*next);
}

Expr IrMutator::mutateExpr(const Expr& e)
{
    if (!e) return e;
    const IrDepth level;
    IrDepth::check(e->span());
    switch (e->kind()) {
    case ExprKind::IntImm:
    case ExprKind::FloatImm:
    case ExprKind::StringImm: return e;
    case ExprKind::Var: return mutateVar(std::static_pointer_cast<const VarNode>(e));
    case ExprKind::Binary: return mutateBinary(e, static_cast<const BinaryNode&>(*e));
    case ExprKind::Not: {
        const auto& n = static_cast<const NotNode&>(*e);
        auto a = mutateExpr(n.a());
        return a == n.a() ? e : logicalNot(a, e->span());
    }
    case ExprKind::Select: {
        const auto& s = static_cast<const SelectNode&>(*e);
        auto c = mutateExpr(s.cond());
        auto t = mutateExpr(s.trueValue());
        auto f = mutateExpr(s.falseValue());
        if (c == s.cond() && t == s.trueValue() && f == s.falseValue()) return e;
        return select(c, t, f, e->span());
    }
    case ExprKind::Cast: {
        const auto& c = static_cast<const CastNode&>(*e);
        auto v = mutateExpr(c.value());
        return v == c.value() ? e : cast(c.dtype(), v, e->span());
    }
    case ExprKind::Call: return mutateCall(e, static_cast<const CallNode&>(*e));
    case ExprKind::TensorLoad: return mutateTensorLoad(e, static_cast<const TensorLoadNode&>(*e));
    case ExprKind::TensorRegion: return mutateTensorRegion(e, static_cast<const TensorRegionNode&>(*e));
    case ExprKind::Tuple: {
        std::vector<Expr> fields;
        if (!mutateChanged(*this, static_cast<const TupleNode&>(*e).fields(), fields)) return e;
        return tuple(std::move(fields), e->span());
    }
    case ExprKind::Ramp: {
        const auto& r = static_cast<const RampNode&>(*e);
        auto base = mutateExpr(r.base());
        auto stride = mutateExpr(r.stride());
        if (base == r.base() && stride == r.stride()) return e;
        return std::make_shared<RampNode>(base, stride, r.lanes(), e->span());
    }
    case ExprKind::Broadcast: {
        const auto& b = static_cast<const BroadcastNode&>(*e);
        auto v = mutateExpr(b.value());
        return v == b.value() ? e : std::make_shared<BroadcastNode>(v, b.lanes(), e->span());
    }
    }
    return e;
}

Expr IrMutator::mutateBinary(const Expr& self, const BinaryNode& e)
{
    auto a = mutateExpr(e.a());
    auto b = mutateExpr(e.b());
    if (a == e.a() && b == e.b()) return self;
    return binary(e.op(), a, b, self->span());
}

Expr IrMutator::mutateCall(const Expr& self, const CallNode& e)
{
    std::vector<Expr> args;
    const bool argsChanged = mutateChanged(*this, e.args(), args);
    std::optional<Attrs> attrs = mutatedAttrs(*this, e.attrs());
    if (!argsChanged && !attrs) return self;
    return call(e.op(), keptOrMutated(argsChanged, args, e.args()), keptOrMutated(attrs, e.attrs()), e.dtype(),
                e.tyArgs(), self->span());
}

Expr IrMutator::mutateTensorLoad(const Expr& self, const TensorLoadNode& e)
{
    auto tensorExpr = mutateExpr(e.tensor());
    std::vector<Expr> indices;
    const bool changed = mutateChanged(*this, e.indices(), indices);
    auto tensor = std::static_pointer_cast<const VarNode>(tensorExpr);
    if (!changed && tensor == e.tensor()) return self;
    return tensorLoad(tensor, keptOrMutated(changed, indices, e.indices()), self->span());
}

Expr IrMutator::mutateTensorRegion(const Expr& self, const TensorRegionNode& e)
{
    auto tensor = std::static_pointer_cast<const VarNode>(mutateExpr(e.tensor()));
    bool changed = tensor != e.tensor();
    const auto& given = e.ranges();
    std::vector<Range> ranges;
    for (size_t i = 0; i < given.size(); ++i) {
        Range next{mutateExpr(given[i].min), mutateExpr(given[i].extent)};
        const bool differs = next.min != given[i].min || next.extent != given[i].extent;
        if (differs && ranges.empty()) {
            ranges.reserve(given.size());
            ranges.assign(given.begin(), given.begin() + static_cast<std::ptrdiff_t>(i));
        }
        if (differs || !ranges.empty()) ranges.push_back(std::move(next));
        changed = changed || differs;
    }
    if (!changed) return self;
    if (ranges.empty()) ranges = given;
    return tensorRegion(tensor, std::move(ranges), self->span());
}

Stmt IrMutator::mutateStmt(const Stmt& s)
{
    if (!s) return s;
    const IrDepth level;
    IrDepth::check(s->span());
    switch (s->kind()) {
    case StmtKind::Seq: return mutateSeq(s, static_cast<const SeqStmtNode&>(*s));
    case StmtKind::Bind: return mutateBind(s, static_cast<const BindNode&>(*s));
    case StmtKind::TensorStore: return mutateStore(s, static_cast<const TensorStoreNode&>(*s));
    case StmtKind::Evaluate: return mutateEvaluate(s, static_cast<const EvaluateNode&>(*s));
    case StmtKind::For: return mutateFor(s, static_cast<const ForNode&>(*s));
    case StmtKind::While: return mutateWhile(s, static_cast<const WhileNode&>(*s));
    case StmtKind::If: return mutateIf(s, static_cast<const IfNode&>(*s));
    case StmtKind::Break:
    case StmtKind::Continue: return s;
    case StmtKind::Assert: return mutateAssert(s, static_cast<const AssertNode&>(*s));
    case StmtKind::Region: return mutateRegion(s, static_cast<const RegionNode&>(*s));
    }
    return s;
}

Stmt IrMutator::mutateSeq(const Stmt& self, const SeqStmtNode& s)
{
    const auto& given = s.stmts();
    std::vector<Stmt> stmts;
    bool changed = false;
    for (size_t i = 0; i < given.size(); ++i) {
        prefetchAhead(given, i);
        Stmt next = mutateStmt(given[i]);
        if (!changed) {
            if (next == given[i]) continue;
            changed = true;
            stmts.reserve(given.size());
            stmts.assign(given.begin(), given.begin() + static_cast<std::ptrdiff_t>(i));
        }
        stmts.push_back(std::move(next));
    }
    return changed ? makeSeq(std::move(stmts), self->span()) : self;
}

Stmt IrMutator::mutateBind(const Stmt& self, const BindNode& s)
{
    if (!walksExprs()) return self;
    auto value = mutateExpr(s.value());
    auto var = std::static_pointer_cast<const VarNode>(mutateExpr(s.var()));
    if (value == s.value() && var == s.var()) return self;
    return makeBind(var, value, self->span());
}

Stmt IrMutator::mutateStore(const Stmt& self, const TensorStoreNode& s)
{
    if (!walksExprs()) return self;
    auto tensor = std::static_pointer_cast<const VarNode>(mutateExpr(s.tensor()));
    auto value = mutateExpr(s.value());
    std::vector<Expr> indices;
    const bool changed = mutateChanged(*this, s.indices(), indices);
    if (!changed && tensor == s.tensor() && value == s.value()) return self;
    return makeStore(tensor, value, keptOrMutated(changed, indices, s.indices()), self->span());
}

Stmt IrMutator::mutateEvaluate(const Stmt& self, const EvaluateNode& s)
{
    if (!walksExprs()) return self;
    auto value = mutateExpr(s.value());
    return value == s.value() ? self : makeEvaluate(value, self->span());
}

Stmt IrMutator::mutateFor(const Stmt& self, const ForNode& s)
{
    if (!walksExprs()) {
        Stmt body = mutateStmt(s.body());
        if (body == s.body()) return self;
        return makeFor({s.var(), s.begin(), s.end(), s.step(), s.forKind(), std::move(body), s.annotations()},
                       self->span());
    }
    // The fields are copied only when something changed: loops are many.
    Expr begin = mutateExpr(s.begin());
    Expr end = mutateExpr(s.end());
    Expr step = mutateExpr(s.step());
    Stmt body = mutateStmt(s.body());
    bool changed = begin != s.begin() || end != s.end() || step != s.step() || body != s.body();
    std::optional<Attrs> annotations = mutatedAttrs(*this, s.annotations());
    if (!changed && !annotations) return self;
    ForNode::Fields f{s.var(),
                      std::move(begin),
                      std::move(end),
                      std::move(step),
                      s.forKind(),
                      std::move(body),
                      keptOrMutated(annotations, s.annotations())};
    return makeFor(std::move(f), self->span());
}

Stmt IrMutator::mutateWhile(const Stmt& self, const WhileNode& s)
{
    auto cond = walksExprs() ? mutateExpr(s.cond()) : s.cond();
    auto body = mutateStmt(s.body());
    if (cond == s.cond() && body == s.body()) return self;
    return makeWhile(cond, body, self->span());
}

Stmt IrMutator::mutateIf(const Stmt& self, const IfNode& s)
{
    auto cond = walksExprs() ? mutateExpr(s.cond()) : s.cond();
    auto thenBody = mutateStmt(s.thenBody());
    auto elseBody = mutateStmt(s.elseBody());
    if (cond == s.cond() && thenBody == s.thenBody() && elseBody == s.elseBody()) return self;
    return makeIf(cond, thenBody, elseBody, self->span());
}

Stmt IrMutator::mutateAssert(const Stmt& self, const AssertNode& s)
{
    if (!walksExprs()) return self;
    auto cond = mutateExpr(s.cond());
    auto message = mutateExpr(s.message());
    if (cond == s.cond() && message == s.message()) return self;
    return makeAssert(cond, message, self->span());
}

Stmt IrMutator::mutateRegion(const Stmt& self, const RegionNode& s)
{
    std::vector<Expr> args;
    const bool argsChanged = walksExprs() && mutateChanged(*this, s.args(), args);
    std::optional<Attrs> attrs = walksExprs() ? mutatedAttrs(*this, s.attrs()) : std::nullopt;
    auto body = mutateStmt(s.body());
    if (!argsChanged && !attrs && body == s.body()) return self;
    return makeRegion(s.op(), keptOrMutated(argsChanged, args, s.args()), keptOrMutated(attrs, s.attrs()), body,
                      self->span());
}

} // namespace tirx
