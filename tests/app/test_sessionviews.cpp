// A view that needs the target takes the session's, the one the driver
// resolved for the Trace, never a default: a trn2 module's memory map ends
// at 224 KiB per partition where a trn1 module's ends at 192 KiB, and the
// Run dock draws a trn2 run against trn2's limits; before anything is
// lowered there is no target at all.

#include "apptest.h"
#include "mainwindow.h"
#include "rundock.h"
#include "session/workbenchsession.h"

#include "memmap/memorymap.h"
#include "memmap/memorypanel.h"
#include "passes/passstepper.h"
#include "run/runview.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

constexpr int kWaitMs = 20000;

// A kernel the simulator runs in a moment, for `tag`.
QByteArray shortKernel(const char* tag)
{
    return QByteArray(R"(import tvm
from tvm.script import tirx as T

with tvm.target.Target(")") +
           tag + R"("):

    @T.function
    def main(A: T.Tensor((128, 8), "float32"), C: T.Tensor((128, 8), "float32")):
        T.func_attr({"num_inputs": 1})
        a = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 8), "float32", scope="trn.sbuf")])
        with T.nki.tensorized_instruction():
            for p in T.serial(128, annotations={"nki_dim": "P"}):
                for f in T.serial(8, annotations={"nki_dim": "F"}):
                    T.nki.load(a[p, f], A[p, f])
        with T.nki.tensorized_instruction():
            for p in T.serial(128, annotations={"nki_dim": "P"}):
                for f in T.serial(8, annotations={"nki_dim": "F"}):
                    T.nki.store(C[p, f], a[p, f])
)";
}

} // namespace

class TestSessionViews : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { apptest::useTestSettings(); }

    void theMemoryMapEndsAtTheSessionsCapacity_data()
    {
        QTest::addColumn<QString>("tag");
        QTest::addColumn<qint64>("sbufBytes");
        QTest::newRow("trn2") << u"explorer/trn2"_s << qint64{224 * 1024};
        QTest::newRow("trn1") << u"aws/trn1/trn1.2xlarge"_s << qint64{192 * 1024};
    }

    void theMemoryMapEndsAtTheSessionsCapacity()
    {
        QFETCH(QString, tag);
        QFETCH(qint64, sbufBytes);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"module.py"_s);
        QByteArray text = apptest::readBytes(apptest::examplePath(u"naive_allocator.py"_s));
        text.replace("aws/trn1/trn1.2xlarge", tag.toUtf8());
        QVERIFY(apptest::writeBytes(path, text));

        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QString error;
        QVERIFY2(window.loadFile(path, &error), qPrintable(error));
        QVERIFY(window.prepareScreenshot(u"TrnNaiveAllocator"_s, u"sbuf"_s).isEmpty());
        const tirx::Target* target = window.session()->target();
        QVERIFY(target);
        QCOMPARE(QString::fromStdString(target->tag), tag);
        QTRY_COMPARE_WITH_TIMEOUT(window.memoryPanel()->target(), target, kWaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(window.memoryPanel()->sbufMap()->plan(), kWaitMs);
        QCOMPARE(static_cast<qint64>(window.memoryPanel()->sbufMap()->capacityBytes()), sbufBytes);
        QCOMPARE(window.memoryPanel()->psumMap()->capacityBytes(), int64_t{target->psumBanks} * target->psumBankBytes);
        QVERIFY2(window.passStepper()->capacityText().startsWith(u"SBUF %1 KiB"_s.arg(sbufBytes / 1024)),
                 qPrintable(window.passStepper()->capacityText()));
    }

    void theRunDockDrawsAgainstTheSessionsTarget()
    {
        MainWindow window;
        RunDock* dock = window.runDock();
        QVERIFY(dock);
        QSignalSpy finished(dock, &RunDock::finished);

        // Nothing lowered: a message, and no target to pretend with.
        dock->run();
        QCOMPARE(finished.size(), 1);
        QVERIFY(!dock->view()->target());

        QTemporaryDir dir;
        const QString path = dir.filePath(u"kernel.py"_s);
        QVERIFY(apptest::writeBytes(path, shortKernel("explorer/trn2")));
        QString error;
        QVERIFY2(window.loadFile(path, &error), qPrintable(error));
        QVERIFY(window.session()->trace());
        QVERIFY2(!window.session()->trace()->failed(), "the kernel lowers");
        dock->run();
        QVERIFY(finished.wait(kWaitMs));
        const auto result = dock->view()->result();
        QVERIFY(result);
        QVERIFY2(result->ok(), result->diagnostics.empty() ? "" : result->diagnostics.front().message.c_str());
        const tirx::Target* target = dock->view()->target();
        QCOMPARE(target, window.session()->target());
        QCOMPARE(target->tag, std::string("explorer/trn2"));
        QCOMPARE(target->maxSbufBytesPerPartition, int64_t{224 * 1024});
    }
};

QTEST_MAIN(TestSessionViews)
#include "test_sessionviews.moc"
