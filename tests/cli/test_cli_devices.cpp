// `tirx-cli devices` and `run --device` on the real executable: the --json
// shape of the list, a host without neuron-ls, a saved SSH host that is
// refused, and runs on a local Neuron host played by the stand-in NKI
// runtime and a stand-in neuron-ls (test doubles, see
// tests/compiler/device_standin/README.md).

#include "../compiler/device_helpers.h"
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace tirx::testing;

namespace {

// The sent kernel as a file of its own in `dir`.
QString addOne(const QTemporaryDir& dir)
{
    const QString path = dir.path() + u"/kernel.py"_s;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(QByteArray::fromStdString(sentSource()));
    return path;
}

// The environment tirx-cli is started with, for the length of a test.
class Environment {
public:
    Environment(const QString& path, const QString& config, const QByteArray& zeros = {})
        : m_path(qgetenv("PATH")), m_config(qgetenv("XDG_CONFIG_HOME"))
    {
        qputenv("PATH", (path + u":/usr/bin:/bin"_s).toUtf8());
        qputenv("XDG_CONFIG_HOME", config.toUtf8());
        if (!zeros.isEmpty()) qputenv("TIRX_STANDIN_ZEROS", zeros);
    }
    ~Environment()
    {
        qputenv("PATH", m_path);
        qputenv("XDG_CONFIG_HOME", m_config);
        qunsetenv("TIRX_STANDIN_ZEROS");
    }

private:
    QByteArray m_path;
    QByteArray m_config;
};

} // namespace

class TestCliDevices : public QObject {
    Q_OBJECT

private slots:
    void listWithoutNeuronRuntime()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.path() + u"/config/tirx-explorer"_s));
        QFile hosts(dir.path() + u"/config/tirx-explorer/ssh-hosts"_s);
        QVERIFY(hosts.open(QIODevice::WriteOnly));
        hosts.write("# saved hosts\nssh://trn;reboot\n");
        hosts.close();
        Environment env(dir.path(), dir.path() + u"/config"_s);
        const CliRun run = runCli({u"devices"_s, u"--json"_s});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray list = QJsonDocument::fromJson(run.out.toUtf8()).array();
        QCOMPARE(list.size(), 3);
        const QJsonObject sim = list[0].toObject();
        QCOMPARE(sim.value(u"id"_s).toString(), u"sim"_s);
        QCOMPARE(sim.value(u"kind"_s).toString(), u"simulator"_s);
        QCOMPARE(sim.value(u"status"_s).toString(), u"ready"_s);
        for (const char* key : {"id", "kind", "name", "cores", "memory_bytes", "sdk_version", "nki_api", "status"})
            QVERIFY2(sim.contains(QLatin1String(key)), key);
        const QJsonObject local = list[1].toObject();
        QCOMPARE(local.value(u"kind"_s).toString(), u"neuron-local"_s);
        QCOMPARE(local.value(u"status"_s).toString(), u"unavailable"_s);
        QCOMPARE(local.value(u"message"_s).toString(), u"no Neuron runtime on this host"_s);
        QVERIFY(local.value(u"nki_api"_s).isNull());
        const QJsonObject saved = list[2].toObject();
        QCOMPARE(saved.value(u"kind"_s).toString(), u"neuron-ssh"_s);
        QCOMPARE(saved.value(u"status"_s).toString(), u"error"_s);
        QVERIFY(saved.value(u"message"_s).toString().startsWith(u"refusing SSH host"_s));

        const CliRun text = runCli({u"devices"_s});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.startsWith(u"sim  simulator  ready"_s), qPrintable(text.out));
        QVERIFY(text.out.contains(u"local  neuron-local  unavailable  this host: no Neuron runtime on this host"_s));
    }

    void listAndRunOnAStandinHost()
    {
        QTemporaryDir dir;
        writeNeuronLs(dir.path(), kOneDevice);
        writePython(dir.path(), {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}});
        Environment env(dir.path(), dir.path());
        const CliRun list = runCli({u"devices"_s, u"--json"_s});
        QCOMPARE(list.exitCode, 0);
        const QJsonObject local = QJsonDocument::fromJson(list.out.toUtf8()).array()[1].toObject();
        QCOMPARE(local.value(u"status"_s).toString(), u"ready"_s);
        QCOMPARE(local.value(u"nki_api"_s).toString(), u"nki"_s);
        QCOMPARE(local.value(u"cores"_s).toInt(), 2);

        const QString out = dir.path() + u"/b.npy"_s;
        const CliRun run = runCli({u"run"_s, addOne(dir), u"--device"_s, u"local"_s, u"--json"_s, u"--seed"_s, u"3"_s,
                                   u"--output"_s, u"B="_s + out});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(doc.value(u"device"_s).toString(), u"local"_s);
        QCOMPARE(doc.value(u"outputs"_s).toObject().value(u"B"_s).toString(), out);
        const QJsonObject compare = doc.value(u"compare"_s).toObject();
        QVERIFY(compare.value(u"passed"_s).toBool());
        QCOMPARE(compare.value(u"max_abs_error"_s).toDouble(), 0.0);
        QVERIFY(QFile::exists(out));
        QVERIFY(doc.value(u"seconds"_s).toDouble() <= doc.value(u"wall_seconds"_s).toDouble());

        const CliRun text = runCli({u"run"_s, addOne(dir), u"--device"_s, u"local"_s});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(u"the device agrees with the simulator"_s), qPrintable(text.out));
    }

    void zerosFailTheRun()
    {
        QTemporaryDir dir;
        writeNeuronLs(dir.path(), kOneDevice);
        writePython(dir.path(), {{"TIRX_STANDIN_NKI_VERSION", "0.6.0"}});
        Environment env(dir.path(), dir.path(), "1");
        const CliRun run = runCli({u"run"_s, addOne(dir), u"--device"_s, u"local"_s, u"--json"_s});
        QCOMPARE(run.exitCode, 1);
        const QJsonObject compare = QJsonDocument::fromJson(run.out.toUtf8()).object().value(u"compare"_s).toObject();
        QVERIFY(!compare.value(u"passed"_s).toBool());
        QVERIFY(compare.value(u"outputs"_s).toArray()[0].toObject().value(u"all_zeros"_s).toBool());
    }

    void unavailableAndRefusedDevices()
    {
        QTemporaryDir dir;
        Environment env(dir.path(), dir.path());
        const CliRun local = runCli({u"run"_s, addOne(dir), u"--device"_s, u"local"_s});
        QCOMPARE(local.exitCode, 2);
        QVERIFY2(local.err.contains(u"no Neuron runtime on this host"_s), qPrintable(local.err));
        const CliRun refused = runCli({u"run"_s, addOne(dir), u"--device"_s, u"ssh://host$(id)"_s});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains(u"refusing SSH host 'host$(id)'"_s), qPrintable(refused.err));
        const CliRun unknown = runCli({u"run"_s, addOne(dir), u"--device"_s, u"gpu"_s});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains(u"unknown device 'gpu'"_s));
    }
};

QTEST_GUILESS_MAIN(TestCliDevices)
#include "test_cli_devices.moc"
