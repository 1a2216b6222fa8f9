#include "passes/passfiltermodel.h"
#include "passes/passlistmodel.h"
#include "passes/passstepper.h"
#include "passes/targetselector.h"

#include "target/target.h"
#include "transform/registry.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QListView>
#include <QToolButton>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

tirx::TraceEntry makeEntry(std::string name, bool changed, std::vector<tirx::Diagnostic> diagnostics = {})
{
    tirx::TraceEntry e;
    e.passName = std::move(name);
    e.text = "# " + e.passName + "\n";
    e.changed = changed;
    e.microseconds = 12;
    e.diagnostics = std::move(diagnostics);
    return e;
}

tirx::TraceEntryRef entry(std::string name, bool changed, std::vector<tirx::Diagnostic> diagnostics = {})
{
    return std::make_shared<const tirx::TraceEntry>(makeEntry(std::move(name), changed, std::move(diagnostics)));
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

const QStringList kLowerTirx{u"TrnPrivateTensorAlloc"_s, u"TrnNaiveAllocator"_s, u"TileDispatch"_s,
                             u"LowerTrainiumLayout"_s};

// The trace a run without TileDispatch records.
std::shared_ptr<const tirx::Trace> traceWithoutTileDispatch()
{
    auto trace = std::make_shared<tirx::Trace>();
    trace->pipeline = "custom";
    trace->entries.push_back(entry("input", false));
    trace->entries.push_back(entry("TrnPrivateTensorAlloc", true));
    trace->entries.push_back(entry("TrnNaiveAllocator", true));
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

    void aTraceOfTheSamePassesKeepsTheRows()
    {
        PassListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPipeline(kLowerTirx);
        model.setTrace(makeTrace());
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);

        // The next edit's Trace: the same passes, other times and results.
        auto next = std::make_shared<tirx::Trace>(*makeTrace());
        tirx::TraceEntry slower = makeEntry("TrnNaiveAllocator", false);
        slower.microseconds = 20000;
        next->entries[2] = std::make_shared<const tirx::TraceEntry>(slower);
        model.setTrace(next);
        QCOMPARE(resets.size(), 0);
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes.front().at(0).value<QModelIndex>().row(), 0);
        QCOMPARE(changes.front().at(1).value<QModelIndex>().row(), model.rowCount() - 1);
        QCOMPARE(model.trace(), std::shared_ptr<const tirx::Trace>(next));
        QVERIFY(model.index(2).data().toString().contains(u"20.0 ms"_s));
        QCOMPARE(model.status(2), PassListModel::Status::Unchanged);

        // Fewer entries (a partial Trace) are other rows: a reset.
        auto partial = std::make_shared<tirx::Trace>(*makeTrace());
        partial->entries.resize(2);
        model.setTrace(partial);
        QCOMPARE(resets.size(), 1);
        QCOMPARE(model.entryOf(2), -1);
        model.setTrace(nullptr);
        model.setPipeline({});
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
        QVERIFY(model.index(3).data().toString().endsWith(u"1 warning"_s));
        QVERIFY(!model.index(2).data().toString().contains(u"warning"_s));
        QCOMPARE(model.rowOf(u"LowerTrainiumLayout"_s), 4);
        QCOMPARE(model.rowOf(u"Nope"_s), -1);
    }

    void skippedAndRepeatedPassesAreToldApart()
    {
        auto trace = std::make_shared<tirx::Trace>();
        trace->pipeline = "custom";
        trace->entries.push_back(entry("input", false));
        trace->entries.push_back(entry("StmtSimplify", true));
        trace->entries.push_back(entry("AnnotateEntryFunc", false));
        trace->entries.push_back(entry("StmtSimplify", false));
        PassListModel model;
        model.setPipeline({u"StmtSimplify"_s, u"AnnotateEntryFunc"_s, u"StmtSimplify"_s});
        model.setTrace(trace);
        QCOMPARE(model.status(1), PassListModel::Status::Changed);
        QCOMPARE(model.status(2), PassListModel::Status::Skipped); // the registry has no run for it
        QCOMPARE(model.status(3), PassListModel::Status::Unchanged);
        QCOMPARE(model.index(2).data().toString(), u"AnnotateEntryFunc  ·  skipped"_s);
        QVERIFY(model.index(2).data(Qt::FontRole).value<QFont>().italic());
        QVERIFY(model.index(2).data(Qt::ToolTipRole).toString().contains(u"skipped by the explorer"_s));
        // The tool tip opens with the registry's one-line description.
        const tirx::PassInfo* simplify = tirx::findPass("StmtSimplify");
        QVERIFY(model.index(1)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .startsWith(u"StmtSimplify: "_s + QString::fromUtf8(simplify->description.data())));
        QCOMPARE(model.index(3).data(PassListModel::LabelRole).toString(), u"StmtSimplify #2"_s);
        QCOMPARE(model.index(3).data(PassListModel::NameRole).toString(), u"StmtSimplify"_s);
        QCOMPARE(model.rowOf(u"StmtSimplify #2"_s), 3);
        QCOMPARE(model.rowOf(u"StmtSimplify"_s), 1);

        PassStepper stepper;
        stepper.setPreset(u"none"_s); // the rows are the Trace's entries
        stepper.setTrace(trace);
        QVERIFY(stepper.selectPass(u"StmtSimplify #2"_s));
        stepper.setTrace(trace);
        QCOMPARE(stepper.currentEntry(), 3); // the second run stays chosen
        stepper.setHideUnchanged(true);
        QCOMPARE(stepper.filterModel()->rowCount(), 2); // input and the pass that changed
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
        QCOMPARE(names, (QStringList{u"input"_s, u"TrnNaiveAllocator"_s, u"TileDispatch"_s, u"LowerTrainiumLayout"_s}));
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

        // A new trace keeps the selected pass by name, and tells the views
        // once that the entry holds another module.
        spy.clear();
        stepper.setTrace(makeTrace());
        QCOMPARE(stepper.currentEntry(), 2);
        QCOMPARE(stepper.view()->currentIndex().data(PassListModel::NameRole).toString(), u"TrnNaiveAllocator"_s);
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.last().at(0).toInt(), 2);
        // Once too for a Trace of other passes.
        spy.clear();
        stepper.setTrace(traceWithoutTileDispatch());
        QCOMPARE(spy.size(), 1);
        stepper.setTrace(makeTrace());
        QCOMPARE(spy.size(), 2);
    }

    void steppingHighlightsOnlyTheCurrentPass()
    {
        PassStepper stepper;
        stepper.setTrace(makeTrace());
        QItemSelectionModel* selection = stepper.view()->selectionModel();
        // The view repaints the rows these signals name: a step that does not
        // tell it about the row it leaves leaves that row painted blue.
        QSignalSpy changes(selection, &QItemSelectionModel::selectionChanged);
        QVERIFY(stepper.selectPass(u"input"_s));
        for (int step = 0; step < 4; ++step) {
            const int before = stepper.currentEntry();
            changes.clear();
            stepper.stepForward();
            QCOMPARE(stepper.currentEntry(), before + 1);
            const QModelIndexList selected = selection->selectedRows();
            QCOMPARE(selected.size(), 1);
            QCOMPARE(selected.front().data(PassListModel::EntryRole).toInt(), before + 1);
            QCOMPARE(stepper.view()->currentIndex().data(PassListModel::EntryRole).toInt(), before + 1);
            QCOMPARE(changes.size(), 1);
            const auto deselected = changes.front().at(1).value<QItemSelection>();
            QCOMPARE(deselected.indexes().size(), 1);
            QCOMPARE(deselected.indexes().front().data(PassListModel::EntryRole).toInt(), before);
        }
    }

    void filtersPassesByName()
    {
        PassStepper stepper;
        stepper.setTrace(makeTrace());
        QCOMPARE(stepper.currentEntry(), 4); // LowerTrainiumLayout
        stepper.setNameFilter(u"ALLOC"_s);
        QStringList shown;
        for (int row = 0; row < stepper.filterModel()->rowCount(); ++row)
            shown << stepper.filterModel()->index(row, 0).data(PassListModel::NameRole).toString();
        QCOMPARE(shown, (QStringList{u"input"_s, u"TrnPrivateTensorAlloc"_s, u"TrnNaiveAllocator"_s}));
        // The shown pass was filtered out: the nearest shown one before it.
        QCOMPARE(stepper.currentEntry(), 2);
        stepper.stepBack();
        QCOMPARE(stepper.currentEntry(), 1);
        stepper.setNameFilter(QString());
        QCOMPARE(stepper.filterModel()->rowCount(), 5);
    }

    void theDiffCanStartFromAnyPass()
    {
        PassStepper stepper;
        stepper.setTrace(makeTrace());
        QCOMPARE(stepper.baseEntryFor(4), 3);
        QCOMPARE(stepper.baseEntryFor(0), 0);
        QSignalSpy spy(&stepper, &PassStepper::basePassChanged);
        stepper.setBasePass(u"TrnPrivateTensorAlloc"_s);
        QCOMPARE(spy.size(), 1);
        QCOMPARE(stepper.baseEntryFor(4), 1);
        QCOMPARE(stepper.baseEntryFor(1), 0); // not a diff of a pass against itself
        // A base that did not run in this Trace falls back to the previous pass.
        stepper.setTrace(traceWithoutTileDispatch());
        stepper.setBasePass(u"TileDispatch"_s);
        QCOMPARE(stepper.baseEntryFor(3), 2);
        stepper.setBasePass(QString());
        QCOMPARE(spy.size(), 3);
    }

    void landsOnTheFirstErrorOrTheLastChange()
    {
        PassListModel model;
        model.setTrace(makeTrace());
        QCOMPARE(model.defaultEntry(), 4); // LowerTrainiumLayout, the last that changed

        auto unchangedTail = std::make_shared<tirx::Trace>(*makeTrace());
        unchangedTail->entries.push_back(entry("StmtSimplify", false));
        model.setTrace(unchangedTail);
        QCOMPARE(model.defaultEntry(), 4); // not the unchanged pass after it

        auto failing = std::make_shared<tirx::Trace>(*makeTrace());
        failing->entries[1] = entry(failing->entries[1]->passName, failing->entries[1]->changed,
                                    {tirx::Diagnostic{tirx::Diagnostic::Severity::Error, "too big", tirx::Span{}}});
        model.setTrace(failing);
        QCOMPARE(model.defaultEntry(), 1); // the first error, before any change

        auto inputOnly = std::make_shared<tirx::Trace>();
        inputOnly->entries.push_back(entry("input", false));
        model.setTrace(inputOnly);
        QCOMPARE(model.defaultEntry(), 0);
        model.setTrace(nullptr);
        QCOMPARE(model.defaultEntry(), -1);
    }

    void aChosenPassOutlivesTracesUntilForgotten()
    {
        PassStepper stepper;
        // Partial Traces: until the user chooses, each lands on its default.
        auto partial = std::make_shared<tirx::Trace>(*makeTrace());
        partial->entries.resize(1);
        stepper.setTrace(partial);
        QCOMPARE(stepper.currentEntry(), 0);
        partial = std::make_shared<tirx::Trace>(*makeTrace());
        partial->entries.resize(3);
        stepper.setTrace(partial);
        QCOMPARE(stepper.currentEntry(), 2); // not stuck on "input"
        QVERIFY(stepper.chosenPass().isEmpty());

        QVERIFY(stepper.selectPass(u"TrnPrivateTensorAlloc"_s));
        stepper.setTrace(makeTrace());
        QCOMPARE(stepper.currentEntry(), 1);
        QCOMPARE(stepper.chosenPass(), u"TrnPrivateTensorAlloc"_s);

        stepper.forgetChoice();
        QCOMPARE(stepper.currentEntry(), 4);
        stepper.setTrace(makeTrace());
        QCOMPARE(stepper.currentEntry(), 4);
    }

    void switchingAPassOffEmitsTheEnabledPasses()
    {
        PassListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        PassFilterModel filter;
        filter.setSourceModel(&model);
        filter.setHideUnchanged(true);
        QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPipeline(kLowerTirx);
        QCOMPARE(model.rowCount(), 5); // the input, then the passes, before any trace
        QSignalSpy spy(&model, &PassListModel::enabledPassesChanged);
        const QModelIndex dispatch = model.index(model.rowOf(u"TileDispatch"_s));
        QVERIFY(model.flags(dispatch) & Qt::ItemIsUserCheckable);
        QVERIFY(!(model.flags(model.index(0)) & Qt::ItemIsUserCheckable));
        QCOMPARE(dispatch.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Checked);
        QVERIFY(model.setData(dispatch, Qt::Unchecked, Qt::CheckStateRole));
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.last().at(0).toStringList(),
                 (QStringList{u"TrnPrivateTensorAlloc"_s, u"TrnNaiveAllocator"_s, u"LowerTrainiumLayout"_s}));
        QCOMPARE(model.status(dispatch.row()), PassListModel::Status::Off);
        QCOMPARE(dispatch.data(Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Unchecked);

        // The custom run arrives: the switched-off pass has no entry and cannot be selected.
        model.setTrace(traceWithoutTileDispatch());
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.entryOf(model.rowOf(u"TileDispatch"_s)), -1);
        QCOMPARE(model.entryOf(model.rowOf(u"LowerTrainiumLayout"_s)), 3);
        QCOMPARE(model.rowOfEntry(3), 4);
        QVERIFY(!(model.flags(model.index(model.rowOf(u"TileDispatch"_s))) & Qt::ItemIsSelectable));
        QVERIFY(model.index(2).data().toString().contains(u"µs"_s));

        // Back on: every pass again; the input row has no check box to set.
        QVERIFY(model.setData(model.index(model.rowOf(u"TileDispatch"_s)), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(spy.last().at(0).toStringList(), kLowerTirx);
        QVERIFY(!model.setData(model.index(0), Qt::Unchecked, Qt::CheckStateRole));
        // Still on, but the trace has not caught up: "not run".
        QCOMPARE(model.status(model.rowOf(u"TileDispatch"_s)), PassListModel::Status::NotRun);
        // Hiding unchanged passes keeps a pass that did not run: it can be looked into.
        QCOMPARE(filter.rowCount(), 5);
    }

    void stepperEmitsThePassesOfItsPresetAndTarget()
    {
        PassStepper stepper;
        QSignalSpy presets(&stepper, &PassStepper::presetChanged);
        TargetSelector* target = stepper.targetSelector();
        QSignalSpy targets(target, &TargetSelector::overrideChanged);
        QSignalSpy passes(&stepper, &PassStepper::enabledPassesChanged);
        stepper.setPreset(u"trn"_s);
        stepper.setPreset(u"lower-tirx"_s);
        QCOMPARE(presets.last().at(0).toString(), u"lower-tirx"_s);
        QCOMPARE(stepper.enabledPasses(), kLowerTirx);
        QCOMPARE(stepper.model()->rowCount(), 5);
        QVERIFY(target->overrideTag().isEmpty()); // the module's own by default
        target->setOverrideTag(u"explorer/trn2"_s);
        QCOMPARE(targets.size(), 1);
        QCOMPARE(target->overrideTag(), u"explorer/trn2"_s);
        target->setOverrideTag(u"no/such/target"_s);
        QCOMPARE(target->overrideTag(), u"explorer/trn2"_s);
        target->setOverrideTag(QString());
        QCOMPARE(targets.size(), 2);
        QVERIFY(targets.last().at(0).toString().isEmpty());

        stepper.model()->setPassEnabled(u"TrnNaiveAllocator"_s, false);
        QCOMPARE(passes.size(), 1);
        QVERIFY(!passes.last().at(0).toStringList().contains(u"TrnNaiveAllocator"_s));
        // A new preset lists its own passes, all on.
        stepper.setPreset(u"trn"_s);
        QVERIFY(stepper.enabledPasses().contains(u"TrnNaiveAllocator"_s));
        QVERIFY(stepper.enabledPasses().contains(u"StmtSimplify"_s));
    }

    void theTargetShownIsTheOneItIsGiven()
    {
        // The window hands the stepper the target the driver resolved for
        // the Trace (the session's); the stepper looks nothing up.
        PassStepper stepper;
        TargetSelector* target = stepper.targetSelector();
        QCOMPARE(target->itemText(0), u"Module's target"_s);
        auto trace = std::make_shared<tirx::Trace>(*makeTrace());
        trace->targetTag = "explorer/trn2";
        const tirx::Target* trn2 = tirx::findTarget("explorer/trn2");
        QVERIFY(trn2);
        stepper.setTrace(trace);
        stepper.setTarget(trn2);
        QCOMPARE(target->itemText(0), u"Module: explorer/trn2"_s);
        QCOMPARE(stepper.capacityText(),
                 u"SBUF %1 KiB per partition · PSUM %2 banks of %3 KiB"_s.arg(trn2->maxSbufBytesPerPartition / 1024)
                     .arg(trn2->psumBanks)
                     .arg(trn2->psumBankBytes / 1024));
        trace = std::make_shared<tirx::Trace>(*makeTrace());
        trace->targetTag = "aws/trn1/trn1.2xlarge";
        stepper.setTrace(trace);
        stepper.setTarget(tirx::findTarget(trace->targetTag));
        QCOMPARE(stepper.capacityText(), u"SBUF 192 KiB per partition · PSUM 8 banks of 2 KiB"_s);
        stepper.setTarget(nullptr); // no Trace: no capacities, not a default's
        QVERIFY(stepper.capacityText().isEmpty());
        // With an override the first item no longer claims to know the module's.
        target->setOverrideTag(u"explorer/trn3"_s);
        QCOMPARE(target->itemText(0), u"Module's target"_s);
        QVERIFY(target->currentText().contains(u"explorer/trn3"_s));
    }

    void steppingSkipsPassesThatDidNotRun()
    {
        PassStepper stepper;
        stepper.setPreset(u"lower-tirx"_s);
        stepper.model()->setPassEnabled(u"TileDispatch"_s, false);
        stepper.setTrace(traceWithoutTileDispatch());
        QCOMPARE(stepper.currentEntry(), 3); // LowerTrainiumLayout
        stepper.stepBack();
        QCOMPARE(stepper.currentEntry(), 2); // over the switched-off TileDispatch
        stepper.stepForward();
        QCOMPARE(stepper.currentEntry(), 3);
        QVERIFY(!stepper.selectPass(u"TileDispatch"_s));
    }

    void partialTracesMoveTheViewsOnlyToTheChosenPass()
    {
        PassStepper stepper;
        stepper.setPreset(u"lower-tirx"_s);
        const auto complete = makeTrace();
        stepper.setTrace(complete);
        QCOMPARE(stepper.currentEntry(), 4); // the default: the last pass that changed the module
        QSignalSpy moves(&stepper, &PassStepper::currentEntryChanged);

        // A new run's passes arrive one by one: with no pass chosen, none moves the views.
        auto partial = std::make_shared<tirx::Trace>(*complete);
        partial->entries.resize(2);
        stepper.setPartialTrace(partial);
        auto longer = std::make_shared<tirx::Trace>(*complete);
        longer->entries.resize(4);
        stepper.setPartialTrace(longer);
        QCOMPARE(moves.count(), 0);
        stepper.setTrace(complete);
        QCOMPARE(moves.count(), 1); // the complete Trace: the same index, told once

        // With a pass chosen, the partial Trace that brings it moves the views once.
        QVERIFY(stepper.selectPass(u"TrnNaiveAllocator"_s));
        moves.clear();
        auto rerun = std::make_shared<tirx::Trace>(*complete);
        rerun->entries.resize(2);
        stepper.setPartialTrace(rerun); // TrnNaiveAllocator has not run yet
        QCOMPARE(moves.count(), 0);
        rerun = std::make_shared<tirx::Trace>(*complete);
        rerun->entries.resize(3);
        rerun->entries[2] = entry("TrnNaiveAllocator", true); // a new module at the chosen pass
        stepper.setPartialTrace(rerun);
        QCOMPARE(moves.count(), 1);
        QCOMPARE(stepper.currentEntry(), 2);
        auto same = std::make_shared<tirx::Trace>(*rerun);
        same->entries.push_back(complete->entries[3]); // more passes, the chosen one unchanged
        stepper.setPartialTrace(same);
        QCOMPARE(moves.count(), 1);
    }

    void theStepButtonsSayWhatTheyDo()
    {
        PassStepper stepper;
        QStringList labels;
        for (QToolButton* button : stepper.findChildren<QToolButton*>()) {
            if (button->arrowType() == Qt::NoArrow) continue;
            QCOMPARE(button->toolButtonStyle(), Qt::ToolButtonTextBesideIcon);
            QVERIFY2(button->toolTip().contains(u"Alt+"_s), qPrintable(button->toolTip()));
            labels << button->text();
        }
        labels.sort();
        QCOMPARE(labels, (QStringList{u"Next"_s, u"Prev"_s}));
    }

    void keysStepThePasses()
    {
        PassStepper stepper;
        stepper.setTrace(makeTrace());
        stepper.show();
        QVERIFY(QTest::qWaitForWindowActive(&stepper));
        stepper.view()->setFocus();
        QVERIFY(stepper.selectPass(u"TrnNaiveAllocator"_s));
        QTest::keyClick(stepper.view(), Qt::Key_J);
        QCOMPARE(stepper.currentEntry(), 3);
        QTest::keyClick(stepper.view(), Qt::Key_K);
        QTest::keyClick(stepper.view(), Qt::Key_K);
        QCOMPARE(stepper.currentEntry(), 1);
        // Alt+arrows work from anywhere in the window.
        QTest::keyClick(&stepper, Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(stepper.currentEntry(), 2);
        QTest::keyClick(&stepper, Qt::Key_Left, Qt::AltModifier);
        QTest::keyClick(&stepper, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(stepper.currentEntry(), 0);
        // j with a modifier is not a step.
        QTest::keyClick(stepper.view(), Qt::Key_J, Qt::ControlModifier);
        QCOMPARE(stepper.currentEntry(), 0);
    }
};

QTEST_MAIN(TestPassListModel)
#include "test_passlistmodel.moc"
