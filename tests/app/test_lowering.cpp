#include "apptest.h"
#include "mainwindow.h"
#include "session/workbenchsession.h"

#include "diff/diffmodel.h"
#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "passes/passlistmodel.h"
#include "passes/passstepper.h"
#include "passes/targetselector.h"
#include "problems/problemsview.h"

#include "transform/registry.h"

#include "irview/irview.h"
#include "memmap/allocationmodel.h"
#include "memmap/memorypanel.h"

#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace apptest;

namespace {

constexpr int kWaitMs = 10000;

QStringList presetPasses(const char* name)
{
    QStringList names{u"input"_s};
    for (std::string_view pass : tirx::findPreset(name)->passes)
        names << QString::fromUtf8(pass.data(), static_cast<qsizetype>(pass.size()));
    return names;
}

QStringList entryNames(const tirx::Trace& trace)
{
    QStringList names;
    for (const auto& entry : trace.entries) names << QString::fromStdString(entry->passName);
    return names;
}

} // namespace

class TestLowering : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { apptest::useTestSettings(); }

    void typingAnEditLowersEveryPass()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QVERIFY(window.session()->trace());
        QCOMPARE(window.session()->preset(), u"lower-tirx"_s);

        QSignalSpy traces(window.session(), &WorkbenchSession::traceReady);
        window.editor()->setFocus();
        window.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(window.editor(), u"# x "_s);
        QVERIFY(traces.wait(kWaitMs));
        // Keystrokes inside the debounce lower once, not once per key.
        QTest::qWait(2 * WorkbenchSession::kDebounceMs);
        QCOMPARE(traces.size(), 1);
        const auto trace = traces.last().at(0).value<std::shared_ptr<const tirx::Trace>>();
        QVERIFY(trace);
        QCOMPARE(entryNames(*trace), presetPasses("lower-tirx"));
        QCOMPARE(trace->targetTag, std::string("aws/trn1/trn1.2xlarge"));
        QVERIFY(trace->entries.front()->text.find("# x") == std::string::npos); // comments are not IR
        QCOMPARE(window.passStepper()->model()->rowCount(), int(trace->entries.size()));
        QVERIFY(!window.session()->isStale());
    }

    void hiddenDocksCatchUpWhenShown()
    {
        // The memory maps and the NKI kernel sit in background tabs: an edit
        // leaves them as they were until their tab is raised, which then shows
        // the newest lowering.
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QVERIFY(window.session()->trace());
        auto* memoryDock = window.findChild<QDockWidget*>(u"MemoryDock"_s);
        QVERIFY(memoryDock);
        QVERIFY(window.memoryPanel()->visibleRegion().isEmpty());
        QCOMPARE(window.memoryPanel()->allocationModel()->rowCount(), 0);

        memoryDock->raise();
        QTRY_VERIFY_WITH_TIMEOUT(window.memoryPanel()->allocationModel()->rowCount() > 0, kWaitMs);
    }

    void badEditKeepsLastTraceAndMarksItStale()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        const auto good = window.session()->trace();
        QVERIFY(good);

        QSignalSpy stale(window.session(), &WorkbenchSession::staleChanged);
        QSignalSpy diagnostics(window.session(), &WorkbenchSession::diagnosticsReady);
        // Delete the comma after "(256, 512)" on line 17.
        window.editor()->setFocus();
        window.editor()->setCursorPosition(16, 42);
        QTest::keyClick(window.editor(), Qt::Key_Backspace);
        QVERIFY(stale.wait(kWaitMs));
        QCOMPARE(stale.last().at(0).toBool(), true);
        QVERIFY(window.session()->isStale());
        QCOMPARE(window.session()->trace(), good);
        QCOMPARE(window.passStepper()->model()->rowCount(), int(good->entries.size()));

        QVERIFY(!diagnostics.isEmpty());
        const auto& ds = window.session()->diagnostics();
        QVERIFY(!ds.empty());
        QCOMPARE(ds.front().severity, tirx::Diagnostic::Severity::Error);
        QCOMPARE(ds.front().span.line, 17u);
        QCOMPARE(ds.front().span.column, 43u);
        QAbstractItemModel* problems = window.problems()->shownModel();
        QCOMPARE(problems->rowCount(), int(ds.size()));
        QVERIFY(problems->index(0, 0).data().toString().startsWith(u"17:43: error"_s));
        QCOMPARE(window.editor()->markersAtLine(16), 1u << CodeEditor::kErrorMarker);

        // Jumping to the problem puts the caret on it.
        window.problems()->activateRow(0);
        int line = 0;
        int index = 0;
        window.editor()->getCursorPosition(&line, &index);
        QCOMPARE(line, 16);
        QCOMPARE(index, 42);

        // Undoing the edit makes the passes current again.
        QTest::keyClicks(window.editor(), u","_s);
        QVERIFY(stale.wait(kWaitMs));
        QCOMPARE(stale.last().at(0).toBool(), false);
        QVERIFY(window.session()->trace() != good);
    }

    void anotherDocumentThatDoesNotParseShowsNoPasses()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QVERIFY(window.session()->trace());
        QVERIFY(window.diffView()->model()->rowCount() > 0);

        QTemporaryDir dir;
        const QString broken = dir.filePath(u"broken.py"_s);
        QVERIFY(writeBytes(broken, "@T.ir_module\nclass Module(:\n"));
        QVERIFY2(window.loadFile(broken, &error), qPrintable(error));
        // The fallback to an older version is for the same document only.
        QVERIFY(!window.session()->trace());
        QVERIFY(!window.session()->isStale());
        QCOMPARE(window.passStepper()->currentEntry(), -1);
        QCOMPARE(window.diffView()->model()->rowCount(), 0);
        QVERIFY(window.irView()->editor()->text().isEmpty());
        QVERIFY(window.problems()->shownModel()->rowCount() > 0);

        // New gives a template that lowers, and lands on a pass that changed it.
        window.newFile();
        QCOMPARE(window.editor()->text().toUtf8(),
                 readBytes(QStringLiteral(TIRX_SOURCE_DIR "/resources/templates/new_kernel.py")));
        QVERIFY(!window.editor()->isModified());
        QVERIFY(window.session()->trace());
        QVERIFY(!tirx::hasErrors(window.session()->diagnostics()));
        const int current = window.passStepper()->currentEntry();
        QVERIFY(current > 0);
        QVERIFY(window.session()->trace()->entries[static_cast<size_t>(current)]->changed);
    }

    void aFileLandsOnItsLastChangeNotOnTheInput()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"activation.py"_s), &error), qPrintable(error));
        const auto trace = window.session()->trace();
        QVERIFY(trace);
        int lastChanged = -1;
        for (size_t e = 1; e < trace->entries.size(); ++e)
            if (trace->entries[e]->changed) lastChanged = static_cast<int>(e);
        QVERIFY(lastChanged > 0);
        QCOMPARE(window.passStepper()->currentEntry(), lastChanged);

        // A choice made in one document does not carry over into the next.
        QVERIFY(window.passStepper()->selectPass(u"input"_s));
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QVERIFY(window.passStepper()->currentEntry() > 0);
        QVERIFY(window.passStepper()->chosenPass().isEmpty());
    }

    void exportWritesThePassTheDiffAndTheDump()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QVERIFY(window.passStepper()->selectPass(u"TrnNaiveAllocator"_s));
        window.session()->waitForIdle();
        const auto trace = window.session()->trace();
        const tirx::TraceEntry& shown = *trace->entries[static_cast<size_t>(window.passStepper()->currentEntry())];

        QTemporaryDir dir;
        QVERIFY2(window.exportPassIr(dir.filePath(u"pass.py"_s), &error), qPrintable(error));
        QCOMPARE(readBytes(dir.filePath(u"pass.py"_s)).toStdString(), shown.text);

        QVERIFY2(window.exportDiff(dir.filePath(u"pass.diff"_s), &error), qPrintable(error));
        const QByteArray diff = readBytes(dir.filePath(u"pass.diff"_s));
        QVERIFY2(diff.startsWith("--- TrnPrivateTensorAlloc\n+++ TrnNaiveAllocator\n"), diff.left(80).constData());
        QVERIFY(diff.contains("\n@@ "));

        const QString dump = dir.filePath(u"dump"_s);
        QVERIFY2(window.exportDump(dump, &error), qPrintable(error));
        const QStringList files = QDir(dump).entryList(QDir::Files, QDir::Name);
        QCOMPARE(files.size(), int(trace->entries.size()) + 1);
        QCOMPARE(files.front(), u"00-input.py"_s);
        QVERIFY(files.contains(u"trace.json"_s));
        QCOMPARE(readBytes(QDir(dump).filePath(files.front())).toStdString(), trace->entries.front()->text);
        const QByteArray json = readBytes(QDir(dump).filePath(u"trace.json"_s));
        QVERIFY(json.contains("\"TrnNaiveAllocator\""));

        // A directory that cannot be made is an error, not a crash.
        QVERIFY(writeBytes(dir.filePath(u"plain"_s), "x"));
        QVERIFY(!window.exportDump(dir.filePath(u"plain/dump"_s), &error));
        QVERIFY2(error.contains(u"plain"_s), qPrintable(error));
    }

    void fileDialogsStartInTheLastFolderOrTheDocuments()
    {
        QSettings().remove(u"files/lastFolder"_s);
        MainWindow window;
        QCOMPARE(window.dialogFolder(), QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QCOMPARE(window.dialogFolder(), QFileInfo(examplePath(u"naive_allocator.py"_s)).absolutePath());
        QTemporaryDir dir;
        QSettings().setValue(u"files/lastFolder"_s, dir.path());
        QCOMPARE(window.dialogFolder(), dir.path());
        QSettings().remove(u"files/lastFolder"_s);
    }

    void steppingChangesTheDiff()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        PassStepper* stepper = window.passStepper();
        DiffModel* diff = window.diffView()->model();

        // The diff follows the pass's memory plans, built off the GUI thread.
        QVERIFY(stepper->selectPass(u"TrnPrivateTensorAlloc"_s));
        window.session()->waitForIdle();
        QCOMPARE(diff->changedRowCount(), 0);
        stepper->stepForward();
        window.session()->waitForIdle();
        QCOMPARE(stepper->model()->index(stepper->currentEntry()).data(PassListModel::NameRole).toString(),
                 u"TrnNaiveAllocator"_s);
        QCOMPARE(diff->changedRowCount(), 3); // A, B and C get addresses; D is global
        stepper->stepBack();
        window.session()->waitForIdle();
        QCOMPARE(diff->changedRowCount(), 0);
    }

    void theDiffCanStartFromAnEarlierPass()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        PassStepper* stepper = window.passStepper();
        QVERIFY(stepper->selectPass(u"LowerTrainiumLayout"_s));
        window.session()->waitForIdle();
        QCOMPARE(window.diffView()->oldName(), u"TileDispatch"_s);
        stepper->setBasePass(u"input"_s);
        window.session()->waitForIdle();
        QCOMPARE(window.diffView()->oldName(), u"input"_s);
        QCOMPARE(window.diffView()->newName(), u"LowerTrainiumLayout"_s);
        QCOMPARE(window.diffView()->model()->oldText(), window.session()->trace()->entries.front()->text);
    }

    void screenshotPreparationSelectsThePass()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QVERIFY(window.prepareScreenshot(u"TrnNaiveAllocator"_s, u"diff"_s).isEmpty());
        QCOMPARE(window.passStepper()->currentEntry(), window.passStepper()->model()->rowOf(u"TrnNaiveAllocator"_s));
        QVERIFY(!window.prepareScreenshot(u"NoSuchPass"_s, u"diff"_s).isEmpty());
    }

    void newestRequestWins()
    {
        WorkbenchSession controller;
        QSignalSpy traces(&controller, &WorkbenchSession::traceReady);
        QFile file(examplePath(u"naive_allocator.py"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        controller.setSource(text);
        QVERIFY(traces.wait(kWaitMs));
        // A request overtaken by a synchronous one is dropped when it lands.
        controller.setSource(text + u"\n# older\n"_s);
        QTest::qWait(WorkbenchSession::kDebounceMs + 20);
        controller.lowerNow(text);
        const auto newest = controller.trace();
        QTest::qWait(500);
        QCOMPARE(controller.trace(), newest);
    }

    void partialTracesArriveBeforeTheCompleteTrace()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        WorkbenchSession* lowering = window.session();

        // Every signal in arrival order. The partial Traces are paced (at
        // most one per kPartialIntervalMs), so a fast run may show none.
        QList<std::shared_ptr<const tirx::Trace>> partials;
        QStringList events;
        connect(lowering, &WorkbenchSession::partialTraceReady, &window,
                [&](std::shared_ptr<const tirx::Trace> partial) {
                    partials << partial;
                    events << u"partial"_s;
                });
        connect(lowering, &WorkbenchSession::traceReady, &window,
                [&](std::shared_ptr<const tirx::Trace>) { events << u"trace"_s; });
        QSignalSpy traces(lowering, &WorkbenchSession::traceReady);
        window.editor()->setFocus();
        window.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(window.editor(), u"# y "_s);
        QVERIFY(traces.wait(kWaitMs));
        QTest::qWait(3 * WorkbenchSession::kPartialIntervalMs);

        // The complete Trace comes once, last; each partial one before it is
        // a prefix of it, sharing its entries, and longer than the one before.
        QCOMPARE(events.count(u"trace"_s), 1);
        QCOMPARE(events.last(), u"trace"_s);
        const auto complete = lowering->trace();
        QCOMPARE(entryNames(*complete), presetPasses("lower-tirx"));
        size_t before = 0;
        for (const auto& partial : partials) {
            QVERIFY(partial->entries.size() > before);
            QVERIFY(partial->entries.size() <= complete->entries.size());
            for (size_t i = 0; i < partial->entries.size(); ++i) QCOMPARE(partial->entries[i], complete->entries[i]);
            before = partial->entries.size();
        }
        QCOMPARE(window.passStepper()->model()->trace(), lowering->trace());
        QCOMPARE(lowering->shownTrace(), lowering->trace());
    }

    void theChosenPassSurvivesPartialTraces()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        PassStepper* stepper = window.passStepper();
        QVERIFY(stepper->selectPass(u"TrnPrivateTensorAlloc"_s));

        QSignalSpy traces(window.session(), &WorkbenchSession::traceReady);
        window.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(window.editor(), u"#"_s);
        QVERIFY(traces.wait(kWaitMs));
        QCOMPARE(stepper->model()->index(stepper->currentEntry()).data(PassListModel::NameRole).toString(),
                 u"TrnPrivateTensorAlloc"_s);
    }

    void anUnknownTargetIsTheSameErrorAsInTheCli()
    {
        // The text tests/cli/test_cli_inputs.cpp checks in tirx-cli's output:
        // both front ends take it from the one driver.
        const std::string source =
            "import tvm\nfrom tvm.script import tirx as T\n\nwith tvm.target.Target(\"aws/trn9\"):\n\n"
            "    @T.function\n    def main(A: T.Tensor((128, 512), \"float32\")):\n"
            "        A[0, 0] = T.float32(1.0)\n";
        const WorkbenchSession::Result result = WorkbenchSession::lower({source, "lower-tirx", {}, std::nullopt});
        QVERIFY(!result.trace);
        QCOMPARE(result.diagnostics.size(), size_t{1});
        const std::string shown = tirx::formatDiagnostic(result.diagnostics.front(), "target.py");
        QVERIFY2(shown.starts_with("target.py:4:6: error: unknown target 'aws/trn9'"), shown.c_str());
    }

    void aFalseFromTheCallbackStopsTheRun()
    {
        QFile file(examplePath(u"naive_allocator.py"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        int seen = 0;
        const WorkbenchSession::Result result =
            WorkbenchSession::lower({file.readAll().toStdString(), "lower-tirx", {}, "aws/trn1/trn1.2xlarge"},
                                    [&](const tirx::Trace& header, const tirx::TraceEntryRef&) {
                                        if (header.targetTag.empty() || header.pipeline != "lower-tirx") return false;
                                        return ++seen < 2;
                                    });
        QVERIFY(result.trace);
        QCOMPARE(seen, 2);
        QCOMPARE(result.trace->entries.size(), size_t(2));
    }

    void aNewerRequestOvertakesTheRunningOne()
    {
        WorkbenchSession controller;
        controller.setDebounceMs(0);
        QCOMPARE(controller.debounceMs(), 0);
        QFile file(examplePath(u"naive_allocator.py"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString second = QString::fromUtf8(file.readAll());
        QString first = second;
        first.replace(u"(256, 512)"_s, u"(256, 256)"_s);
        QVERIFY(first != second);

        // Which request each signal came from: "1e" a partial Trace of the
        // first, "2t" the second's complete Trace.
        const auto origin = [](const tirx::Trace& trace) {
            return trace.entries.front()->text.find("(256, 256)") != std::string::npos ? u"1"_s : u"2"_s;
        };
        QStringList events;
        connect(&controller, &WorkbenchSession::partialTraceReady, &controller,
                [&](std::shared_ptr<const tirx::Trace> partial) { events << origin(*partial) + u"e"_s; });
        connect(&controller, &WorkbenchSession::traceReady, &controller,
                [&](std::shared_ptr<const tirx::Trace> trace) { events << origin(*trace) + u"t"_s; });

        QSignalSpy busy(&controller, &WorkbenchSession::busyChanged);
        controller.setSource(first);
        QVERIFY(busy.wait(kWaitMs)); // the first is running (or done)
        controller.setSource(second);
        QTRY_VERIFY_WITH_TIMEOUT(events.endsWith(u"2t"_s), kWaitMs);
        QTest::qWait(100);
        QVERIFY2(events.endsWith(u"2t"_s), qPrintable(events.join(u' ')));
        // Nothing of the first arrives once the second has begun.
        qsizetype begun = 0;
        while (begun < events.size() && events[begun].startsWith(u'1')) ++begun;
        QVERIFY(begun < events.size());
        for (qsizetype i = begun; i < events.size(); ++i)
            QVERIFY2(events[i].startsWith(u'2'), qPrintable(events.join(u' ')));
        QCOMPARE(events.count(u"2t"_s), 1);
        QCOMPARE(origin(*controller.trace()), u"2"_s);
        QVERIFY(!controller.isBusy());
    }

    void theTargetOverrideRelowersTheModule()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        const QString text =
            u"from tvm.script import tirx as T\n"
            u"\n"
            u"@T.ir_module\n"
            u"class Module:\n"
            u"    @T.function\n"
            u"    def main():\n"
            u"        A = T.alloc_tensor((256, 512), \"float32\", scope=\"trn.sbuf\", layout=\"PF\")\n"_s;
        window.editor()->setText(text);
        window.session()->lowerNow(text);
        QVERIFY(!window.session()->isStale());
        QVERIFY(window.session()->trace());
        QCOMPARE(window.session()->trace()->targetTag, std::string("aws/trn1/trn1.2xlarge"));

        QCOMPARE(window.passStepper()->targetSelector()->itemText(0), u"Module: aws/trn1/trn1.2xlarge"_s);

        QSignalSpy traces(window.session(), &WorkbenchSession::traceReady);
        window.passStepper()->targetSelector()->setOverrideTag(u"aws/trn1/trn1.32xlarge"_s);
        QVERIFY(traces.wait(kWaitMs));
        QCOMPARE(window.session()->trace()->targetTag, std::string("aws/trn1/trn1.32xlarge"));
        QCOMPARE(window.session()->targetOverride(), u"aws/trn1/trn1.32xlarge"_s);
        // A choice for the session: nothing a later start (or a screenshot) picks up.
        QVERIFY(!QSettings().contains(u"lowering/target"_s));
    }

    void aPassSwitchedOffIsNotRun()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        PassListModel* model = window.passStepper()->model();
        const int row = model->rowOf(u"TileDispatch"_s);
        QVERIFY(row > 0);
        QSignalSpy traces(window.session(), &WorkbenchSession::traceReady);
        QVERIFY(model->setData(model->index(row), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(traces.wait(kWaitMs));
        const auto trace = window.session()->trace();
        QVERIFY(!entryNames(*trace).contains(u"TileDispatch"_s));
        QVERIFY(entryNames(*trace).contains(u"TrnNaiveAllocator"_s));
        QCOMPARE(trace->pipeline, std::string("custom"));
        QVERIFY(!window.session()->passes().contains(u"TileDispatch"_s));
    }

    void theCaretAndTheIrFollowEachOther()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QVERIFY(window.passStepper()->selectPass(u"TrnNaiveAllocator"_s));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Line 18 allocates B; its IR lines are marked.
        window.editor()->setCursorPosition(17, 12);
        QTRY_VERIFY_WITH_TIMEOUT(!window.irView()->markedLines().empty(), kWaitMs);
        const std::vector<int> marked = window.irView()->markedLines();
        const tirx::Span span = window.irView()->spanOfLine(marked.front());
        QCOMPARE(span.line, 18u);
        int line = -1;
        int index = -1;
        window.editor()->getCursorPosition(&line, &index);
        QCOMPARE(line, 17); // marking the IR did not move the caret
        QCOMPARE(index, 12);

        // Choosing an IR line puts the caret on its source.
        window.irView()->editor()->setFocus();
        emit window.irView()->sourceSpanActivated(window.irView()->spanOfLine(marked.front()));
        window.editor()->getCursorPosition(&line, &index);
        QCOMPARE(line, 17);
        QCOMPARE(index, int(span.column) - 1);
        // ...and tints it, which stays after the editor repaints.
        const unsigned tint = 1u << CodeEditor::kSourceMarker;
        QVERIFY(window.editor()->markersAtLine(17) & tint);
        QTest::qWait(50);
        QVERIFY(window.editor()->markersAtLine(17) & tint);
        QVERIFY(!(window.editor()->markersAtLine(16) & tint));
    }

    void destroyingTheControllerWhileLoweringIsSafe()
    {
        QFile file(examplePath(u"naive_allocator.py"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        for (int i = 0; i < 5; ++i) {
            auto controller = std::make_unique<WorkbenchSession>();
            controller->setDebounceMs(0);
            controller->setSource(text);
            QTest::qWait(i); // from "not started" to "some passes done"
            controller.reset();
        }
        QTest::qWait(50); // nothing posted to a dead controller runs
    }
};

QTEST_MAIN(TestLowering)
#include "test_lowering.moc"
