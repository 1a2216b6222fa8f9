// What tirx-cli does with inputs and outputs that are not ordinary files:
// devices, FIFOs, directories, missing or oversized files, a full disk.
// Each ends promptly with the documented exit code and a message saying why.
// And what check promises about a module: the same verdict on fitting as
// memmap, mismatched tile operands at the call, one error per mistake.

#include "cli_run.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;

namespace {

QString source(const QString& relative) { return QStringLiteral(TIRX_SOURCE_DIR) + u'/' + relative; }

const QString kExample = u"tests/golden/script/37-naive-alloc-before.py"_s;

// Runs tirx-cli with its standard output going to `stdoutFile`.
int runToFile(const QStringList& arguments, const QString& stdoutFile, QString& err)
{
    QProcess process;
    process.setStandardOutputFile(stdoutFile);
    process.start(QStringLiteral(TIRX_CLI_PATH), arguments);
    if (!process.waitForFinished(30000)) return -1;
    err = QString::fromUtf8(process.readAllStandardError());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

void write(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

} // namespace

class TestCliInputs : public QObject {
    Q_OBJECT

private slots:
    void devicesAndFifosAreRefusedAtOnce()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(u"pipe"_s);
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        for (const QString& path : {u"/dev/zero"_s, fifo}) {
            QElapsedTimer timer;
            timer.start();
            const CliRun run = runCli({u"check"_s, path});
            QCOMPARE(run.exitCode, 1);
            QVERIFY(timer.elapsed() < 5000);
            QVERIFY2(run.err.contains(path + u": error: cannot read the file: it is not a regular file"_s),
                     qPrintable(run.err));
        }
    }

    void theReasonIsNamed()
    {
        QTemporaryDir dir;
        const CliRun missing = runCli({u"check"_s, dir.filePath(u"absent.py"_s)});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains(u"cannot read the file: No such file or directory"_s), qPrintable(missing.err));
        const CliRun directory = runCli({u"check"_s, dir.path()});
        QCOMPARE(directory.exitCode, 1);
        QVERIFY2(directory.err.contains(u"cannot read the file: it is a directory"_s), qPrintable(directory.err));
        const QString loop = dir.filePath(u"loop.py"_s);
        QVERIFY(QFile::link(loop, loop));
        const CliRun looped = runCli({u"check"_s, loop});
        QCOMPARE(looped.exitCode, 1);
        QVERIFY2(looped.err.contains(u"Too many levels of symbolic links"_s), qPrintable(looped.err));
        const CliRun longName = runCli({u"check"_s, dir.filePath(QString(5000, u'a'))});
        QCOMPARE(longName.exitCode, 1);
        QVERIFY2(longName.err.contains(u"File name too long"_s), qPrintable(longName.err));
    }

    void inputsOver64MegabytesAreRefused()
    {
        QTemporaryDir dir;
        const QString big = dir.filePath(u"big.py"_s);
        {
            QFile file(big);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QVERIFY(file.resize((qint64{64} << 20) + 1));
        }
        QElapsedTimer timer;
        timer.start();
        const CliRun run = runCli({u"check"_s, big});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(timer.elapsed() < 5000);
        QVERIFY2(run.err.contains(u"the file is larger than 64 MB"_s), qPrintable(run.err));
    }

    // Issue 31, item 2: every file the CLI reads goes through the same
    // checks as FILE. Each case runs under a CPU, wall-clock and address
    // space bound and must end by itself with the message at the file.
    void runInputsThatAreNotRegularFilesAreRefused_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("reason");
        QTest::newRow("character device") << u"device"_s << u"it is not a regular file"_s;
        QTest::newRow("fifo") << u"fifo"_s << u"it is not a regular file"_s;
        QTest::newRow("directory") << u"directory"_s << u"it is a directory"_s;
        QTest::newRow("over the cap") << u"large"_s << u"the file is larger than 1025 MB"_s;
    }

    void runInputsThatAreNotRegularFilesAreRefused()
    {
        QFETCH(QString, kind);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QString path = u"/dev/zero"_s;
        if (kind == u"fifo"_s) {
            path = dir.filePath(u"a.npy"_s);
            QCOMPARE(::mkfifo(path.toLocal8Bit().constData(), 0600), 0);
        } else if (kind == u"directory"_s) {
            path = dir.path();
        } else if (kind == u"large"_s) {
            // Sparse: one byte past the .npy cap (the DRAM limit and 1 MB).
            path = dir.filePath(u"a.npy"_s);
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            QVERIFY(file.resize((qint64{1025} << 20) + 1));
        }
        const CliRun run =
            runCliLimited({u"run"_s, source(u"resources/examples/vector_add.py"_s), u"--input"_s, u"A="_s + path},
                          {5, 10, rlim_t{1} << 30});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith(path + u": error: cannot read the file: "_s + reason), qPrintable(run.err));
        QVERIFY2(!run.err.contains(u"terminate"_s) && !run.err.contains(u"what()"_s), qPrintable(run.err));
        QVERIFY2(peakRssKiB() < kPeakRssBoundKiB, qPrintable(QString::number(peakRssKiB())));
    }

    void aSavedHostsFileThatIsAFifoIsNamed()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(u"tirx-explorer"_s));
        const QString hosts = dir.filePath(u"tirx-explorer/ssh-hosts"_s);
        QCOMPARE(::mkfifo(hosts.toLocal8Bit().constData(), 0600), 0);
        const QByteArray saved = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", dir.path().toLocal8Bit());
        const CliRun run = runCliLimited({u"devices"_s}, {5, 10, rlim_t{1} << 30});
        qputenv("XDG_CONFIG_HOME", saved);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith(hosts + u": error: cannot read the file: it is not a regular file"_s),
                 qPrintable(run.err));
        // The devices that need no hosts file are still listed.
        QVERIFY2(run.out.startsWith(u"sim "_s), qPrintable(run.out));
    }

    void aLaunchFileThatIsAFifoIsNamed()
    {
        QTemporaryDir dir;
        const QString launch = dir.filePath(u"kernel.launch.json"_s);
        QCOMPARE(::mkfifo(launch.toLocal8Bit().constData(), 0600), 0);
        const CliRun run = runCliLimited({u"check"_s, source(u"tests/cli/nki/clean_add.py"_s), u"--launch"_s, launch},
                                         {5, 10, rlim_t{1} << 30});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith(launch + u":1:1: error: cannot read the launch file: it is not a regular file"_s),
                 qPrintable(run.err));
    }

    void aFullDiskIsAnError()
    {
        QString err;
        QCOMPARE(runToFile({u"fmt"_s, source(kExample)}, u"/dev/full"_s, err), 2);
        QVERIFY2(err.contains(u"cannot write the standard output: No space left on device"_s), qPrintable(err));
        const CliRun run = runCli({u"fmt"_s, source(kExample), u"-o"_s, u"/dev/full"_s});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(u"/dev/full: error: cannot write the file: No space left on device"_s),
                 qPrintable(run.err));
    }

    void unknownModuleTargetIsBadInputAtItsLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"target.py"_s);
        write(path, "import tvm\nfrom tvm.script import tirx as T\n\nwith tvm.target.Target(\"aws/trn9\"):\n\n"
                    "    @T.function\n    def main(A: T.Tensor((128, 512), \"float32\")):\n"
                    "        A[0, 0] = T.float32(1.0)\n");
        const CliRun run = runCli({u"lower"_s, path});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(path + u":4:6: error: unknown target 'aws/trn9'"_s), qPrintable(run.err));
    }

    void unknownPassInDiffAndMemmapIsNamed()
    {
        const CliRun diff = runCli({u"diff"_s, source(kExample), u"--pass"_s, u"NoSuchPass"_s});
        QCOMPARE(diff.exitCode, 2);
        QVERIFY2(diff.err.contains(u"unknown pass 'NoSuchPass'"_s), qPrintable(diff.err));
        const CliRun memmap = runCli({u"memmap"_s, source(kExample), u"--after"_s, u"NoSuchPass"_s});
        QCOMPARE(memmap.exitCode, 2);
        QVERIFY2(memmap.err.contains(u"unknown pass 'NoSuchPass'"_s), qPrintable(memmap.err));
    }

    void lowerKeepsTheDiagnosticForm()
    {
        // A pass's diagnostic names the pass at its end, so the line still
        // starts FILE:LINE:COL: error:.
        const QString path = source(u"tests/golden/passes/TrnPrivateTensorAlloc/24-error-not-a-multiple.py"_s);
        const CliRun run = runCli({u"lower"_s, path, u"--passes"_s, u"TrnPrivateTensorAlloc"_s});
        QCOMPARE(run.exitCode, 1);
        // (The kernel also reads 'a' before writing it: a warning line first.)
        QString line;
        for (const QString& l : run.err.split(u'\n'))
            if (l.contains(u": error: "_s)) line = l;
        QVERIFY2(line.startsWith(path + u":12:5: error: cannot plan the workspaces"_s), qPrintable(run.err));
        QVERIFY2(line.endsWith(u" [TrnPrivateTensorAlloc]"_s), qPrintable(run.err));
    }

    void checkAndMemmapAgreeOnWhetherAModuleFits_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QString>("message");
        QTest::newRow("fits") << u"resources/examples/softmax.py"_s << 0 << QString();
        QTest::newRow("SBUF full once placed")
            << u"tests/golden/script/errors/89-sbuf-full-after-allocation.py"_s << 1
            << u":8:5: error: allocation 'C' needs 100000 bytes per partition at offset 100000, past the SBUF "
               "capacity"_s;
        QTest::newRow("too many PSUM banks") << u"tests/golden/script/errors/94-psum-layout-over-capacity.py"_s << 1
                                             << u":7:5: error: allocation 'Acc' needs 16 PSUM banks"_s;
    }

    void checkAndMemmapAgreeOnWhetherAModuleFits()
    {
        QFETCH(QString, file);
        QFETCH(int, exit);
        QFETCH(QString, message);
        const CliRun check = runCli({u"check"_s, source(file)});
        const CliRun memmap = runCli({u"memmap"_s, source(file)});
        QCOMPARE(check.exitCode, exit);
        QCOMPARE(memmap.exitCode, exit);
        if (message.isEmpty()) {
            QVERIFY2(check.err.isEmpty(), qPrintable(check.err));
            return;
        }
        QVERIFY2(check.err.startsWith(source(file) + message), qPrintable(check.err));
        QVERIFY2(memmap.err.contains(source(file) + message), qPrintable(memmap.err));
    }

    void checkReportsMismatchedTileOperandsAtTheCall()
    {
        const QString path = source(u"tests/golden/script/errors/88-tile-store-shape-mismatch.py"_s);
        const CliRun run = runCli({u"check"_s, path});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith(path + u":8:5: error: the operand shapes of 'T.trn.tile.store' do not match: "
                                           "src 'm' is (128, 1) and dst 'Y' is (128, 512)"_s),
                 qPrintable(run.err));
        QCOMPARE(run.err.count(u": error: "_s), 1);
    }

    void aPsumTensorOverOneBankIsOneError()
    {
        const QString path = source(u"tests/golden/script/errors/87-psum-over-one-bank.py"_s);
        const CliRun run = runCli({u"check"_s, path});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith(path + u":7:74: error: PSUM tensors occupy whole 2 KiB banks"_s),
                 qPrintable(run.err));
        // One error: the tensor keeps its name, so its uses add nothing.
        QCOMPARE(run.err.count(u": error: "_s), 1);
    }
};

QTEST_APPLESS_MAIN(TestCliInputs)
#include "test_cli_inputs.moc"
