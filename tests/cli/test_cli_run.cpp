// `tirx-cli run --device sim` on the real executable: the --json shape of
// CLI.md, an output written as .npy with the values the kernel computes
// from an input given as .npy, the never-written read of a kernel whose
// accumulator is never cleared (with its line, also for a tile-level
// kernel), and the exit codes for a
// device that is not there, a bad NAME=PATH and an unreadable input.

#include "cli_run.h"

#include "sim/array_stats.h"
#include "sim/npy.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace Qt::StringLiterals;

namespace {

QString source(const QString& relative) { return QStringLiteral(TIRX_SOURCE_DIR) + u'/' + relative; }

const QString kAlias = u"tests/golden/sim/sbuf-overlap-aliases.py"_s;
const QString kUncleared = u"tests/golden/sim/uncleared-accumulator.py"_s;

} // namespace

class TestCliRun : public QObject {
    Q_OBJECT

private slots:
    void jsonShape()
    {
        const CliRun run = runCli({u"run"_s, source(kUncleared), u"--device"_s, u"sim"_s, u"--json"_s});
        QCOMPARE(run.exitCode, 0);
        const auto doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(doc.value(u"device"_s).toString(), u"sim"_s);
        QVERIFY(doc.value(u"outputs"_s).toObject().contains(u"C"_s));
        QVERIFY(doc.value(u"seconds"_s).isDouble());
        const auto engines = doc.value(u"instructions"_s).toObject();
        QCOMPARE(engines.value(u"Tensor"_s).toInt(), 1);
        QCOMPARE(engines.value(u"DMA"_s).toInt(), 3);
        const auto reads = doc.value(u"uninitialised_reads"_s).toArray();
        QCOMPARE(reads.size(), 1);
        QCOMPARE(reads.at(0).toObject().value(u"tensor"_s).toString(), u"acc"_s);
        QCOMPARE(reads.at(0).toObject().value(u"line"_s).toInt(), 26);
    }

    // Never-written memory is poison by default: the output an uncleared
    // accumulator makes is all NaN, said so instead of min/max/mean 0.
    // --zero-fill gives the plausible numbers that hide the bug.
    void textReportsTheRead()
    {
        const CliRun run = runCli({u"run"_s, source(kUncleared)});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains(u"uncleared-accumulator.py:26:21: warning: instruction 2 (T.nki.matmul) reads 1024 "
                                  u"never-written elements of 'acc'"_s),
                 qPrintable(run.err));
        QVERIFY2(run.out.contains(u"C float32 (16, 64): all 1024 elements NaN"_s), qPrintable(run.out));

        const CliRun json = runCli({u"run"_s, source(kUncleared), u"--json"_s});
        const auto c = QJsonDocument::fromJson(json.out.toUtf8()).object()[u"stats"_s].toObject()[u"C"_s].toObject();
        QVERIFY(c.value(u"min"_s).isNull());
        QCOMPARE(c.value(u"nan_count"_s).toInt(), 1024);

        const CliRun zeroed = runCli({u"run"_s, source(kUncleared), u"--zero-fill"_s});
        QCOMPARE(zeroed.exitCode, 0);
        QVERIFY2(zeroed.out.contains(u"nan 0"_s), qPrintable(zeroed.out));
        QVERIFY2(zeroed.err.contains(u"never-written elements of 'acc'"_s), qPrintable(zeroed.err));

        const CliRun both = runCli({u"run"_s, source(kUncleared), u"--zero-fill"_s, u"--poison"_s});
        QVERIFY(both.exitCode != 0);
    }

    // A tile-level kernel: the instructions TileDispatch makes carry the
    // tile call's place, so the read of memory_map.py's accumulator, which
    // nothing clears, is reported at its T.trn.tile.matmul; and each warning
    // is printed once.
    void tileKernelReadIsAtTheTileCall()
    {
        QFile file(source(u"resources/examples/memory_map.py"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n');
        int line = 0;
        qsizetype column = 0;
        for (int i = 0; i < lines.size() && line == 0; ++i) {
            if (const auto at = lines[i].indexOf(u"T.trn.tile.matmul("_s); at >= 0) {
                line = i + 1;
                column = at + 1;
            }
        }
        QVERIFY(line > 0);
        const CliRun run = runCli({u"run"_s, source(u"resources/examples/memory_map.py"_s)});
        QCOMPARE(run.exitCode, 0);
        const QString where = u"memory_map.py:%1:%2: warning: instruction 1 (T.nki.matmul) reads 16384 never-written "
                              u"elements of 'acc_psum'"_s.arg(line)
                                  .arg(column);
        QVERIFY2(run.err.contains(where), qPrintable(run.err));
        // The overlap of Acc and acc_psum is one fact, though every pass's
        // check and the simulator each find it.
        QCOMPARE(run.err.count(u"overlaps 'acc_psum'"_s), 1);
        const CliRun lower = runCli({u"lower"_s, source(u"resources/examples/memory_map.py"_s)});
        QCOMPARE(lower.err.count(u"overlaps 'acc_psum'"_s), 1);
    }

    void errors()
    {
        QCOMPARE(runCli({u"run"_s, source(kAlias), u"--device"_s, u"ssh://host"_s}).exitCode, 2);
        QCOMPARE(runCli({u"run"_s, source(kAlias), u"--input"_s, u"A"_s}).exitCode, 2);
        const CliRun missing = runCli({u"run"_s, source(kAlias), u"--input"_s, u"A=/no/such.npy"_s});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.startsWith(u"/no/such.npy: error: cannot read the file: No such file or directory"_s),
                 qPrintable(missing.err));
    }

    // Issue 31, item 1: the simulator holds DRAM parameters in full, so a
    // kernel whose parameters are past the stated limit (1 GB together) is
    // refused at the largest one, with every size, before anything is drawn;
    // under a CPU, wall-clock and address-space bound (it used to take 8 s
    // and 2.2 GB at 1 GB, and to abort at 16 GB).
    void dramParametersPastTheLimitAreRefusedWithTheirSizes_data()
    {
        QTest::addColumn<QString>("shape");
        QTest::addColumn<QString>("sizes");
        QTest::newRow("4 GB") << u"32768, 32768"_s << u"hold 4.0 GB (A 4 GB, C 256 KB)"_s;
        QTest::newRow("just past 1 GB") << u"16384, 16384"_s << u"hold 1.0 GB (A 1 GB, C 256 KB)"_s;
    }

    void dramParametersPastTheLimitAreRefusedWithTheirSizes()
    {
        QFETCH(QString, shape);
        QFETCH(QString, sizes);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"big.py"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(u"import tvm\nfrom tvm_tirx.script import tirx as T\nfrom tvm_tirx.backend.trn.axis import P, F\n\n"
                   "tile = T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)])\n\n"
                   "with tvm.target.Target(\"aws/trn1/trn1.2xlarge\"):\n\n"
                   "    @T.ir_module\n    class Module:\n        @T.function\n"
                   "        def main(A: T.Tensor((%1), \"float32\"), C: T.Tensor((128, 512), \"float32\")):\n"
                   "            T.func_attr({\"num_inputs\": 1})\n            T.device_entry()\n"
                   "            a = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", layout=tile)\n"
                   "            T.trn.tile.load(a, A[0:128, 0:512])\n            T.trn.tile.store(C[0:128, :], a)\n"_s
                       .arg(shape)
                       .toUtf8());
        file.close();
        const CliRun run = runCliLimited({u"run"_s, path}, {10, 20, rlim_t{1} << 30});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith(path + u":12:18: error: the DRAM parameters "_s + sizes +
                                    u"; the simulator holds every DRAM parameter in memory and runs kernels whose "
                                    u"parameters hold at most 1 GB together"_s),
                 qPrintable(run.err));
        QVERIFY2(peakRssKiB() < kPeakRssBoundKiB, qPrintable(QString::number(peakRssKiB())));
    }
};

QTEST_APPLESS_MAIN(TestCliRun)
#include "test_cli_run.moc"
