#include "graph/ir_graph_runs.h"

#include "ir/expr.h"
#include "ir/make.h"

#include <algorithm>
#include <unordered_map>

namespace tirx {

bool isNest(const Stmt& s)
{
    if (s->kind() == StmtKind::Region) return static_cast<const RegionNode&>(*s).op() == kTensorizedInstruction;
    if (s->kind() != StmtKind::For || s->span().valid()) return false;
    return isNest(static_cast<const ForNode&>(*s).body());
}

const Callable* instructionCalled(const Expr& e)
{
    const auto* c = as<CallNode>(e);
    const Callable* callable = c ? findCallableByOp(c->op()) : nullptr;
    const bool instruction =
        callable && (callable->kind == CallableKind::TileOp || callable->kind == CallableKind::NkiInstruction);
    return instruction ? callable : nullptr;
}

namespace {

// What a statement counts for in a stretch: a nest, an instruction or a
// store one, an allocation or another statement call none; -1 ends the
// stretch (control flow the picture must keep).
int weight(const Stmt& s)
{
    if (isNest(s)) return 1;
    switch (s->kind()) {
    case StmtKind::Bind: {
        const auto& b = static_cast<const BindNode&>(*s);
        return !b.var()->isTensor() && instructionCalled(b.value()) ? 1 : 0;
    }
    case StmtKind::Evaluate: return instructionCalled(static_cast<const EvaluateNode&>(*s).value()) ? 1 : 0;
    case StmtKind::TensorStore: return 1;
    case StmtKind::Assert: return 0;
    case StmtKind::Seq:
    case StmtKind::For:
    case StmtKind::While:
    case StmtKind::If:
    case StmtKind::Region:
    case StmtKind::Break:
    case StmtKind::Continue: return -1;
    }
    return -1;
}

// Cuts the stretch [begin, end) of `total` counted statements into runs of
// about equal counts; run k ends at the statement that reaches its share.
void cut(size_t begin, size_t end, const std::vector<int>& weights, int total, const IrGraphOptions& options,
         std::vector<StatementRun>& out)
{
    if (total <= options.foldRunsFrom) return;
    const int length = std::max(1, options.minRunLength);
    const int count = std::clamp((total + length - 1) / length, 1, std::max(1, options.maxRuns));
    int seen = 0;
    int k = 0;
    size_t start = begin;
    for (size_t i = begin; i < end && k + 1 < count; ++i) {
        seen += weights[i];
        const int64_t share = (static_cast<int64_t>(k + 1) * total + count - 1) / count;
        if (weights[i] <= 0 || seen < share) continue;
        out.push_back({start, i + 1});
        start = i + 1;
        ++k;
    }
    out.push_back({start, end});
}

std::string tensorName(const IrGraph::Node& n) { return n.label.substr(0, n.label.find('\n')); }

} // namespace

std::string runLines(const RunRecord& r)
{
    if (r.firstLine == 0) return {};
    if (r.firstLine == r.lastLine) return "line " + std::to_string(r.firstLine);
    return "lines " + std::to_string(r.firstLine) + "\u2013" + std::to_string(r.lastLine);
}

namespace {

// "lines 12–140: 84 instructions", the ops by count, the tensors inside.
void label(IrGraph::Node& n, const RunRecord& r, const std::vector<std::string>& inside)
{
    constexpr size_t kOpsShown = 3;
    constexpr size_t kNamesShown = 8;
    const std::string where = runLines(r);
    const std::string count = std::to_string(n.instructions) + (n.instructions == 1 ? " instruction" : " instructions");
    n.label = (where.empty() ? "" : where + ": ") + count;
    for (size_t i = 0; i < r.ops.size() && i < kOpsShown; ++i)
        n.label += "\n" + r.ops[i].first + " \u00d7 " + std::to_string(r.ops[i].second);
    if (r.ops.size() > kOpsShown) n.label += "\n+ " + std::to_string(r.ops.size() - kOpsShown) + " more ops";
    if (!inside.empty())
        n.label += "\n" + std::to_string(inside.size()) + (inside.size() == 1 ? " tensor inside" : " tensors inside");

    n.detail = "a run of " + count + " in " + std::to_string(r.nests) + " tensorized nests" +
               (where.empty() ? "" : ", " + where) + ", drawn as one node";
    if (!inside.empty()) {
        n.detail += "; used only here: ";
        for (size_t i = 0; i < inside.size() && i < kNamesShown; ++i) n.detail += (i ? ", " : "") + inside[i];
        if (inside.size() > kNamesShown) n.detail += ", \u2026";
    }
    n.detail += "; double-click to open it";
}

} // namespace

std::vector<StatementRun> planRuns(const std::vector<Stmt>& stmts, const IrGraphOptions& options)
{
    std::vector<StatementRun> out;
    std::vector<int> weights(stmts.size());
    size_t begin = 0;
    int total = 0;
    for (size_t i = 0; i <= stmts.size(); ++i) {
        const int w = i < stmts.size() ? weight(stmts[i]) : -1;
        if (i < stmts.size()) weights[i] = w;
        if (w >= 0) {
            total += w;
            continue;
        }
        cut(begin, i, weights, total, options, out);
        begin = i + 1;
        total = 0;
    }
    return out;
}

void finishRuns(IrGraph& g, const std::vector<int>& allocatedIn, const std::vector<RunRecord>& runs)
{
    const auto runOf = [&](int node) {
        return node >= 0 && static_cast<size_t>(node) < allocatedIn.size() ? allocatedIn[static_cast<size_t>(node)]
                                                                           : -1;
    };
    // A tensor allocated in a run stays inside it while every edge it has
    // goes to that run.
    std::vector<bool> inside(g.nodes.size());
    for (size_t i = 0; i < g.nodes.size(); ++i) inside[i] = runOf(static_cast<int>(i)) >= 0;
    for (const auto& e : g.edges) {
        if (inside[static_cast<size_t>(e.from)] && runOf(e.from) != e.to) inside[static_cast<size_t>(e.from)] = false;
        if (inside[static_cast<size_t>(e.to)] && runOf(e.to) != e.from) inside[static_cast<size_t>(e.to)] = false;
    }
    std::unordered_map<int, std::vector<std::string>> names; // by run node
    std::vector<int> renumbered(g.nodes.size(), -1);
    std::vector<IrGraph::Node> kept;
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        if (inside[i]) {
            names[runOf(static_cast<int>(i))].push_back(tensorName(g.nodes[i]));
            ++g.hiddenTensors;
            continue;
        }
        renumbered[i] = static_cast<int>(kept.size());
        kept.push_back(std::move(g.nodes[i]));
    }
    g.nodes = std::move(kept);
    std::vector<IrGraph::Edge> edges;
    for (const auto& e : g.edges) {
        const int from = renumbered[static_cast<size_t>(e.from)];
        const int to = renumbered[static_cast<size_t>(e.to)];
        if (from >= 0 && to >= 0) edges.push_back({from, to, e.kind});
    }
    g.edges = std::move(edges);
    for (const auto& r : runs) {
        auto& n = g.nodes[static_cast<size_t>(renumbered[static_cast<size_t>(r.node)])];
        label(n, r, names[r.node]);
        ++g.foldedRuns;
        g.runInstructions += n.instructions;
    }
}

} // namespace tirx
