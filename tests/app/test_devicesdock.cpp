// The Devices dock in the main window, offscreen: nothing is probed until
// asked, SSH hosts are added (refused with shell metacharacters) and
// removed and kept in the hosts file, and the Run flow goes end to end on
// the simulator and on a local Neuron host played by the stand-in NKI
// runtime and a stand-in neuron-ls (test doubles, see
// tests/compiler/device_standin/README.md): inputs read from .npy files
// (one by one or a folder), the stages shown while it runs, and Cancel.

#include "../compiler/device_helpers.h"
#include "apptest.h"
#include "devicesdock.h"
#include "editor/codeeditor.h"
#include "mainwindow.h"
#include "session/workbenchsession.h"

#include "device/registry.h"
#include "devices/devicesview.h"
#include "devices/inputfileseditor.h"
#include "sim/npy.h"

#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <algorithm>
#include <cstring>

using namespace Qt::StringLiterals;
using namespace tirx::testing;

namespace {

QPushButton* button(DevicesView* view, const QString& text)
{
    for (auto* b : view->findChildren<QPushButton*>())
        if (b->text() == text) return b;
    return nullptr;
}

QStringList column(DevicesView* view, int c)
{
    QStringList out;
    for (int i = 0; i < view->list()->topLevelItemCount(); ++i) out << view->list()->topLevelItem(i)->text(c);
    return out;
}

// A float32 array of `shape` holding `value` everywhere.
tirx::sim::HostArray filled(std::vector<int64_t> shape, float value)
{
    tirx::sim::HostArray array;
    array.shape = std::move(shape);
    array.bytes.resize(static_cast<size_t>(array.elements()) * sizeof(float));
    for (size_t at = 0; at < array.bytes.size(); at += sizeof(float))
        std::memcpy(&array.bytes[at], &value, sizeof value);
    return array;
}

// The values of output `name` of `run` as float32, empty when there is none.
std::vector<float> floats(const tirx::device::RunOutcome& run, const std::string& name)
{
    for (const auto& [output, array] : run.outputs) {
        if (output != name) continue;
        std::vector<float> values(array.bytes.size() / sizeof(float));
        std::memcpy(values.data(), array.bytes.data(), values.size() * sizeof(float));
        return values;
    }
    return {};
}

// The window with the kernel loaded and the Devices dock in front, so its
// input list follows the kernel.
DevicesDock* showDevices(MainWindow& window, const QString& kernel)
{
    QString error;
    if (!window.loadFile(kernel, &error)) return nullptr;
    window.show();
    auto* dock = window.findChild<QDockWidget*>(u"DevicesDock"_s);
    dock->show();
    dock->raise();
    QCoreApplication::processEvents();
    return window.findChild<DevicesDock*>();
}

} // namespace

class TestDevicesDock : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        apptest::useTestSettings();
        QVERIFY(m_dir.isValid());
        qputenv("XDG_CONFIG_HOME", m_dir.path().toUtf8());
        qputenv("TMPDIR", m_dir.path().toUtf8());
        writeNeuronLs(m_dir.path(), kOneDevice);
        writePython(m_dir.path(), {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}});
        qputenv("PATH", (m_dir.path() + u":/usr/bin:/bin"_s).toUtf8());
        m_kernel = m_dir.path() + u"/kernel.py"_s;
        QVERIFY(apptest::writeBytes(m_kernel, QByteArray::fromStdString(sentSource())));
    }

    void hostsAreAddedAndRemoved()
    {
        MainWindow window;
        auto* dock = window.findChild<DevicesDock*>();
        QVERIFY(dock);
        DevicesView* view = dock->view();
        QCOMPARE(column(view, 0), (QStringList{u"sim"_s, u"local"_s}));
        QCOMPARE(column(view, 1), (QStringList{u"ready"_s, u"not probed"_s}));
        auto* host = view->findChild<QLineEdit*>();
        host->setText(u"ssh://trn;reboot"_s);
        button(view, u"Add SSH host"_s)->click();
        QCOMPARE(view->list()->topLevelItemCount(), 2);
        QCOMPARE(host->text(), u"ssh://trn;reboot"_s); // refused: kept to be corrected
        host->setText(u"ubuntu@trn2-host"_s);
        button(view, u"Add SSH host"_s)->click();
        QCOMPARE(column(view, 0).last(), u"ssh://ubuntu@trn2-host"_s);
        QVERIFY(host->text().isEmpty()); // added: the field is ready for the next
        QCOMPARE(tirx::device::readHosts(), (std::vector<std::string>{"ssh://ubuntu@trn2-host"}));
        view->selectDevice(u"ssh://ubuntu@trn2-host"_s);
        QVERIFY(button(view, u"Remove host"_s)->isEnabled());
        button(view, u"Remove host"_s)->click();
        QCOMPARE(view->list()->topLevelItemCount(), 2);
        QVERIFY(tirx::device::readHosts().empty());
    }

    void runOnTheSimulatorAndAStandinHost()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(m_kernel, &error), qPrintable(error));
        QVERIFY(window.session()->trace());
        auto* dock = window.findChild<DevicesDock*>();
        DevicesView* view = dock->view();

        QSignalSpy finished(dock, &DevicesDock::finished);
        view->selectDevice(u"sim"_s);
        button(view, u"Run"_s)->click();
        QVERIFY(finished.wait(20000));
        QVERIFY2(view->resultText().startsWith(u"Kernel "_s), qPrintable(view->resultText()));

        QSignalSpy refreshed(dock, &DevicesDock::refreshed);
        button(view, u"Refresh"_s)->click();
        QVERIFY(refreshed.wait(20000));
        QCOMPARE(column(view, 1), (QStringList{u"ready"_s, u"ready"_s}));
        QCOMPARE(column(view, 2).last(), u"nki"_s);
        QCOMPARE(column(view, 4).last(), u"0.8.0"_s);

        view->selectDevice(u"local"_s);
        button(view, u"Run"_s)->click();
        QVERIFY(finished.wait(60000));
        QVERIFY2(view->resultText().contains(u"The device agrees with the simulator."_s),
                 qPrintable(view->resultText()));
        QVERIFY(view->resultText().contains(u"B: max abs error 0"_s));
    }

    void inputsComeFromNpyFilesOrTheSeed()
    {
        MainWindow window;
        DevicesDock* dock = showDevices(window, m_kernel);
        QVERIFY(dock);
        DevicesView* view = dock->view();
        InputFilesEditor* inputs = view->inputs();
        QTRY_COMPARE(inputs->inputs(), QStringList{u"A"_s});
        QVERIFY(inputs->inputFiles().isEmpty());

        // A folder with A.npy: every input is read from it.
        const QString folder = m_dir.path() + u"/inputs"_s;
        QVERIFY(QDir().mkpath(folder));
        QCOMPARE(tirx::sim::writeNpy(QString(folder + u"/A.npy"_s).toStdString(), filled({128, 512}, 2.0F)),
                 std::string());
        QVERIFY(inputs->setInputFolder(folder).isEmpty());
        QCOMPARE(inputs->contentsText(u"A"_s), u"A.npy"_s);

        QSignalSpy finished(dock, &DevicesDock::finished);
        view->selectDevice(u"sim"_s);
        button(view, u"Run"_s)->click();
        QVERIFY(finished.wait(20000));
        QVERIFY2(dock->lastRun() && dock->lastRun()->device.ok, qPrintable(view->resultText()));
        const std::vector<float> fromFile = floats(dock->lastRun()->device, "B");
        QCOMPARE(fromFile.size(), size_t{128 * 512});
        QVERIFY(std::all_of(fromFile.begin(), fromFile.end(), [](float v) { return v == 3.0F; }));

        // Back to random: the seed decides, and the sum is no longer 3.
        inputs->setInputFile(u"A"_s, {});
        QVERIFY(inputs->contentsText(u"A"_s).startsWith(u"random"_s));
        button(view, u"Run"_s)->click();
        QVERIFY(finished.wait(20000));
        const std::vector<float> drawn = floats(dock->lastRun()->device, "B");
        QVERIFY(std::any_of(drawn.begin(), drawn.end(), [](float v) { return v != 3.0F; }));

        // A file of the wrong shape is refused with both shapes, before anything runs.
        const QString wrong = m_dir.path() + u"/wrong.npy"_s;
        QCOMPARE(tirx::sim::writeNpy(wrong.toStdString(), filled({128, 1}, 1.0F)), std::string());
        inputs->setInputFile(u"A"_s, wrong);
        button(view, u"Run"_s)->click();
        QVERIFY(!view->isRunning());
        QVERIFY2(view->message().contains(u"(128, 1)"_s) && view->message().contains(u"(128, 512)"_s),
                 qPrintable(view->message()));

        // A folder without A.npy names what stays random.
        const QString empty = m_dir.path() + u"/empty"_s;
        QVERIFY(QDir().mkpath(empty));
        QCOMPARE(inputs->setInputFolder(empty), QStringList{u"A"_s});
        QVERIFY(inputs->inputFiles().isEmpty());
    }

    void aRunShowsItsStagesAndCanBeCancelled()
    {
        MainWindow window;
        DevicesDock* dock = showDevices(window, m_kernel);
        QVERIFY(dock);
        DevicesView* view = dock->view();
        QSignalSpy finished(dock, &DevicesDock::finished);
        QSignalSpy stages(view, &DevicesView::stageChanged);

        view->selectDevice(u"local"_s);
        button(view, u"Run"_s)->click();
        QVERIFY(view->isRunning());
        QVERIFY(view->progress()->isVisible());
        QVERIFY(!button(view, u"Run"_s)->isEnabled());
        QVERIFY(finished.wait(60000));
        QVERIFY2(view->resultText().contains(u"agrees with the simulator"_s), qPrintable(view->resultText()));
        QStringList seen;
        for (const auto& args : stages) seen << args.first().toString();
        QCOMPARE(seen, (QStringList{u"copying"_s, u"running"_s, u"fetching"_s, u"comparing"_s}));
        QVERIFY(!view->progress()->isVisible());

        // A kernel that takes 30 s: Cancel stops it while it runs.
        writePython(m_dir.path(), {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}, {"TIRX_STANDIN_SLEEP", "30"}});
        stages.clear();
        QElapsedTimer clock;
        clock.start();
        button(view, u"Run"_s)->click();
        QTRY_VERIFY_WITH_TIMEOUT(view->stage() == u"running"_s, 20000);
        // A device run and a lowering in flight at once.
        QSignalSpy traces(window.session(), &WorkbenchSession::traceReady);
        window.editor()->append(u"\n# edited while the device runs\n"_s);
        QVERIFY(traces.wait(20000));
        QVERIFY(dock->isBusy());
        QCOMPARE(view->stage(), u"running"_s);
        QVERIFY(button(view, u"Cancel"_s)->isEnabled());
        button(view, u"Cancel"_s)->click();
        QVERIFY(finished.wait(20000));
        writePython(m_dir.path(), {{"TIRX_STANDIN_NKI_VERSION", "0.8.0"}});
        QVERIFY(clock.elapsed() < 25000);
        QVERIFY(dock->lastRun()->device.cancelled);
        QVERIFY2(view->resultText().contains(u"cancelled"_s), qPrintable(view->resultText()));
        QVERIFY(!view->progress()->isVisible());
    }

private:
    QTemporaryDir m_dir;
    QString m_kernel;
};

QTEST_MAIN(TestDevicesDock)
#include "test_devicesdock.moc"
