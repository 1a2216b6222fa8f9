// The IR graph view: a scene item per node, a click reports the node's
// source, and a Graphviz failure is shown as its diagnostics.
#include "graph/irgraphview.h"
#include "irview/tracesourcemap.h"

#include "script/parser.h"

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
        auto parsed = tirx::parseModule(kModule);
        QVERIFY(parsed.ok());
        view.setModule(parsed.module);
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
        auto parsed = tirx::parseModule(kModule);
        view.setModule(parsed.module);
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
