#include "devicesview.h"

#include "fromstd.h"

#include "devices/inputfileseditor.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {

enum Column { Id, Status, Api, Sdk, Nki, Cores, Message, ColumnCount };

QString comparisonText(const tirx::device::Comparison& c)
{
    QString text;
    for (const auto& o : c.outputs) {
        text += u"%1: max abs error %2, max rel error %3 (tolerance %4): %5"_s.arg(fromStd(o.name))
                    .arg(o.maxAbsError, 0, 'g', 3)
                    .arg(o.maxRelError, 0, 'g', 3)
                    .arg(o.tolerance, 0, 'g', 1)
                    .arg(o.passed ? u"pass"_s : u"FAIL"_s);
        if (!o.problem.empty()) text += u": "_s + fromStd(o.problem);
        text += u'\n';
    }
    text += c.passed() ? DevicesView::tr("The device agrees with the simulator.\n")
                       : DevicesView::tr("The device DISAGREES with the simulator.\n");
    return text;
}

} // namespace

DevicesView::DevicesView(QWidget* parent)
    : QWidget(parent), m_list(new QTreeWidget(this)), m_refresh(new QPushButton(tr("Refresh"), this)),
      m_run(new QPushButton(tr("Run"), this)), m_cancel(new QPushButton(tr("Cancel"), this)),
      m_remove(new QPushButton(tr("Remove host"), this)), m_host(new QLineEdit(this)),
      m_add(new QPushButton(tr("Add SSH host"), this)), m_seed(new QSpinBox(this)), m_status(new QLabel(this)),
      m_result(new QPlainTextEdit(this)), m_inputs(new InputFilesEditor(this)), m_progress(new QProgressBar(this))
{
    m_list->setColumnCount(ColumnCount);
    m_list->setHeaderLabels(
        {tr("Device"), tr("Status"), tr("API"), tr("neuronx-cc"), tr("NKI"), tr("Cores"), tr("Message")});
    m_list->setRootIsDecorated(false);
    m_list->header()->setStretchLastSection(true);
    m_host->setPlaceholderText(tr("ssh://user@host"));
    m_seed->setRange(0, 1 << 30);
    m_result->setReadOnly(true);
    m_result->setPlaceholderText(tr("Run a kernel on a device to compare it with the simulator."));
    m_status->setWordWrap(true);
    m_seed->setToolTip(tr("Inputs without a file are drawn from this seed, as the simulator draws them"));
    // Busy, not a percentage: a device says which stage it is in, not how far.
    m_progress->setRange(0, 0);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(m_status->fontMetrics().height());
    m_progress->hide();

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_refresh);
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(new QLabel(tr("Seed"), this));
    buttons->addWidget(m_seed);
    buttons->addStretch();
    auto* progress = new QHBoxLayout;
    progress->addWidget(m_progress, 1);
    progress->addWidget(m_status, 2);
    auto* hosts = new QHBoxLayout;
    hosts->addWidget(m_host, 1);
    hosts->addWidget(m_add);
    hosts->addWidget(m_remove);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_list, 2);
    layout->addLayout(hosts);
    layout->addWidget(m_inputs, 1);
    layout->addLayout(buttons);
    layout->addLayout(progress);
    layout->addWidget(m_result, 3);

    connect(m_inputs, &InputFilesEditor::message, this, &DevicesView::setMessage);
    connect(m_refresh, &QPushButton::clicked, this, &DevicesView::refreshRequested);
    connect(m_run, &QPushButton::clicked, this, [this] {
        if (!selectedDevice().isEmpty()) emit runRequested(selectedDevice());
    });
    connect(m_cancel, &QPushButton::clicked, this, &DevicesView::cancelRequested);
    connect(m_add, &QPushButton::clicked, this, [this] {
        if (!m_host->text().trimmed().isEmpty()) emit addHostRequested(m_host->text().trimmed());
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        if (selectedDevice().startsWith(u"ssh://"_s)) emit removeHostRequested(selectedDevice());
    });
    connect(m_list, &QTreeWidget::currentItemChanged, this, &DevicesView::updateButtons);
    updateButtons();
}

void DevicesView::setDevices(const std::vector<tirx::device::DeviceInfo>& devices)
{
    const QString selected = selectedDevice();
    m_list->clear();
    for (const auto& info : devices) {
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(Id, fromStd(info.id));
        item->setToolTip(Id, fromStd(info.name));
        item->setText(Status, fromStd(info.status));
        item->setText(Api, info.api ? fromStd(tirx::nkiApiName(*info.api)) : QString());
        item->setText(Sdk, fromStd(info.sdkVersion));
        item->setText(Nki, fromStd(info.nkiVersion));
        item->setText(Cores, info.cores ? QString::number(info.cores) : QString());
        item->setText(Message, fromStd(info.message));
        item->setToolTip(Message, fromStd(info.message));
    }
    selectDevice(selected.isEmpty() ? u"sim"_s : selected);
    updateButtons();
}

void DevicesView::selectDevice(const QString& id)
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        if (m_list->topLevelItem(i)->text(Id) == id) m_list->setCurrentItem(m_list->topLevelItem(i));
}

QString DevicesView::selectedDevice() const
{
    const QTreeWidgetItem* item = m_list->currentItem();
    return item ? item->text(Id) : QString();
}

int DevicesView::seed() const { return m_seed->value(); }

QString DevicesView::resultText() const { return m_result->toPlainText(); }

void DevicesView::setRunning(bool running)
{
    m_running = running;
    m_stage.clear();
    m_progress->setVisible(running);
    // The user may select another row while it runs.
    m_runningDevice = running ? selectedDevice() : QString();
    if (running) m_status->setText(tr("Running on %1…").arg(m_runningDevice));
    updateButtons();
}

void DevicesView::setStage(const QString& stage)
{
    if (!m_running) return;
    m_stage = stage;
    m_status->setText(tr("Running on %1: %2…").arg(m_runningDevice, stage));
    emit stageChanged(stage);
}

void DevicesView::clearHostField() { m_host->clear(); }

void DevicesView::setMessage(const QString& text) { m_status->setText(text); }

QString DevicesView::message() const { return m_status->text(); }

void DevicesView::setResult(const tirx::device::DeviceRun& run)
{
    QString text;
    if (!run.device.ok) {
        text = tr("The run failed: %1\n").arg(fromStd(run.device.error));
        for (const auto& d : run.device.diagnostics)
            text += tr("line %1: %2\n").arg(d.span.line).arg(fromStd(d.message));
    } else {
        text = tr("Kernel %1 s on the device, round trip %2 s")
                   .arg(run.device.seconds, 0, 'f', 6)
                   .arg(run.device.wallSeconds, 0, 'f', 3);
        if (run.simulator) text += tr("; simulator %1 s").arg(run.simulator->seconds, 0, 'f', 3);
        text += u"\n"_s;
        if (run.comparison) text += comparisonText(*run.comparison);
        if (run.simulator && !run.simulator->ok)
            text += tr("The simulator failed: %1\n").arg(fromStd(run.simulator->error));
    }
    if (!run.device.log.empty()) text += tr("\nLog:\n") + fromStd(run.device.log);
    m_result->setPlainText(text);
    m_status->setText(run.device.ok ? tr("Finished.") : tr("Failed."));
}

void DevicesView::updateButtons()
{
    const QString id = selectedDevice();
    // A device its probe found unavailable or in error cannot run the
    // kernel: Run says why instead of failing after the click. One not yet
    // probed is probed by the run.
    const QTreeWidgetItem* item = m_list->currentItem();
    const QString status = item ? item->text(Status) : QString();
    const bool unusable = status == u"unavailable"_s || status == u"error"_s;
    m_run->setEnabled(!m_running && !id.isEmpty() && !unusable);
    m_run->setToolTip(unusable ? tr("%1 is %2: %3").arg(id, status, item->text(Message)) : QString());
    m_cancel->setEnabled(m_running);
    m_refresh->setEnabled(!m_running);
    m_inputs->setEnabled(!m_running);
    m_remove->setEnabled(!m_running && id.startsWith(u"ssh://"_s));
}
