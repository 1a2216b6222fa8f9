#include "graph/ir_graph.h"

#include <charconv>
#include <cmath>

namespace tirx {

namespace {

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

// From this many nodes on, Graphviz's own searches are cut short: network
// simplex (ranks and x positions) to twice the node count in iterations,
// crossing reduction to a fifth of its passes. The picture of a long
// kernel loses a few crossings it could have saved and is laid out in
// less than half the time (Graphviz alone, on bench_graph's kernel of 1,000
// instructions: 2.9 s of CPU before, 1.3 s after); small graphs keep the
// full search.
constexpr size_t kLargeGraph = 200;

// A node the front end measured keeps that size: Graphviz would otherwise
// size it from its own estimate of Helvetica, narrower than most screen
// fonts, and the label would overrun its box.
// A number in the C locale whatever the process's is (a GUI sets it from the environment).
std::string number(double v)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, v, std::chars_format::fixed, 3).ptr;
    return std::string(text, end);
}

std::string fixedSize(const IrGraph::Node& n)
{
    if (n.width <= 0 || n.height <= 0) return {};
    return ", width=" + number(n.width / 72.0) + ", height=" + number(n.height / 72.0) + ", fixedsize=true";
}

// A measured cluster label becomes an empty table of the label's size, so
// Graphviz keeps exactly that room at the box's top left; the front end
// draws the text there itself.
std::string clusterLabel(const IrGraph::Cluster& c)
{
    if (c.labelWidth <= 0 || c.labelHeight <= 0) return "label=\"" + escape(c.label) + "\";";
    return "labeljust=l; label=<<TABLE FIXEDSIZE=\"TRUE\" WIDTH=\"" +
           std::to_string(std::lround(std::ceil(c.labelWidth))) + "\" HEIGHT=\"" +
           std::to_string(std::lround(std::ceil(c.labelHeight))) +
           "\" BORDER=\"0\" CELLPADDING=\"0\" CELLSPACING=\"0\"><TR><TD></TD></TR></TABLE>>;";
}

} // namespace

std::string irGraphToDot(const IrGraph& graph)
{
    std::string out = "digraph tirx {\n  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=10, nodesep=0.25, "
                      "ranksep=0.35";
    if (graph.nodes.size() >= kLargeGraph) out += ", nslimit=2, nslimit1=2, mclimit=0.2, searchsize=10";
    out += "];\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [arrowsize=0.6];\n";
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
        const bool tensor = n.kind == IrGraph::NodeKind::Tensor;
        const char* shape = tensor ? "note" : n.kind == IrGraph::NodeKind::Run ? "box3d" : "box";
        const char* style = !tensor ? ", style=rounded" : n.copyOf >= 0 ? ", style=dashed" : "";
        out += indent + "n" + std::to_string(i) + " [label=\"" + escape(n.label) + "\", shape=" + shape + style +
               fixedSize(n) + "];\n";
    };
    auto emit = [&](auto&& self, int k, const std::string& indent) -> void {
        out += indent + "subgraph cluster_" + std::to_string(k) + " {\n";
        out += indent + "  " + clusterLabel(graph.clusters[static_cast<size_t>(k)]) + "\n";
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
