// Running a kernel's Python in a child process: the interpreter choice,
// the CPU, memory and wall-clock limits (each ends the child within its
// limit, with its own message, and leaves no process behind), and a run of
// a stand-in that writes a trace. The stand-ins here are small scripts the
// test writes; the limits are tiny so the whole test takes seconds.

#include "nki_fixtures.h"

#include "device/process.h"
#include "nki/interpreter.h"
#include "nki/resources.h"
#include "nki/runner.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>

using namespace tirx;

namespace {

void writeText(const QString& path, const std::string& text)
{
    std::ofstream out(path.toStdString());
    out << text;
}

// A process that is gone, or a zombie waiting for init, is no longer running.
bool running(long pid)
{
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return false;
    const auto close = line.rfind(')');
    return close != std::string::npos && close + 2 < line.size() && line[close + 2] != 'Z';
}

bool goneSoon(long pid)
{
    for (int i = 0; i < 50 && running(pid); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return !running(pid);
}

// A stand-in folder whose run_kernel.py is `body` (argv as run_kernel.py gets it).
QString standin(const QTemporaryDir& dir, const std::string& body)
{
    writeText(dir.filePath(QStringLiteral("run_kernel.py")),
              "import json, os, sys\nargs = dict(zip(sys.argv[1::2], sys.argv[2::2]))\n" + body);
    return dir.path();
}

const std::string& python()
{
    static const std::string path = nki::chooseInterpreter().path;
    return path;
}

} // namespace

class TestNkiRunner : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const auto interpreter = nki::chooseInterpreter();
        QVERIFY2(interpreter.usable(), interpreter.error.c_str());
    }

    void aMissingInterpreterIsNamed()
    {
        const auto interpreter = nki::chooseInterpreter("/nonexistent/python3");
        QVERIFY(!interpreter.usable());
        QVERIFY2(interpreter.error.find("/nonexistent/python3") != std::string::npos, interpreter.error.c_str());
    }

    void anInterpreterWithoutNumpyIsNamed()
    {
        QTemporaryDir dir;
        const QString fake = dir.filePath(QStringLiteral("python3"));
        writeText(fake, "#!/bin/sh\necho 'ModuleNotFoundError: No module named numpy' >&2\nexit 1\n");
        QVERIFY(QFile::setPermissions(fake, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const auto interpreter = nki::chooseInterpreter(fake.toStdString());
        QVERIFY(!interpreter.usable());
        QVERIFY2(interpreter.error.find(fake.toStdString()) != std::string::npos, interpreter.error.c_str());
        QVERIFY2(interpreter.error.find("cannot import numpy") != std::string::npos, interpreter.error.c_str());
    }

    void anEndlessLoopEndsAtItsCpuLimitWithNothingLeft()
    {
        device::ProcessOptions options;
        options.cpuSeconds = 1;
        options.timeoutSeconds = 20;
        // It starts a grandchild, says its pid, and spins.
        const auto r = device::runProcess({python(), "-I", "-c",
                                           "import subprocess, sys\np = subprocess.Popen(['sleep', "
                                           "'60'])\nprint(p.pid, flush=True)\nwhile True: pass"},
                                          options);
        QVERIFY(r.started);
        QVERIFY(r.cpuLimitReached);
        QVERIFY(!r.timedOut);
        QVERIFY2(r.seconds < 10, std::to_string(r.seconds).c_str());
        const long grandchild = std::stol(r.out);
        QVERIFY(goneSoon(grandchild));
    }

    void aWallClockTimeoutKillsTheGroup()
    {
        device::ProcessOptions options;
        options.cpuSeconds = 30;
        options.timeoutSeconds = 0.5;
        const auto r = device::runProcess({python(), "-I", "-c",
                                           "import subprocess, time\np = subprocess.Popen(['sleep', "
                                           "'60'])\nprint(p.pid, flush=True)\ntime.sleep(60)"},
                                          options);
        QVERIFY(r.timedOut);
        QVERIFY2(r.seconds < 5, std::to_string(r.seconds).c_str());
        QVERIFY(goneSoon(std::stol(r.out)));
    }

    void runnerMessages_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<double>("timeout");
        QTest::newRow("memory") << "x = bytearray(4 << 30)\n"
                                << "needed more than 256 MiB of memory (the address-space limit)" << 20.0;
        QTest::newRow("cpu") << "while True: pass\n"
                             << "used more than 1 s of CPU time" << 20.0;
        QTest::newRow("timeout") << "import time\ntime.sleep(30)\n"
                                 << "ran longer than 1.5 s" << 1.5;
        QTest::newRow("crash") << "import signal\nos.kill(os.getpid(), signal.SIGSEGV)\n"
                               << "crashed (signal 11" << 20.0;
        QTest::newRow("exit") << "print('the stand-in broke', file=sys.stderr)\nsys.exit(3)\n"
                              << "exited with status 3: the stand-in broke" << 20.0;
        QTest::newRow("no trace") << "pass\n"
                                  << "no trace was written" << 20.0;
        QTest::newRow("truncated") << "open(args['--out'], 'w').write('{\"format\": \"tirx-nki-trace\", \"vers')\n"
                                   << "the trace is truncated" << 20.0;
    }

    void runnerMessages()
    {
        QFETCH(QString, body);
        QFETCH(QString, expected);
        QFETCH(double, timeout);
        QTemporaryDir dir;
        nki::RunOptions options;
        options.resources = standin(dir, body.toStdString()).toStdString();
        options.addressSpaceBytes = int64_t{256} << 20;
        options.cpuSeconds = 1;
        options.timeoutSeconds = timeout;
        const auto run = nki::runKernel(dir.filePath(QStringLiteral("kernel.py")).toStdString(), {}, options);
        QVERIFY(!run.trace);
        QVERIFY(!run.environmentProblem);
        QVERIFY2(run.error.find(expected.toStdString()) != std::string::npos, run.error.c_str());
        QVERIFY2(run.seconds < 10, std::to_string(run.seconds).c_str());
    }

    void aStandinThatWritesATraceIsRead()
    {
        QTemporaryDir dir;
        nkitest::TraceBuilder b;
        b.tile("t", "sbuf", 128, 64, 3);
        writeText(dir.filePath(QStringLiteral("fixture.json")), b.text());
        // It copies the fixture, naming the entry the launch gave and the
        // folder it ran in.
        const std::string body = "launch = json.load(open(args['--launch']))\n"
                                 "doc = json.load(open(" +
                                 nlohmann::json(dir.filePath(QStringLiteral("fixture.json")).toStdString()).dump() +
                                 "))\n"
                                 "doc['kernel']['entry'] = launch['entry']\n"
                                 "doc['kernel']['file'] = args['--kernel']\n"
                                 "doc['kernel']['api'] = os.getcwd()\n"
                                 "json.dump(doc, open(args['--out'], 'w'))\n";
        nki::RunOptions options;
        options.resources = standin(dir, body).toStdString();
        nki::Launch launch;
        launch.entry = "my_kernel";
        launch.args.push_back({"a", {128, 512}, "bfloat16"});
        const auto run = nki::runKernel(dir.filePath(QStringLiteral("kernel.py")).toStdString(), launch, options);
        QVERIFY2(run.trace, run.error.c_str());
        QCOMPARE(run.trace->entry, std::string("my_kernel"));
        QCOMPARE(run.trace->kernelFile, dir.filePath(QStringLiteral("kernel.py")).toStdString());
        QCOMPARE(run.trace->programs.front().tensors.front().name, std::string("t"));
        QVERIFY(!run.rawTrace.empty());
        // It ran in a private folder, removed afterwards.
        const std::string ranIn = run.trace->api;
        QVERIFY(ranIn != std::filesystem::current_path().string());
        QVERIFY(!std::filesystem::exists(ranIn));
    }

    void aRunWithoutNumpyNamesTheInterpreter()
    {
        QTemporaryDir dir;
        const QString fake = dir.filePath(QStringLiteral("python3"));
        writeText(fake, "#!/bin/sh\necho \"ModuleNotFoundError: No module named 'numpy'\" >&2\nexit 1\n");
        QVERIFY(QFile::setPermissions(fake, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        nki::RunOptions options;
        options.python = fake.toStdString();
        options.resources = standin(dir, "pass\n").toStdString();
        const auto run = nki::runKernel("kernel.py", {}, options);
        QVERIFY(!run.trace);
        QVERIFY(run.environmentProblem);
        QVERIFY2(run.error.find(fake.toStdString() + " cannot import numpy") != std::string::npos, run.error.c_str());
    }

    void theStandinIsFoundBesideTheExecutableThenInTheSourceTreeOfABuild()
    {
        QTemporaryDir prefix;
        const std::filesystem::path root = prefix.path().toStdString();
        std::filesystem::create_directories(root / "bin");
        std::filesystem::create_directories(root / "share" / "tirx-explorer" / "nki");
        writeText(QString::fromStdString((root / "share" / "tirx-explorer" / "nki" / "run_kernel.py").string()), "");
        QCOMPARE(nki::locateNkiResources((root / "bin" / "tirx-cli").string()),
                 (root / "share" / "tirx-explorer" / "nki").string());
        // Not installed, but still in the build tree (this test is): the
        // source tree this build came from.
        QCOMPARE(nki::locateNkiResources(nki::currentExecutable()),
                 (std::filesystem::path(TIRX_SOURCE_DIR) / "resources" / "nki").string());
        // Neither installed nor in the build tree: nothing, never a guess.
        QCOMPARE(nki::locateNkiResources("/nonexistent/bin/tirx-cli"), std::string());
    }

    void aMissingStandinIsTheMachinesProblem()
    {
        QTemporaryDir dir;
        nki::RunOptions options;
        options.resources = dir.path().toStdString();
        const auto run = nki::runKernel("kernel.py", {}, options);
        QVERIFY(!run.trace);
        QVERIFY(run.environmentProblem);
        QVERIFY2(run.error.find("run_kernel.py") != std::string::npos, run.error.c_str());
    }
};

QTEST_GUILESS_MAIN(TestNkiRunner)
#include "test_nki_runner.moc"
