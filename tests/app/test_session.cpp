// The workbench session alone, without a window: a cancelled lowering
// leaves nothing stale behind, a second edit supersedes the first, the
// target is the one the driver resolved (never a default), and the memory
// plans of the chosen pass are built once, off the GUI thread, or set from
// elsewhere.

#include "session/workbenchsession.h"

#include "memory/memory_plan.h"

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

constexpr int kWaitMs = 10000;

QString example(const QString& name)
{
    QFile file(QStringLiteral(TIRX_SOURCE_DIR "/resources/examples/") + name);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

// naive_allocator.py for another target.
QString naiveAllocatorFor(const QString& tag)
{
    QString text = example(u"naive_allocator.py"_s);
    text.replace(u"aws/trn1/trn1.2xlarge"_s, tag);
    return text;
}

// A module big enough that its lowering is still running when the test
// acts on it: the naive allocator's tensors, many times over.
QString largeModule()
{
    QString text = u"from tvm.script import tirx as T\n\n@T.ir_module\nclass Module:\n    @T.function\n"
                   u"    def main():\n"_s;
    for (int i = 0; i < 400; ++i)
        text += u"        A%1 = T.alloc_tensor((128, 64), \"float32\", scope=\"trn.sbuf\")\n"_s.arg(i);
    return text;
}

} // namespace

class TestSession : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"TIRx Explorer"_s);
        QCoreApplication::setApplicationName(u"tirx-explorer"_s);
        QSettings().clear();
        QVERIFY(!example(u"naive_allocator.py"_s).isEmpty());
    }

    void aCancelledLoweringLeavesNoStaleView()
    {
        WorkbenchSession session;
        session.lowerNow(example(u"naive_allocator.py"_s));
        const auto before = session.trace();
        QVERIFY(before);
        const tirx::Target* target = session.target();
        QVERIFY(target);

        session.setDebounceMs(0);
        QSignalSpy traces(&session, &WorkbenchSession::traceReady);
        QSignalSpy partials(&session, &WorkbenchSession::partialTraceReady);
        QSignalSpy busy(&session, &WorkbenchSession::busyChanged);
        session.setSource(largeModule());
        QVERIFY(busy.wait(kWaitMs)); // the job is on its worker
        QVERIFY(session.isBusy());
        session.cancelLowering();
        QVERIFY(!session.isBusy());
        session.waitForIdle();
        QTest::qWait(3 * WorkbenchSession::kPartialIntervalMs);
        // Neither its passes nor its result arrived; what was shown stays.
        QCOMPARE(traces.size(), 0);
        QCOMPARE(partials.size(), 0);
        QCOMPARE(session.trace(), before);
        QCOMPARE(session.shownTrace(), before);
        QCOMPARE(session.target(), target);
        QVERIFY(!session.isStale());
    }

    void aSecondEditSupersedesTheFirst()
    {
        WorkbenchSession session;
        session.setDebounceMs(0);
        const QString second = example(u"naive_allocator.py"_s);
        const QString first = largeModule();
        QStringList events;
        const auto origin = [](const tirx::Trace& trace) {
            return trace.entries.front()->text.find("A399") != std::string::npos ? u"first"_s : u"second"_s;
        };
        connect(&session, &WorkbenchSession::partialTraceReady, &session,
                [&](std::shared_ptr<const tirx::Trace> t) { events << origin(*t) + u" partial"_s; });
        connect(&session, &WorkbenchSession::traceReady, &session,
                [&](std::shared_ptr<const tirx::Trace> t) { events << origin(*t) + u" trace"_s; });
        QSignalSpy busy(&session, &WorkbenchSession::busyChanged);
        session.setSource(first);
        QVERIFY(busy.wait(kWaitMs));
        session.setSource(second); // before the first's result is taken
        QSignalSpy traces(&session, &WorkbenchSession::traceReady);
        QVERIFY(traces.wait(kWaitMs));
        session.waitForIdle();
        QTest::qWait(3 * WorkbenchSession::kPartialIntervalMs);
        QVERIFY2(!events.join(u' ').contains(u"first"_s), qPrintable(events.join(u", "_s)));
        QCOMPARE(events.count(u"second trace"_s), 1);
        QCOMPARE(origin(*session.trace()), u"second"_s);
        QVERIFY(!session.isBusy());
    }

    void theTargetIsTheOneTheDriverResolved()
    {
        WorkbenchSession session;
        QList<const tirx::Target*> changed;
        connect(&session, &WorkbenchSession::targetChanged, &session,
                [&](const tirx::Target* target) { changed << target; });
        QVERIFY(!session.target()); // nothing lowered: no target, not the default

        session.lowerNow(naiveAllocatorFor(u"explorer/trn2"_s));
        QVERIFY(session.trace());
        QVERIFY(session.target());
        QCOMPARE(session.target()->tag, std::string("explorer/trn2"));
        QCOMPARE(session.target()->maxSbufBytesPerPartition, int64_t{224 * 1024});
        QCOMPARE(changed.size(), 1);

        // An override wins over the module's.
        session.setTargetOverride(u"aws/trn1/trn1.32xlarge"_s);
        session.lowerNow(session.source());
        QCOMPARE(session.target()->tag, std::string("aws/trn1/trn1.32xlarge"));
        session.setTargetOverride(QString());

        // A text that does not parse keeps the last Trace and its target.
        session.lowerNow(u"@T.ir_module\nclass Module(:\n"_s);
        QVERIFY(session.isStale());
        QCOMPARE(session.target()->tag, std::string("aws/trn1/trn1.32xlarge"));

        session.forgetTrace();
        QVERIFY(!session.target());
        QCOMPARE(changed.last(), nullptr);
    }

    void memoryPlansAreBuiltOncePerPassOffTheGuiThread()
    {
        WorkbenchSession session;
        session.lowerNow(naiveAllocatorFor(u"explorer/trn2"_s));
        const auto trace = session.trace();
        QVERIFY(trace && trace->entries.size() > 3);
        const int last = static_cast<int>(trace->entries.size()) - 1;

        QSignalSpy plans(&session, &WorkbenchSession::memoryPlansChanged);
        session.selectEntry(last, last - 1);
        QCOMPARE(plans.size(), 0); // built on a worker, not in this call
        QVERIFY(plans.wait(kWaitMs));
        const MemoryPlans shown = session.memoryPlans();
        QVERIFY(shown.plan && shown.base);
        QCOMPARE(shown.target, session.target());
        QCOMPARE(shown.plan->after, trace->entries.back()->passName);
        QCOMPARE(shown.plan->totals.at("trn.sbuf").capacityBytesPerPartition, int64_t{224 * 1024});
        QCOMPARE(session.cachedPlanCount(), size_t{2});

        // Another pass and back: the plans of a pass are placed once.
        session.selectEntry(1, 0);
        QVERIFY(plans.wait(kWaitMs));
        QCOMPARE(session.cachedPlanCount(), size_t{4}); // entries 0 and 1 added
        const qsizetype seen = plans.size();
        session.selectEntry(last, last - 1);
        QCOMPARE(plans.size(), seen + 1); // at once, from the cache
        QCOMPARE(session.memoryPlans().plan, shown.plan);
        QCOMPARE(session.memoryPlans().base, shown.base);
        QVERIFY(!session.isBusy());

        // Nothing chosen: no plans, and no target to draw them against.
        session.selectEntry(-1, -1);
        QVERIFY(session.memoryPlans().empty());
        QVERIFY(!session.memoryPlans().target);
    }

    void plansCanComeFromElsewhere()
    {
        // A front end whose placement is not this session's lowering (an
        // NKI kernel's trace) sets its plans; a build under way is dropped.
        WorkbenchSession session;
        session.lowerNow(example(u"naive_allocator.py"_s));
        const auto trace = session.trace();
        const tirx::Target* trn2 = tirx::findTarget("explorer/trn2");
        QVERIFY(trn2);
        auto plan = std::make_shared<const tirx::MemoryPlan>(
            tirx::buildMemoryPlan(*trace->entries.back()->module, *trn2, "from elsewhere"));
        QSignalSpy plans(&session, &WorkbenchSession::memoryPlansChanged);
        session.selectEntry(1, 0); // starts a build
        session.setMemoryPlans({plan, plan, trn2});
        QCOMPARE(plans.size(), 1);
        session.waitForIdle();
        QTest::qWait(20);
        QCOMPARE(plans.size(), 1);
        QCOMPARE(session.memoryPlans().plan, plan);
        QCOMPARE(session.memoryPlans().target, trn2);
    }

    void destroyingTheSessionWhileLoweringIsSafe()
    {
        const QString text = largeModule();
        for (int i = 0; i < 5; ++i) {
            auto session = std::make_unique<WorkbenchSession>();
            session->setDebounceMs(0);
            session->setSource(text);
            QTest::qWait(i); // from "not started" to "some passes done"
            session.reset();
        }
        QTest::qWait(50); // nothing posted to a dead session runs
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "test_session.moc"
