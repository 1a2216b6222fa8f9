#include "graph/ir_graph.h"

#include "graph/ir_graph_runs.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "script/printer.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace tirx {

namespace {

// The tensor variables an expression names, in first-seen order.
class TensorUses final : public IrVisitor {
public:
    std::vector<const VarNode*> vars;

protected:
    void visitVar(const VarNode& v) override
    {
        if (v.isTensor() && std::find(vars.begin(), vars.end(), &v) == vars.end()) vars.push_back(&v);
    }
};

std::vector<const VarNode*> tensorsIn(const Expr& e)
{
    TensorUses uses;
    uses.visitExpr(e);
    return uses.vars;
}

std::string shapeText(const TensorType& t)
{
    std::string out = "(";
    for (size_t i = 0; i < t.shape().size(); ++i) out += (i ? ", " : "") + printExpr(t.shape()[i]);
    return out + (t.shape().size() == 1 ? ",)" : ")");
}

// "trn.tile.load" for "tirx.trn.tile.load".
std::string shortOp(const std::string& op) { return op.rfind("tirx.", 0) == 0 ? op.substr(5) : op; }

// The loop extents of a folded nest, "128 x 8", outer loop first.
std::string extentsText(const std::vector<std::string>& extents)
{
    std::string out;
    for (const auto& e : extents) out += (out.empty() ? "" : " \u00d7 ") + e;
    return out;
}

// What the builders of all functions leave for finishRuns: node numbers
// and runs are counted over the whole module, so one record serves all.
struct RunState {
    std::vector<int> allocatedIn; // per node: the folded run's node a tensor was allocated in, or -1
    std::vector<RunRecord> records;
};

class GraphBuilder {
public:
    GraphBuilder(IrGraph& g, const IrGraphOptions& options, RunState& runs) : m_g(g), m_options(options), m_runs(runs)
    {
    }

    void function(const std::string& name, const Function& fn)
    {
        m_function = cluster("def " + name, -1, fn.span());
        for (const auto& p : fn.params()) {
            if (p->isTensor()) tensorNode(*p, m_function);
        }
        if (fn.body()) stmt(fn.body(), m_function);
    }

private:
    // What a folded nest or run collects while its statements are walked.
    struct Fold {
        int node = -1;
        std::vector<std::pair<std::string, int>> ops; // op name, instructions calling it
        std::vector<std::string> extents;
        std::string first; // the first instruction, printed
        Span span;
    };

    int cluster(std::string label, int parent, Span span)
    {
        m_g.clusters.push_back({std::move(label), parent, span, -1});
        return static_cast<int>(m_g.clusters.size()) - 1;
    }

    int node(IrGraph::NodeKind kind, std::string label, std::string detail, int in, Span span)
    {
        const int instructions = kind == IrGraph::NodeKind::Tensor ? 0 : 1;
        m_g.nodes.push_back({kind, std::move(label), std::move(detail), in, span, -1, instructions});
        return static_cast<int>(m_g.nodes.size()) - 1;
    }

    int tensorNode(const VarNode& v, int in)
    {
        if (auto it = m_tensors.find(&v); it != m_tensors.end()) return it->second;
        const TensorType& t = *v.tensorType();
        const std::string type = shapeText(t) + " " + t.dtype().str() + " " + t.scope();
        const int id = node(IrGraph::NodeKind::Tensor, v.name() + "\n" + type, type, in, v.span());
        m_tensors.emplace(&v, id);
        return id;
    }

    // A set of the edges made, so that a kernel of thousands is not quadratic.
    void edge(int from, int to, IrGraph::EdgeKind kind)
    {
        const auto key = (static_cast<uint64_t>(static_cast<uint32_t>(from)) << 32) | static_cast<uint32_t>(to);
        if (!m_edgeSet.insert(key).second) return;
        m_g.edges.push_back({from, to, kind});
    }

    void reads(int instruction, const Expr& e)
    {
        for (const VarNode* v : tensorsIn(e)) edge(tensorNode(*v, m_function), instruction, IrGraph::EdgeKind::Read);
    }

    void writes(int instruction, const Expr& e)
    {
        for (const VarNode* v : tensorsIn(e)) edge(instruction, tensorNode(*v, m_function), IrGraph::EdgeKind::Write);
    }

    void call(const Expr& e, int in, Span span)
    {
        const auto* cp = as<CallNode>(e);
        if (!cp) return;
        const CallNode& c = *cp;
        const Callable* callable = instructionCalled(e);
        if (!callable) return;
        int id = m_fold.node;
        if (id < 0) {
            id = node(IrGraph::NodeKind::Instruction, shortOp(c.op()), printExpr(e), in, span);
        } else {
            const std::string op = shortOp(c.op());
            auto seen =
                std::find_if(m_fold.ops.begin(), m_fold.ops.end(), [&](const auto& o) { return o.first == op; });
            if (seen == m_fold.ops.end()) {
                m_fold.ops.emplace_back(op, 1);
            } else {
                ++seen->second;
            }
            if (m_fold.first.empty() && m_run < 0) m_fold.first = printExpr(e);
            if (!m_fold.span.valid()) m_fold.span = span;
            ++m_g.nodes[static_cast<size_t>(id)].instructions;
        }
        // What the op does to each operand is the table's access column;
        // workspaces are scratch the op writes. Everything else is read.
        for (size_t i = 0; i < c.args().size(); ++i) {
            const CallableParam* param = i < callable->params.size() ? &callable->params[i] : nullptr;
            const Access access = param ? param->access : Access::None;
            const bool workspace = param && param->role == ParamRole::Workspace;
            const bool written = workspace || access == Access::Write || access == Access::ReadWrite;
            if (written) writes(id, c.args()[i]);
            if (!written || access == Access::ReadWrite) reads(id, c.args()[i]);
        }
        for (const auto& [key, value] : c.attrs().entries()) writes(id, value);
    }

    // A tensorized nest: opened, its statements as they are inside a box
    // of its own; folded, one node that collects every instruction's edges.
    void nest(const Stmt& s, int in)
    {
        const int number = m_g.nests++;
        if (m_options.openNests.count(number)) {
            const int box = cluster("tensorized nest (double-click to fold)", in, s->span());
            m_g.clusters[static_cast<size_t>(box)].nest = number;
            m_open = true;
            stmt(s, box);
            m_open = false;
            return;
        }
        m_fold = Fold{node(IrGraph::NodeKind::Nest, {}, {}, in, s->span()), {}, {}, {}, s->span()};
        auto& n = m_g.nodes[static_cast<size_t>(m_fold.node)];
        n.nest = number;
        n.instructions = 0;
        stmt(s, in);
        auto& folded = m_g.nodes[static_cast<size_t>(m_fold.node)];
        std::string ops;
        for (const auto& op : m_fold.ops) ops += (ops.empty() ? "" : " + ") + op.first;
        const std::string count =
            folded.instructions == 1 ? "" : " (" + std::to_string(folded.instructions) + " instructions)";
        folded.label = (ops.empty() ? "tensorized nest" : ops) + "\n" + extentsText(m_fold.extents) + count;
        folded.detail = m_fold.first + "  \u2014 a tensorized nest over " + extentsText(m_fold.extents) +
                        ", drawn as one node; double-click to open it";
        folded.span = m_fold.span;
        ++m_g.foldedNests;
        m_g.foldedInstructions += folded.instructions;
        m_fold = Fold{};
    }

    // A block's statements, its long straight-line stretches as runs
    // (nothing is cut into runs inside a nest or a run).
    void block(const std::vector<Stmt>& stmts, int in)
    {
        const bool plain = m_fold.node >= 0 || m_open;
        size_t next = 0;
        for (const StatementRun& r : plain ? std::vector<StatementRun>{} : planRuns(stmts, m_options)) {
            for (; next < r.begin; ++next) stmt(stmts[next], in);
            run(stmts, r, in);
            next = r.end;
        }
        for (; next < stmts.size(); ++next) stmt(stmts[next], in);
    }

    // A run: opened, its statements inside a box of its own; folded, one
    // node that collects every instruction's edges and the tensors made in it.
    void run(const std::vector<Stmt>& stmts, const StatementRun& r, int in)
    {
        const int number = m_g.runs++;
        RunRecord record;
        Span first;
        for (size_t i = r.begin; i < r.end; ++i) {
            const Span span = stmts[i]->span();
            if (!span.valid()) continue;
            if (!first.valid()) first = span;
            record.firstLine = record.firstLine ? std::min(record.firstLine, span.line) : span.line;
            record.lastLine = std::max(record.lastLine, span.line);
        }
        if (m_options.openRuns.count(number)) {
            const std::string where = runLines(record);
            const int box =
                cluster("run" + (where.empty() ? "" : " of " + where) + " (double-click to fold)", in, first);
            m_g.clusters[static_cast<size_t>(box)].run = number;
            for (size_t i = r.begin; i < r.end; ++i) stmt(stmts[i], box);
            return;
        }
        record.node = node(IrGraph::NodeKind::Run, {}, {}, in, first);
        m_g.nodes[static_cast<size_t>(record.node)].run = number;
        m_g.nodes[static_cast<size_t>(record.node)].instructions = 0;
        m_fold = Fold{record.node, {}, {}, {}, first};
        m_run = record.node;
        for (size_t i = r.begin; i < r.end; ++i) {
            if (isNest(stmts[i])) {
                ++m_g.nests; // numbered as if drawn, so opening this run leaves the others' numbers alone
                ++record.nests;
            }
            stmt(stmts[i], in);
        }
        record.ops = std::move(m_fold.ops);
        m_runs.records.push_back(std::move(record));
        m_fold = Fold{};
        m_run = -1;
    }

    void allocatedIn(int tensor, int run)
    {
        auto& a = m_runs.allocatedIn;
        if (a.size() <= static_cast<size_t>(tensor)) a.resize(static_cast<size_t>(tensor) + 1, -1);
        a[static_cast<size_t>(tensor)] = run;
    }

    void stmt(const Stmt& s, int in)
    {
        if (!s) return;
        const bool folding = m_fold.node >= 0;
        if (!folding && !m_open && isNest(s)) return nest(s, in);
        switch (s->kind()) {
        case StmtKind::Seq: return block(static_cast<const SeqStmtNode&>(*s).stmts(), in);
        case StmtKind::Bind: {
            const auto& b = static_cast<const BindNode&>(*s);
            if (b.var()->isTensor()) {
                const int id = tensorNode(*b.var(), in);
                m_g.nodes[static_cast<size_t>(id)].span = s->span();
                if (m_run >= 0) allocatedIn(id, m_run);
                reads(id, b.value());
                return;
            }
            call(b.value(), in, s->span());
            return;
        }
        case StmtKind::TensorStore: {
            const auto& st = static_cast<const TensorStoreNode&>(*s);
            const int id = folding ? m_fold.node
                                   : node(IrGraph::NodeKind::Store,
                                          st.tensor()->name() + "[...] =", printExpr(st.value()), in, s->span());
            reads(id, st.value());
            for (const auto& i : st.indices()) reads(id, i);
            edge(id, tensorNode(*st.tensor(), m_function), IrGraph::EdgeKind::Write);
            return;
        }
        case StmtKind::Evaluate: call(static_cast<const EvaluateNode&>(*s).value(), in, s->span()); return;
        case StmtKind::For: {
            const auto& f = static_cast<const ForNode&>(*s);
            const std::string range =
                isConstInt(f.begin(), 0) ? printExpr(f.end()) : printExpr(f.begin()) + ", " + printExpr(f.end());
            if (folding) {
                // A loop of one iteration (a pass's batch loop over one tile) says nothing.
                if (!(isConstInt(f.begin(), 0) && isConstInt(f.end(), 1)))
                    m_fold.extents.push_back(isConstInt(f.begin(), 0) ? printExpr(f.end()) : "(" + range + ")");
                return stmt(f.body(), in);
            }
            stmt(f.body(), cluster("for " + f.var()->name() + " in range(" + range + ")", in, s->span()));
            return;
        }
        case StmtKind::While: {
            const auto& w = static_cast<const WhileNode&>(*s);
            stmt(w.body(), folding ? in : cluster("while " + printExpr(w.cond()), in, s->span()));
            return;
        }
        case StmtKind::If: {
            const auto& i = static_cast<const IfNode&>(*s);
            stmt(i.thenBody(), folding ? in : cluster("if " + printExpr(i.cond()), in, s->span()));
            if (i.elseBody()) stmt(i.elseBody(), folding ? in : cluster("else", in, i.elseBody()->span()));
            return;
        }
        case StmtKind::Region: stmt(static_cast<const RegionNode&>(*s).body(), in); return;
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Assert: return;
        }
    }

    IrGraph& m_g;
    const IrGraphOptions& m_options;
    int m_function = -1;
    std::unordered_map<const VarNode*, int> m_tensors;
    std::unordered_set<uint64_t> m_edgeSet;
    RunState& m_runs;
    Fold m_fold;         // the nest or run being folded; node -1 when none is
    int m_run = -1;      // the node of the run being folded
    bool m_open = false; // inside an opened nest
};

} // namespace

namespace {

void splitBusyTensors(IrGraph& g, size_t maxEdges)
{
    std::vector<size_t> degree(g.nodes.size(), 0);
    for (const auto& e : g.edges) {
        ++degree[static_cast<size_t>(e.from)];
        ++degree[static_cast<size_t>(e.to)];
    }
    std::vector<bool> seen(g.nodes.size(), false);
    for (auto& e : g.edges) {
        for (int* end : {&e.from, &e.to}) {
            const auto t = static_cast<size_t>(*end);
            if (g.nodes[t].kind != IrGraph::NodeKind::Tensor || degree[t] <= maxEdges) continue;
            if (!seen[t]) { // the first use keeps the tensor's own node
                seen[t] = true;
                ++g.splitTensors;
                continue;
            }
            IrGraph::Node copy = g.nodes[t];
            copy.copyOf = static_cast<int>(t);
            g.nodes.push_back(std::move(copy));
            *end = static_cast<int>(g.nodes.size()) - 1;
        }
    }
}

} // namespace

IrGraph buildIrGraph(const Module& module, const IrGraphOptions& options)
{
    IrGraph g;
    RunState runs;
    for (const auto& [name, fn] : module.functions()) GraphBuilder(g, options, runs).function(name, *fn);
    finishRuns(g, runs.allocatedIn, runs.records);
    splitBusyTensors(g, options.maxTensorEdges);
    return g;
}

} // namespace tirx
