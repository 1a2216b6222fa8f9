#include "passes/passfiltermodel.h"
#include "passes/passlistmodel.h"
#include "passes/passstepper.h"

#include <QAbstractItemModelTester>
#include <QListView>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

tirx::TraceEntry entry(std::string name, bool changed, std::vector<tirx::Diagnostic> diagnostics = {})
{
    tirx::TraceEntry e;
    e.passName = std::move(name);
    e.text = "# " + e.passName + "\n";
    e.changed = changed;
    e.microseconds = 12;
    e.diagnostics = std::move(diagnostics);
    return e;
}

std::shared_ptr<const tirx::Trace> makeTrace()
{
    auto trace = std::make_shared<tirx::Trace>();
    trace->pipeline = "lower-tirx";
    trace->entries.push_back(entry("input", false));
    trace->entries.push_back(entry("TrnPrivateTensorAlloc", false));
    trace->entries.push_back(entry("TrnNaiveAllocator", true));
    trace->entries.push_back(
        entry("TileDispatch", false,
              {tirx::Diagnostic{tirx::Diagnostic::Severity::Warning, "slow path", tirx::Span{3, 5, 3, 9}}}));
    trace->entries.push_back(entry("LowerTrainiumLayout", true));
    return trace;
}

} // namespace

class TestPassListModel : public QObject {
    Q_OBJECT

private slots:
    void passesTheModelTester()
    {
        PassListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTrace(makeTrace());
        QCOMPARE(model.rowCount(), 5);
        model.setStale(true);
        model.setTrace(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void reportsNameStatusTimeAndDiagnostics()
    {
        PassListModel model;
        model.setTrace(makeTrace());
        QCOMPARE(model.index(2).data(PassListModel::NameRole).toString(), u"TrnNaiveAllocator"_s);
        QVERIFY(model.index(2).data().toString().contains(u"12 µs"_s));
        QCOMPARE(model.status(1), PassListModel::Status::Unchanged);
        QCOMPARE(model.status(2), PassListModel::Status::Changed);
        QCOMPARE(model.status(3), PassListModel::Status::Warning);
        QVERIFY(model.index(3).data(Qt::ToolTipRole).toString().contains(u"3:5: warning: slow path"_s));
        QCOMPARE(model.rowOf(u"LowerTrainiumLayout"_s), 4);
        QCOMPARE(model.rowOf(u"Nope"_s), -1);
    }

    void hideUnchangedFiltersRows()
    {
        PassListModel model;
        PassFilterModel filter;
        filter.setSourceModel(&model);
        QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTrace(makeTrace());
        QCOMPARE(filter.rowCount(), 5);
        filter.setHideUnchanged(true);
        // The input and the warning stay; the unchanged TrnPrivateTensorAlloc goes.
        QCOMPARE(filter.rowCount(), 4);
        QStringList names;
        for (int row = 0; row < filter.rowCount(); ++row)
            names << filter.index(row, 0).data(PassListModel::NameRole).toString();
        QCOMPARE(names, (QStringList{u"input"_s, u"TrnNaiveAllocator"_s, u"TileDispatch"_s,
                                     u"LowerTrainiumLayout"_s}));
        filter.setHideUnchanged(false);
        QCOMPARE(filter.rowCount(), 5);
    }

    void stepperStepsOverVisibleRows()
    {
        PassStepper stepper;
        QSignalSpy spy(&stepper, &PassStepper::currentEntryChanged);
        stepper.setTrace(makeTrace());
        QCOMPARE(stepper.currentEntry(), 4); // the last pass by default
        QVERIFY(stepper.selectPass(u"TrnPrivateTensorAlloc"_s));
        QCOMPARE(stepper.currentEntry(), 1);
        stepper.stepForward();
        QCOMPARE(stepper.currentEntry(), 2);
        stepper.stepBack();
        stepper.stepBack();
        QCOMPARE(stepper.currentEntry(), 0);
        stepper.stepBack();
        QCOMPARE(stepper.currentEntry(), 0);

        stepper.setHideUnchanged(true);
        stepper.stepForward();
        QCOMPARE(stepper.currentEntry(), 2); // skips the unchanged pass
        QCOMPARE(spy.last().at(0).toInt(), 2);

        // A new trace keeps the selected pass by name.
        stepper.setTrace(makeTrace());
        QCOMPARE(stepper.currentEntry(), 2);
        QCOMPARE(stepper.view()->currentIndex().data(PassListModel::NameRole).toString(),
                 u"TrnNaiveAllocator"_s);
    }
};

QTEST_MAIN(TestPassListModel)
#include "test_passlistmodel.moc"
