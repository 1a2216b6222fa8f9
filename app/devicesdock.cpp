#include "devicesdock.h"

#include "kernelinputs.h"
#include "session/workbenchsession.h"

#include "device/registry.h"
#include "devices/devicesview.h"
#include "devices/inputfileseditor.h"
#include "jobs/jobtracker.h"
#include "refresh/refreshwhenshown.h"
#include "sim/kernel_args.h"
#include "sim/npy.h"

#include <QDockWidget>
#include <QPointer>

using namespace Qt::StringLiterals;

DevicesDock::DevicesDock(WorkbenchSession* session, QWidget* window)
    : QObject(window), m_session(session), m_view(new DevicesView(window)),
      m_dock(new QDockWidget(tr("Devices"), window)), m_probe(new JobTracker(this)), m_run(new JobTracker(this))
{
    m_dock->setObjectName(u"DevicesDock"_s);
    m_dock->setWidget(m_view);
    connect(m_view, &DevicesView::refreshRequested, this, &DevicesDock::refresh);
    connect(m_view, &DevicesView::runRequested, this, &DevicesDock::run);
    connect(m_view, &DevicesView::cancelRequested, this, &DevicesDock::cancel);
    connect(m_view, &DevicesView::addHostRequested, this, &DevicesDock::addHost);
    connect(m_view, &DevicesView::removeHostRequested, this, &DevicesDock::removeHost);
    auto* refresh = new RefreshWhenShown(m_dock, [this] { refreshInputs(); });
    connect(m_session, &WorkbenchSession::traceReady, refresh, &RefreshWhenShown::request);
    listUnprobed();
}

DevicesDock::~DevicesDock()
{
    // The device's child processes stop; the trackers wait for their workers.
    cancel();
}

bool DevicesDock::isBusy() const { return m_probe->isRunning() || m_run->isRunning(); }

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
    if (const auto names = kernelInputNames(m_session->trace().get())) m_view->inputs()->setInputs(*names);
}

void DevicesDock::refresh()
{
    if (isBusy()) return;
    m_view->setMessage(tr("Probing devices…"));
    m_probe->start(
        [](const JobTracker::Control&) {
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
        },
        [this](const std::vector<tirx::device::DeviceInfo>& list) {
            m_view->setDevices(list);
            m_view->setMessage(tr("Devices probed."));
            emit refreshed();
        });
}

void DevicesDock::run(const QString& device)
{
    if (isBusy()) return;
    const auto trace = m_session->trace();
    const tirx::Target* target = m_session->target();
    if (!trace || !target || trace->entries.empty() || trace->failed()) {
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
    auto request = tirx::device::makeRequest(final, trace->entries.front()->module.get(), kernel, *target, given,
                                             static_cast<uint64_t>(m_view->seed()), &error);
    if (!error.empty()) {
        m_view->setMessage(QString::fromStdString(error));
        return;
    }
    m_running = std::move(choice.device);
    m_view->setRunning(true);
    const auto kind = tirx::device::kindOfSpec(device.toStdString());
    QPointer<DevicesView> view = m_view;
    // The trace keeps the modules the request points into alive while the worker runs.
    m_run->start(
        [trace, request, kind, view, running = m_running](const JobTracker::Control& control) {
            const tirx::device::StageCallback stage = [&control, view](std::string_view reached) {
                control.post([view, text = QString::fromUtf8(reached.data(), reached.size())] {
                    if (view) view->setStage(text);
                });
            };
            return std::shared_ptr<const tirx::device::DeviceRun>(
                std::make_shared<tirx::device::DeviceRun>(tirx::device::runAndCompare(*running, kind, request, stage)));
        },
        [this](const std::shared_ptr<const tirx::device::DeviceRun>& run) {
            m_lastRun = run;
            m_view->setRunning(false);
            m_view->setResult(*m_lastRun);
            m_running.reset();
            emit finished();
        },
        [this](const QString& message) {
            m_view->setRunning(false);
            m_view->setMessage(message);
            m_running.reset();
            emit finished();
        });
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
    if (failure.empty()) m_view->clearHostField();
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
