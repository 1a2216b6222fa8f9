// The accumulation groups of PSUM tensors: which clear each group of
// matmuls starts from, and the accumulate flag each matmul prints with in
// the current NKI API. Rules from nki.isa.nc_matmul, "Accumulation mode".
#include "codegen/psum_accumulation.h"

#include "codegen/affine_access.h"
#include "ir/callables.h"
#include "ir/make.h"
#include "ir/tensor_type.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace tirx {

namespace {

// The elements one instruction touches in a tensor, as an access pattern
// over its flat element index: (step, count) pairs, largest step first,
// runs that continue one another merged, and the offset left.
struct Footprint {
    const VarNode* tensor = nullptr;
    std::vector<std::pair<int64_t, int64_t>> pattern;
    Expr rest;
};

bool sameExpr(const Expr& a, const Expr& b)
{
    if (a.get() == b.get()) return true;
    if (!a || !b || a->kind() != b->kind()) return false;
    if (auto x = constInt(a)) return constInt(b) == x;
    if (const auto* v = as<VarNode>(a)) return v == as<VarNode>(b);
    if (const auto* c = as<CastNode>(a)) return sameExpr(c->value(), static_cast<const CastNode&>(*b).value());
    if (const auto* x = as<BinaryNode>(a)) {
        const auto& y = static_cast<const BinaryNode&>(*b);
        return x->op() == y.op() && sameExpr(x->a(), y.a()) && sameExpr(x->b(), y.b());
    }
    return false;
}

bool samePlace(const Footprint& a, const Footprint& b)
{
    return a.tensor == b.tensor && a.pattern == b.pattern && sameExpr(a.rest, b.rest);
}

bool mentions(const Expr& e, const VarNode* v)
{
    if (const auto* var = as<VarNode>(e)) return var == v;
    if (const auto* b = as<BinaryNode>(e)) return mentions(b->a(), v) || mentions(b->b(), v);
    if (const auto* c = as<CastNode>(e)) return mentions(c->value(), v);
    return false;
}

bool isZero(const Expr& e)
{
    if (const auto* c = as<CastNode>(e)) return isZero(c->value());
    if (const auto* f = as<FloatImmNode>(e)) return f->value() == 0.0;
    return isConstInt(e, 0);
}

std::string line(const Span& s) { return "line " + std::to_string(s.line); }

enum class State : uint8_t {
    Unwritten, // nothing wrote it yet
    Cleared,   // a clear wrote zeros and no matmul has added since
    Started,   // a matmul overwrote it (a group is running)
    Other,     // something else wrote it
};

struct Accumulator {
    State state = State::Unwritten;
    Footprint place;                        // Cleared, Started: where the group writes
    const CallNode* clear = nullptr;        // Cleared: the clear
    Span clearAt;                           // Cleared: where it is
    size_t clearLoops = 0;                  // Cleared: loops open at the clear
    size_t clearConditions = 0;             // Cleared: conditions open at the clear
    bool keepClear = false;                 // Cleared: read before the first matmul, or repeated by a loop it ends
    std::vector<const VarNode*> groupLoops; // Started: the loops the first matmul's flag counts
    Span firstMatmul;                       // Started
    Span writer;                            // Other: the instruction that wrote it
    std::string writerOp;
};

class Planner {
public:
    explicit Planner(const Span& fallback) : m_where(fallback) {}

    AccumulationPlan plan;

    void stmt(const Stmt& s)
    {
        if (!s) return;
        // A pass-made call has no source span: its statement, or the nearest enclosing one, locates it.
        const Span outer = m_where;
        if (s->span().valid()) m_where = s->span();
        visit(s);
        m_where = outer;
    }

private:
    void visit(const Stmt& s)
    {
        switch (s->kind()) {
        case StmtKind::Seq:
            for (const auto& item : static_cast<const SeqStmtNode&>(*s).stmts()) stmt(item);
            return;
        case StmtKind::Bind: return bind(static_cast<const BindNode&>(*s));
        case StmtKind::For: return forLoop(static_cast<const ForNode&>(*s));
        case StmtKind::If: return ifStmt(static_cast<const IfNode&>(*s));
        case StmtKind::Region: {
            const auto& r = static_cast<const RegionNode&>(*s);
            if (r.op() != kTensorizedInstruction) return stmt(r.body());
            m_region.clear();
            m_inRegion = true;
            stmt(r.body());
            m_inRegion = false;
            return;
        }
        case StmtKind::Evaluate:
            if (const auto* c = as<CallNode>(static_cast<const EvaluateNode&>(*s).value())) instruction(*c);
            return;
        case StmtKind::TensorStore:
        case StmtKind::While:
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Assert: return; // the printers refuse these
        }
    }

    struct Region {
        std::vector<const VarNode*> loops;
        std::vector<int64_t> extents; // of each loop
        bool masked = false;

        // Kept between regions: a function has one per instruction.
        void clear()
        {
            loops.clear();
            extents.clear();
            masked = false;
        }
    };

    void bind(const BindNode& s)
    {
        const auto* c = as<CallNode>(s.value());
        if (!c || c->op() != kAllocTensor || c->tyArgs().empty()) return;
        const TensorType& type = *c->tyArgs().front();
        std::vector<int64_t> shape;
        for (const auto& d : type.shape()) {
            auto n = constInt(d);
            if (!n) return;
            shape.push_back(*n);
        }
        m_shapes[s.var().get()] = std::move(shape);
        if (type.isPsum()) m_accumulators[s.var().get()] = Accumulator{};
    }

    void forLoop(const ForNode& s)
    {
        if (m_inRegion) {
            m_region.loops.push_back(s.var().get());
            m_region.extents.push_back(constInt(s.end()).value_or(0));
            stmt(s.body());
            return;
        }
        m_loops.push_back(s.var().get());
        stmt(s.body());
        m_loops.pop_back();
        for (auto& [tensor, acc] : m_accumulators) {
            // A clear this loop repeats stays: the loop would print empty without it.
            if (acc.state == State::Cleared && acc.clearLoops > m_loops.size()) {
                acc.clearLoops = m_loops.size();
                acc.keepClear = true;
            }
            std::erase(acc.groupLoops, s.var().get());
        }
    }

    void ifStmt(const IfNode& s)
    {
        if (m_inRegion) {
            m_region.masked = true; // a mask: the current API refuses the instruction anyway
            stmt(s.thenBody());
            return;
        }
        // Whether a branch runs is known only on the device: what it did to
        // an accumulator is "something", not a clear a group can drop.
        std::unordered_map<const VarNode*, std::pair<State, const CallNode*>> before;
        for (const auto& [tensor, acc] : m_accumulators) before[tensor] = {acc.state, acc.clear};
        ++m_conditions;
        stmt(s.thenBody());
        stmt(s.elseBody());
        --m_conditions;
        for (auto& [tensor, acc] : m_accumulators) {
            if (before[tensor] == std::pair{acc.state, acc.clear}) continue;
            acc.state = State::Other;
            acc.writer = s.span();
            acc.writerOp = "an instruction under the condition";
        }
    }

    std::optional<Footprint> footprint(const Expr& e) const
    {
        const auto* load = as<TensorLoadNode>(e);
        if (!load) return std::nullopt;
        auto shape = m_shapes.find(load->tensor().get());
        if (shape == m_shapes.end() || shape->second.size() != load->indices().size()) return std::nullopt;
        const std::unordered_set<const VarNode*> loops(m_region.loops.begin(), m_region.loops.end());
        AffineIndex flat{{}, intImm(0)};
        int64_t stride = 1;
        for (size_t d = load->indices().size(); d-- > 0;) {
            auto part = splitAffine(load->indices()[d], loops);
            if (!part) return std::nullopt;
            flat = combine(*part, stride, flat);
            stride *= shape->second[d];
        }
        Footprint out{load->tensor().get(), {}, flat.rest};
        for (size_t i = 0; i < m_region.loops.size(); ++i) {
            const int64_t step = flat.coefficient(m_region.loops[i]);
            const int64_t count = m_region.extents[i];
            if (step != 0 && count > 1) out.pattern.emplace_back(step, count);
        }
        std::stable_sort(out.pattern.begin(), out.pattern.end(),
                         [](const auto& a, const auto& b) { return a.first > b.first; });
        for (size_t i = 0; i + 1 < out.pattern.size();) {
            auto& outer = out.pattern[i];
            const auto& inner = out.pattern[i + 1];
            if (outer.first == inner.first * inner.second) {
                outer = {inner.first, outer.second * inner.second};
                out.pattern.erase(out.pattern.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            } else {
                ++i;
            }
        }
        return out;
    }

    [[nodiscard]] Span here(const CallNode& c) const { return c.span().valid() ? c.span() : m_where; }

    void refuse(const CallNode& c, std::string message)
    {
        plan.errors.emplace(&c, Diagnostic{Diagnostic::Severity::Error, std::move(message), here(c)});
    }

    void instruction(const CallNode& c)
    {
        const std::optional<NkiOp> op = c.callable() ? c.callable()->nkiOp : std::nullopt;
        if (!op || m_region.masked) return;
        const Callable& row = callableOf(*op);
        if (c.args().size() < row.params.size()) return; // the printer reports the arity
        if (*op == NkiOp::Matmul) return matmul(c);
        for (size_t i = 0; i < row.params.size(); ++i) {
            const Access access = row.params[i].access;
            if (access != Access::Read && access != Access::ReadWrite) continue;
            const auto* load = as<TensorLoadNode>(c.args()[i]);
            if (!load) continue;
            if (auto it = m_accumulators.find(load->tensor().get());
                it != m_accumulators.end() && it->second.state == State::Cleared)
                it->second.keepClear = true; // the zeros are read: the clear stays
        }
        for (size_t i = 0; i < row.params.size(); ++i) {
            const Access access = row.params[i].access;
            if (access == Access::Write || access == Access::ReadWrite) written(c, *op, c.args()[i]);
        }
    }

    // A zero clear: a memset of 0, or a copy of a tile a memset of 0 wrote.
    bool clearsToZero(const CallNode& c, NkiOp op) const
    {
        if (op == NkiOp::Memset) return isZero(c.args()[1]);
        if (op != NkiOp::TensorCopy) return false;
        auto src = footprint(c.args()[1]);
        if (!src) return false;
        auto zero = m_zeroed.find(src->tensor);
        return zero != m_zeroed.end() && samePlace(zero->second, *src);
    }

    void written(const CallNode& c, NkiOp op, const Expr& dst)
    {
        const auto* load = as<TensorLoadNode>(dst);
        if (!load) return;
        const VarNode* tensor = load->tensor().get();
        auto acc = m_accumulators.find(tensor);
        if (acc == m_accumulators.end()) {
            // An on-chip tile that may later be copied into an accumulator as its clear.
            std::optional<Footprint> zeroed;
            if (op == NkiOp::Memset && isZero(c.args()[1])) zeroed = footprint(dst);
            if (zeroed)
                m_zeroed[tensor] = *zeroed;
            else
                m_zeroed.erase(tensor);
            return;
        }
        auto place = footprint(dst);
        Accumulator& a = acc->second;
        if (a.state == State::Started && !a.groupLoops.empty()) {
            refuse(c, "this instruction writes '" + tensor->name() + "' inside the loop over '" +
                          a.groupLoops.front()->name() + "' whose matmul at " + line(a.firstMatmul) +
                          " accumulates into it: the next iteration's matmul would add onto this value, which the "
                          "current NKI API does not allow (nki.isa.nc_matmul, \"Accumulation mode\")");
            return;
        }
        if (place && clearsToZero(c, op)) {
            a = Accumulator{};
            a.state = State::Cleared;
            a.place = *place;
            a.clear = &c;
            a.clearAt = here(c);
            a.clearLoops = m_loops.size();
            a.clearConditions = m_conditions;
            return;
        }
        a = Accumulator{};
        a.state = State::Other;
        a.writer = here(c);
        a.writerOp = std::string(row(op).name);
    }

    static const Callable& row(NkiOp op) { return callableOf(op); }

    void matmul(const CallNode& c)
    {
        const auto* load = as<TensorLoadNode>(c.args()[0]);
        auto accumulate = constInt(c.args()[3]);
        if (!load || !accumulate) return;
        auto acc = m_accumulators.find(load->tensor().get());
        if (acc == m_accumulators.end()) return; // not PSUM: the printer's checks apply
        Accumulator& a = acc->second;
        const std::string name = load->tensor()->name();
        auto place = footprint(c.args()[0]);
        if (!place) return; // not affine: the printer reports it
        if (*accumulate == 0) {
            a = Accumulator{};
            a.state = State::Started;
            a.place = *place;
            a.firstMatmul = here(c);
            return;
        }
        constexpr const char* kRule = " (nki.isa.nc_matmul, \"Accumulation mode\": accumulate=True is valid only "
                                      "after a matmul with accumulate=False started the PSUM location)";
        switch (a.state) {
        case State::Unwritten:
            return refuse(c, "this matmul accumulates into '" + name +
                                 "', which nothing wrote before it; clear it with zeros first, or make the first "
                                 "matmul overwrite it" +
                                 kRule);
        case State::Other:
            return refuse(c, "this matmul accumulates onto the values the " + a.writerOp + " at " + line(a.writer) +
                                 " wrote into '" + name +
                                 "'; the current NKI API cannot add a matmul onto data it did not start" + kRule +
                                 "; add that data after the matmuls, or print the kernel with --api legacy");
        case State::Started:
            if (!samePlace(a.place, *place))
                return refuse(c, "this matmul accumulates into a part of '" + name +
                                     "' other than the one the matmul at " + line(a.firstMatmul) + " started" + kRule);
            plan.matmuls[&c] = AccumulateFlag{{}, true};
            return;
        case State::Cleared: break;
        }
        if (!samePlace(a.place, *place))
            return refuse(c, "this matmul accumulates into a part of '" + name + "' other than the one the clear at " +
                                 line(a.clearAt) + " zeroed, so the clear cannot become its first matmul" + kRule);
        if (m_conditions > a.clearConditions)
            return refuse(c, "the first matmul after the clear of '" + name + "' at " + line(a.clearAt) +
                                 " runs under a condition, so it cannot be the one that starts the accumulation" +
                                 kRule);
        std::vector<const VarNode*> loops(m_loops.begin() + static_cast<std::ptrdiff_t>(a.clearLoops), m_loops.end());
        for (const VarNode* v : loops) {
            if (mentions(place->rest, v))
                return refuse(c, "this matmul's place in '" + name + "' moves with the loop over '" + v->name() +
                                     "', so one clear before that loop does not start a single accumulation; clear "
                                     "it inside the loop" +
                                     kRule);
        }
        plan.matmuls[&c] = AccumulateFlag{loops, !loops.empty()};
        if (!a.keepClear) plan.droppedClears.insert(a.clear);
        const Span first = here(c);
        a = Accumulator{};
        a.state = State::Started;
        a.place = *place;
        a.groupLoops = std::move(loops);
        a.firstMatmul = first;
    }

    std::unordered_map<const VarNode*, std::vector<int64_t>> m_shapes; // allocations
    std::unordered_map<const VarNode*, Accumulator> m_accumulators;    // PSUM allocations
    std::unordered_map<const VarNode*, Footprint> m_zeroed;            // other tiles a memset of 0 wrote last
    std::vector<const VarNode*> m_loops;                               // open loops outside instructions
    size_t m_conditions = 0;
    Span m_where; // the innermost statement with a source span
    bool m_inRegion = false;
    Region m_region;
};

} // namespace

AccumulationPlan planAccumulation(const Stmt& body, const Span& fallback)
{
    Planner planner(fallback);
    planner.stmt(body);
    return std::move(planner.plan);
}

} // namespace tirx
