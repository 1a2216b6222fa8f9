// tirx-cli check / memmap / trace on a hand-written NKI kernel, from traces
// written by the test (--from-trace): exit codes, diagnostics at the
// kernel's lines, and the JSON shapes of CLI.md.

#include "cli_run.h"

#include "../compiler/nki_fixtures.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using nkitest::TraceBuilder;

namespace {

// A kernel file and a trace of it, in a folder of their own.
struct Case {
    QTemporaryDir dir;
    QString kernel;
    QString trace;

    explicit Case(nlohmann::json document)
    {
        kernel = dir.filePath(u"kernel.py"_s);
        trace = dir.filePath(u"kernel.trace.json"_s);
        QFile k(kernel);
        if (!k.open(QIODevice::WriteOnly)) qFatal("cannot write the kernel");
        k.write("import nki\nimport nki.language as nl\n");
        document["files"] = {kernel.toStdString()};
        document["kernel"]["file"] = kernel.toStdString();
        QFile t(trace);
        if (!t.open(QIODevice::WriteOnly)) qFatal("cannot write the trace");
        t.write(QByteArray::fromStdString(document.dump()));
    }

    [[nodiscard]] CliRun run(const QString& command, QStringList extra = {}) const
    {
        return runCli(QStringList{command, kernel, u"--from-trace"_s, trace} + extra);
    }
};

// Two tensors over the same bytes, both live: an overlap at line 5.
TraceBuilder overlapping()
{
    TraceBuilder b;
    const int a = b.tile("a", "sbuf", 128, 1024, 4, std::make_pair(0, 0));
    const int c = b.tile("c", "sbuf", 128, 1024, 5, std::make_pair(0, 512));
    b.write(a, 7);
    b.write(c, 8);
    b.read(a, 9);
    b.read(c, 10);
    return b;
}

TraceBuilder clean()
{
    TraceBuilder b;
    const int x = b.tile("x", "sbuf", 128, 2048, 4);
    const int acc = b.tile("acc", "psum", 128, 2048, 5, std::make_pair(0, 2048));
    b.write(x, 6);
    b.op("nisa.nc_matmul", {{acc, -1}}, {{x, -1}}, 7);
    return b;
}

QString source(const QString& relative) { return QStringLiteral(TIRX_SOURCE_DIR) + u'/' + relative; }

QJsonObject json(const QString& text) { return QJsonDocument::fromJson(text.toUtf8()).object(); }

} // namespace

class TestCliNki : public QObject {
    Q_OBJECT

private slots:
    void checkOfACleanKernelSucceeds()
    {
        const Case c(clean().document());
        const auto r = c.run(u"check"_s);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains(u"error:"_s), qPrintable(r.err));
    }

    void checkReportsAnOverlapAtTheKernelsLine()
    {
        const Case c(overlapping().document());
        const auto r = c.run(u"check"_s);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(c.kernel + u":5:5: error: 'c' (live over instructions 1..3) and 'a'"_s),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains(u"[overlap]"_s), qPrintable(r.err));
    }

    void checkReportsTheTracesNotes()
    {
        TraceBuilder b = clean();
        b.note("warning", "output-buffer", "the output is in nl.hbm, not nl.shared_hbm", 3);
        const Case c(b.document());
        const auto r = c.run(u"check"_s);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(c.kernel + u":3:5: warning: the output is in nl.hbm"_s), qPrintable(r.err));
    }

    void memmapJsonKeepsTheTirxShape()
    {
        const Case c(clean().document());
        const auto r = c.run(u"memmap"_s, {u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const auto j = json(r.out);
        QCOMPARE(j["source"_L1].toString(), u"nki"_s);
        QVERIFY(!j.contains("programs"_L1));
        const auto allocations = j["allocations"_L1].toArray();
        QCOMPARE(allocations.size(), 2);
        const auto x = allocations[0].toObject();
        QCOMPARE(x["name"_L1].toString(), u"x"_s);
        QCOMPARE(x["scope"_L1].toString(), u"trn.sbuf"_s);
        QCOMPARE(x["placement_modelled"_L1].toBool(), true);
        QCOMPARE(x["span"_L1].toObject()["line"_L1].toInt(), 4);
        const auto acc = allocations[1].toObject();
        QCOMPARE(acc["bank"_L1].toInt(), 1);
        QCOMPARE(acc["placement_modelled"_L1].toBool(), false);
        const auto totals = j["totals"_L1].toObject();
        QCOMPARE(totals["trn.sbuf"_L1].toObject()["capacity_bytes_per_partition"_L1].toInt(), 196608);
        QCOMPARE(totals["trn.sbuf"_L1].toObject()["peak_live_bytes_per_partition"_L1].toInt(), 2048);
    }

    void memmapTargetSetsTheCapacity()
    {
        const Case c(clean().document());
        const auto r = c.run(u"memmap"_s, {u"--json"_s, u"--target"_s, u"explorer/trn2"_s});
        QCOMPARE(r.exitCode, 0);
        const auto totals = json(r.out)["totals"_L1].toObject();
        QCOMPARE(totals["trn.sbuf"_L1].toObject()["capacity_bytes_per_partition"_L1].toInt(), 229376);
    }

    void memmapJsonListsEveryProgramInstance()
    {
        TraceBuilder b = clean();
        b.nextProgram({1});
        const int y = b.tile("y", "sbuf", 128, 512, 4);
        b.write(y, 6);
        const Case c(b.document());
        const auto r = c.run(u"memmap"_s, {u"--json"_s});
        QCOMPARE(r.exitCode, 0);
        const auto programs = json(r.out)["programs"_L1].toArray();
        QCOMPARE(programs.size(), 2);
        const auto second = programs[1].toObject();
        QCOMPARE(second["program"_L1].toArray().first().toInt(), 1);
        QCOMPARE(second["allocations"_L1].toArray().size(), 1);
        QVERIFY(second["totals"_L1].toObject().contains("trn.sbuf"_L1));
        // --program picks one.
        const auto one = c.run(u"memmap"_s, {u"--json"_s, u"--program"_s, u"1"_s});
        QCOMPARE(one.exitCode, 0);
        QCOMPARE(json(one.out)["allocations"_L1].toArray().size(), 1);
        QCOMPARE(c.run(u"memmap"_s, {u"--program"_s, u"2"_s}).exitCode, 2);
    }

    void memmapTextStarsModelledPlacements()
    {
        const Case c(clean().document());
        const auto r = c.run(u"memmap"_s);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(u"* modelled placement — the compiler may place it elsewhere"_s), qPrintable(r.out));
        QVERIFY2(r.out.contains(u"0*"_s), qPrintable(r.out));
    }

    void memmapOfAnOverlapFailsButPrintsTheMap()
    {
        const Case c(overlapping().document());
        QTemporaryDir out;
        const QString svg = out.filePath(u"map.svg"_s);
        const auto r = c.run(u"memmap"_s, {u"--svg"_s, svg});
        QCOMPARE(r.exitCode, 1);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains(u"alloc-1"_s));
        QVERIFY(text.contains(u"overlap"_s));
    }

    void tracePrintsTheRawTraceOrASummary()
    {
        TraceBuilder b = clean();
        b.nextProgram({1});
        const Case c(b.document());
        const auto raw = c.run(u"trace"_s, {u"--json"_s});
        QCOMPARE(raw.exitCode, 0);
        QCOMPARE(json(raw.out)["format"_L1].toString(), u"tirx-nki-trace"_s);
        QCOMPARE(json(raw.out)["programs"_L1].toArray().size(), 2);
        const auto summary = c.run(u"trace"_s);
        QCOMPARE(summary.exitCode, 0);
        QVERIFY2(summary.out.contains(u"2 program instance(s)"_s), qPrintable(summary.out));
        QVERIFY2(summary.out.contains(u"2 tensors (1 psum, 1 sbuf), 2 instructions"_s), qPrintable(summary.out));
    }

    void aBadTraceIsBadInput()
    {
        auto doc = clean().document();
        doc["version"] = 7;
        const Case c(doc);
        const auto r = c.run(u"check"_s);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(u"version 7 is not supported"_s), qPrintable(r.err));
    }

    void aBadLaunchOptionIsAUsageError()
    {
        const Case c(clean().document());
        QCOMPARE(c.run(u"check"_s, {u"--arg"_s, u"a=12xq:float32"_s}).exitCode, 2);
        QCOMPARE(c.run(u"check"_s, {u"--grid"_s, u"0"_s}).exitCode, 2);
    }

    void aBadLaunchFileIsBadInput()
    {
        const Case c(clean().document());
        const QString launch = c.dir.filePath(u"kernel.launch.json"_s);
        QFile file(launch);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"entry\": \"k\",\n \"lnc\": 3}\n");
        file.close();
        // Found beside the kernel without --launch.
        const auto r = c.run(u"check"_s);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(launch + u":1:1: error: lnc: expected 1 or 2"_s), qPrintable(r.err));
    }

    // End to end, under the stand-in in resources/nki.
    void aGridKernelHasAPlanPerProgram()
    {
        const auto r = runCli({u"memmap"_s, u"--json"_s, source(u"tests/nki/corpus/grid_programs.py"_s)});
        QCOMPARE(r.exitCode, 0);
        const auto j = json(r.out);
        QCOMPARE(j["source"_L1].toString(), u"nki"_s);
        const auto programs = j["programs"_L1].toArray();
        QCOMPARE(programs.size(), 4);
        QCOMPARE(programs[3].toObject()["program"_L1].toArray(), (QJsonArray{1, 1}));
    }

    void launchOptionsReachTheKernel()
    {
        QTemporaryDir dir;
        const QString launch = dir.filePath(u"only_entry.json"_s);
        QFile file(launch);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"entry": "add_kernel"})");
        file.close();
        const auto r = runCli({u"trace"_s, u"--json"_s, source(u"tests/cli/nki/clean_add.py"_s), u"--launch"_s, launch,
                               u"--arg"_s, u"a=128x512:bfloat16"_s, u"--arg"_s, u"b=128x512:bfloat16"_s});
        QCOMPARE(r.exitCode, 0);
        const auto j = json(r.out);
        QCOMPARE(j["version"_L1].toInt(), 1);
        QCOMPARE(j["kernel"_L1].toObject()["entry"_L1].toString(), u"add_kernel"_s);
        const auto a = j["programs"_L1].toArray()[0].toObject()["tensors"_L1].toArray()[0].toObject();
        QCOMPARE(a["shape"_L1].toArray(), (QJsonArray{128, 512}));
        QCOMPARE(a["dtype"_L1].toString(), u"bfloat16"_s);
    }

    void aKernelErrorIsLocated()
    {
        const QString kernel = source(u"tests/nki/corpus/python_error.py"_s);
        const auto r = runCli({u"check"_s, kernel});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(kernel + u":8:"_s) && r.err.contains(u"ZeroDivisionError"_s), qPrintable(r.err));
    }

    void aMissingInterpreterIsAUsageError()
    {
        const auto r =
            runCli({u"check"_s, source(u"tests/cli/nki/clean_add.py"_s), u"--python"_s, u"/nonexistent/python3"_s});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"/nonexistent/python3"_s), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliNki)
#include "test_cli_nki.moc"
