// The IR graph view: a scene item per node, a click reports the node's
// source, and a Graphviz failure is shown as its diagnostics.
#include "graph/irgraphview.h"
#include "irview/tracesourcemap.h"

#include "script/parser.h"
#include "target/target.h"
#include "transform/pipeline.h"

#include <QFile>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

const char* kModule = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F


@T.function
def main(A: T.Tensor((512, 512), "float32")):
    T.device_entry()
    A_sbuf = T.alloc_tensor((512, 512), "float32", scope="trn.sbuf", layout="PF")
    for i in range(4):
        T.trn.tile.load(A_sbuf[i * 128 : i * 128 + 128, :], A[i * 128 : i * 128 + 128, :])
)";

// Three tensorized nests (load, add, store) from a code generation case;
// the text after its "# ---- expected" line is the expected NKI, not input.
std::string nestsSource()
{
    QFile file(QStringLiteral(TIRX_SOURCE_DIR) + u"/tests/golden/codegen/01-nki-add-1.py"_s);
    if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read the code generation case");
    const std::string text = file.readAll().toStdString();
    return text.substr(0, text.find("# ---- expected"));
}

// nestsSource's three nests ten times over: 30 nests in one block, which
// the graph folds into four runs.
std::string longSource()
{
    const std::string text = nestsSource();
    const size_t nests = text.find("    with T.nki");
    std::string out = text;
    for (int k = 1; k < 10; ++k) out += text.substr(nests);
    return out;
}

// The scene item that draws cluster or node `tooltip` starts with.
QGraphicsItem* itemTipped(const QGraphicsScene& scene, const QString& tooltip)
{
    for (QGraphicsItem* item : scene.items()) {
        if (item->toolTip().startsWith(tooltip)) return item;
    }
    return nullptr;
}

tirx::ModuleRef parsed(const std::string& source)
{
    auto r = tirx::parseModule(source);
    if (!r.ok()) qFatal("%s", tirx::formatDiagnostics(r.diagnostics, "graph", source).c_str());
    return r.module;
}

int nodeLabelled(const tirx::IrGraph& g, const std::string& prefix)
{
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        if (g.nodes[i].label.rfind(prefix, 0) == 0) return static_cast<int>(i);
    }
    return -1;
}

} // namespace

class TestIrGraphView : public QObject {
    Q_OBJECT

private slots:
    void clickToSource()
    {
        IrGraphView view;
        view.resize(800, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setModule(parsed(kModule));
        view.waitForLayout();
        QVERIFY(view.diagnostics().empty());
        QCOMPARE(view.graph().nodes.size(), size_t{3});
        int load = -1;
        for (size_t i = 0; i < view.graph().nodes.size(); ++i) {
            if (view.graph().nodes[i].label == "trn.tile.load") load = static_cast<int>(i);
        }
        QVERIFY(load >= 0);
        QSignalSpy spy(&view, &IrGraphView::sourceSpanActivated);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(view.nodeCenter(load)));
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.front().front().value<tirx::Span>().line, 10u);
    }

    // The line above the graph says what is folded; a double-click on a
    // folded nest opens it into its loops, one on the opened box folds it.
    void nestsOpenAndFold()
    {
        IrGraphView view;
        view.resize(900, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setModule(parsed(nestsSource()));
        view.waitForLayout();
        QCOMPARE(view.graph().foldedNests, 3);
        QCOMPARE(view.note(), u"3 tensorized nests drawn as one node each (3 instructions inside); double-click a nest "
                              "to open it"_s);
        const int add = nodeLabelled(view.graph(), "nki.tensorscalar");
        QVERIFY(add >= 0);
        QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(view.nodeCenter(add)));
        view.waitForLayout();
        QCOMPARE(view.graph().foldedNests, 2);
        QCOMPARE(view.note(), u"2 tensorized nests drawn as one node each (2 instructions inside); double-click a nest "
                              "to open it"_s);
        const int open = nodeLabelled(view.graph(), "nki.tensorscalar");
        QCOMPARE(view.graph().nodes[static_cast<size_t>(open)].kind, tirx::IrGraph::NodeKind::Instruction);
        // Its box is the opened nest's: a double-click inside it, off the node, folds it again.
        const QPointF inBox = view.nodeCenter(open) + QPointF(0, 20);
        QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(inBox));
        view.waitForLayout();
        QCOMPARE(view.graph().foldedNests, 3);
    }

    // A long block is a few runs; a click on one goes to its first line, a
    // double-click opens it into a box of nests, one on the box folds it.
    void runsOpenAndFold()
    {
        IrGraphView view;
        view.resize(900, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setModule(parsed(longSource()));
        view.waitForLayout();
        QCOMPARE(view.graph().foldedRuns, 4);
        QVERIFY2(view.note().startsWith(
                     u"30 instructions in 4 runs drawn as one node each; double-click a run to open it"_s),
                 qPrintable(view.note()));
        int first = -1;
        int second = -1;
        for (size_t i = 0; i < view.graph().nodes.size(); ++i) {
            if (view.graph().nodes[i].run == 0) first = static_cast<int>(i);
            if (view.graph().nodes[i].run == 1) second = static_cast<int>(i);
        }
        QVERIFY(first >= 0 && second >= 0);
        QSignalSpy spy(&view, &IrGraphView::sourceSpanActivated);
        view.centerOn(view.nodeCenter(first));
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(view.nodeCenter(first)));
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.front().front().value<tirx::Span>().line, 8u); // A_sbuf's allocation opens the first run

        view.centerOn(view.nodeCenter(second));
        QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(view.nodeCenter(second)));
        view.waitForLayout();
        QCOMPARE(view.graph().foldedRuns, 3);
        int nests = 0;
        for (const auto& n : view.graph().nodes) nests += n.kind == tirx::IrGraph::NodeKind::Nest;
        QCOMPARE(nests, 7); // the second run's share of 30
        QGraphicsItem* box = itemTipped(*view.scene(), u"run of lines"_s);
        QVERIFY(box);
        const QPointF corner = box->sceneBoundingRect().topLeft() + QPointF(4, 4);
        view.centerOn(corner);
        QTest::mouseDClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(corner));
        view.waitForLayout();
        QCOMPARE(view.graph().foldedRuns, 4);
    }

    // Nodes are sized from their labels in the scene's font: every line of
    // every label lies inside its node's box.
    void labelsFitTheirBoxes()
    {
        IrGraphView view;
        view.setModule(parsed(longSource()));
        view.waitForLayout();
        int labels = 0;
        for (QGraphicsItem* item : view.scene()->items()) {
            const QGraphicsItem* node = item->parentItem();
            if (!node) continue;
            ++labels;
            const QRectF box = node->sceneBoundingRect();
            const QRectF text = item->sceneBoundingRect();
            QVERIFY2(box.contains(text),
                     qPrintable(u"%1 overruns its box"_s.arg(static_cast<QGraphicsSimpleTextItem*>(item)->text())));
        }
        QVERIFY(labels > 10);
    }

    // A pass's loops around a nest fold into it; the user's loop stays a box.
    void passMadeLoopsFoldIntoTheNest()
    {
        QFile file(QStringLiteral(TIRX_SOURCE_DIR) + u"/resources/examples/copy_layout.py"_s);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const std::string source = file.readAll().toStdString();
        auto input = tirx::parseModule(source);
        QVERIFY(input.ok());
        tirx::PipelineOptions options;
        options.passes = {"TrnPrivateTensorAlloc", "TrnNaiveAllocator", "TileDispatch", "LowerTrainiumLayout"};
        options.context.target = tirx::findTarget("aws/trn1/trn1.2xlarge");
        const tirx::Trace trace = tirx::runPipeline(input.module, options);
        QVERIFY(!trace.failed());
        IrGraphView view;
        view.setModule(trace.entries.back()->module);
        view.waitForLayout();
        const auto& g = view.graph();
        QCOMPARE(g.foldedNests, 1);
        const int load = nodeLabelled(g, "nki.load");
        QVERIFY(load >= 0);
        QCOMPARE(g.nodes[static_cast<size_t>(load)].label, std::string("nki.load\n128 \u00d7 512"));
        const auto& loop = g.clusters[static_cast<size_t>(g.nodes[static_cast<size_t>(load)].cluster)];
        QCOMPARE(QString::fromStdString(loop.label), u"for i in range(4)"_s);
        QVERIFY(view.diagnostics().empty());
    }

    // Requests made while a layout runs: only the newest is drawn.
    void newestRequestWins()
    {
        IrGraphView view;
        QSignalSpy ready(&view, &IrGraphView::layoutReady);
        for (int k = 0; k < 5; ++k) view.setModule(parsed(k % 2 ? kModule : nestsSource()));
        QVERIFY(view.note().contains(u"laying out"_s));
        view.waitForLayout();
        QVERIFY(!view.isLayingOut());
        QCOMPARE(ready.size(), 1);             // the first was overtaken, the middle three replaced
        QCOMPARE(view.graph().foldedNests, 3); // request 4 is the nests
        QVERIFY(!view.note().contains(u"laying out"_s));
    }

    // What Graphviz reports (here: a label that is not UTF-8) reaches the
    // view as a diagnostic instead of a crash or a line on stderr.
    void graphvizMessagesAreDiagnostics()
    {
        IrGraphView view;
        tirx::IrGraph g;
        g.nodes.push_back({tirx::IrGraph::NodeKind::Instruction, "bad \xc3( label", "", -1, {}});
        view.setGraph(g);
        view.waitForLayout();
        QVERIFY(!view.diagnostics().empty());
        QVERIFY(view.diagnostics().front().message.rfind("graphviz: ", 0) == 0);
    }

    void zoomIsBounded()
    {
        IrGraphView view;
        view.zoomBy(1000);
        QCOMPARE(view.zoom(), 8.0);
        view.zoomBy(1e-6);
        QCOMPARE(view.zoom(), 0.05);
    }

    // Clusters and nodes naming clusters that do not exist (or loops of
    // parents) sit at the top instead of crashing or recursing.
    void danglingClustersAreTopLevel()
    {
        IrGraphView view;
        tirx::IrGraph g;
        g.clusters.push_back({"bad", 5, {}});
        g.clusters.push_back({"loop", 1, {}});
        g.nodes.push_back({tirx::IrGraph::NodeKind::Instruction, "x", "", 9, {}});
        view.setGraph(g);
        view.waitForLayout();
        QVERIFY(view.diagnostics().empty());
        QVERIFY(!view.nodeCenter(0).isNull());
        view.clear();
        QCOMPARE(view.scene()->items().size(), 1); // the "No graph" text
    }

    void exportsSvg()
    {
        IrGraphView view;
        view.setModule(parsed(kModule));
        view.waitForLayout();
        QTemporaryDir dir;
        QString error;
        QVERIFY2(view.exportTo(dir.filePath(u"g.svg"_s), &error), qPrintable(error));
        QVERIFY2(view.exportTo(dir.filePath(u"g.png"_s), &error), qPrintable(error));
        QVERIFY(!QImage(dir.filePath(u"g.png"_s)).isNull());
    }
};

QTEST_MAIN(TestIrGraphView)
#include "test_irgraphview.moc"
