// The IR graph model (clusters, nodes, data-flow edges) on a small module,
// and the Graphviz wrapper: every node laid out, errors as diagnostics.
#include "ir_builders.h"

#include "graph/graphviz.h"
#include "graph/ir_graph.h"
#include "ir/callables.h"
#include "script/parser.h"

#include <QTest>

#include <algorithm>
#include <string_view>
#include <thread>

using namespace tirx;

namespace {

const char* kCopy = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F


@T.function
def main(A: T.Tensor((512, 512), "float32")):
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout="PF")
    B = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    for i in range(4):
        T.trn.tile.load(A_sbuf[i * 128 : i * 128 + 128, :], A[i * 128 : i * 128 + 128, :])
    B[0, 1] = A_sbuf[0, 1] + A_sbuf[1, 1]
)";

// Two tensorized nests as a lowered kernel has them, one instruction each.
const char* kNests = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F


@T.function
def main(G: T.Tensor((128, 256), "int8", layout=T.TileLayout(T.S[(128, 256):(256, 1)]))):
    T.device_entry()
    X = T.alloc_tensor((128, 8), "int8", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 8):(1 @ P, 1 @ F)]))
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(8, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(X[p_loop, f_loop], G[p_loop, f_loop])
    with T.nki.tensorized_instruction():
        for p_loop in T.serial(128, annotations={"nki_dim": "P"}):
            for f_loop in T.serial(8, annotations={"nki_dim": "F"}):
                T.nki.tensortensor(X[p_loop, f_loop], X[p_loop, f_loop], G[p_loop, f_loop], "add")
)";

int nodeNamed(const IrGraph& g, const std::string& prefix)
{
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        if (g.nodes[i].label.rfind(prefix, 0) == 0) return static_cast<int>(i);
    }
    return -1;
}

bool hasEdge(const IrGraph& g, int from, int to, IrGraph::EdgeKind kind)
{
    return std::any_of(g.edges.begin(), g.edges.end(),
                       [&](const IrGraph::Edge& e) { return e.from == from && e.to == to && e.kind == kind; });
}

IrGraph graphOf(const char* source, const IrGraphOptions& options = {})
{
    const auto parsed = parseModule(source);
    if (!parsed.ok()) qFatal("%s", formatDiagnostics(parsed.diagnostics, "graph", source).c_str());
    return buildIrGraph(*parsed.module, options);
}

IrGraph copyGraph() { return graphOf(kCopy); }

// kNests' header, then `pairs` allocations X0, X1, ... each followed by two
// nests: a copy from G into it and an add that also reads the one before,
// so each X is shared with the next pair. Between two halves of the pairs,
// `loopBetween` puts a user's loop.
std::string longKernel(int pairs, bool loopBetween = false)
{
    std::string out(kNests, std::string_view(kNests).find("    X = "));
    auto nest = [&](const std::string& instruction) {
        out += "    with T.nki.tensorized_instruction():\n"
               "        for p_loop in T.serial(128, annotations={\"nki_dim\": \"P\"}):\n"
               "            for f_loop in T.serial(8, annotations={\"nki_dim\": \"F\"}):\n"
               "                " +
               instruction + "\n";
    };
    for (int k = 0; k < pairs; ++k) {
        if (loopBetween && k == pairs / 2) out += "    for i in range(2):\n        T.evaluate(0)\n";
        const std::string x = "X" + std::to_string(k);
        const std::string before = "X" + std::to_string(std::max(0, k - 1));
        out += "    " + x +
               " = T.alloc_tensor((128, 8), \"int8\", scope=\"trn.sbuf\", "
               "layout=T.TileLayout(T.S[(128, 8):(1 @ P, 1 @ F)]))\n";
        nest("T.nki.tensor_copy(" + x + "[p_loop, f_loop], G[p_loop, f_loop])");
        nest("T.nki.tensortensor(" + x + "[p_loop, f_loop], " + x + "[p_loop, f_loop], " + before +
             "[p_loop, f_loop], \"add\")");
    }
    return out;
}

// The 1-based line of the first line of `text` that starts with `prefix` after its indent.
uint32_t lineOf(const std::string& text, const std::string& prefix)
{
    uint32_t line = 1;
    for (size_t at = 0; at < text.size(); at = text.find('\n', at) + 1, ++line) {
        const size_t start = text.find_first_not_of(' ', at);
        if (text.compare(start, prefix.size(), prefix) == 0) return line;
        if (text.find('\n', at) == std::string::npos) break;
    }
    return 0;
}

// One call of `op` on its own: each tensor operand a tensor of its own,
// named T<index>, a region for tile ops and an element for instructions.
Module lonelyCall(const Callable& op)
{
    using namespace tirx::testing;
    std::vector<Var> params;
    std::vector<Expr> args;
    for (size_t i = 0; i < op.params.size(); ++i) {
        const CallableParam& p = op.params[i];
        if (p.role == ParamRole::Qualifier) continue;
        if (p.role == ParamRole::Tensor || p.role == ParamRole::Workspace) {
            const Var t = tensorVar("T" + std::to_string(i), tensorTy({128, 4}));
            params.push_back(t);
            args.push_back(op.tileOp ? fullRegion(t) : tensorLoad(t, {i32(0), i32(0)}));
        } else if (p.type == "str") {
            args.push_back(stringImm("add"));
        } else {
            args.push_back(floatImm(1.0));
        }
    }
    return moduleOf({fn("main", params, makeEvaluate(call(op.op, std::move(args))))});
}

} // namespace

class TestIrGraph : public QObject {
    Q_OBJECT

private slots:
    // Every tensor operand of every tile op and NKI instruction is an
    // in-edge or an out-edge as the op table's access column says: a second
    // output (activation_reduce's reduced column) is written, not read.
    void edgesFollowTheAccessColumn()
    {
        int checked = 0;
        for (const Callable& op : callables()) {
            if (!op.tileOp && !op.nkiOp) continue;
            const IrGraph g = buildIrGraph(lonelyCall(op));
            int call = -1;
            for (size_t i = 0; i < g.nodes.size(); ++i) {
                if (g.nodes[i].kind == IrGraph::NodeKind::Instruction) call = static_cast<int>(i);
            }
            QVERIFY2(call >= 0, std::string(op.name).c_str());
            for (size_t i = 0; i < op.params.size(); ++i) {
                const CallableParam& p = op.params[i];
                if (p.role != ParamRole::Tensor) continue;
                const std::string what = std::string(op.name) + " " + std::string(p.name);
                QVERIFY2(p.access != Access::None, (what + " has no access in its table row").c_str());
                const int tensor = nodeNamed(g, "T" + std::to_string(i) + "\n");
                QVERIFY2(tensor >= 0, what.c_str());
                const bool writes = p.access == Access::Write || p.access == Access::ReadWrite;
                const bool reads = p.access == Access::Read || p.access == Access::ReadWrite;
                QVERIFY2(hasEdge(g, call, tensor, IrGraph::EdgeKind::Write) == writes, what.c_str());
                QVERIFY2(hasEdge(g, tensor, call, IrGraph::EdgeKind::Read) == reads, what.c_str());
                ++checked;
            }
        }
        QVERIFY2(checked >= 70, std::to_string(checked).c_str()); // 78 when written
    }

    void nodesAndEdges()
    {
        const IrGraph g = copyGraph();
        QCOMPARE(g.clusters.size(), size_t{2});
        QCOMPARE(QString::fromStdString(g.clusters[0].label), QStringLiteral("def main"));
        QCOMPARE(QString::fromStdString(g.clusters[1].label), QStringLiteral("for i in range(4)"));
        QCOMPARE(g.clusters[1].parent, 0);
        QCOMPARE(g.nodes.size(), size_t{5}); // A, A_sbuf, B, the load, the store

        const int a = nodeNamed(g, "A\n");
        const int sbuf = nodeNamed(g, "A_sbuf\n");
        const int b = nodeNamed(g, "B\n");
        const int load = nodeNamed(g, "trn.tile.load");
        const int store = nodeNamed(g, "B[...] =");
        QVERIFY(a >= 0 && sbuf >= 0 && b >= 0 && load >= 0 && store >= 0);
        QCOMPARE(g.nodes[static_cast<size_t>(load)].cluster, 1);
        QCOMPARE(g.nodes[static_cast<size_t>(store)].cluster, 0);
        QCOMPARE(g.nodes[static_cast<size_t>(load)].span.line, 11u);
        QCOMPARE(g.nodes[static_cast<size_t>(sbuf)].span.line, 8u);
        QCOMPARE(g.nodes[static_cast<size_t>(load)].kind, IrGraph::NodeKind::Instruction);
        QCOMPARE(g.nodes[static_cast<size_t>(sbuf)].kind, IrGraph::NodeKind::Tensor);

        // The load writes its first operand and reads its second; the store
        // reads A_sbuf once although it names it twice.
        QVERIFY(hasEdge(g, load, sbuf, IrGraph::EdgeKind::Write));
        QVERIFY(hasEdge(g, a, load, IrGraph::EdgeKind::Read));
        QVERIFY(hasEdge(g, sbuf, store, IrGraph::EdgeKind::Read));
        QVERIFY(hasEdge(g, store, b, IrGraph::EdgeKind::Write));
        QCOMPARE(g.edges.size(), size_t{4});
    }

    // Each nest is one node with the edges of its instruction; its loops
    // are in the label, not boxes.
    void nestsAreFolded()
    {
        const IrGraph g = graphOf(kNests);
        QCOMPARE(g.nests, 2);
        QCOMPARE(g.foldedNests, 2);
        QCOMPARE(g.foldedInstructions, 2);
        QCOMPARE(g.clusters.size(), size_t{1}); // def main only
        const int copy = nodeNamed(g, "nki.tensor_copy");
        const int add = nodeNamed(g, "nki.tensortensor");
        const int gt = nodeNamed(g, "G\n");
        const int x = nodeNamed(g, "X\n");
        QVERIFY(copy >= 0 && add >= 0 && gt >= 0 && x >= 0);
        const auto& node = g.nodes[static_cast<size_t>(copy)];
        QCOMPARE(node.kind, IrGraph::NodeKind::Nest);
        QCOMPARE(node.label, std::string("nki.tensor_copy\n128 \u00d7 8"));
        QCOMPARE(node.nest, 0);
        QCOMPARE(node.instructions, 1);
        QCOMPARE(node.span.line, 9u); // the with statement
        QCOMPARE(g.nodes[static_cast<size_t>(add)].nest, 1);
        QVERIFY(hasEdge(g, gt, copy, IrGraph::EdgeKind::Read));
        QVERIFY(hasEdge(g, copy, x, IrGraph::EdgeKind::Write));
        QVERIFY(hasEdge(g, x, add, IrGraph::EdgeKind::Read));
        QVERIFY(hasEdge(g, gt, add, IrGraph::EdgeKind::Read));
        QVERIFY(hasEdge(g, add, x, IrGraph::EdgeKind::Write));
        QCOMPARE(g.edges.size(), size_t{5});
        QVERIFY(Graphviz::layout(irGraphToDot(g)).layout);
    }

    // An opened nest is a box of its own with its loops and instruction
    // inside; the other stays folded and keeps its number.
    void nestOpens()
    {
        IrGraphOptions options;
        options.openNests = {1};
        const IrGraph g = graphOf(kNests, options);
        QCOMPARE(g.nests, 2);
        QCOMPARE(g.foldedNests, 1);
        QCOMPARE(g.foldedInstructions, 1);
        const auto box =
            std::find_if(g.clusters.begin(), g.clusters.end(), [](const IrGraph::Cluster& c) { return c.nest == 1; });
        QVERIFY(box != g.clusters.end());
        QCOMPARE(box->parent, 0);
        QCOMPARE(box->span.line, 13u);
        const int add = nodeNamed(g, "nki.tensortensor");
        QVERIFY(add >= 0);
        const auto& node = g.nodes[static_cast<size_t>(add)];
        QCOMPARE(node.kind, IrGraph::NodeKind::Instruction);
        QCOMPARE(node.nest, -1);
        // The instruction sits in the f loop, inside the p loop, inside the box.
        const auto& f = g.clusters[static_cast<size_t>(node.cluster)];
        QCOMPARE(QString::fromStdString(f.label), QStringLiteral("for f_loop in range(8)"));
        const auto& p = g.clusters[static_cast<size_t>(f.parent)];
        QCOMPARE(QString::fromStdString(p.label), QStringLiteral("for p_loop in range(128)"));
        QCOMPARE(p.parent, static_cast<int>(box - g.clusters.begin()));
        QCOMPARE(g.nodes[static_cast<size_t>(nodeNamed(g, "nki.tensor_copy"))].nest, 0);
        const auto laid = Graphviz::layout(irGraphToDot(g));
        QVERIFY(laid.layout);
        QCOMPARE(laid.layout->clusters.size(), g.clusters.size());
    }

    // G and X have ten uses each: the first keeps the tensor's node, each
    // other use gets a copy of its own, so no edge crosses the graph.
    void busyTensorsAreDrawnBesideEachUse()
    {
        std::string source(kNests, std::string_view(kNests).find("    with"));
        for (int k = 0; k < 10; ++k) {
            source += "    with T.nki.tensorized_instruction():\n"
                      "        for p_loop in T.serial(128, annotations={\"nki_dim\": \"P\"}):\n"
                      "            for f_loop in T.serial(8, annotations={\"nki_dim\": \"F\"}):\n"
                      "                T.nki.tensor_copy(X[p_loop, f_loop], G[p_loop, f_loop])\n";
        }
        const IrGraph g = graphOf(source.c_str());
        QCOMPARE(g.splitTensors, 2);
        QCOMPARE(g.nodes.size(), size_t{2 + 10 + 9 + 9});
        QCOMPARE(g.edges.size(), size_t{20});
        std::vector<int> uses(g.nodes.size(), 0);
        for (const auto& e : g.edges) {
            ++uses[static_cast<size_t>(e.from)];
            ++uses[static_cast<size_t>(e.to)];
        }
        const int gt = nodeNamed(g, "G\n");
        for (size_t i = 0; i < g.nodes.size(); ++i) {
            const auto& n = g.nodes[i];
            if (n.kind != IrGraph::NodeKind::Tensor) continue;
            QCOMPARE(uses[i], 1); // every tensor node beside one use
            if (n.copyOf >= 0) QCOMPARE(n.label, g.nodes[static_cast<size_t>(n.copyOf)].label);
        }
        QCOMPARE(g.nodes[static_cast<size_t>(gt)].copyOf, -1);
        IrGraphOptions once;
        once.maxTensorEdges = 100;
        QCOMPARE(graphOf(source.c_str(), once).nodes.size(), size_t{12});
    }

    // 30 nests in one block are four runs of 8, 7, 8 and 7 instructions
    // (cut where each reaches its share); an X used only in its own run is
    // inside it, one used by the next run is drawn between them.
    void longBlocksFoldIntoRuns()
    {
        const std::string source = longKernel(15);
        const IrGraph g = graphOf(source.c_str());
        QCOMPARE(g.runs, 4);
        QCOMPARE(g.foldedRuns, 4);
        QCOMPARE(g.runInstructions, 30);
        QCOMPARE(g.nests, 30); // numbered although none is drawn
        QCOMPARE(g.foldedNests, 0);
        std::vector<int> runs;
        int xs = 0;
        for (size_t i = 0; i < g.nodes.size(); ++i) {
            const auto& n = g.nodes[i];
            if (n.kind == IrGraph::NodeKind::Run) runs.push_back(static_cast<int>(i));
            if (n.kind == IrGraph::NodeKind::Tensor && n.label[0] == 'X') ++xs;
            QVERIFY(n.kind == IrGraph::NodeKind::Run || n.kind == IrGraph::NodeKind::Tensor);
        }
        QCOMPARE(runs.size(), size_t{4});
        QCOMPARE(xs + g.hiddenTensors, 15);
        // Drawn: X3 (read by run 1), X6 and X7 (X7's add is in run 2), X10 and X11.
        QCOMPARE(g.hiddenTensors, 10);
        const auto& first = g.nodes[static_cast<size_t>(runs[0])];
        QCOMPARE(first.run, 0);
        QCOMPARE(first.instructions, 8);
        QCOMPARE(first.span.line, lineOf(source, "X0 = "));
        // From X0's allocation to the with line of X3's add, four lines above X4's allocation.
        const std::string lines =
            "lines " + std::to_string(lineOf(source, "X0 = ")) + "\u2013" + std::to_string(lineOf(source, "X4 = ") - 4);
        QCOMPARE(QString::fromStdString(first.label),
                 QString::fromStdString(lines) +
                     QString::fromUtf8(": 8 instructions\nnki.tensor_copy \u00d7 4\nnki.tensortensor \u00d7 4\n"
                                       "3 tensors inside"));
        QVERIFY(first.detail.find("used only here: X0, X1, X2;") != std::string::npos);
        QCOMPARE(g.nodes[static_cast<size_t>(runs[1])].instructions, 7);
        // X3 is written and read by run 0 (its add reads it back) and read by
        // run 1: one edge per run and direction, not one per instruction.
        const int x3 = nodeNamed(g, "X3\n");
        QVERIFY(x3 >= 0);
        QVERIFY(hasEdge(g, runs[0], x3, IrGraph::EdgeKind::Write));
        QVERIFY(hasEdge(g, x3, runs[0], IrGraph::EdgeKind::Read));
        QVERIFY(hasEdge(g, x3, runs[1], IrGraph::EdgeKind::Read));
        QCOMPARE(std::count_if(g.edges.begin(), g.edges.end(),
                               [&](const IrGraph::Edge& e) { return e.from == x3 || e.to == x3; }),
                 3);
        const auto laid = Graphviz::layout(irGraphToDot(g));
        QVERIFY(laid.layout);
        QCOMPARE(laid.layout->nodes.size(), g.nodes.size());
    }

    // An opened run is a box holding its nests, each numbered as when all
    // are folded; the other runs stay folded and keep their numbers.
    void runOpens()
    {
        IrGraphOptions options;
        options.openRuns = {1};
        const IrGraph g = graphOf(longKernel(15).c_str(), options);
        QCOMPARE(g.runs, 4);
        QCOMPARE(g.foldedRuns, 3);
        QCOMPARE(g.runInstructions, 23);
        QCOMPARE(g.nests, 30);
        QCOMPARE(g.foldedNests, 7);
        const auto box =
            std::find_if(g.clusters.begin(), g.clusters.end(), [](const IrGraph::Cluster& c) { return c.run == 1; });
        QVERIFY(box != g.clusters.end());
        QVERIFY(box->label.rfind("run of lines ", 0) == 0);
        std::vector<int> numbers;
        for (const auto& n : g.nodes) {
            if (n.kind != IrGraph::NodeKind::Nest) continue;
            QCOMPARE(n.cluster, static_cast<int>(box - g.clusters.begin()));
            numbers.push_back(n.nest);
        }
        QCOMPARE(numbers, (std::vector<int>{8, 9, 10, 11, 12, 13, 14}));
        // Opening nest 9 inside it leaves run 1 open and the others folded.
        options.openNests = {9};
        const IrGraph deeper = graphOf(longKernel(15).c_str(), options);
        QCOMPARE(deeper.foldedRuns, 3);
        QCOMPARE(deeper.foldedNests, 6);
        QVERIFY(Graphviz::layout(irGraphToDot(deeper)).layout);
    }

    // A stretch up to foldRunsFrom is drawn as it is, and a user's loop
    // ends a stretch: 24 nests either side of one are not folded.
    void shortStretchesStayOpen()
    {
        QCOMPARE(graphOf(longKernel(12).c_str()).runs, 0);
        const IrGraph g = graphOf(longKernel(24, true).c_str());
        QCOMPARE(g.runs, 0);
        QCOMPARE(g.foldedNests, 48);
        QCOMPARE(graphOf(longKernel(13).c_str()).runs, 4);
    }

    // A node sized by the front end keeps its size through Graphviz.
    void measuredNodesKeepTheirSize()
    {
        IrGraph g;
        g.nodes.push_back({IrGraph::NodeKind::Instruction, "a rather long label", "", -1, {}});
        g.nodes.back().width = 300;
        g.nodes.back().height = 40;
        g.nodes.push_back({IrGraph::NodeKind::Instruction, "a rather long label", "", -1, {}});
        const auto r = Graphviz::layout(irGraphToDot(g));
        QVERIFY(r.layout);
        QCOMPARE(r.layout->nodes[0].width, 300.0);
        QCOMPARE(r.layout->nodes[0].height, 40.0);
        QVERIFY(r.layout->nodes[1].width < 200); // Graphviz's own estimate
    }

    // A cluster whose label the front end measured is at least that wide,
    // with room above its nodes for the label's height.
    void measuredClusterLabelsGetTheirRoom()
    {
        IrGraph g;
        g.clusters.push_back({"for i in range(4)", -1, {}});
        g.clusters.back().labelWidth = 400;
        g.clusters.back().labelHeight = 30;
        g.nodes.push_back({IrGraph::NodeKind::Instruction, "x", "", 0, {}});
        const auto r = Graphviz::layout(irGraphToDot(g));
        QVERIFY2(r.layout, r.diagnostics.empty() ? "" : r.diagnostics.front().message.c_str());
        QVERIFY(r.diagnostics.empty());
        const auto& box = r.layout->clusters.at(0);
        const auto& node = r.layout->nodes.at(0);
        QVERIFY2(box.width >= 400, qPrintable(QString::number(box.width)));
        QVERIFY2(node.y - box.y >= 30, qPrintable(QString::number(node.y - box.y)));
    }

    void laidOutByDot()
    {
        const IrGraph g = copyGraph();
        const auto r = Graphviz::layout(irGraphToDot(g));
        QVERIFY(r.diagnostics.empty());
        QVERIFY(r.layout);
        QCOMPARE(r.layout->nodes.size(), g.nodes.size());
        QCOMPARE(r.layout->edges.size(), g.edges.size());
        QCOMPARE(r.layout->clusters.size(), g.clusters.size());
        for (const auto& n : r.layout->nodes) {
            QVERIFY(n.width > 0 && n.height > 0);
            QVERIFY(n.x >= 0 && n.y >= 0 && n.x + n.width <= r.layout->width + 1 &&
                    n.y + n.height <= r.layout->height + 1);
        }
        // The loop's cluster holds the load; the function's holds everything.
        const auto& loop = r.layout->clusters[1];
        const auto& load = *std::find_if(r.layout->nodes.begin(), r.layout->nodes.end(),
                                         [](const GraphLayout::Box& b) { return b.label == "trn.tile.load"; });
        QVERIFY(load.x >= loop.x && load.x + load.width <= loop.x + loop.width + 0.5);
        QCOMPARE(QString::fromStdString(loop.label), QStringLiteral("for i in range(4)"));
        for (const auto& e : r.layout->edges) {
            QVERIFY(e.spline.size() >= 4);
            QCOMPARE((e.spline.size() - 1) % 3, size_t{0});
        }
    }

    void labelsAreEscaped()
    {
        IrGraph g;
        g.nodes.push_back({IrGraph::NodeKind::Instruction, "say \"hi\" \\ \n twice", "", -1, {}});
        const auto r = Graphviz::layout(irGraphToDot(g));
        QVERIFY(r.layout);
        QCOMPARE(r.layout->nodes.size(), size_t{1});
    }

    void syntaxErrorIsADiagnostic()
    {
        const auto r = Graphviz::layout("digraph { a -> ; }\n");
        QVERIFY(!r.layout);
        QVERIFY(!r.diagnostics.empty());
        QCOMPARE(r.diagnostics.front().severity, Diagnostic::Severity::Error);
        QVERIFY(r.diagnostics.front().message.rfind("graphviz: ", 0) == 0);
        QCOMPARE(r.diagnostics.front().span.line, 1u);
        // Graphviz is usable again after the error.
        QVERIFY(Graphviz::layout("digraph { a -> b; }").layout);
    }

    void unknownEngineIsADiagnostic()
    {
        const auto r = Graphviz::layout("digraph { a -> b; }", "no-such-engine");
        QVERIFY(!r.layout);
        QVERIFY(hasErrors(r.diagnostics));
        const auto s = Graphviz::render("digraph { a -> b; }", "no-such-format");
        QVERIFY(!s.output);
        QVERIFY(hasErrors(s.diagnostics));
    }

    void renderSvg()
    {
        const auto s = Graphviz::render(irGraphToDot(copyGraph()), "svg");
        QVERIFY(s.output);
        QVERIFY(s.output->find("<svg") != std::string::npos);
        QVERIFY(s.output->find("trn.tile.load") != std::string::npos);
    }

    // Calls from several threads are serialised and each gets its own result.
    void threadsAreSerialised()
    {
        const std::string dot = irGraphToDot(copyGraph());
        std::vector<size_t> counts(4, 0);
        std::vector<std::thread> threads;
        for (size_t t = 0; t < counts.size(); ++t) {
            threads.emplace_back([&, t] {
                for (int k = 0; k < 5; ++k) {
                    const auto r = t % 2 ? Graphviz::layout("digraph { a -> ; }") : Graphviz::layout(dot);
                    counts[t] += r.layout ? r.layout->nodes.size() : r.diagnostics.size() ? 100 : 0;
                }
            });
        }
        for (auto& th : threads) th.join();
        QCOMPARE(counts[0], size_t{25});
        QCOMPARE(counts[1], size_t{500});
        QCOMPARE(counts[2], size_t{25});
        QCOMPARE(counts[3], size_t{500});
    }
};

QTEST_APPLESS_MAIN(TestIrGraph)
#include "test_ir_graph.moc"
