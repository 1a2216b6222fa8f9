#include "rundock.h"

#include "kernelinputs.h"
#include "lowering.h"
#include "mainwindow.h"

#include "editor/codeeditor.h"
#include "refresh/refreshwhenshown.h"
#include "run/runview.h"
#include "sim/kernel_args.h"
#include "sim/npy.h"
#include "sim/simulator.h"

#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMetaObject>
#include <QPointer>
#include <QStatusBar>
#include <QtConcurrent>

using namespace Qt::StringLiterals;

RunDock::RunDock(MainWindow* window)
    : QObject(window), m_window(window), m_view(new RunView(window)), m_dock(new QDockWidget(tr("Run"), window))
{
    m_dock->setObjectName(u"RunDock"_s);
    m_dock->setWidget(m_view);
    window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
    if (auto* ir = window->findChild<QDockWidget*>(u"IrDock"_s)) window->tabifyDockWidget(ir, m_dock);
    for (QAction* menu : window->menuBar()->actions()) {
        if (menu->menu() && menu->text() == MainWindow::tr("&View"))
            menu->menu()->addAction(m_dock->toggleViewAction());
    }

    connect(m_view, &RunView::runRequested, this, &RunDock::run);
    connect(m_view, &RunView::cancelRequested, this, &RunDock::cancel);
    connect(m_view, &RunView::sourceRequested, this, [this](int line, int column) {
        if (line > 0) m_window->editor()->setCursorPosition(line - 1, std::max(0, column - 1));
    });
    auto* refresh = new RefreshWhenShown(m_dock, [this] { refreshInputs(); });
    connect(window->lowering(), &LoweringController::traceReady, refresh, &RefreshWhenShown::request);
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<const tirx::sim::RunResult>>::finished, this, [this] {
        const auto result = m_watcher.result();
        m_view->setRunning(false);
        const auto trace = m_window->lowering()->trace();
        const tirx::Target* target = trace ? tirx::findTarget(trace->targetTag) : nullptr;
        m_view->setResult(result, target ? *target : tirx::defaultTarget());
        if (!result->ok() && !result->diagnostics.empty())
            m_window->statusBar()->showMessage(
                tr("Run failed: %1").arg(QString::fromStdString(result->diagnostics.front().message)));
        emit finished();
    });
    refreshInputs();
}

RunDock::~RunDock()
{
    m_cancel = true;
    m_watcher.waitForFinished();
}

void RunDock::refreshInputs()
{
    if (const auto names = kernelInputNames(m_window->lowering()->trace().get())) m_view->setInputs(*names);
}

void RunDock::cancel() { m_cancel = true; }

void RunDock::run()
{
    if (m_watcher.isRunning()) return;
    const auto trace = m_window->lowering()->trace();
    auto failed = [this](const QString& text) {
        auto result = std::make_shared<tirx::sim::RunResult>();
        result->diagnostics.push_back({tirx::Diagnostic::Severity::Error, text.toStdString(), {}});
        m_view->setResult(result, tirx::defaultTarget());
        m_window->statusBar()->showMessage(text);
        emit finished();
    };
    if (!trace || trace->entries.empty() || trace->failed()) return failed(tr("Nothing lowered to run"));
    std::string error;
    const auto kernel = tirx::sim::kernelFunction(*trace->entries.back()->module, {}, &error);
    if (!kernel) return failed(QString::fromStdString(error));
    const tirx::Target* target = tirx::findTarget(trace->targetTag);
    if (!target) target = &tirx::defaultTarget();

    std::map<std::string, std::string> files;
    const auto chosen = m_view->inputFiles();
    for (auto it = chosen.begin(); it != chosen.end(); ++it) files[it.key().toStdString()] = it.value().toStdString();
    tirx::sim::SimOptions options;
    options.seed = m_view->seed();
    options.poison = m_view->poison();
    m_cancel = false;
    QPointer<RunView> view = m_view;
    options.progress = [this, view](int64_t done) {
        QMetaObject::invokeMethod(view, [view, done] {
            if (view) view->setProgress(done);
        });
        return !m_cancel.load();
    };
    m_view->setRunning(true);
    // The trace keeps the module (and so the kernel) alive while the worker runs.
    m_watcher.setFuture(QtConcurrent::run([trace, kernel, target, files, options] {
        auto result = std::make_shared<tirx::sim::RunResult>();
        std::map<std::string, tirx::sim::HostArray> inputs;
        for (const auto& [name, path] : files) {
            auto read = tirx::sim::readNpy(path);
            if (!read.array) {
                result->diagnostics.push_back({tirx::Diagnostic::Severity::Error, read.error, {}});
                return std::shared_ptr<const tirx::sim::RunResult>(result);
            }
            inputs[name] = std::move(*read.array);
        }
        *result = tirx::sim::simulate(*kernel, *target, inputs, options);
        return std::shared_ptr<const tirx::sim::RunResult>(result);
    }));
}
