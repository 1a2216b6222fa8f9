#include "lowering.h"
#include "mainwindow.h"

#include "diff/diffmodel.h"
#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "passes/passlistmodel.h"
#include "passes/passstepper.h"

#include "transform/registry.h"

#include <QListWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

constexpr int kWaitMs = 10000;

QString examplePath(const QString &name)
{
    return QStringLiteral(TIRX_SOURCE_DIR) + u"/resources/examples/"_s + name;
}

QStringList presetPasses(const char *name)
{
    QStringList names{u"input"_s};
    for (std::string_view pass : tirx::findPreset(name)->passes)
        names << QString::fromUtf8(pass.data(), static_cast<qsizetype>(pass.size()));
    return names;
}

QStringList entryNames(const tirx::Trace &trace)
{
    QStringList names;
    for (const tirx::TraceEntry &entry : trace.entries)
        names << QString::fromStdString(entry.passName);
    return names;
}

} // namespace

class TestLowering : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setOrganizationName(u"TIRx Explorer"_s);
        QApplication::setApplicationName(u"tirx-explorer"_s);
        QSettings().clear();
    }

    void typingAnEditLowersEveryPass()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QVERIFY(window.lowering()->trace());
        QCOMPARE(window.lowering()->preset(), u"lower-tirx"_s);

        QSignalSpy traces(window.lowering(), &LoweringController::traceReady);
        window.editor()->setFocus();
        window.editor()->setCursorPosition(0, 0);
        QTest::keyClicks(window.editor(), u"# x "_s);
        QVERIFY(traces.wait(kWaitMs));
        // Keystrokes inside the debounce lower once, not once per key.
        QTest::qWait(2 * LoweringController::kDebounceMs);
        QCOMPARE(traces.size(), 1);
        const auto trace = traces.last().at(0).value<std::shared_ptr<const tirx::Trace>>();
        QVERIFY(trace);
        QCOMPARE(entryNames(*trace), presetPasses("lower-tirx"));
        QCOMPARE(trace->targetTag, std::string("aws/trn1/trn1.2xlarge"));
        QVERIFY(trace->entries.front().text.find("# x") == std::string::npos); // comments are not IR
        QCOMPARE(window.passStepper()->model()->rowCount(), int(trace->entries.size()));
        QVERIFY(!window.lowering()->isStale());
    }

    void badEditKeepsLastTraceAndMarksItStale()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        const auto good = window.lowering()->trace();
        QVERIFY(good);

        QSignalSpy stale(window.lowering(), &LoweringController::staleChanged);
        QSignalSpy diagnostics(window.lowering(), &LoweringController::diagnosticsReady);
        // Delete the comma after "(256, 512)" on line 17.
        window.editor()->setFocus();
        window.editor()->setCursorPosition(16, 42);
        QTest::keyClick(window.editor(), Qt::Key_Backspace);
        QVERIFY(stale.wait(kWaitMs));
        QCOMPARE(stale.last().at(0).toBool(), true);
        QVERIFY(window.lowering()->isStale());
        QCOMPARE(window.lowering()->trace(), good);
        QCOMPARE(window.passStepper()->model()->rowCount(), int(good->entries.size()));

        QVERIFY(!diagnostics.isEmpty());
        const auto &ds = window.lowering()->diagnostics();
        QVERIFY(!ds.empty());
        QCOMPARE(ds.front().severity, tirx::Diagnostic::Severity::Error);
        QCOMPARE(ds.front().span.line, 17u);
        QCOMPARE(ds.front().span.column, 43u);
        QCOMPARE(window.problems()->count(), int(ds.size()));
        QVERIFY(window.problems()->item(0)->text().startsWith(u"17:43: error"_s));
        QCOMPARE(window.editor()->markersAtLine(16), 1u << CodeEditor::kErrorMarker);

        // Jumping to the problem puts the caret on it.
        window.problems()->itemActivated(window.problems()->item(0));
        int line = 0;
        int index = 0;
        window.editor()->getCursorPosition(&line, &index);
        QCOMPARE(line, 16);
        QCOMPARE(index, 42);

        // Undoing the edit makes the passes current again.
        QTest::keyClicks(window.editor(), u","_s);
        QVERIFY(stale.wait(kWaitMs));
        QCOMPARE(stale.last().at(0).toBool(), false);
        QVERIFY(window.lowering()->trace() != good);
    }

    void steppingChangesTheDiff()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        PassStepper *stepper = window.passStepper();
        DiffModel *diff = window.diffView()->model();

        QVERIFY(stepper->selectPass(u"TrnPrivateTensorAlloc"_s));
        QCOMPARE(diff->changedRowCount(), 0);
        stepper->stepForward();
        QCOMPARE(stepper->model()->index(stepper->currentEntry()).data(PassListModel::NameRole).toString(),
                 u"TrnNaiveAllocator"_s);
        QCOMPARE(diff->changedRowCount(), 3); // A, B and C get addresses; D is global
        stepper->stepBack();
        QCOMPARE(diff->changedRowCount(), 0);
    }

    void screenshotPreparationSelectsThePass()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QVERIFY(window.prepareScreenshot(u"TrnNaiveAllocator"_s, u"diff"_s).isEmpty());
        QCOMPARE(window.passStepper()->currentEntry(),
                 window.passStepper()->model()->rowOf(u"TrnNaiveAllocator"_s));
        QVERIFY(!window.prepareScreenshot(u"NoSuchPass"_s, u"diff"_s).isEmpty());
    }

    void newestRequestWins()
    {
        LoweringController controller;
        QSignalSpy traces(&controller, &LoweringController::traceReady);
        QFile file(examplePath(u"naive_allocator.py"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        controller.setSource(text);
        QVERIFY(traces.wait(kWaitMs));
        // A request overtaken by a synchronous one is dropped when it lands.
        controller.setSource(text + u"\n# older\n"_s);
        QTest::qWait(LoweringController::kDebounceMs + 20);
        controller.lowerNow(text);
        const auto newest = controller.trace();
        QTest::qWait(500);
        QCOMPARE(controller.trace(), newest);
    }
};

QTEST_MAIN(TestLowering)
#include "test_lowering.moc"
