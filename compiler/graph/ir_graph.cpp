#include "graph/ir_graph.h"

#include "ir/callables.h"
#include "ir/functor.h"
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "script/printer.h"

#include <algorithm>
#include <unordered_map>

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

class GraphBuilder {
public:
    explicit GraphBuilder(IrGraph& g) : m_g(g) {}

    void function(const std::string& name, const Function& fn)
    {
        m_function = cluster("def " + name, -1, fn.span());
        for (const auto& p : fn.params()) {
            if (p->isTensor()) tensorNode(*p, m_function);
        }
        if (fn.body()) stmt(fn.body(), m_function);
    }

private:
    int cluster(std::string label, int parent, Span span)
    {
        m_g.clusters.push_back({std::move(label), parent, span});
        return static_cast<int>(m_g.clusters.size()) - 1;
    }

    int node(IrGraph::NodeKind kind, std::string label, std::string detail, int in, Span span)
    {
        m_g.nodes.push_back({kind, std::move(label), std::move(detail), in, span});
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

    void edge(int from, int to, IrGraph::EdgeKind kind)
    {
        for (const auto& e : m_g.edges) {
            if (e.from == from && e.to == to) return;
        }
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
        const Callable* callable = findCallableByOp(c.op());
        const bool instruction =
            callable && (callable->kind == CallableKind::TileOp || callable->kind == CallableKind::NkiInstruction);
        if (!instruction) return;
        const int id = node(IrGraph::NodeKind::Instruction, shortOp(c.op()), printExpr(e), in, span);
        // The destination is the first tensor operand; workspaces are scratch the op writes.
        bool destinationSeen = false;
        for (size_t i = 0; i < c.args().size(); ++i) {
            const auto role = i < callable->params.size() ? callable->params[i].role : ParamRole::Value;
            const bool written = (role == ParamRole::Tensor && !destinationSeen) || role == ParamRole::Workspace;
            destinationSeen = destinationSeen || role == ParamRole::Tensor;
            if (written) {
                writes(id, c.args()[i]);
            } else {
                reads(id, c.args()[i]);
            }
        }
        for (const auto& [key, value] : c.attrs().entries()) writes(id, value);
    }

    void stmt(const Stmt& s, int in)
    {
        if (!s) return;
        switch (s->kind()) {
        case StmtKind::Seq:
            for (const auto& child : static_cast<const SeqStmtNode&>(*s).stmts()) stmt(child, in);
            return;
        case StmtKind::Bind: {
            const auto& b = static_cast<const BindNode&>(*s);
            if (b.var()->isTensor()) {
                const int id = tensorNode(*b.var(), in);
                m_g.nodes[static_cast<size_t>(id)].span = s->span();
                reads(id, b.value());
                return;
            }
            call(b.value(), in, s->span());
            return;
        }
        case StmtKind::TensorStore: {
            const auto& st = static_cast<const TensorStoreNode&>(*s);
            const int id =
                node(IrGraph::NodeKind::Store, st.tensor()->name() + "[...] =", printExpr(st.value()), in, s->span());
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
            stmt(f.body(), cluster("for " + f.var()->name() + " in range(" + range + ")", in, s->span()));
            return;
        }
        case StmtKind::While: {
            const auto& w = static_cast<const WhileNode&>(*s);
            stmt(w.body(), cluster("while " + printExpr(w.cond()), in, s->span()));
            return;
        }
        case StmtKind::If: {
            const auto& i = static_cast<const IfNode&>(*s);
            stmt(i.thenBody(), cluster("if " + printExpr(i.cond()), in, s->span()));
            if (i.elseBody()) stmt(i.elseBody(), cluster("else", in, i.elseBody()->span()));
            return;
        }
        case StmtKind::Region: stmt(static_cast<const RegionNode&>(*s).body(), in); return;
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Assert: return;
        }
    }

    IrGraph& m_g;
    int m_function = -1;
    std::unordered_map<const VarNode*, int> m_tensors;
};

// DOT string literal contents: quotes and backslashes escaped, newlines as \n.
std::string escape(const std::string& s)
{
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out;
}

} // namespace

IrGraph buildIrGraph(const Module& module)
{
    IrGraph g;
    for (const auto& [name, fn] : module.functions()) GraphBuilder(g).function(name, *fn);
    return g;
}

std::string irGraphToDot(const IrGraph& graph)
{
    std::string out = "digraph tirx {\n  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=10, nodesep=0.25, "
                      "ranksep=0.35];\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [arrowsize=0.6];\n";
    std::vector<std::vector<int>> childClusters(graph.clusters.size());
    std::vector<std::vector<int>> members(graph.clusters.size());
    std::vector<int> topNodes;
    // A parent comes before its children (as the builder makes them); any
    // other parent or cluster index is treated as the top, so no graph loops.
    auto hasParent = [&](size_t k) {
        const int p = graph.clusters[k].parent;
        return p >= 0 && static_cast<size_t>(p) < k;
    };
    for (size_t k = 0; k < graph.clusters.size(); ++k) {
        if (hasParent(k)) childClusters[static_cast<size_t>(graph.clusters[k].parent)].push_back(static_cast<int>(k));
    }
    for (size_t i = 0; i < graph.nodes.size(); ++i) {
        const int c = graph.nodes[i].cluster;
        const bool inCluster = c >= 0 && static_cast<size_t>(c) < graph.clusters.size();
        (inCluster ? members[static_cast<size_t>(c)] : topNodes).push_back(static_cast<int>(i));
    }
    auto nodeLine = [&](int i, const std::string& indent) {
        const auto& n = graph.nodes[static_cast<size_t>(i)];
        const char* shape = n.kind == IrGraph::NodeKind::Tensor ? "note" : "box";
        const char* style = n.kind == IrGraph::NodeKind::Tensor ? "" : ", style=rounded";
        out +=
            indent + "n" + std::to_string(i) + " [label=\"" + escape(n.label) + "\", shape=" + shape + style + "];\n";
    };
    auto emit = [&](auto&& self, int k, const std::string& indent) -> void {
        out += indent + "subgraph cluster_" + std::to_string(k) + " {\n";
        out += indent + "  label=\"" + escape(graph.clusters[static_cast<size_t>(k)].label) + "\";\n";
        for (int i : members[static_cast<size_t>(k)]) nodeLine(i, indent + "  ");
        for (int child : childClusters[static_cast<size_t>(k)]) self(self, child, indent + "  ");
        out += indent + "}\n";
    };
    for (size_t k = 0; k < graph.clusters.size(); ++k) {
        if (!hasParent(k)) emit(emit, static_cast<int>(k), "  ");
    }
    for (int i : topNodes) nodeLine(i, "  ");
    for (const auto& e : graph.edges) {
        out += "  n" + std::to_string(e.from) + " -> n" + std::to_string(e.to) +
               (e.kind == IrGraph::EdgeKind::Write ? " [style=bold];\n" : ";\n");
    }
    return out + "}\n";
}

} // namespace tirx
