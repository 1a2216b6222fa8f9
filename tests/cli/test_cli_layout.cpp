// tirx-cli layout and graph: the public text and JSON shapes of CLI.md, and
// exit statuses for a missing tensor and a bad index.
#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QString source(const QString& relative) { return QStringLiteral(TIRX_SOURCE_DIR) + u'/' + relative; }

} // namespace

class TestCliLayout : public QObject {
    Q_OBJECT

private slots:
    // Issue 31, item 3: the JSON of a large tensor keeps its summary and
    // leaves the element map out (it made hundreds of MB of JSON and GBs of
    // memory), saying so at the file; under a CPU, wall-clock and
    // address-space bound, and small.
    void aLargeTensorsJsonLeavesTheMapOut()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"large.py"_s);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("import tvm\nfrom tvm_tirx.script import tirx as T\n\n"
                   "with tvm.target.Target(\"aws/trn1/trn1.2xlarge\"):\n\n"
                   "    @T.ir_module\n    class Module:\n        @T.function\n"
                   "        def main(A: T.Tensor((2048, 4096), \"float32\")):\n"
                   "            A[0, 0] = T.float32(1.0)\n");
        file.close();
        const CliRun run =
            runCliLimited({u"layout"_s, path, u"--tensor"_s, u"A"_s, u"--json"_s}, {20, 40, rlim_t{768} << 20});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.startsWith(path + u": note: 'A' has 8388608 elements; the JSON map lists the cells of "
                                           u"tensors of at most 65536 elements"_s),
                 qPrintable(run.err));
        QVERIFY2(run.out.size() < 4096, qPrintable(QString::number(run.out.size())));
        const auto j = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QVERIFY(j.value(u"map"_s).isNull());
        QCOMPARE(j.value(u"elements"_s).toInteger(), 8388608);
        QCOMPARE(j.value(u"physical_shape"_s).toArray(), QJsonArray({8388608}));
        QVERIFY2(peakRssKiB() < kPeakRssBoundKiB, qPrintable(QString::number(peakRssKiB())));
    }

    // Chapter 02 §9.3 through the example: row 300 is partition 44, free 2 * 512 + 17.
    void oneElementText()
    {
        const CliRun run = runCli({u"layout"_s, source(u"resources/examples/copy_layout.py"_s), u"--tensor"_s,
                                   u"A_sbuf"_s, u"--index"_s, u"300,17"_s});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, u"partition 44 free 1041 byte 4164\n"_s);
    }

    void oneElementJsonPsum()
    {
        const CliRun run = runCli({u"layout"_s, source(u"tests/golden/layout/06-psum-gemm.py"_s), u"--tensor"_s, u"A"_s,
                                   u"--index"_s, u"300,200"_s, u"--json"_s});
        QCOMPARE(run.exitCode, 0);
        const auto j = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(j[u"tensor"_s].toString(), u"A"_s);
        QCOMPARE(j[u"index"_s].toArray(), QJsonArray({300, 200}));
        QCOMPARE(j[u"bank"_s].toInt(), 1);
        QCOMPARE(j[u"partition"_s].toInt(), 44);
        QCOMPARE(j[u"free"_s].toInt(), 200);
        QCOMPARE(j[u"byte"_s].toInt(), 800);
    }

    void wholeMapJson()
    {
        const CliRun run = runCli(
            {u"layout"_s, source(u"tests/golden/layout/08-interleaved-p.py"_s), u"--tensor"_s, u"A"_s, u"--json"_s});
        QCOMPARE(run.exitCode, 0);
        const auto j = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(j[u"physical_shape"_s].toArray(), QJsonArray({12, 86}));
        const auto map = j[u"map"_s].toArray();
        QCOMPARE(map.size(), 12 * 16);
        QCOMPARE(map[7 * 16 + 13].toArray(), QJsonArray({1, 85}));
    }

    void svgPicture()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(u"a.svg"_s);
        const CliRun run = runCli(
            {u"layout"_s, source(u"tests/golden/layout/01-api-doc.py"_s), u"--tensor"_s, u"A"_s, u"--svg"_s, out});
        QCOMPARE(run.exitCode, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray svg = f.readAll();
        QVERIFY(svg.startsWith("<svg"));
        // The explorer's picture: its caption over the physical panel, the
        // logical and the physical cells as grids of runs of one colour.
        QVERIFY2(svg.contains("SBUF: 128 partitions x 4 free elements"), svg.constData());
        QVERIFY(svg.contains("<g class=\"logical\">"));
        QVERIFY(svg.contains("<g class=\"bank\">"));
    }

    void missingTensorAndBadIndex()
    {
        CliRun run = runCli({u"layout"_s, source(u"tests/golden/layout/01-api-doc.py"_s), u"--tensor"_s, u"Q"_s});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains(u"error: no tensor named 'Q'; the file names A"_s));
        run = runCli({u"layout"_s, source(u"tests/golden/layout/01-api-doc.py"_s), u"--tensor"_s, u"A"_s, u"--index"_s,
                      u"128,0,0"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains(u"--index needs 3 integers within the shape (128, 2, 2)"_s));
    }

    void graphDotAndSvg()
    {
        CliRun run = runCli({u"graph"_s, source(u"resources/examples/copy_layout.py"_s)});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith(u"digraph tirx {"_s));
        QVERIFY(run.out.contains(u"label=\"for i in range(4)\""_s));
        run = runCli({u"graph"_s, source(u"resources/examples/copy_layout.py"_s), u"--svg"_s});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(u"<svg"_s));
        // After the lowering the tensors have their physical shapes.
        run =
            runCli({u"graph"_s, source(u"resources/examples/tiled_add.py"_s), u"--after"_s, u"LowerTrainiumLayout"_s});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains(u"A\\n(128, 2048) float32 trn.sbuf"_s));
        run = runCli({u"graph"_s, source(u"resources/examples/copy_layout.py"_s), u"--after"_s, u"NoSuchPass"_s});
        QCOMPARE(run.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliLayout)
#include "test_cli_layout.moc"
