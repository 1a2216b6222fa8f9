// Statements in canonical TVMScript (chapter 01 §10.3-§10.5).

#include "script/print_impl.h"

#include "ir/callables.h"
#include "ir/make.h"

#include <unordered_set>

namespace tirx::print_detail {

namespace {

using VarSet = std::unordered_set<const VarNode*>;

// The longest else-if chain printed in the reference's nested form.
constexpr size_t kElifChain = 8;

// How many `if` nodes follow one another through else branches from f.
size_t elseIfChainLength(const IfNode& f)
{
    size_t n = 1;
    for (const IfNode* i = &f; i->elseBody() && i->elseBody()->kind() == StmtKind::If;
         i = static_cast<const IfNode*>(i->elseBody().get()))
        ++n;
    return n;
}

bool uses(const ExprNode* e, const VarSet& vars)
{
    if (!e) return false;
    switch (e->kind()) {
    case ExprKind::IntImm:
    case ExprKind::FloatImm:
    case ExprKind::StringImm: return false;
    case ExprKind::Var: return vars.count(static_cast<const VarNode*>(e)) != 0;
    case ExprKind::Binary: {
        const auto* b = static_cast<const BinaryNode*>(e);
        return uses(b->a().get(), vars) || uses(b->b().get(), vars);
    }
    case ExprKind::Not: return uses(static_cast<const NotNode*>(e)->a().get(), vars);
    case ExprKind::Select: {
        const auto* s = static_cast<const SelectNode*>(e);
        return uses(s->cond().get(), vars) || uses(s->trueValue().get(), vars) || uses(s->falseValue().get(), vars);
    }
    case ExprKind::Cast: return uses(static_cast<const CastNode*>(e)->value().get(), vars);
    case ExprKind::Call:
        for (const auto& a : static_cast<const CallNode*>(e)->args()) {
            if (uses(a.get(), vars)) return true;
        }
        return false;
    case ExprKind::TensorLoad:
        for (const auto& a : static_cast<const TensorLoadNode*>(e)->indices()) {
            if (uses(a.get(), vars)) return true;
        }
        return false;
    case ExprKind::TensorRegion:
        for (const auto& r : static_cast<const TensorRegionNode*>(e)->ranges()) {
            if (uses(r.min.get(), vars) || uses(r.extent.get(), vars)) return true;
        }
        return false;
    case ExprKind::Tuple:
        for (const auto& a : static_cast<const TupleNode*>(e)->fields()) {
            if (uses(a.get(), vars)) return true;
        }
        return false;
    case ExprKind::Ramp: {
        const auto* r = static_cast<const RampNode*>(e);
        return uses(r->base().get(), vars) || uses(r->stride().get(), vars);
    }
    case ExprKind::Broadcast: return uses(static_cast<const BroadcastNode*>(e)->value().get(), vars);
    }
    return false;
}

bool isZero32(const Expr& e) { return isConstInt(e, 0) && e->dtype() == DataType::int32(); }

// `for i in range(n)`: serial from 0, unit step, no annotations; the loops
// T.grid merges.
bool isPlainRange(const ForNode& f)
{
    return f.forKind() == ForKind::Serial && isZero32(f.begin()) && isConstInt(f.step(), 1) && f.annotations().empty();
}

const char* kindName(ForKind k)
{
    switch (k) {
    case ForKind::Serial: return "T.serial";
    case ForKind::Parallel: return "T.parallel";
    case ForKind::Vectorized: return "T.vectorized";
    case ForKind::Unrolled: return "T.unroll";
    }
    return "T.serial";
}

// The flat form exists only for the two marker regions (chapter 01 §7).
bool hasFlatForm(const RegionNode& r)
{
    return (r.op() == kDeviceEntry || r.op() == kTensorizedInstruction) && r.args().empty() && r.attrs().empty();
}

} // namespace

void Printer::stmtBlock(const Stmt& body, int indent)
{
    names.pushScope();
    const std::vector<Stmt> list = body ? stmtList(body) : std::vector<Stmt>{};
    if (list.empty()) {
        line(indent);
        m_out += "pass\n";
    } else {
        stmts(list, indent);
    }
    names.popScope();
}

void Printer::stmts(const std::vector<Stmt>& list, int indent)
{
    for (size_t i = 0; i < list.size(); ++i) stmt(list[i], indent, i + 1 == list.size());
}

void Printer::stmt(const Stmt& s, int indent, bool last)
{
    if (s->kind() == StmtKind::Seq) {
        stmts(static_cast<const SeqStmtNode&>(*s).stmts(), indent);
        return;
    }
    const SpanScope scope(*this, s->span());
    switch (s->kind()) {
    case StmtKind::Seq: return; // handled above
    case StmtKind::Bind: bind(static_cast<const BindNode&>(*s), indent); return;
    case StmtKind::TensorStore: {
        const auto& st = static_cast<const TensorStoreNode&>(*s);
        line(indent);
        m_out += names.nameOf(st.tensor().get());
        m_out += '[';
        for (size_t i = 0; i < st.indices().size(); ++i) {
            if (i) m_out += ", ";
            expr(st.indices()[i].get(), kPrecNone);
        }
        m_out += "] = ";
        expr(st.value().get(), kPrecNone);
        m_out += '\n';
        return;
    }
    case StmtKind::Evaluate: {
        const Expr& v = static_cast<const EvaluateNode&>(*s).value();
        line(indent);
        if (as<CallNode>(v)) {
            expr(v.get(), kPrecNone);
        } else {
            m_out += "T.evaluate(";
            expr(v.get(), kPrecNone);
            m_out += ')';
        }
        m_out += '\n';
        return;
    }
    case StmtKind::For: forLoop(static_cast<const ForNode&>(*s), indent); return;
    case StmtKind::While: {
        const auto& w = static_cast<const WhileNode&>(*s);
        line(indent);
        m_out += "while ";
        expr(w.cond().get(), kPrecNone);
        m_out += ":\n";
        stmtBlock(w.body(), indent + 1);
        return;
    }
    case StmtKind::If: {
        const auto& f = static_cast<const IfNode&>(*s);
        line(indent);
        m_out += "if ";
        expr(f.cond().get(), kPrecNone);
        m_out += ":\n";
        stmtBlock(f.thenBody(), indent + 1);
        // The reference nests each else-if one level deeper; a long chain
        // would then print in quadratic space and nest deeper than a parser
        // accepts, so past kElifChain branches the chain prints flat.
        const IfNode* next = &f;
        const bool flat = elseIfChainLength(f) > kElifChain;
        while (flat && next->elseBody() && next->elseBody()->kind() == StmtKind::If) {
            next = static_cast<const IfNode*>(next->elseBody().get());
            line(indent);
            m_out += "elif ";
            expr(next->cond().get(), kPrecNone);
            m_out += ":\n";
            stmtBlock(next->thenBody(), indent + 1);
        }
        if (next->elseBody()) {
            line(indent);
            m_out += "else:\n";
            stmtBlock(next->elseBody(), indent + 1);
        }
        return;
    }
    case StmtKind::Break:
        line(indent);
        m_out += "break\n";
        return;
    case StmtKind::Continue:
        line(indent);
        m_out += "continue\n";
        return;
    case StmtKind::Assert: {
        const auto& a = static_cast<const AssertNode&>(*s);
        line(indent);
        m_out += "assert ";
        expr(a.cond().get(), kPrecNone);
        if (a.message()) {
            m_out += ", ";
            expr(a.message().get(), kPrecNone);
        }
        m_out += '\n';
        return;
    }
    case StmtKind::Region: regionStmt(static_cast<const RegionNode&>(*s), indent, last); return;
    }
}

void Printer::bind(const BindNode& b, int indent)
{
    line(indent);
    // Defined before the value prints so that a shadowed hint gets `_1`
    // while the value still names the older variable.
    m_out += names.define(b.var().get());
    m_out += " = ";
    expr(b.value().get(), kPrecNone);
    m_out += '\n';
}

void Printer::forLoop(const ForNode& f, int indent)
{
    names.pushScope();
    line(indent);
    m_out += "for ";
    if (isPlainRange(f)) {
        // Merge directly nested plain loops whose bounds do not depend on
        // the loops already merged (reference: T.grid).
        std::vector<const ForNode*> chain{&f};
        VarSet vars{f.var().get()};
        for (;;) {
            const Stmt& body = chain.back()->body();
            const auto* inner = as<ForNode>(body);
            if (!inner || !isPlainRange(*inner) || uses(inner->end().get(), vars)) break;
            chain.push_back(inner);
            vars.insert(inner->var().get());
        }
        for (size_t i = 0; i < chain.size(); ++i) {
            if (i) m_out += ", ";
            m_out += names.define(chain[i]->var().get());
        }
        m_out += chain.size() > 1 ? " in T.grid(" : " in range(";
        for (size_t i = 0; i < chain.size(); ++i) {
            if (i) m_out += ", ";
            expr(chain[i]->end().get(), kPrecNone);
        }
        m_out += "):\n";
        stmtBlock(chain.back()->body(), indent + 1);
        names.popScope();
        return;
    }
    m_out += names.define(f.var().get());
    m_out += " in ";
    const bool simpleRange = f.forKind() == ForKind::Serial && isConstInt(f.step(), 1) && f.annotations().empty() &&
                             f.begin()->dtype() == DataType::int32();
    m_out += simpleRange ? "range(" : kindName(f.forKind());
    if (!simpleRange) m_out += '(';
    if (!isZero32(f.begin())) {
        expr(f.begin().get(), kPrecNone);
        m_out += ", ";
    }
    expr(f.end().get(), kPrecNone);
    if (!isConstInt(f.step(), 1)) {
        m_out += ", step=";
        expr(f.step().get(), kPrecNone);
    }
    Attrs rest = f.annotations();
    if (rest.get("pragma_unroll")) {
        m_out += ", unroll=True";
        rest = rest.without("pragma_unroll");
    }
    if (rest.get("disable_unroll")) {
        m_out += ", unroll=False";
        rest = rest.without("disable_unroll");
    }
    if (!rest.empty()) {
        m_out += ", annotations=";
        attrDict(rest);
    }
    m_out += "):\n";
    stmtBlock(f.body(), indent + 1);
    names.popScope();
}

void Printer::regionStmt(const RegionNode& r, int indent, bool last)
{
    const Callable* c = findCallableByOp(r.op());
    const bool named =
        (c && c->kind == CallableKind::Region) || r.op() == kDeviceEntry || r.op() == kTensorizedInstruction;
    const bool flat = last && hasFlatForm(r);
    line(indent);
    if (!flat) m_out += "with ";
    if (named) {
        m_out += c ? std::string(c->name) : scriptName(r.op());
        m_out += '(';
        exprList(r.args());
        keywords(r.attrs(), r.args().empty());
        m_out += ')';
    } else {
        m_out += "T.region(";
        stringLit(r.op());
        m_out += ", [";
        for (size_t i = 0; i < r.args().size(); ++i) {
            if (i) m_out += ", ";
            expr(r.args()[i].get(), kPrecNone);
        }
        m_out += ']';
        if (!r.attrs().empty()) {
            m_out += ", attrs=";
            attrDict(r.attrs());
        }
        m_out += ')';
    }
    if (flat) {
        // Flat form: the body is the rest of the enclosing block.
        m_out += '\n';
        if (r.body()) stmts(stmtList(r.body()), indent);
        return;
    }
    m_out += ":\n";
    stmtBlock(r.body(), indent + 1);
}

} // namespace tirx::print_detail
