#pragma once

#include <QFuture>
#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

class QTimer;

// The one way the workbench runs work off the GUI thread: lowering, memory
// plans, simulator runs, device probes and runs, graph layouts. One tracker
// is one slot for one kind of work, owned by the object its results go to
// (its parent, the context): the job runs on the thread pool and its
// result, progress and error are handed to callbacks on the context's
// thread, never after the tracker is gone.
//
// The newest request wins. At most one job of a tracker runs at a time:
// start() while one runs tells the running one to stop (Control::stopped()
// turns true), drops whatever it still delivers, and starts the new one
// when the old one returns; a request made meanwhile replaces the waiting
// one. Work that cannot stop half-way (Graphviz) so never runs twice at once,
// and work that can (the pipeline between passes) gives way at its next
// check. cancel() drops the running job and any waiting one; stop() asks the
// running job to finish early but still delivers what it returns (a
// simulator run the user cancelled says so).
//
// Progress is a callback the job hands back (Control::progress); only the
// newest one not yet run is kept, it runs at most once per progressInterval
// (0: at the next turn of the event loop), and none runs after its job's
// result or once the job is dropped. Control::post hands back every update. A job that throws delivers the exception's
// text to the error callback instead of a result.
class JobTracker : public QObject {
    Q_OBJECT

    struct State;

public:
    // The running job's view of its tracker; cheap to copy, safe to use
    // from the worker thread.
    class Control {
    public:
        // True once the job is dropped, superseded or asked to stop.
        [[nodiscard]] bool stopped() const;
        // Runs `update` on the context's thread, unless a newer progress
        // update replaces it first or the job is dropped.
        void progress(std::function<void()> update) const;
        // Runs `update` on the context's thread, in order with the job's
        // other posts and before its result, unless the job is dropped: for
        // steps the user should see each of (a device run's stages).
        void post(std::function<void()> update) const;

    private:
        friend class JobTracker;
        Control(std::shared_ptr<State> state, quint64 id) : m_state(std::move(state)), m_id(id) {}
        std::shared_ptr<State> m_state;
        quint64 m_id;
    };

    using ErrorCallback = std::function<void(const QString& message)>;

    // `context` receives the results and owns the tracker.
    explicit JobTracker(QObject* context);
    // Drops the running job and waits for it to return.
    ~JobTracker() override;

    // Runs `work(control)` on the thread pool and hands its result to
    // `done` on the context's thread, if it is still the newest job then.
    template <typename Work, typename Done> void start(Work work, Done done, ErrorCallback failed = {})
    {
        using Result = std::invoke_result_t<Work&, const Control&>;
        startErased(
            [work = std::move(work), done = std::move(done)](const Control& control) mutable -> Delivery {
                auto result = std::make_shared<Result>(work(control));
                return [done, result]() mutable { done(std::move(*result)); };
            },
            std::move(failed));
    }

    // Drops the running job and the waiting one: nothing they deliver is
    // used. The running job is told to stop.
    void cancel();
    // Asks the running job to finish early; its result is still delivered.
    void stop();
    // A job is running or waiting and its result has not been delivered.
    [[nodiscard]] bool isRunning() const { return m_activeId != 0; }
    // Blocks until no job runs or waits, delivering results as they come
    // (tests, screenshots, shutdown).
    void waitForFinished();

    [[nodiscard]] int progressInterval() const;
    void setProgressInterval(int ms);

signals:
    void runningChanged(bool running);

private:
    // What a finished job hands to the context thread.
    using Delivery = std::function<void()>;
    using ErasedWork = std::function<Delivery(const Control&)>;
    struct Job {
        quint64 id = 0;
        ErasedWork work;
        ErrorCallback failed;
    };

    void startErased(ErasedWork work, ErrorCallback failed);
    void launch(Job job);
    void finish(quint64 id, const Delivery& delivery, const std::optional<QString>& error, const ErrorCallback& failed);
    void offerProgress(quint64 id, std::function<void()> update);
    void deliverPost(quint64 id, const std::function<void()>& update);
    void releaseProgress();
    void dropProgress();
    void setRunning(bool running);

    std::shared_ptr<State> m_state;
    QFuture<void> m_future;         // the job on the pool, finished or not
    bool m_onPool = false;          // a job runs on the pool (dropped or not)
    quint64 m_activeId = 0;         // the job whose result is awaited; 0: none
    std::optional<Job> m_waiting;   // started while another was on the pool
    bool m_reportedRunning = false; // what runningChanged last said
    QTimer* m_progressTimer;
    std::function<void()> m_pendingProgress;
    quint64 m_pendingProgressId = 0;
};
