// The Devices view alone: rows for what the device layer reports, which
// buttons a state allows, the request signals, and how a run's outcome reads
// (timings, the comparison, an all-zero output, a failure at a kernel line).

#include "devices/devicesview.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

#include <cstring>

using namespace Qt::StringLiterals;
using namespace tirx::device;

namespace {

QPushButton* button(DevicesView& view, const QString& text)
{
    for (auto* b : view.findChildren<QPushButton*>())
        if (b->text() == text) return b;
    return nullptr;
}

std::vector<DeviceInfo> devices()
{
    DeviceInfo sim;
    sim.id = "sim";
    DeviceInfo remote;
    remote.id = "ssh://ubuntu@trn2";
    remote.kind = DeviceKind::NeuronSsh;
    remote.status = "ready";
    remote.api = tirx::NkiApi::Current;
    remote.sdkVersion = "2.34.0";
    remote.nkiVersion = "0.8.0";
    remote.cores = 8;
    return {sim, remote};
}

tirx::sim::HostArray floats(std::vector<float> values)
{
    tirx::sim::HostArray a;
    a.shape = {static_cast<int64_t>(values.size())};
    a.bytes.resize(values.size() * 4);
    std::memcpy(a.bytes.data(), values.data(), a.bytes.size());
    return a;
}

} // namespace

class TestDevicesView : public QObject {
    Q_OBJECT

private slots:
    void rowsAndButtons()
    {
        DevicesView view;
        view.setDevices(devices());
        QCOMPARE(view.list()->topLevelItemCount(), 2);
        const QTreeWidgetItem* row = view.list()->topLevelItem(1);
        QCOMPARE(row->text(2), u"nki"_s);
        QCOMPARE(row->text(3), u"2.34.0"_s);
        QCOMPARE(row->text(5), u"8"_s);
        QCOMPARE(view.selectedDevice(), u"sim"_s);
        QVERIFY(!button(view, u"Remove host"_s)->isEnabled());
        view.selectDevice(u"ssh://ubuntu@trn2"_s);
        QVERIFY(button(view, u"Remove host"_s)->isEnabled());
        QSignalSpy run(&view, &DevicesView::runRequested);
        button(view, u"Run"_s)->click();
        QCOMPARE(run.size(), 1);
        QCOMPARE(run.first().first().toString(), u"ssh://ubuntu@trn2"_s);
        view.setRunning(true);
        QVERIFY(!button(view, u"Run"_s)->isEnabled());
        QVERIFY(button(view, u"Cancel"_s)->isEnabled());
        QSignalSpy cancel(&view, &DevicesView::cancelRequested);
        button(view, u"Cancel"_s)->click();
        QCOMPARE(cancel.size(), 1);
    }

    // A device its probe found unusable: Run is off and says why.
    void runIsOffForAnUnavailableDevice()
    {
        DevicesView view;
        auto list = devices();
        DeviceInfo local;
        local.id = "local";
        local.kind = DeviceKind::NeuronLocal;
        local.status = "unavailable";
        local.message = "no Neuron runtime on this host";
        list.push_back(local);
        view.setDevices(list);
        view.selectDevice(u"local"_s);
        QVERIFY(!button(view, u"Run"_s)->isEnabled());
        QCOMPARE(button(view, u"Run"_s)->toolTip(), u"local is unavailable: no Neuron runtime on this host"_s);
        view.selectDevice(u"sim"_s);
        QVERIFY(button(view, u"Run"_s)->isEnabled());
        QVERIFY(button(view, u"Run"_s)->toolTip().isEmpty());
    }

    void zerosAreShown()
    {
        DevicesView view;
        DeviceRun run;
        run.device.ok = true;
        run.device.seconds = 0.25;
        run.device.wallSeconds = 1.5;
        run.device.log = "compiled\n";
        run.simulator = RunOutcome{};
        run.simulator->ok = true;
        run.comparison = compareOutputs({{"B", floats({0.0f, 0.0f})}}, {{"B", floats({1.0f, 2.0f})}});
        view.setResult(run);
        const QString text = view.resultText();
        QVERIFY2(text.startsWith(u"Kernel 0.250000 s on the device, round trip 1.500 s; simulator"_s),
                 qPrintable(text));
        QVERIFY(text.contains(u"'B' is all zeros on the device where the simulator's is not"_s));
        QVERIFY(text.contains(u"The device DISAGREES with the simulator."_s));
        QVERIFY(text.contains(u"Log:\ncompiled"_s));
    }

    void failuresNameTheLine()
    {
        DevicesView view;
        DeviceRun run;
        run.device.error = "kernel run failed: RuntimeError: boom";
        tirx::Span at;
        at.line = 13;
        run.device.diagnostics.emplace_back(tirx::Diagnostic::Severity::Error, "on the device, NKI line 9: boom", at);
        view.setResult(run);
        QVERIFY(view.resultText().startsWith(u"The run failed: kernel run failed: RuntimeError: boom\n"_s));
        QVERIFY(view.resultText().contains(u"line 13: on the device, NKI line 9: boom"_s));
    }
};

QTEST_MAIN(TestDevicesView)
#include "test_devicesview.moc"
