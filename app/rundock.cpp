#include "rundock.h"

#include "kernelinputs.h"
#include "session/workbenchsession.h"

#include "jobs/jobtracker.h"
#include "refresh/refreshwhenshown.h"
#include "run/runview.h"
#include "sim/kernel_args.h"
#include "sim/npy.h"
#include "sim/simulator.h"

#include <QDockWidget>
#include <QPointer>

using namespace Qt::StringLiterals;

namespace {
using RunResultRef = std::shared_ptr<const tirx::sim::RunResult>;
}

RunDock::RunDock(WorkbenchSession* session, QWidget* window)
    : QObject(window), m_session(session), m_view(new RunView(window)), m_dock(new QDockWidget(tr("Run"), window)),
      m_runs(new JobTracker(this))
{
    m_dock->setObjectName(u"RunDock"_s);
    m_dock->setWidget(m_view);
    connect(m_view, &RunView::runRequested, this, &RunDock::run);
    connect(m_view, &RunView::cancelRequested, this, &RunDock::cancel);
    connect(m_view, &RunView::sourceRequested, this, [this](int line, int column) {
        if (line > 0) emit sourceRequested(line, column);
    });
    auto* refresh = new RefreshWhenShown(m_dock, [this] { refreshInputs(); });
    connect(m_session, &WorkbenchSession::traceReady, refresh, &RefreshWhenShown::request);
    refreshInputs();
}

bool RunDock::isRunning() const { return m_runs->isRunning(); }

void RunDock::refreshInputs()
{
    if (const auto names = kernelInputNames(m_session->trace().get())) m_view->setInputs(*names);
}

void RunDock::cancel() { m_runs->stop(); }

void RunDock::run()
{
    if (m_runs->isRunning()) return;
    const auto trace = m_session->trace();
    const tirx::Target* target = m_session->target();
    auto failed = [this](const QString& text) {
        auto result = std::make_shared<tirx::sim::RunResult>();
        result->diagnostics.push_back({tirx::Diagnostic::Severity::Error, text.toStdString(), {}});
        m_view->setResult(result, m_session->target());
        emit statusMessage(text);
        emit finished();
    };
    if (!trace || !target || trace->entries.empty() || trace->failed()) return failed(tr("Nothing lowered to run"));
    std::string error;
    const auto kernel = tirx::sim::kernelFunction(*trace->entries.back()->module, {}, &error);
    if (!kernel) return failed(QString::fromStdString(error));

    std::map<std::string, std::string> files;
    const auto chosen = m_view->inputFiles();
    for (auto it = chosen.begin(); it != chosen.end(); ++it) files[it.key().toStdString()] = it.value().toStdString();
    tirx::sim::SimOptions options;
    options.seed = m_view->seed();
    options.poison = m_view->poison();
    m_view->setRunning(true);
    emit statusMessage({}); // an earlier run's message is not this one's
    QPointer<RunView> view = m_view;
    // The trace keeps the module (and so the kernel) alive while the worker
    // runs; the target is an entry of the static target table.
    m_runs->start(
        [trace, kernel, target, files, options, view](const JobTracker::Control& control) mutable {
            options.progress = [&control, view](int64_t done) {
                control.progress([view, done] {
                    if (view) view->setProgress(done);
                });
                return !control.stopped();
            };
            auto result = std::make_shared<tirx::sim::RunResult>();
            std::map<std::string, tirx::sim::HostArray> inputs;
            for (const auto& [name, path] : files) {
                auto read = tirx::sim::readNpy(path);
                if (!read.array) {
                    result->diagnostics.push_back({tirx::Diagnostic::Severity::Error, read.error, {}});
                    return RunResultRef(result);
                }
                inputs[name] = std::move(*read.array);
            }
            *result = tirx::sim::simulate(*kernel, *target, inputs, options);
            return RunResultRef(result);
        },
        [this, target](const RunResultRef& result) {
            m_view->setRunning(false);
            m_view->setResult(result, target);
            if (!result->ok() && !result->diagnostics.empty())
                emit statusMessage(
                    tr("Run failed: %1").arg(QString::fromStdString(result->diagnostics.front().message)));
            emit finished();
        },
        [this](const QString& message) {
            m_view->setRunning(false);
            emit statusMessage(tr("Run failed: %1").arg(message));
            emit finished();
        });
}
