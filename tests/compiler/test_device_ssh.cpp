// The SSH path end to end against a real OpenSSH server this test starts on
// 127.0.0.1 (Debian's openssh-server: a key pair made in a temporary folder,
// a free high port, an sshd_config of its own). The remote host's Neuron
// runtime is the stand-in of device_standin/ (a test double) behind a
// python3 wrapper, and neuron-ls a stand-in script. Copy, run, fetch and
// clean up; connection refused, a wrong host key, a connect timeout and
// cancel each give their own message; a host with shell metacharacters is
// refused before anything runs.

#include "device_helpers.h"

#include "device/registry.h"
#include "device/remote_neuron_device.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <chrono>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace tirx;
using namespace tirx::device;
using namespace tirx::testing;

namespace {

const QString kSshd = u"/usr/sbin/sshd"_s;

// A socket listening on a free port of 127.0.0.1 that never accepts: the
// kernel completes connections to it, and nobody ever speaks. Closed, its
// port is one nothing listens on.
class Listener {
public:
    Listener()
    {
        m_fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t size = sizeof address;
        if (m_fd < 0 || bind(m_fd, reinterpret_cast<sockaddr*>(&address), size) != 0 || listen(m_fd, 8) != 0 ||
            getsockname(m_fd, reinterpret_cast<sockaddr*>(&address), &size) != 0)
            return;
        m_port = ntohs(address.sin_port);
    }
    ~Listener()
    {
        if (m_fd >= 0) close(m_fd);
    }
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
    [[nodiscard]] int port() const { return m_port; }

private:
    int m_fd = -1;
    int m_port = 0;
};

int freePort() { return Listener().port(); }

bool connects(int port)
{
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(port));
    const bool ok = fd >= 0 && connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    if (fd >= 0) close(fd);
    return ok;
}

bool keygen(const QString& path)
{
    return QProcess::execute(u"ssh-keygen"_s, {u"-q"_s, u"-t"_s, u"ed25519"_s, u"-N"_s, QString(), u"-f"_s, path}) == 0;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestDeviceSsh : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // The server is part of what is tested: without it the test fails.
        QVERIFY2(QFile::exists(kSshd), "sshd is not installed: install Debian's openssh-server "
                                       "(scripts/install-deps.sh) to run the SSH device tests");
        QVERIFY(m_dir.isValid());
        const QString d = m_dir.path();
        QVERIFY(keygen(d + u"/host_key"_s));
        QVERIFY(keygen(d + u"/other_host_key"_s));
        QVERIFY(keygen(d + u"/client_key"_s));
        QVERIFY(QFile::copy(d + u"/client_key.pub"_s, d + u"/authorized_keys"_s));
        QVERIFY(QDir().mkpath(d + u"/remote-tmp"_s));
        // sshd insists on its privilege separation directory.
        if (!QFile::exists(u"/run/sshd"_s)) QVERIFY2(QDir().mkpath(u"/run/sshd"_s), "cannot create /run/sshd");
        m_port = freePort();
        QVERIFY(m_port > 0);
        QFile config(d + u"/sshd_config"_s);
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(QStringLiteral("Port %1\nListenAddress 127.0.0.1\nHostKey %2/host_key\nPidFile %2/sshd.pid\n"
                                    "AuthorizedKeysFile %2/authorized_keys\nStrictModes no\nUsePAM no\n"
                                    "PasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                                    "PermitRootLogin prohibit-password\nSetEnv TMPDIR=%2/remote-tmp\n"
                                    "Subsystem sftp internal-sftp\nLogLevel ERROR\n")
                         .arg(m_port)
                         .arg(d)
                         .toUtf8());
        config.close();
        m_sshd.setProcessChannelMode(QProcess::MergedChannels);
        m_sshd.start(kSshd, {u"-D"_s, u"-e"_s, u"-f"_s, d + u"/sshd_config"_s});
        QVERIFY2(m_sshd.waitForStarted(5000), "sshd did not start");
        bool listening = false;
        for (int i = 0; i < 100 && !listening; ++i) {
            listening = connects(m_port);
            if (!listening) QTest::qWait(100);
        }
        QVERIFY2(listening, qPrintable(u"sshd is not listening: "_s + QString::fromUtf8(m_sshd.readAll())));
        QFile known(d + u"/known_hosts"_s);
        QVERIFY(known.open(QIODevice::WriteOnly));
        known.write("[127.0.0.1]:" + QByteArray::number(m_port) + " " + readAll(d + u"/host_key.pub"_s));
        known.close();
        QFile wrong(d + u"/wrong_known_hosts"_s);
        QVERIFY(wrong.open(QIODevice::WriteOnly));
        wrong.write("[127.0.0.1]:" + QByteArray::number(m_port) + " " + readAll(d + u"/other_host_key.pub"_s));
        wrong.close();
        writeNeuronLs(d, kOneDevice);
    }

    void cleanupTestCase()
    {
        m_sshd.terminate();
        if (!m_sshd.waitForFinished(5000)) m_sshd.kill();
    }

    void copyRunFetchCleanUp()
    {
        auto device = remote(u"known_hosts"_s, {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}});
        const DeviceInfo info = device->describe();
        QVERIFY2(info.ready(), info.message.c_str());
        QCOMPARE(info.kind, DeviceKind::NeuronSsh);
        QCOMPARE(info.cores, 2);
        QCOMPARE(info.nkiVersion, std::string("0.8.0"));
        QVERIFY(info.api == NkiApi::Current);
        const auto sent = sentKernel();
        QVERIFY(sent);
        const DeviceRun run = runAndCompare(*device, info.kind, sent->request);
        QVERIFY2(run.device.ok, (run.device.error + "\n" + run.device.log).c_str());
        QVERIFY(run.comparison);
        QVERIFY(run.comparison->passed());
        const auto& out = run.device.outputs.front().second;
        QCOMPARE(sim::elementAt(out, 1234), sim::elementAt(sent->request.inputs.front().second, 1234) + 1.0f);
        QVERIFY(run.device.wallSeconds >= run.device.seconds);
        QVERIFY(remoteLeftovers().isEmpty());
    }

    void noNeuronRuntimeOnTheHost()
    {
        auto device = remote(u"known_hosts"_s, {}, "/nonexistent/neuron-ls");
        const DeviceInfo info = device->describe();
        QCOMPARE(info.status, std::string("unavailable"));
        QCOMPARE(info.message, "no Neuron runtime on " + target().url());
    }

    void connectionRefused()
    {
        SshTarget closed = target();
        closed.port = freePort();
        RemoteNeuronDevice device(closed, options(u"known_hosts"_s, {}));
        const DeviceInfo info = device.describe();
        QCOMPARE(info.status, std::string("error"));
        QVERIFY2(info.message.starts_with("ssh: connection to ssh://") &&
                     info.message.find("refused") != std::string::npos,
                 info.message.c_str());
    }

    void wrongHostKey()
    {
        auto device = remote(u"wrong_known_hosts"_s, {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}});
        const DeviceInfo info = device->describe();
        QCOMPARE(info.status, std::string("error"));
        QVERIFY2(info.message.starts_with("ssh: host key verification failed for"), info.message.c_str());
    }

    void connectTimeout()
    {
        // Accepts the connection (the kernel does) and never says a word.
        Listener silent;
        QVERIFY(silent.port() > 0);
        SshTarget mute = target();
        mute.port = silent.port();
        RemoteNeuronOptions o = options(u"known_hosts"_s, {});
        o.connectTimeoutSeconds = 1;
        RemoteNeuronDevice device(mute, o);
        const DeviceInfo info = device.describe();
        QCOMPARE(info.status, std::string("error"));
        QVERIFY2(info.message.find("timed out") != std::string::npos, info.message.c_str());
    }

    void cancelStopsTheRemoteRun()
    {
        auto device = remote(u"known_hosts"_s, {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}, {"TIRX_STANDIN_SLEEP", "60"}});
        QVERIFY(device->describe().ready());
        const auto sent = sentKernel();
        QVERIFY(sent);
        std::thread stopper([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(2000));
            device->cancel();
        });
        const auto begin = std::chrono::steady_clock::now();
        const RunOutcome outcome = device->run(sent->request);
        stopper.join();
        QVERIFY(outcome.cancelled);
        QCOMPARE(outcome.error, std::string("the run was cancelled"));
        QVERIFY(std::chrono::steady_clock::now() - begin < std::chrono::seconds(30));
        QVERIFY(remoteLeftovers().isEmpty());
    }

    void metacharacterHostIsRefused()
    {
        const auto choice = makeDevice("ssh://127.0.0.1;touch " + m_dir.path().toStdString() + "/pwned");
        QVERIFY(!choice.device);
        QVERIFY2(choice.error.starts_with("refusing SSH host"), choice.error.c_str());
        QVERIFY(!QFile::exists(m_dir.path() + u"/pwned"_s));
    }

private:
    SshTarget target() const
    {
        SshTarget t;
        const passwd* me = getpwuid(getuid());
        t.user = me ? me->pw_name : "root";
        t.host = "127.0.0.1";
        t.port = m_port;
        return t;
    }

    RemoteNeuronOptions options(const QString& knownHosts, const std::map<std::string, std::string>& env,
                                const std::string& neuronLs = {})
    {
        const QString d = m_dir.path();
        RemoteNeuronOptions o;
        o.connectTimeoutSeconds = 5;
        ++m_wrappers;
        o.python = writePython(wrapperDir(), env).toStdString();
        o.neuronLs = neuronLs.empty() ? (d + u"/neuron-ls"_s).toStdString() : neuronLs;
        o.sshArguments = {"-F", "/dev/null",
                          "-i", (d + u"/client_key"_s).toStdString(),
                          "-o", "IdentitiesOnly=yes",
                          "-o", "StrictHostKeyChecking=yes",
                          "-o", "UserKnownHostsFile=" + (d + u"/"_s + knownHosts).toStdString()};
        return o;
    }

    QString wrapperDir()
    {
        const QString dir = m_dir.path() + u"/py-"_s + QString::number(m_wrappers);
        QDir().mkpath(dir);
        return dir;
    }

    std::unique_ptr<RemoteNeuronDevice> remote(const QString& knownHosts, const std::map<std::string, std::string>& env,
                                               const std::string& neuronLs = {})
    {
        return std::make_unique<RemoteNeuronDevice>(target(), options(knownHosts, env, neuronLs));
    }

    QStringList remoteLeftovers() const
    {
        return QDir(m_dir.path() + u"/remote-tmp"_s).entryList(QDir::NoDotAndDotDot | QDir::AllEntries);
    }

    QTemporaryDir m_dir;
    QProcess m_sshd;
    int m_port = 0;
    int m_wrappers = 0;
};

QTEST_GUILESS_MAIN(TestDeviceSsh)
#include "test_device_ssh.moc"
