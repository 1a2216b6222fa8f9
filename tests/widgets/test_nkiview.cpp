// The NKI view: the kernel of a Trace's last pass in the chosen API, its
// lines and the source lines they came from mapped both ways, Save As.

#include "nki/nkiview.h"

#include "codegen/current_printer.h"
#include "driver/lower.h"

#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <Qsci/qsciscintilla.h>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// Line 10 is the tensorscalar.
const char* const kKernel = R"(from tvm.script import tirx as T

@T.prim_func
def k(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(a[p, f], a[p, f], T.float32(3.0), "mul")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(B[p, f], a[p, f])
)";

std::shared_ptr<const tirx::Trace> lowered(const char* source)
{
    tirx::LowerRequest request;
    request.source = source;
    request.preset = "trn";
    request.targetOverride = "aws/trn1/trn1.2xlarge";
    return tirx::lower(request).trace;
}

int lineContaining(const QString& text, const QString& needle)
{
    const QStringList lines = text.split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].contains(needle)) return i + 1;
    }
    return 0;
}

} // namespace

class TestNkiView : public QObject {
    Q_OBJECT

private slots:
    void showsTheKernelInTheChosenApi()
    {
        const auto trace = lowered(kKernel);
        QVERIFY(trace && !trace->failed());
        NkiView view;
        view.setTrace(trace);
        QVERIFY(view.editor()->isReadOnly());
        QCOMPARE(view.api(), tirx::NkiApi::Legacy);
        QVERIFY(view.editor()->text().contains(u"@baremetal("_s));
        QVERIFY(view.title().contains(u"2.29"_s));
        QSignalSpy apis(&view, &NkiView::apiChanged);
        auto* choice = view.findChild<QComboBox*>();
        QVERIFY(choice);
        choice->setCurrentIndex(choice->findData(int(tirx::NkiApi::Current)));
        QCOMPARE(apis.size(), 1);
        QCOMPARE(view.api(), tirx::NkiApi::Current);
        QVERIFY(view.editor()->text().contains(u"@nki.jit"_s));
        QVERIFY(!view.editor()->text().contains(u"baremetal"_s));
        QCOMPARE(view.editor()->text(), QString::fromStdString(view.kernel().source));
        view.clear();
        QVERIFY(view.editor()->text().isEmpty());
    }

    void linesAndSourceLinesMapBothWays()
    {
        const auto trace = lowered(kKernel);
        QVERIFY(trace && !trace->failed());
        NkiView view;
        view.resize(700, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTrace(trace);
        const int scale = lineContaining(view.editor()->text(), u"nisa.tensor_scalar("_s);
        QVERIFY(scale > 0);

        QSignalSpy activated(&view, &NkiView::lineActivated);
        view.revealSourceLine(10);
        QVERIFY(std::find(view.markedLines().begin(), view.markedLines().end(), scale) != view.markedLines().end());
        QTest::qWait(50);
        QCOMPARE(activated.size(), 0); // revealing is not the user's choice

        view.editor()->setCursorPosition(scale - 1, 3);
        QTRY_COMPARE(activated.size(), 1);
        QCOMPARE(activated.last().at(0).value<tirx::NkiLineOrigin>().statement.line, 10u);
        // An import has no origin: nothing is reported.
        view.editor()->setCursorPosition(1, 0);
        QTest::qWait(50);
        QCOMPARE(activated.size(), 1);
        view.revealSourceLine(2);
        QVERIFY(view.markedLines().empty());
    }

    void reportsWhyThereIsNoKernel()
    {
        const auto trace = lowered(R"(from tvm.script import tirx as T

@T.prim_func
def k(A: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    a[0, 0] = T.float32(1.0)
)");
        QVERIFY(trace && !trace->failed());
        NkiView view;
        view.setTrace(trace);
        QVERIFY(view.editor()->text().isEmpty());
        QVERIFY2(view.title().contains(u"7:5"_s), qPrintable(view.title()));
        QString error;
        QVERIFY(!view.saveTo(u"/nonexistent/never.py"_s, &error));
        QVERIFY(!error.isEmpty());
    }

    // The dock says why a kernel without arguments has no nki.jit text, with
    // the message emit-nki prints, and still shows its legacy text.
    void saysWhyAKernelWithoutArgumentsHasNoCurrentApiText()
    {
        const auto trace = lowered(R"(from tvm.script import tirx as T

@T.prim_func
def k():
    T.func_attr({"num_inputs": 0})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.memset(a[p, f], T.float32(0.0))
)");
        QVERIFY(trace && !trace->failed());
        NkiView view;
        view.setTrace(trace);
        QVERIFY(view.editor()->text().contains(u"@baremetal("_s));
        auto* choice = view.findChild<QComboBox*>();
        QVERIFY(choice);
        choice->setCurrentIndex(choice->findData(int(tirx::NkiApi::Current)));
        QVERIFY(view.editor()->text().isEmpty());
        QVERIFY2(view.title().startsWith(u"No kernel: "_s), qPrintable(view.title()));
        QVERIFY2(view.title().contains(QString::fromUtf8(tirx::kNoArgumentsMessage)), qPrintable(view.title()));
        QString error;
        QVERIFY(!view.saveTo(u"/nonexistent/never.py"_s, &error));
    }

    void savesTheKernel()
    {
        const auto trace = lowered(kKernel);
        QVERIFY(trace);
        NkiView view;
        view.setTrace(trace);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel.py"_s);
        QString error;
        QVERIFY2(view.saveTo(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().toStdString(), view.kernel().source);
    }
};

QTEST_MAIN(TestNkiView)
#include "test_nkiview.moc"
