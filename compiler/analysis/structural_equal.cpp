// Structural equality up to variable renaming (chapter 01 §13).
//
// One walk over both trees in lockstep. Variables are paired at their
// definition sites (parameters, loop variables, Bind variables); a use must
// agree with that pairing, and a variable defined on neither side (free)
// only equals itself. The first difference stops the walk and is reported
// with a path such as `main.body[3].value.args[1]`.

#include "analysis/structural_equal.h"

#include "analysis/structural_equal_text.h"
#include "analysis/type_params.h"
#include "ir/ir_depth.h"
#include "ir/stmt.h"
#include "ir/tensor_type.h"

#include <cstdio>
#include <cstring>
#include <string_view>
#include <unordered_map>

namespace tirx {

namespace {

using namespace equal_text;

class Comparer {
public:
    EqualityResult result;

    bool function(const Function& a, const Function& b, const std::string& name)
    {
        m_path = name;
        m_lspan = a.span();
        m_rspan = b.span();
        const size_t base = m_path.size();
        if (a.params().size() != b.params().size()) {
            return fail("parameter count " + std::to_string(a.params().size()) + " vs " +
                        std::to_string(b.params().size()));
        }
        // Symbolic shape variables are defined by the function itself.
        const std::vector<Var> ta = typeParams(a);
        const std::vector<Var> tb = typeParams(b);
        if (ta.size() != tb.size()) {
            return fail("type parameter count " + std::to_string(ta.size()) + " vs " + std::to_string(tb.size()));
        }
        for (size_t i = 0; i < ta.size(); ++i) {
            m_path.resize(base);
            m_path += ".type_params[" + std::to_string(i) + "]";
            if (!define(ta[i], tb[i])) return false;
        }
        for (size_t i = 0; i < a.params().size(); ++i) {
            m_path.resize(base);
            m_path += ".params[" + std::to_string(i) + "]";
            if (!define(a.params()[i], b.params()[i])) return false;
        }
        m_path.resize(base);
        m_path += ".attrs";
        if (!attrs(a.attrs(), b.attrs())) return false;
        m_path.resize(base);
        m_path += ".body";
        return body(a.body(), b.body());
    }

private:
    std::string m_path;
    int m_typeDepth = 0; // > 0 while comparing the inside of a tensor type
    Span m_lspan;
    Span m_rspan;
    std::unordered_map<const VarNode*, const VarNode*> m_l2r;
    std::unordered_map<const VarNode*, const VarNode*> m_r2l;

    static std::string tooDeep()
    {
        return "nested too many levels deep (more than " + std::to_string(kMaxIrDepth) +
               ", or past what the thread's stack holds); not compared further";
    }

    bool fail(std::string reason)
    {
        result.equal = false;
        result.path = m_path;
        result.reason = std::move(reason);
        result.lhsSpan = m_lspan;
        result.rhsSpan = m_rspan;
        return false;
    }

    // Appends a path step for the duration of one comparison.
    template <class F> bool step(std::string_view part, F&& f)
    {
        const size_t n = m_path.size();
        m_path += part;
        const bool ok = f();
        if (ok) m_path.resize(n);
        return ok;
    }
    template <class F> bool index(std::string_view field, size_t i, F&& f)
    {
        const size_t n = m_path.size();
        m_path += field;
        m_path += '[';
        m_path += std::to_string(i);
        m_path += ']';
        const bool ok = f();
        if (ok) m_path.resize(n);
        return ok;
    }

    // Tracks the innermost nodes with a source location for the report.
    struct SpanScope {
        Comparer& c;
        Span l, r;
        SpanScope(Comparer& cmp, const Span& a, const Span& b) : c(cmp), l(cmp.m_lspan), r(cmp.m_rspan)
        {
            if (c.m_typeDepth > 0) return;
            if (a.valid()) c.m_lspan = a;
            if (b.valid()) c.m_rspan = b;
        }
        ~SpanScope()
        {
            if (c.result.equal) {
                c.m_lspan = l;
                c.m_rspan = r;
            }
        }
        SpanScope(const SpanScope&) = delete;
        SpanScope& operator=(const SpanScope&) = delete;
    };

    bool dtype(DataType a, DataType b)
    {
        if (a == b) return true;
        return fail("dtype " + a.str() + " vs " + b.str());
    }

    bool varType(const VarNode& a, const VarNode& b)
    {
        if (a.type().kind != b.type().kind) {
            return fail(std::string("variable kind ") + std::string(varKindName(a.type().kind)) + " vs " +
                        std::string(varKindName(b.type().kind)));
        }
        if (!dtype(a.dtype(), b.dtype())) return false;
        if (a.isTensor()) return step(".type", [&] { return tensorType(a.tensorType(), b.tensorType()); });
        return true;
    }

    bool define(const Var& a, const Var& b) { return define(a.get(), b.get()); }

    bool define(const VarNode* a, const VarNode* b)
    {
        SpanScope s(*this, a->span(), b->span());
        auto l = m_l2r.find(a);
        auto r = m_r2l.find(b);
        if (l != m_l2r.end() || r != m_r2l.end()) {
            if (l != m_l2r.end() && l->second == b) return varType(*a, *b);
            return fail("variable " + a->name() + " vs " + b->name() + " defined twice differently");
        }
        // The type first: a tensor's shape may use variables defined earlier.
        if (!varType(*a, *b)) return false;
        m_l2r.emplace(a, b);
        m_r2l.emplace(b, a);
        return true;
    }

    // tirx.lambda((params...), body): the parameters are definitions, paired
    // as loop variables are, so `lambda r, c: r >= c` equals itself.
    bool lambdaParams(const CallNode& a, const CallNode& b)
    {
        if (a.args().size() != 2 || b.args().size() != 2) return true;
        const Expr& pa = a.args()[0];
        const Expr& pb = b.args()[0];
        if (pa->kind() != ExprKind::Tuple || pb->kind() != ExprKind::Tuple) return true;
        const std::vector<Expr>& xs = as<TupleNode>(pa)->fields();
        const std::vector<Expr>& ys = as<TupleNode>(pb)->fields();
        if (xs.size() != ys.size()) return true; // the argument walk reports the lengths
        for (size_t i = 0; i < xs.size(); ++i) {
            if (xs[i]->kind() != ExprKind::Var || ys[i]->kind() != ExprKind::Var) continue;
            if (!index(".params", i, [&] { return define(as<VarNode>(xs[i]), as<VarNode>(ys[i])); })) return false;
        }
        return true;
    }

    bool useVar(const VarNode* a, const VarNode* b)
    {
        auto l = m_l2r.find(a);
        auto r = m_r2l.find(b);
        if (l != m_l2r.end() && l->second == b) return true;
        if (l == m_l2r.end() && r == m_r2l.end() && a == b) return true;
        return fail("variable " + a->name() + " vs " + b->name());
    }

    bool exprs(std::string_view field, const std::vector<Expr>& a, const std::vector<Expr>& b)
    {
        if (a.size() != b.size()) {
            return step(field,
                        [&] { return fail("length " + std::to_string(a.size()) + " vs " + std::to_string(b.size())); });
        }
        for (size_t i = 0; i < a.size(); ++i) {
            if (!index(field, i, [&] { return expr(a[i], b[i]); })) return false;
        }
        return true;
    }

    bool attrs(const Attrs& a, const Attrs& b)
    {
        const auto& x = a.entries();
        const auto& y = b.entries();
        // Both sorted by key: the first differing key is the missing one.
        for (size_t i = 0; i < x.size() || i < y.size(); ++i) {
            if (i >= x.size()) return fail("key \"" + y[i].first + "\" only on the right");
            if (i >= y.size()) return fail("key \"" + x[i].first + "\" only on the left");
            if (x[i].first != y[i].first) {
                return fail(x[i].first < y[i].first ? "key \"" + x[i].first + "\" only on the left"
                                                    : "key \"" + y[i].first + "\" only on the right");
            }
            if (!step("[\"" + x[i].first + "\"]", [&] { return expr(x[i].second, y[i].second); })) return false;
        }
        return true;
    }

    bool tensorType(const TensorTypeRef& a, const TensorTypeRef& b)
    {
        if (a == b) return true;
        if (!a || !b) return fail(a ? "tensor type vs none" : "none vs tensor type");
        // The parser shares one node among the declarations of a constant
        // type, so the locations inside it may be another declaration's: a
        // difference in a type is reported where the type is used.
        ++m_typeDepth;
        const bool equal = tensorTypeFields(*a, *b);
        --m_typeDepth;
        return equal;
    }

    bool tensorTypeFields(const TensorType& a, const TensorType& b)
    {
        if (!step(".dtype", [&] { return dtype(a.dtype(), b.dtype()); })) return false;
        if (a.scope() != b.scope()) {
            return step(".scope", [&] { return fail("scope " + a.scope() + " vs " + b.scope()); });
        }
        if (!exprs(".shape", a.shape(), b.shape())) return false;
        if (!exprs(".strides", a.strides(), b.strides())) return false;
        if (!step(".elem_offset", [&] { return optionalExpr(a.elemOffset(), b.elemOffset()); })) return false;
        if (a.alignment() != b.alignment()) {
            return step(".align", [&] {
                return fail("align " + std::to_string(a.alignment()) + " vs " + std::to_string(b.alignment()));
            });
        }
        if (a.offsetFactor() != b.offsetFactor()) {
            return step(".offset_factor", [&] {
                return fail("offset_factor " + std::to_string(a.offsetFactor()) + " vs " +
                            std::to_string(b.offsetFactor()));
            });
        }
        return step(".layout", [&] { return layout(a.layout(), b.layout()); });
    }

    // A null elem_offset means 0; so does an explicit zero.
    bool optionalExpr(const Expr& a, const Expr& b)
    {
        auto isZero = [](const Expr& e) {
            const auto* i = as<IntImmNode>(e);
            return !e || (i && i->value() == 0);
        };
        if (isZero(a) && isZero(b)) return true;
        if (!a || !b) return fail(a ? "value vs none" : "none vs value");
        return expr(a, b);
    }

    bool iters(std::string_view field, const std::vector<Iter>& a, const std::vector<Iter>& b)
    {
        if (a.size() != b.size()) {
            return step(field, [&] {
                return fail("iter count " + std::to_string(a.size()) + " vs " + std::to_string(b.size()));
            });
        }
        for (size_t i = 0; i < a.size(); ++i) {
            const bool ok = index(field, i, [&] {
                if (!step(".extent", [&] { return expr(a[i].extent, b[i].extent); })) return false;
                if (!step(".stride", [&] { return expr(a[i].stride, b[i].stride); })) return false;
                if (!(a[i].axis == b[i].axis)) {
                    return step(".axis", [&] {
                        return fail("axis " + std::string(a[i].axis.name()) + " vs " + std::string(b[i].axis.name()));
                    });
                }
                return true;
            });
            if (!ok) return false;
        }
        return true;
    }

    bool layout(const Layout& a, const Layout& b)
    {
        if (a == b) return true;
        if (!a || !b) return fail(a ? "layout TileLayout vs None" : "layout None vs TileLayout");
        if (!iters(".shard", a->shard(), b->shard())) return false;
        if (!iters(".replica", a->replica(), b->replica())) return false;
        const auto& x = a->offset();
        const auto& y = b->offset();
        if (x.size() != y.size()) {
            return step(".offset", [&] {
                return fail("offset count " + std::to_string(x.size()) + " vs " + std::to_string(y.size()));
            });
        }
        for (size_t i = 0; i < x.size(); ++i) {
            const bool ok = index(".offset", i, [&] {
                if (!(x[i].first == y[i].first)) {
                    return fail("axis " + std::string(x[i].first.name()) + " vs " + std::string(y[i].first.name()));
                }
                return expr(x[i].second, y[i].second);
            });
            if (!ok) return false;
        }
        return true;
    }

    bool expr(const Expr& a, const Expr& b)
    {
        // No pointer shortcut: a shared subtree may still hold variables
        // that the two sides pair differently.
        if (!a && !b) return true;
        if (!a || !b) return fail(a ? "expression vs none" : "none vs expression");
        SpanScope s(*this, a->span(), b->span());
        const IrDepth level;
        if (IrDepth::full()) return fail(tooDeep());
        if (a->kind() != b->kind()) {
            return fail("node " + std::string(exprKindName(a->kind())) + " vs " + std::string(exprKindName(b->kind())));
        }
        if (a->kind() == ExprKind::Var) return useVar(as<VarNode>(a), as<VarNode>(b));
        if (!dtype(a->dtype(), b->dtype())) return false;
        switch (a->kind()) {
        case ExprKind::IntImm: {
            const int64_t x = as<IntImmNode>(a)->value();
            const int64_t y = as<IntImmNode>(b)->value();
            return x == y || fail("constant " + std::to_string(x) + " vs " + std::to_string(y));
        }
        case ExprKind::FloatImm: {
            const double x = as<FloatImmNode>(a)->value();
            const double y = as<FloatImmNode>(b)->value();
            // Bitwise, so that NaN equals NaN and 0.0 differs from -0.0.
            return std::memcmp(&x, &y, sizeof x) == 0 || fail("constant " + floatText(x) + " vs " + floatText(y));
        }
        case ExprKind::StringImm: {
            const auto& x = as<StringImmNode>(a)->value();
            const auto& y = as<StringImmNode>(b)->value();
            return x == y || fail("string \"" + x + "\" vs \"" + y + "\"");
        }
        case ExprKind::Var: return true;
        case ExprKind::Binary: {
            const auto* x = as<BinaryNode>(a);
            const auto* y = as<BinaryNode>(b);
            if (x->op() != y->op()) {
                return fail("operator " + std::string(binaryOpName(x->op())) + " vs " +
                            std::string(binaryOpName(y->op())));
            }
            return step(".a", [&] { return expr(x->a(), y->a()); }) && step(".b", [&] { return expr(x->b(), y->b()); });
        }
        case ExprKind::Not: return step(".a", [&] { return expr(as<NotNode>(a)->a(), as<NotNode>(b)->a()); });
        case ExprKind::Select: {
            const auto* x = as<SelectNode>(a);
            const auto* y = as<SelectNode>(b);
            return step(".cond", [&] { return expr(x->cond(), y->cond()); }) &&
                   step(".true_value", [&] { return expr(x->trueValue(), y->trueValue()); }) &&
                   step(".false_value", [&] { return expr(x->falseValue(), y->falseValue()); });
        }
        case ExprKind::Cast:
            return step(".value", [&] { return expr(as<CastNode>(a)->value(), as<CastNode>(b)->value()); });
        case ExprKind::Call: return call(*as<CallNode>(a), *as<CallNode>(b));
        case ExprKind::TensorLoad: {
            const auto* x = as<TensorLoadNode>(a);
            const auto* y = as<TensorLoadNode>(b);
            return step(".tensor", [&] { return useVar(x->tensor().get(), y->tensor().get()); }) &&
                   exprs(".indices", x->indices(), y->indices());
        }
        case ExprKind::TensorRegion: {
            const auto* x = as<TensorRegionNode>(a);
            const auto* y = as<TensorRegionNode>(b);
            if (!step(".tensor", [&] { return useVar(x->tensor().get(), y->tensor().get()); })) return false;
            if (x->ranges().size() != y->ranges().size()) {
                return step(".ranges", [&] {
                    return fail("length " + std::to_string(x->ranges().size()) + " vs " +
                                std::to_string(y->ranges().size()));
                });
            }
            for (size_t i = 0; i < x->ranges().size(); ++i) {
                const auto& r = x->ranges()[i];
                const auto& q = y->ranges()[i];
                const bool ok = index(".ranges", i, [&] {
                    return step(".min", [&] { return expr(r.min, q.min); }) &&
                           step(".extent", [&] { return expr(r.extent, q.extent); });
                });
                if (!ok) return false;
            }
            return true;
        }
        case ExprKind::Tuple: return exprs(".fields", as<TupleNode>(a)->fields(), as<TupleNode>(b)->fields());
        case ExprKind::Ramp: {
            const auto* x = as<RampNode>(a);
            const auto* y = as<RampNode>(b);
            return step(".base", [&] { return expr(x->base(), y->base()); }) &&
                   step(".stride", [&] { return expr(x->stride(), y->stride()); });
        }
        case ExprKind::Broadcast:
            return step(".value", [&] { return expr(as<BroadcastNode>(a)->value(), as<BroadcastNode>(b)->value()); });
        }
        return true;
    }

    bool call(const CallNode& a, const CallNode& b)
    {
        if (a.op() != b.op()) return step(".op", [&] { return fail("op " + a.op() + " vs " + b.op()); });
        if (a.op() == kLambda && !lambdaParams(a, b)) return false;
        if (!exprs(".args", a.args(), b.args())) return false;
        if (!step(".attrs", [&] { return attrs(a.attrs(), b.attrs()); })) return false;
        if (a.tyArgs().size() != b.tyArgs().size()) {
            return step(".ty_args", [&] {
                return fail("length " + std::to_string(a.tyArgs().size()) + " vs " + std::to_string(b.tyArgs().size()));
            });
        }
        for (size_t i = 0; i < a.tyArgs().size(); ++i) {
            if (!index(".ty_args", i, [&] { return tensorType(a.tyArgs()[i], b.tyArgs()[i]); })) return false;
        }
        return true;
    }

    // A statement position: a sequence and a lone statement compare as lists.
    bool body(const Stmt& a, const Stmt& b)
    {
        const std::vector<Stmt> x = a ? stmtList(a) : std::vector<Stmt>{};
        const std::vector<Stmt> y = b ? stmtList(b) : std::vector<Stmt>{};
        const bool seq = (a && a->kind() == StmtKind::Seq) || (b && b->kind() == StmtKind::Seq);
        if (x.size() != y.size()) {
            SpanScope s(*this, a ? a->span() : Span{}, b ? b->span() : Span{});
            return fail("statement count " + std::to_string(x.size()) + " vs " + std::to_string(y.size()));
        }
        for (size_t i = 0; i < x.size(); ++i) {
            const bool ok = seq ? index("", i, [&] { return stmt(x[i], y[i]); }) : stmt(x[i], y[i]);
            if (!ok) return false;
        }
        return true;
    }

    bool stmt(const Stmt& a, const Stmt& b)
    {
        SpanScope s(*this, a->span(), b->span());
        const IrDepth level;
        if (IrDepth::full()) return fail(tooDeep());
        if (a->kind() != b->kind()) {
            return fail("statement " + std::string(stmtKindName(a->kind())) + " vs " +
                        std::string(stmtKindName(b->kind())));
        }
        switch (a->kind()) {
        case StmtKind::Seq: return body(a, b);
        case StmtKind::Bind: {
            const auto& x = static_cast<const BindNode&>(*a);
            const auto& y = static_cast<const BindNode&>(*b);
            // The value is outside the new variable's scope.
            return step(".value", [&] { return expr(x.value(), y.value()); }) &&
                   step(".var", [&] { return define(x.var(), y.var()); });
        }
        case StmtKind::TensorStore: {
            const auto& x = static_cast<const TensorStoreNode&>(*a);
            const auto& y = static_cast<const TensorStoreNode&>(*b);
            return step(".tensor", [&] { return useVar(x.tensor().get(), y.tensor().get()); }) &&
                   exprs(".indices", x.indices(), y.indices()) &&
                   step(".value", [&] { return expr(x.value(), y.value()); });
        }
        case StmtKind::Evaluate:
            return step(".value", [&] {
                return expr(static_cast<const EvaluateNode&>(*a).value(), static_cast<const EvaluateNode&>(*b).value());
            });
        case StmtKind::For: return forLoop(static_cast<const ForNode&>(*a), static_cast<const ForNode&>(*b));
        case StmtKind::While: {
            const auto& x = static_cast<const WhileNode&>(*a);
            const auto& y = static_cast<const WhileNode&>(*b);
            return step(".cond", [&] { return expr(x.cond(), y.cond()); }) &&
                   step(".body", [&] { return body(x.body(), y.body()); });
        }
        case StmtKind::If: {
            const auto& x = static_cast<const IfNode&>(*a);
            const auto& y = static_cast<const IfNode&>(*b);
            if (!step(".cond", [&] { return expr(x.cond(), y.cond()); })) return false;
            if (!step(".then", [&] { return body(x.thenBody(), y.thenBody()); })) return false;
            if (!x.elseBody() != !y.elseBody()) {
                return step(".else", [&] { return fail(x.elseBody() ? "else vs none" : "none vs else"); });
            }
            return step(".else", [&] { return body(x.elseBody(), y.elseBody()); });
        }
        case StmtKind::Break:
        case StmtKind::Continue: return true;
        case StmtKind::Assert: {
            const auto& x = static_cast<const AssertNode&>(*a);
            const auto& y = static_cast<const AssertNode&>(*b);
            return step(".cond", [&] { return expr(x.cond(), y.cond()); }) &&
                   step(".message", [&] { return expr(x.message(), y.message()); });
        }
        case StmtKind::Region: {
            const auto& x = static_cast<const RegionNode&>(*a);
            const auto& y = static_cast<const RegionNode&>(*b);
            if (x.op() != y.op()) return step(".op", [&] { return fail("region " + x.op() + " vs " + y.op()); });
            return exprs(".args", x.args(), y.args()) && step(".attrs", [&] { return attrs(x.attrs(), y.attrs()); }) &&
                   step(".body", [&] { return body(x.body(), y.body()); });
        }
        }
        return true;
    }

    bool forLoop(const ForNode& x, const ForNode& y)
    {
        if (x.forKind() != y.forKind()) {
            return step(".kind", [&] {
                return fail("loop kind " + std::string(forKindName(x.forKind())) + " vs " +
                            std::string(forKindName(y.forKind())));
            });
        }
        return step(".begin", [&] { return expr(x.begin(), y.begin()); }) &&
               step(".end", [&] { return expr(x.end(), y.end()); }) &&
               step(".step", [&] { return expr(x.step(), y.step()); }) &&
               step(".annotations", [&] { return attrs(x.annotations(), y.annotations()); }) &&
               step(".var", [&] { return define(x.var(), y.var()); }) &&
               step(".body", [&] { return body(x.body(), y.body()); });
    }
};

} // namespace

EqualityResult structuralEqual(const Module& lhs, const Module& rhs)
{
    const auto& a = lhs.functions();
    const auto& b = rhs.functions();
    EqualityResult r;
    for (size_t i = 0; i < a.size() || i < b.size(); ++i) {
        if (i >= a.size() || i >= b.size() || a[i].first != b[i].first) {
            r.equal = false;
            r.path = i < a.size() ? a[i].first : b[i].first;
            r.reason = "function " + (i < a.size() ? a[i].first : std::string("(none)")) + " vs " +
                       (i < b.size() ? b[i].first : std::string("(none)"));
            if (i < a.size()) r.lhsSpan = a[i].second->span();
            if (i < b.size()) r.rhsSpan = b[i].second->span();
            return r;
        }
        Comparer c;
        if (!c.function(*a[i].second, *b[i].second, a[i].first)) return c.result;
    }
    return r;
}

EqualityResult structuralEqual(const Function& lhs, const Function& rhs)
{
    Comparer c;
    c.function(lhs, rhs, lhs.name().empty() ? std::string("main") : lhs.name());
    return c.result;
}

} // namespace tirx
