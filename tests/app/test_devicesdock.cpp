// The Devices dock in the main window, offscreen: nothing is probed until
// asked, SSH hosts are added (refused with shell metacharacters) and
// removed and kept in the hosts file, and the Run flow goes end to end on
// the simulator and on a local Neuron host played by the stand-in NKI
// runtime and a stand-in neuron-ls (test doubles, see
// tests/compiler/device_standin/README.md).

#include "../compiler/device_helpers.h"
#include "apptest.h"
#include "devicesdock.h"
#include "lowering.h"
#include "mainwindow.h"

#include "device/registry.h"
#include "devices/devicesview.h"

#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

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
        host->setText(u"ubuntu@trn2-host"_s);
        button(view, u"Add SSH host"_s)->click();
        QCOMPARE(column(view, 0).last(), u"ssh://ubuntu@trn2-host"_s);
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
        QVERIFY(window.lowering()->trace());
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

private:
    QTemporaryDir m_dir;
    QString m_kernel;
};

QTEST_MAIN(TestDevicesDock)
#include "test_devicesdock.moc"
