#include "devicesdock.h"

#include "kernelinputs.h"
#include "lowering.h"
#include "mainwindow.h"

#include "device/registry.h"
#include "devices/devicesview.h"
#include "devices/inputfileseditor.h"
#include "refresh/refreshwhenshown.h"
#include "sim/kernel_args.h"
#include "sim/npy.h"

#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QtConcurrent>

using namespace Qt::StringLiterals;

DevicesDock::DevicesDock(MainWindow* window)
    : QObject(window), m_window(window), m_view(new DevicesView(window)), m_dock(new QDockWidget(tr("Devices"), window))
{
    m_dock->setObjectName(u"DevicesDock"_s);
    m_dock->setWidget(m_view);
    window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
    if (auto* run = window->findChild<QDockWidget*>(u"RunDock"_s)) window->tabifyDockWidget(run, m_dock);
    for (QAction* menu : window->menuBar()->actions()) {
        if (menu->menu() && menu->text() == MainWindow::tr("&View"))
            menu->menu()->addAction(m_dock->toggleViewAction());
    }
    connect(m_view, &DevicesView::refreshRequested, this, &DevicesDock::refresh);
    connect(m_view, &DevicesView::runRequested, this, &DevicesDock::run);
    connect(m_view, &DevicesView::cancelRequested, this, &DevicesDock::cancel);
    connect(m_view, &DevicesView::addHostRequested, this, &DevicesDock::addHost);
    connect(m_view, &DevicesView::removeHostRequested, this, &DevicesDock::removeHost);
    connect(&m_probe, &QFutureWatcher<std::vector<tirx::device::DeviceInfo>>::finished, this, [this] {
        m_view->setDevices(m_probe.result());
        m_view->setMessage(tr("Devices probed."));
        emit refreshed();
    });
    auto* refresh = new RefreshWhenShown(m_dock, [this] { refreshInputs(); });
    connect(window->lowering(), &LoweringController::traceReady, refresh, &RefreshWhenShown::request);
    connect(&m_run, &QFutureWatcher<std::shared_ptr<const tirx::device::DeviceRun>>::finished, this, [this] {
        m_lastRun = m_run.result();
        m_view->setRunning(false);
        m_view->setResult(*m_lastRun);
        m_running.reset();
        emit finished();
    });
    listUnprobed();
}

DevicesDock::~DevicesDock()
{
    cancel();
    m_probe.waitForFinished();
    m_run.waitForFinished();
}

void DevicesDock::listUnprobed()
{
    std::vector<tirx::device::DeviceInfo> list;
    for (const auto& spec : tirx::device::deviceSpecs()) {
        tirx::device::DeviceInfo info;
        info.id = spec;
        info.kind = tirx::device::kindOfSpec(spec);
        info.status = spec == "sim" ? "ready" : "not probed";
        info.message = spec == "sim" ? "" : "press Refresh to probe";
        list.push_back(std::move(info));
    }
    m_view->setDevices(list);
}

void DevicesDock::refreshInputs()
{
    if (const auto names = kernelInputNames(m_window->lowering()->trace().get())) m_view->inputs()->setInputs(*names);
}

void DevicesDock::refresh()
{
    if (isBusy()) return;
    m_view->setMessage(tr("Probing devices…"));
    m_probe.setFuture(QtConcurrent::run([] {
        std::vector<tirx::device::DeviceInfo> list;
        for (const auto& spec : tirx::device::deviceSpecs()) {
            auto choice = tirx::device::makeDevice(spec);
            tirx::device::DeviceInfo info;
            if (choice.device) {
                info = choice.device->describe();
            } else {
                info.id = spec;
                info.kind = tirx::device::kindOfSpec(spec);
                info.status = "error";
                info.message = choice.error;
            }
            list.push_back(std::move(info));
        }
        return list;
    }));
}

void DevicesDock::run(const QString& device)
{
    if (isBusy()) return;
    const auto trace = m_window->lowering()->trace();
    if (!trace || trace->entries.empty() || trace->failed()) {
        m_view->setMessage(tr("Nothing lowered to run."));
        return;
    }
    const tirx::Module& final = *trace->entries.back()->module;
    std::string error;
    const auto kernel = tirx::sim::kernelFunction(final, {}, &error);
    if (!kernel) {
        m_view->setMessage(QString::fromStdString(error));
        return;
    }
    auto choice = tirx::device::makeDevice(device.toStdString());
    if (!choice.device) {
        m_view->setMessage(QString::fromStdString(choice.error));
        return;
    }
    refreshInputs();
    std::map<std::string, tirx::sim::HostArray> given;
    const QMap<QString, QString> files = m_view->inputs()->inputFiles();
    for (auto it = files.begin(); it != files.end(); ++it) {
        auto read = tirx::sim::readNpy(it.value().toStdString());
        if (!read.array) {
            m_view->setMessage(tr("%1: %2").arg(it.value(), QString::fromStdString(read.error)));
            return;
        }
        given[it.key().toStdString()] = std::move(*read.array);
    }
    const tirx::Target* target = tirx::findTarget(trace->targetTag);
    auto request = tirx::device::makeRequest(final, trace->entries.front()->module.get(), kernel,
                                             target ? *target : tirx::defaultTarget(), given,
                                             static_cast<uint64_t>(m_view->seed()), &error);
    if (!error.empty()) {
        m_view->setMessage(QString::fromStdString(error));
        return;
    }
    m_running = std::move(choice.device);
    m_view->setRunning(true);
    const auto kind = tirx::device::kindOfSpec(device.toStdString());
    QPointer<DevicesView> view = m_view;
    const tirx::device::StageCallback stage = [view](std::string_view reached) {
        QMetaObject::invokeMethod(view, [view, text = QString::fromUtf8(reached.data(), reached.size())] {
            if (view) view->setStage(text);
        });
    };
    // The trace keeps the modules the request points into alive while the worker runs.
    m_run.setFuture(QtConcurrent::run([trace, request, kind, stage, running = m_running] {
        return std::shared_ptr<const tirx::device::DeviceRun>(
            std::make_shared<tirx::device::DeviceRun>(tirx::device::runAndCompare(*running, kind, request, stage)));
    }));
}

void DevicesDock::cancel()
{
    if (m_running) m_running->cancel();
}

void DevicesDock::addHost(const QString& host)
{
    std::string text = host.toStdString();
    if (!text.starts_with("ssh://")) text = "ssh://" + text;
    const auto parsed = tirx::device::parseSshTarget(text);
    if (!parsed.target) {
        m_view->setMessage(QString::fromStdString(parsed.error));
        return;
    }
    auto hosts = tirx::device::readHosts();
    const std::string url = parsed.target->url();
    if (std::find(hosts.begin(), hosts.end(), url) == hosts.end()) hosts.push_back(url);
    const std::string failure = tirx::device::writeHosts(hosts);
    m_view->setMessage(failure.empty() ? tr("Added %1.").arg(QString::fromStdString(url))
                                       : QString::fromStdString(failure));
    listUnprobed();
}

void DevicesDock::removeHost(const QString& device)
{
    auto hosts = tirx::device::readHosts();
    std::erase_if(
        hosts, [&](const std::string& h) { return h == device.toStdString() || "ssh://" + h == device.toStdString(); });
    const std::string failure = tirx::device::writeHosts(hosts);
    m_view->setMessage(failure.empty() ? tr("Removed %1.").arg(device) : QString::fromStdString(failure));
    listUnprobed();
}
