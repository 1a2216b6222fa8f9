#include "jobs/jobtracker.h"

#include <QCoreApplication>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <exception>

using namespace Qt::StringLiterals;

// Shared by the tracker and its workers. The tracker outlives every worker
// (its destructor waits), so a worker may post to it.
struct JobTracker::State {
    JobTracker* tracker = nullptr;
    std::atomic<quint64> current{0}; // the job whose results count; others are dropped
    std::atomic<quint64> stopId{0};  // a job asked to finish early, still delivered
    quint64 lastId = 0;              // GUI thread only
};

bool JobTracker::Control::stopped() const { return m_id != m_state->current.load() || m_id == m_state->stopId.load(); }

void JobTracker::Control::progress(std::function<void()> update) const
{
    if (m_id != m_state->current.load()) return;
    JobTracker* tracker = m_state->tracker;
    QMetaObject::invokeMethod(
        tracker, [tracker, id = m_id, update = std::move(update)]() mutable { tracker->offerProgress(id, update); },
        Qt::QueuedConnection);
}

void JobTracker::Control::post(std::function<void()> update) const
{
    if (m_id != m_state->current.load()) return;
    JobTracker* tracker = m_state->tracker;
    QMetaObject::invokeMethod(
        tracker, [tracker, id = m_id, update = std::move(update)] { tracker->deliverPost(id, update); },
        Qt::QueuedConnection);
}

JobTracker::JobTracker(QObject* context)
    : QObject(context), m_state(std::make_shared<State>()), m_progressTimer(new QTimer(this))
{
    m_state->tracker = this;
    m_progressTimer->setSingleShot(true);
    m_progressTimer->setInterval(0);
    connect(m_progressTimer, &QTimer::timeout, this, &JobTracker::releaseProgress);
}

JobTracker::~JobTracker()
{
    // The worker posts to this object; it must return first. What it posts
    // is dropped with the object's pending events.
    m_waiting.reset();
    m_state->current = ++m_state->lastId;
    m_future.waitForFinished();
}

int JobTracker::progressInterval() const { return m_progressTimer->interval(); }

void JobTracker::setProgressInterval(int ms) { m_progressTimer->setInterval(std::max(0, ms)); }

void JobTracker::startErased(ErasedWork work, ErrorCallback failed)
{
    const quint64 id = ++m_state->lastId;
    m_state->current = id; // the running job, if any, stops at its next check
    m_activeId = id;
    dropProgress();
    Job job{id, std::move(work), std::move(failed)};
    if (m_onPool)
        m_waiting = std::move(job); // replaces an older waiting one
    else
        launch(std::move(job));
    setRunning(true);
}

void JobTracker::launch(Job job)
{
    m_onPool = true;
    const Control control(m_state, job.id);
    JobTracker* tracker = this;
    m_future = QtConcurrent::run([tracker, control, job = std::move(job)]() mutable {
        Delivery delivery;
        std::optional<QString> error;
        try {
            delivery = job.work(control);
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        } catch (...) {
            error = u"unknown error"_s;
        }
        // The last thing the worker does: the tracker waits for it before going.
        QMetaObject::invokeMethod(
            tracker,
            [tracker, id = job.id, delivery = std::move(delivery), error = std::move(error),
             failed = std::move(job.failed)] { tracker->finish(id, delivery, error, failed); },
            Qt::QueuedConnection);
    });
}

void JobTracker::finish(quint64 id, const Delivery& delivery, const std::optional<QString>& error,
                        const ErrorCallback& failed)
{
    m_onPool = false;
    if (id == m_activeId && id == m_state->current.load()) {
        m_activeId = 0;
        dropProgress();
        // The callback may start the next job at once.
        if (error) {
            if (failed) failed(*error);
        } else if (delivery) {
            delivery();
        }
    }
    if (m_waiting && !m_onPool) {
        Job next = std::move(*m_waiting);
        m_waiting.reset();
        launch(std::move(next));
    }
    setRunning(isRunning());
}

void JobTracker::cancel()
{
    m_waiting.reset();
    m_state->current = ++m_state->lastId; // no job has this id
    m_activeId = 0;
    dropProgress();
    setRunning(false);
}

void JobTracker::stop()
{
    if (m_activeId != 0) m_state->stopId = m_activeId;
}

void JobTracker::waitForFinished()
{
    while (m_onPool || m_waiting) {
        m_future.waitForFinished();
        QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
    }
}

void JobTracker::offerProgress(quint64 id, std::function<void()> update)
{
    if (id != m_activeId || id != m_state->current.load()) return;
    m_pendingProgress = std::move(update);
    m_pendingProgressId = id;
    // Not restarted while it runs: a steady stream is still shown once per
    // interval rather than held back until it pauses.
    if (!m_progressTimer->isActive()) m_progressTimer->start();
}

void JobTracker::deliverPost(quint64 id, const std::function<void()>& update)
{
    if (id == m_activeId && id == m_state->current.load()) update();
}

void JobTracker::releaseProgress()
{
    if (!m_pendingProgress || m_pendingProgressId != m_activeId) return;
    std::function<void()> update = std::exchange(m_pendingProgress, nullptr);
    update();
}

void JobTracker::dropProgress()
{
    m_progressTimer->stop();
    m_pendingProgress = nullptr;
    m_pendingProgressId = 0;
}

void JobTracker::setRunning(bool running)
{
    if (running == m_reportedRunning) return;
    m_reportedRunning = running;
    emit runningChanged(running);
}
