// The one pattern for work off the GUI thread: a result reaches the context
// on its thread; the newest request wins and an overtaken job neither
// delivers nor runs beside its successor; cancel drops, stop still
// delivers; progress is paced and never follows the result; posts arrive
// each, in order; an exception is an error; a tracker destroyed mid-job
// waits for it and delivers nothing; two trackers run at once.

#include "jobs/jobtracker.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <atomic>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace {
constexpr int kWaitMs = 10000;
}

class TestJobTracker : public QObject {
    Q_OBJECT

private slots:
    void theResultReachesTheContextOnItsThread()
    {
        QObject context;
        auto* jobs = new JobTracker(&context);
        QSignalSpy running(jobs, &JobTracker::runningChanged);
        QThread* workerThread = nullptr;
        QThread* deliveredOn = nullptr;
        int result = 0;
        jobs->start(
            [&](const JobTracker::Control&) {
                workerThread = QThread::currentThread();
                return 42;
            },
            [&](int value) {
                deliveredOn = QThread::currentThread();
                result = value;
            });
        QVERIFY(jobs->isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(result, 42, kWaitMs);
        QVERIFY(workerThread != QThread::currentThread());
        QCOMPARE(deliveredOn, QThread::currentThread());
        QVERIFY(!jobs->isRunning());
        QCOMPARE(running.size(), 2);
        QCOMPARE(running.at(0).at(0).toBool(), true);
        QCOMPARE(running.at(1).at(0).toBool(), false);
    }

    void theNewestRequestWins()
    {
        QObject context;
        auto* jobs = new JobTracker(&context);
        QSemaphore release;
        std::atomic<int> concurrent{0};
        std::atomic<int> most{0};
        std::atomic<bool> firstSawStop{false};
        QStringList delivered;
        const auto enter = [&] { most = std::max(most.load(), ++concurrent); };
        jobs->start(
            [&](const JobTracker::Control& control) {
                enter();
                release.acquire();
                firstSawStop = control.stopped();
                --concurrent;
                return u"first"_s;
            },
            [&](const QString& s) { delivered << s; });
        // Two more while the first runs: the second waits, the third replaces it.
        for (const QString& name : {u"second"_s, u"third"_s}) {
            jobs->start(
                [&, name](const JobTracker::Control&) {
                    enter();
                    --concurrent;
                    return name;
                },
                [&](const QString& s) { delivered << s; });
        }
        release.release();
        jobs->waitForFinished();
        QVERIFY(firstSawStop);
        QCOMPARE(delivered, QStringList{u"third"_s});
        QCOMPARE(most.load(), 1); // never two of one tracker's jobs at once
        QVERIFY(!jobs->isRunning());
    }

    void cancelDropsWhatTheJobDelivers()
    {
        QObject context;
        auto* jobs = new JobTracker(&context);
        QSemaphore release;
        std::atomic<bool> sawStop{false};
        bool delivered = false;
        bool progressed = false;
        jobs->start(
            [&](const JobTracker::Control& control) {
                release.acquire();
                control.progress([&] { progressed = true; });
                control.post([&] { progressed = true; });
                sawStop = control.stopped();
                return 1;
            },
            [&](int) { delivered = true; });
        jobs->cancel();
        QVERIFY(!jobs->isRunning());
        release.release();
        jobs->waitForFinished();
        QTest::qWait(20);
        QVERIFY(sawStop);
        QVERIFY(!delivered);
        QVERIFY(!progressed);
    }

    void stopStillDeliversTheEarlyResult()
    {
        QObject context;
        auto* jobs = new JobTracker(&context);
        std::optional<int> result;
        std::atomic<bool> started{false};
        jobs->start(
            [&](const JobTracker::Control& control) {
                started = true;
                int rounds = 0;
                while (!control.stopped()) {
                    ++rounds;
                    QThread::msleep(1);
                }
                return rounds;
            },
            [&](int rounds) { result = rounds; });
        QTRY_VERIFY_WITH_TIMEOUT(started, kWaitMs);
        jobs->stop();
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), kWaitMs);
        QVERIFY(!jobs->isRunning());
    }

    void progressIsPacedAndNeverFollowsTheResult()
    {
        QObject context;
        auto* jobs = new JobTracker(&context);
        constexpr int kIntervalMs = 50;
        jobs->setProgressInterval(kIntervalMs);
        QSemaphore reported;
        QSemaphore finish;
        QList<int> shown;
        bool done = false;
        jobs->start(
            [&](const JobTracker::Control& control) {
                control.progress([&] { shown << 1; });
                control.progress([&] { shown << 2; });
                reported.release();
                finish.acquire();
                control.progress([&] { shown << 3; }); // just before the result: never shown
                return 0;
            },
            [&](int) { done = true; });
        QVERIFY(reported.tryAcquire(1, kWaitMs));
        // Two updates in quick succession: the newer is shown once the
        // interval has passed, the older never.
        QTRY_COMPARE_WITH_TIMEOUT(shown, QList<int>{2}, kWaitMs);
        finish.release();
        QTRY_VERIFY_WITH_TIMEOUT(done, kWaitMs);
        QTest::qWait(3 * kIntervalMs);
        QCOMPARE(shown, QList<int>{2});
    }

    void postsArriveEachInOrderBeforeTheResult()
    {
        QObject context;
        auto* jobs = new JobTracker(&context);
        QStringList events;
        jobs->start(
            [&](const JobTracker::Control& control) {
                for (int i = 1; i <= 5; ++i) control.post([&events, i] { events << QString::number(i); });
                return u"result"_s;
            },
            [&](const QString& s) { events << s; });
        jobs->waitForFinished();
        QCOMPARE(events, (QStringList{u"1"_s, u"2"_s, u"3"_s, u"4"_s, u"5"_s, u"result"_s}));
    }

    void anExceptionIsAnError()
    {
        QObject context;
        auto* jobs = new JobTracker(&context);
        QString error;
        bool delivered = false;
        jobs->start([](const JobTracker::Control&) -> int { throw std::runtime_error("out of bytes"); },
                    [&](int) { delivered = true; }, [&](const QString& message) { error = message; });
        jobs->waitForFinished();
        QVERIFY(!delivered);
        QCOMPARE(error, u"out of bytes"_s);
        QVERIFY(!jobs->isRunning());
    }

    void destroyingTheContextMidJobIsSafe()
    {
        auto delivered = std::make_shared<std::atomic<bool>>(false);
        for (int i = 0; i < 5; ++i) {
            auto context = std::make_unique<QObject>();
            auto* jobs = new JobTracker(context.get());
            jobs->start(
                [i](const JobTracker::Control& control) {
                    for (int t = 0; t < 20 && !control.stopped(); ++t) QThread::msleep(1);
                    return i;
                },
                [delivered](int) { *delivered = true; });
            QTest::qWait(i); // from "not started" to "running"
            context.reset(); // waits for the job
        }
        QTest::qWait(20); // nothing posted to a dead tracker runs
        QVERIFY(!*delivered);
    }

    void twoTrackersRunAtOnce()
    {
        // A device run and a lowering are separate trackers: each job here
        // finishes only once the other has started, so both are in flight.
        QObject context;
        auto* lowering = new JobTracker(&context);
        auto* device = new JobTracker(&context);
        QSemaphore loweringStarted;
        QSemaphore deviceStarted;
        QStringList delivered;
        device->start(
            [&](const JobTracker::Control&) {
                deviceStarted.release();
                return loweringStarted.tryAcquire(1, kWaitMs) ? u"device"_s : u"device alone"_s;
            },
            [&](const QString& s) { delivered << s; });
        lowering->start(
            [&](const JobTracker::Control&) {
                loweringStarted.release();
                return deviceStarted.tryAcquire(1, kWaitMs) ? u"lowering"_s : u"lowering alone"_s;
            },
            [&](const QString& s) { delivered << s; });
        QVERIFY(device->isRunning() && lowering->isRunning());
        device->waitForFinished();
        lowering->waitForFinished();
        delivered.sort();
        QCOMPARE(delivered, (QStringList{u"device"_s, u"lowering"_s}));
    }
};

QTEST_GUILESS_MAIN(TestJobTracker)
#include "test_jobtracker.moc"
