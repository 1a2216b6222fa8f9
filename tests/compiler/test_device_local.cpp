// The device layer on this machine: the process runner (argv only, timeout,
// cancel), the harness with the system python3, a Neuron host played by the
// stand-in NKI runtime and a stand-in neuron-ls (test doubles: no Neuron
// hardware or SDK is involved), the SDK probe for stand-ins of SDK 2.26, 2.32
// and 2.34, and the simulator behind the same interface.

#include "device_helpers.h"

#include "device/harness.h"
#include "device/local_neuron_device.h"
#include "device/process.h"
#include "device/simulator_device.h"
#include "device/work_folder.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <thread>

using namespace Qt::StringLiterals;
using namespace tirx;
using namespace tirx::device;
using namespace tirx::testing;

namespace {

// PATH with the stand-in neuron-ls first, for the length of a test.
class PathWith {
public:
    explicit PathWith(const QString& dir) : m_old(qgetenv("PATH"))
    {
        qputenv("PATH", (dir + QStringLiteral(":/usr/bin:/bin")).toUtf8());
    }
    ~PathWith() { qputenv("PATH", m_old); }

private:
    QByteArray m_old;
};

} // namespace

class TestDeviceLocal : public QObject {
    Q_OBJECT

private slots:
    // Private folders go to a temporary directory of this test's own, so
    // that "nothing is left" can be checked.
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qputenv("TMPDIR", m_tmp.path().toUtf8());
    }

    void argumentsReachTheProgramUnchanged()
    {
        const auto r = runProcess({"printf", "%s|", "a b", "$(id)", ";rm -rf x", "'q'"});
        QVERIFY(r.succeeded());
        QCOMPARE(r.out, std::string("a b|$(id)|;rm -rf x|'q'|"));
    }

    void missingProgramIsNamed()
    {
        const auto r = runProcess({"tirx-no-such-program-here"});
        QVERIFY(!r.started);
        QCOMPARE(r.spawnError, std::string("'tirx-no-such-program-here' is not installed (not found on PATH)"));
    }

    void timeoutKillsTheGroup()
    {
        // The child's own child holds the pipe too: killing the group ends both.
        const auto begin = std::chrono::steady_clock::now();
        const auto r = runProcess({"sh", "-c", "sleep 30 & sleep 30"}, limitedTo(0.5));
        const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        QVERIFY(r.timedOut);
        QVERIFY(!r.succeeded());
        QVERIFY2(took < 5.0, qPrintable(QString::number(took)));
    }

    void cancelStopsTheChild()
    {
        std::atomic<bool> cancel{false};
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            cancel = true;
        });
        const auto r = runProcess({"sleep", "30"}, limitedTo(20, &cancel));
        stopper.join();
        QVERIFY(r.cancelled);
        QVERIFY(!r.timedOut);
        QVERIFY(r.seconds < 5.0);
    }

    void stderrAndExitStatusAreKept()
    {
        ProcessOptions options;
        options.extraEnvironment["NEURON_RT_VISIBLE_CORES"] = "0-1";
        const auto r = runProcess({"sh", "-c", "echo out; echo err >&2; exit 3"}, options);
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.out, std::string("out\n"));
        QCOMPARE(r.err, std::string("err\n"));
        const auto env = runProcess({"sh", "-c", "printf %s \"$NEURON_RT_VISIBLE_CORES\""}, options);
        QCOMPARE(env.out, std::string("0-1"));
    }

    void noNeuronLsIsNotAnError()
    {
        QTemporaryDir empty;
        PathWith path(empty.path());
        LocalNeuronDevice device;
        const DeviceInfo info = device.describe();
        QCOMPARE(info.status, std::string("unavailable"));
        QCOMPARE(info.message, std::string("no Neuron runtime on this host"));
        QVERIFY(!info.api);
    }

    void harnessWithoutNeuronPackagesSaysSo()
    {
        // The system python3 has numpy and no NKI: the probe JSON says so,
        // and so does the device.
        QTemporaryDir dir;
        WorkFolder folder;
        QVERIFY(writeFile(folder.file("harness.py"), std::string(harnessSource())).empty());
        const auto probed = runProcess({"/usr/bin/python3", folder.file("harness.py"), "probe"});
        QVERIFY2(probed.succeeded(), probed.err.c_str());
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(probed.out)).object();
        QVERIFY(doc.value(u"nki"_s).isNull());
        QVERIFY(doc.value(u"nki_error"_s).toString().contains(u"No module named 'nki'"_s));

        writeNeuronLs(dir.path(), kOneDevice);
        PathWith path(dir.path());
        LocalNeuronDevice device({.python = "/usr/bin/python3"});
        const DeviceInfo info = device.describe();
        QCOMPARE(info.status, std::string("unavailable"));
        QVERIFY2(info.message.starts_with("this host has no NKI"), info.message.c_str());
        QCOMPARE(info.cores, 2);
        const auto sent = sentKernel();
        QVERIFY(sent);
        const RunOutcome outcome = device.run(sent->request);
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.starts_with("this host has no NKI"), outcome.error.c_str());
    }

    void probePicksTheApiOfEachSdk_data()
    {
        QTest::addColumn<QString>("nki");
        QTest::addColumn<QString>("neuronxcc");
        QTest::addColumn<QString>("api");
        QTest::addColumn<bool>("newSpelling");
        QTest::newRow("sdk-2.26") << QString() << u"2.26.0"_s << u"legacy"_s << false;
        QTest::newRow("sdk-2.32") << u"0.6.0"_s << u"2.32.0"_s << u"nki"_s << false;
        QTest::newRow("sdk-2.34") << u"0.8.0"_s << QString() << u"nki"_s << true;
        QTest::newRow("sdk-2.31-broken-nki") << QString() << u"2.31.0"_s << QString() << false;
    }

    void probePicksTheApiOfEachSdk()
    {
        QFETCH(QString, nki);
        QFETCH(QString, neuronxcc);
        QFETCH(QString, api);
        QFETCH(bool, newSpelling);
        QTemporaryDir dir;
        writeNeuronLs(dir.path(), kOneDevice, newSpelling);
        std::map<std::string, std::string> env;
        if (!nki.isEmpty()) env["TIRX_STANDIN_NKI_VERSION"] = nki.toStdString();
        if (!neuronxcc.isEmpty()) env["TIRX_STANDIN_NEURONXCC_VERSION"] = neuronxcc.toStdString();
        PathWith path(dir.path());
        LocalNeuronDevice device({.python = writePython(dir.path(), env).toStdString()});
        const DeviceInfo info = device.describe();
        QCOMPARE(info.kind, DeviceKind::NeuronLocal);
        QCOMPARE(info.cores, 2);
        QCOMPARE(QString::fromStdString(info.nkiVersion), nki);
        QCOMPARE(QString::fromStdString(info.sdkVersion), neuronxcc);
        if (api.isEmpty()) {
            QVERIFY(!info.api);
            QCOMPARE(info.status, std::string("unavailable"));
            QVERIFY2(info.message.find("too new for the legacy") != std::string::npos, info.message.c_str());
        } else {
            QVERIFY(info.api);
            QCOMPARE(QString::fromUtf8(nkiApiName(*info.api)), api);
            QCOMPARE(info.status, std::string("ready"));
        }
    }

    void standinRunMovesInputsAndOutputs()
    {
        QTemporaryDir dir;
        writeNeuronLs(dir.path(), kOneDevice);
        PathWith path(dir.path());
        LocalNeuronDevice device(
            {.python = writePython(dir.path(), {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}}).toStdString()});
        const auto sent = sentKernel();
        QVERIFY(sent);
        const DeviceRun run = runAndCompare(device, DeviceKind::NeuronLocal, sent->request);
        QVERIFY2(run.device.ok, (run.device.error + "\n" + run.device.log).c_str());
        QCOMPARE(run.device.outputs.size(), size_t(1));
        const auto& [name, out] = run.device.outputs.front();
        QCOMPARE(name, std::string("B"));
        const auto& in = sent->request.inputs.front().second;
        QCOMPARE(out.shape, (std::vector<int64_t>{128, 512}));
        for (int64_t k : {int64_t(0), int64_t(777), int64_t(65535)})
            QCOMPARE(sim::elementAt(out, k), sim::elementAt(in, k) + 1.0f);
        QVERIFY(run.comparison);
        QVERIFY(run.comparison->passed());
        QCOMPARE(run.comparison->maxAbsError(), 0.0);
        QVERIFY(run.simulator && run.simulator->ok);
        // Nothing is left of the private folder.
        QVERIFY(QDir(m_tmp.path()).entryList({u"tirx-device-*"_s}, QDir::Dirs).isEmpty());
    }

    void zerosFromTheDeviceAreNamed()
    {
        QTemporaryDir dir;
        writeNeuronLs(dir.path(), kOneDevice);
        PathWith path(dir.path());
        LocalNeuronDevice device(
            {.python = writePython(dir.path(), {{"TIRX_STANDIN_NKI_VERSION", "0.6.0"}, {"TIRX_STANDIN_ZEROS", "1"}})
                           .toStdString()});
        const auto sent = sentKernel();
        QVERIFY(sent);
        const DeviceRun run = runAndCompare(device, DeviceKind::NeuronLocal, sent->request);
        QVERIFY2(run.device.ok, run.device.error.c_str());
        QVERIFY(run.comparison);
        QVERIFY(!run.comparison->passed());
        QVERIFY(run.comparison->outputs.front().allZeros);
    }

    void runTimeoutAndCancel()
    {
        QTemporaryDir dir;
        writeNeuronLs(dir.path(), kOneDevice);
        PathWith path(dir.path());
        LocalNeuronDevice device(
            {.python = writePython(dir.path(), {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}, {"TIRX_STANDIN_SLEEP", "30"}})
                           .toStdString()});
        auto sent = sentKernel();
        QVERIFY(sent);
        sent->request.timeoutSeconds = 1.0;
        const RunOutcome late = device.run(sent->request);
        QVERIFY(!late.ok);
        QVERIFY(late.timedOut);
        QCOMPARE(late.error, std::string("the harness did not finish within 1 s (timeout)"));

        sent->request.timeoutSeconds = 60.0;
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            device.cancel();
        });
        const RunOutcome stopped = device.run(sent->request);
        stopper.join();
        QVERIFY(stopped.cancelled);
        QCOMPARE(stopped.error, std::string("the run was cancelled"));
    }

    void kernelErrorsPointAtTheSource()
    {
        // The stand-in has no nisa.dma_copy when it plays a broken SDK: the
        // failing kernel line maps back to the TVMScript tile call.
        QTemporaryDir dir;
        writeNeuronLs(dir.path(), kOneDevice);
        PathWith path(dir.path());
        LocalNeuronDevice device(
            {.python = writePython(dir.path(), {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}, {"TIRX_STANDIN_BROKEN", "1"}})
                           .toStdString()});
        const auto sent = sentKernel();
        QVERIFY(sent);
        const RunOutcome outcome = device.run(sent->request);
        QVERIFY(!outcome.ok);
        QVERIFY2(outcome.error.starts_with("kernel run failed: RuntimeError"), outcome.error.c_str());
        QCOMPARE(outcome.diagnostics.size(), size_t(1));
        // 01-nki-add-1.py line 13: the T.nki.load the failing dma_copy was printed from.
        QCOMPARE(outcome.diagnostics.front().span.line, 13u);
    }

    void simulatorBehindTheSameInterface()
    {
        const auto sent = sentKernel();
        QVERIFY(sent);
        SimulatorDevice simulator;
        Device& device = simulator;
        const DeviceInfo info = device.describe();
        QCOMPARE(info.id, std::string("sim"));
        QVERIFY(info.ready());
        const DeviceRun run = runAndCompare(device, info.kind, sent->request);
        QVERIFY(run.device.ok);
        QVERIFY(!run.simulator);
        QCOMPARE(sim::elementAt(run.device.outputs.front().second, 5),
                 sim::elementAt(sent->request.inputs.front().second, 5) + 1.0f);
    }

private:
    QTemporaryDir m_tmp;
};

QTEST_GUILESS_MAIN(TestDeviceLocal)
#include "test_device_local.moc"
