// The Run dock on a run far too long to wait for: while the simulator works
// on its worker thread the view counts the instructions done, an edit is
// lowered beside it, and Cancel stops it at the next instruction, well
// before the end, with a result that says it was cancelled.

#include "apptest.h"
#include "editor/codeeditor.h"
#include "mainwindow.h"
#include "rundock.h"
#include "session/workbenchsession.h"

#include "run/runview.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// 400 000 tensortensor instructions: minutes of simulation in a Debug build.
constexpr int64_t kInstructions = 400000;

const char* const kLongKernel = R"(from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((128, 8), "float32"), C: T.Tensor((128, 8), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 8), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(8, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    for r in range(400000):
        with T.nki.tensorized_instruction():
            for p in T.serial(128, annotations={"nki_dim": "P"}):
                for f in T.serial(8, annotations={"nki_dim": "F"}):
                    T.nki.tensortensor(a[p, f], a[p, f], a[p, f], "max")
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(8, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], a[p, f])
)";

QPushButton* button(QWidget* view, const QString& text)
{
    for (auto* b : view->findChildren<QPushButton*>()) {
        if (b->text() == text) return b;
    }
    return nullptr;
}

} // namespace

class TestRunDock : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { apptest::useTestSettings(); }

    void longRunShowsProgressAndCancels()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"long.py"_s);
        QVERIFY(apptest::writeBytes(path, kLongKernel));
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(path, &error), qPrintable(error));
        QVERIFY(window.session()->trace());
        auto* dock = window.runDock();
        QVERIFY(dock);
        RunView* view = dock->view();
        QSignalSpy finished(dock, &RunDock::finished);

        button(view, u"Run on simulator"_s)->click();
        QVERIFY(dock->isRunning());
        QTRY_VERIFY2_WITH_TIMEOUT(view->summary().contains(u"instructions so far"_s), qPrintable(view->summary()),
                                  20000);
        // A lowering and the run at once: the edit is lowered while the
        // simulator goes on.
        QSignalSpy traces(window.session(), &WorkbenchSession::traceReady);
        window.editor()->append(u"\n# edited while running\n"_s);
        QVERIFY(traces.wait(20000));
        QVERIFY(dock->isRunning());
        button(view, u"Cancel"_s)->click();
        QVERIFY(finished.wait(20000));
        QVERIFY(!dock->isRunning());
        const auto result = view->result();
        QVERIFY(result);
        QVERIFY(result->cancelled);
        QVERIFY(result->instructions > 0);
        QVERIFY(result->instructions < kInstructions);
        QVERIFY2(view->summary().startsWith(u"Cancelled after "_s), qPrintable(view->summary()));
        QVERIFY(button(view, u"Run on simulator"_s)->isEnabled());
    }
};

QTEST_MAIN(TestRunDock)
#include "test_rundock.moc"
