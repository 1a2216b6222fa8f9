#pragma once

#include "ir/function.h"

#include <set>
#include <string>
#include <vector>

namespace tirx {

// The IR graph view's model: the loop nest as nested clusters, the
// statements that touch tensors as nodes inside them, the tensors as nodes
// of their own, and data-flow edges from each tensor an instruction reads
// and to each tensor it writes. Which operand is written comes from the
// callable table: the first tensor operand of a tile op or NKI instruction
// is its destination.
//
// A tensorized nest (`with T.nki.tensorized_instruction():`, its loops and
// the loops a pass wrapped around it alone) is folded into one node by
// default: a lowered kernel has one per instruction, each with two or three
// loops, and as boxes they fill the screen with loop headers and give
// Graphviz two or three clusters per instruction to order (bench_graph:
// BM_GraphLayout against BM_GraphLayoutOpen). A folded nest keeps the edges
// of all its instructions; it can be opened.
//
// A long stretch of straight-line statements (nests, instructions and the
// allocations between them) is folded once more, into runs: a lowered
// kernel of 1,000 instructions is a few dozen run nodes instead of 1,000
// nest nodes, which is what a reader can take in at first sight and what
// Graphviz lays out in a fraction of the time (ir_graph_runs.h). A run
// keeps one edge per tensor it shares with the rest of the graph; tensors
// allocated in it and used nowhere else are inside it, not drawn. A run
// can be opened into its nests, and a nest into its loops.
struct IrGraph {
    struct Cluster {
        std::string label; // "for i in range(4)", "if ...", the function name
        int parent = -1;   // enclosing cluster, -1 at the top
        Span span;
        int nest = -1; // an opened nest's box: the nest's number
        int run = -1;  // an opened run's box: the run's number
        // The label's size in points, when the front end measured it (see
        // Node::width); Graphviz then keeps that much room for it.
        double labelWidth = 0;
        double labelHeight = 0;
    };
    enum class NodeKind : uint8_t { Tensor, Instruction, Store, Nest, Run };
    struct Node {
        NodeKind kind = NodeKind::Instruction;
        std::string label;  // "A_sbuf\n(512, 512) trn.sbuf", "trn.tile.load"
        std::string detail; // one line for a tooltip: the tensor's type or the call's operands
        int cluster = -1;   // innermost enclosing cluster; tensors sit in their function's
        Span span;
        int nest = -1;        // a folded nest: its number, counted in program order over the module
        int instructions = 0; // instructions the node stands for (0 for tensors)
        int copyOf = -1;      // a busy tensor's copy beside one use: the tensor's first node
        int run = -1;         // a folded run: its number, counted in program order over the module
        // The box's size in points, when the front end measured the label
        // with the font it draws it in; 0 lets Graphviz estimate it.
        double width = 0;
        double height = 0;
    };
    enum class EdgeKind : uint8_t { Read, Write };
    struct Edge {
        int from = 0;
        int to = 0;
        EdgeKind kind = EdgeKind::Read;
    };

    std::vector<Cluster> clusters;
    std::vector<Node> nodes;
    std::vector<Edge> edges;
    int nests = 0;              // tensorized nests in the module, open or folded
    int foldedNests = 0;        // nests drawn as one node
    int foldedInstructions = 0; // instructions inside them
    int splitTensors = 0;       // busy tensors drawn beside each use
    int runs = 0;               // runs in the module, open or folded
    int foldedRuns = 0;         // runs drawn as one node
    int runInstructions = 0;    // instructions inside them
    int hiddenTensors = 0;      // tensors inside folded runs, not drawn
};

struct IrGraphOptions {
    // The nests to draw open (loops as boxes, one node per instruction), by
    // their number; every other nest is folded into one node.
    std::set<int> openNests;
    // The runs to draw open (a box holding their nests and instructions),
    // by their number; every other run is folded into one node.
    std::set<int> openRuns;
    // A straight-line stretch of more than this many instructions and
    // nests is folded into runs: up to `maxRuns` of them, of at least
    // `minRunLength` each. Shorter stretches (every bundled example) are
    // drawn as they are.
    int foldRunsFrom = 24;
    int maxRuns = 12;
    int minRunLength = 8;
    // A tensor with more edges than this is drawn beside each use instead
    // of once: the kernel's input, read by every load of a long kernel,
    // otherwise pulls an edge across the whole graph per load: Graphviz took
    // 18 s of CPU for bench_graph's kernel of 400 instructions with it drawn
    // once, 0.3 s with it beside each use.
    size_t maxTensorEdges = 8;
};

// The graph of every function of `module`. Tensors are one node per
// variable; a statement reading a tensor twice still has one edge from it.
[[nodiscard]] IrGraph buildIrGraph(const Module& module, const IrGraphOptions& options = {});

// The graph in Graphviz's DOT language: node `n<i>` is nodes[i], subgraph
// `cluster_<k>` is clusters[k]. Labels are escaped; the output always parses.
[[nodiscard]] std::string irGraphToDot(const IrGraph& graph);

} // namespace tirx
