// The IR graph model (clusters, nodes, data-flow edges) on a small module,
// and the Graphviz wrapper: every node laid out, errors as diagnostics.
#include "graph/graphviz.h"
#include "graph/ir_graph.h"
#include "script/parser.h"

#include <QTest>

#include <algorithm>
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

IrGraph copyGraph()
{
    const auto parsed = parseModule(kCopy);
    if (!parsed.ok()) qFatal("%s", formatDiagnostics(parsed.diagnostics, "copy", kCopy).c_str());
    return buildIrGraph(*parsed.module);
}

} // namespace

class TestIrGraph : public QObject {
    Q_OBJECT

private slots:
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
