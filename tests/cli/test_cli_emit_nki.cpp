// tirx-cli emit-nki: both APIs, -o, the --json source map, and the exit
// status of a kernel that cannot be printed.

#include "cli_run.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QString golden(const QString& name) { return QStringLiteral(TIRX_SOURCE_DIR "/tests/golden/codegen/") + name; }

// The module half of a golden case (the part before its expected texts), as a file in `dir`.
QString moduleOf(const QString& name, const QTemporaryDir& dir)
{
    QFile in(golden(name));
    if (!in.open(QIODevice::ReadOnly)) return {};
    QByteArray text = in.readAll();
    const qsizetype cut = text.indexOf("# ---- expected");
    if (cut >= 0) text.truncate(cut);
    const QString path = dir.filePath(name);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size()) return {};
    return path;
}

} // namespace

class TestCliEmitNki : public QObject {
    Q_OBJECT

private slots:
    void printsTheLegacyTextByDefault()
    {
        QTemporaryDir dir;
        const CliRun run = runCli({u"emit-nki"_s, moduleOf(u"01-nki-add-1.py"_s, dir)});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith(u"# Function: func_kernel\nimport neuronxcc.nki.language as nl\n"_s));
        QVERIFY(run.out.contains(u"def func_kernel(A_ptr, B_ptr: nt.mutable_tensor, ):"_s));
        QVERIFY(!run.err.contains(u"note:"_s)); // the skipped passes are not news
    }

    void printsTheCurrentApiToAFile()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(u"kernel.py"_s);
        const CliRun run =
            runCli({u"emit-nki"_s, u"--api"_s, u"nki"_s, u"-o"_s, out, moduleOf(u"01-nki-add-1.py"_s, dir)});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.isEmpty());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains(u"@nki.jit\ndef func_kernel(A_ptr):"_s));
        QVERIFY(text.contains(u"buffer=nl.shared_hbm"_s));
    }

    void jsonCarriesTheSourceMap()
    {
        QTemporaryDir dir;
        const CliRun run = runCli({u"emit-nki"_s, u"--json"_s, moduleOf(u"01-nki-add-1.py"_s, dir)});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(doc[u"api"_s].toString(), u"legacy"_s);
        const QString source = doc[u"source"_s].toString();
        const QJsonArray lines = doc[u"lines"_s].toArray();
        QCOMPARE(lines.size(), source.count(u'\n'));
        // The load's line points at an IR line; the imports at none.
        const QStringList text = source.split(u'\n');
        int load = -1;
        for (int i = 0; i < text.size(); ++i) {
            if (text[i].contains(u"nl.load("_s)) load = i;
        }
        QVERIFY(load >= 0);
        const QJsonObject row = lines[load].toObject();
        QCOMPARE(row[u"line"_s].toInt(), load + 1);
        QVERIFY(row[u"ir_line"_s].toInt() > 0);
        QVERIFY(row[u"tile_call"_s].isNull());
        QCOMPARE(row[u"source"_s].toObject()[u"line"_s].toInt(), 13);
        QVERIFY(lines[1].toObject()[u"ir_line"_s].isNull());
    }

    // A tile-level module: the instruction lines TileDispatch made point at
    // the tile call they came from (memory_map.py's matmul).
    void instructionLinesNameTheirTileCall()
    {
        const QString path = QStringLiteral(TIRX_SOURCE_DIR) + u"/resources/examples/memory_map.py"_s;
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList module = QString::fromUtf8(file.readAll()).split(u'\n');
        int call = 0;
        for (int i = 0; i < module.size() && call == 0; ++i)
            if (module[i].contains(u"T.trn.tile.matmul("_s)) call = i + 1;
        QVERIFY(call > 0);
        const CliRun run = runCli({u"emit-nki"_s, u"--json"_s, path});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
        const QStringList text = doc[u"source"_s].toString().split(u'\n');
        const QJsonArray lines = doc[u"lines"_s].toArray();
        int matmuls = 0;
        for (int i = 0; i < text.size() && i < lines.size(); ++i) {
            if (!text[i].contains(u"nisa.nc_matmul("_s)) continue;
            ++matmuls;
            QCOMPARE(lines[i].toObject()[u"tile_call"_s].toObject()[u"line"_s].toInt(), call);
        }
        QCOMPARE(matmuls, 1);
    }

    void aKernelThatCannotPrintIsBadInput()
    {
        const CliRun run = runCli({u"emit-nki"_s, golden(u"e01-tensor-store.py"_s)});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(u"e01-tensor-store.py:8:5: error: "_s), qPrintable(run.err));
    }

    // nki.jit cannot launch a kernel without arguments: the current API
    // refuses it with the reason, at the function, as any kernel that cannot
    // print; the legacy text still prints.
    void aKernelWithoutArgumentsHasNoCurrentApiText()
    {
        const QString example = QStringLiteral(TIRX_SOURCE_DIR "/resources/examples/activation.py");
        const CliRun current = runCli({u"emit-nki"_s, u"--api"_s, u"nki"_s, example});
        QCOMPARE(current.exitCode, 1);
        QVERIFY(current.out.isEmpty());
        QVERIFY2(current.err.contains(u"activation.py:"_s), qPrintable(current.err));
        QVERIFY2(current.err.contains(u": error: nki.jit cannot launch a kernel without arguments: it picks how to run "
                                      u"a kernel (NumPy, PyTorch or JAX) from the arguments it is called with"_s),
                 qPrintable(current.err));
        QVERIFY2(current.err.contains(u"or print it with --api legacy"_s), qPrintable(current.err));
        const CliRun legacy = runCli({u"emit-nki"_s, u"--api"_s, u"legacy"_s, example});
        QCOMPARE(legacy.exitCode, 0);
        QVERIFY(legacy.out.contains(u"@baremetal("_s));
    }

    void anUnknownApiIsAUsageError()
    {
        QTemporaryDir dir;
        const CliRun run = runCli({u"emit-nki"_s, u"--api"_s, u"cuda"_s, moduleOf(u"01-nki-add-1.py"_s, dir)});
        QCOMPARE(run.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliEmitNki)
#include "test_cli_emit_nki.moc"
