// The Run view over a real simulator run of tests/golden/sim/psum-banks-alias.py:
// the output and never-written-read models (under QAbstractItemModelTester)
// show the run's figures, scrubbing to an instruction lights its accesses on
// the maps and names them, and saving an output writes an .npy that reads
// back equal; the run controls show progress and ask for a cancel.

#include "run/accessmapview.h"
#include "run/outputsmodel.h"
#include "run/readsmodel.h"
#include "run/runview.h"

#include "script/parser.h"
#include "sim/npy.h"
#include "sim/simulator.h"

#include <QAbstractItemModelTester>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace Qt::StringLiterals;

namespace {

std::shared_ptr<const tirx::sim::RunResult> runCase(const char* name, bool poison = false)
{
    const auto path = std::filesystem::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "sim" / name;
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    const auto parsed = tirx::parseModule(text.str());
    if (!parsed.ok()) return nullptr;
    tirx::sim::SimOptions options;
    options.poison = poison;
    options.seed = 11;
    return std::make_shared<tirx::sim::RunResult>(
        tirx::sim::simulate(*parsed.module->functions().front().second, tirx::defaultTarget(), {}, options));
}

} // namespace

class TestRunView : public QObject {
    Q_OBJECT

private slots:
    void modelsShowTheRun()
    {
        RunView view;
        QAbstractItemModelTester outputsTester(view.outputsModel());
        QAbstractItemModelTester readsTester(view.readsModel());
        const auto result = runCase("uncleared-accumulator.py", true);
        QVERIFY(result && result->ok());
        view.setResult(result, &tirx::defaultTarget());
        auto* outputs = view.outputsModel();
        QCOMPARE(outputs->rowCount(), 1);
        QCOMPARE(outputs->index(0, OutputsModel::Name).data().toString(), u"C"_s);
        QCOMPARE(outputs->index(0, OutputsModel::Shape).data().toString(), u"(16, 64)"_s);
        // Poison mode: every element of C comes from the never-cleared
        // accumulator, and the figures say so instead of showing 0.
        QCOMPARE(outputs->index(0, OutputsModel::NaNs).data().toLongLong(), 16 * 64);
        for (const int column : {OutputsModel::Min, OutputsModel::Max, OutputsModel::Mean})
            QCOMPARE(outputs->index(0, column).data().toString(), u"all NaN"_s);
        // Poison is what a run starts with, as the simulator's default.
        QVERIFY(view.poison());
        QCOMPARE(view.poison(), tirx::sim::SimOptions{}.poison);
        auto* reads = view.readsModel();
        QCOMPARE(reads->rowCount(), 1);
        QCOMPARE(reads->index(0).data(ReadsModel::LineRole).toInt(), 26);
        QVERIFY(reads->index(0).data().toString().contains(u"acc"_s));
    }

    // A failed run says why in the dock itself, located, and the next
    // result replaces the message.
    void aFailedRunSaysWhyInTheDock()
    {
        RunView view;
        auto failed = std::make_shared<tirx::sim::RunResult>();
        tirx::Span span;
        span.line = 12;
        span.column = 5;
        failed->diagnostics.push_back({tirx::Diagnostic::Severity::Error, "allocation 'other' is placed badly", span});
        view.setResult(failed, &tirx::defaultTarget());
        QCOMPARE(view.summary(), u"Run failed: line 12, column 5: allocation 'other' is placed badly"_s);
        const auto result = runCase("uncleared-accumulator.py");
        QVERIFY(result && result->ok());
        view.setResult(result, &tirx::defaultTarget());
        QVERIFY2(view.summary().contains(u"instructions in"_s), qPrintable(view.summary()));
    }

    void scrubbingLightsAccesses()
    {
        RunView view;
        const auto result = runCase("psum-banks-alias.py");
        QVERIFY(result && result->ok());
        QSignalSpy sources(&view, &RunView::sourceRequested);
        view.setResult(result, &tirx::defaultTarget());
        view.setCurrentInstruction(2); // tensor_copy a -> other (PSUM bank 1)
        QCOMPARE(view.currentInstruction(), 2);
        const auto& rects = view.accessMap()->rects();
        QCOMPARE(rects.size(), size_t{2});
        QCOMPARE(rects[1].scope, std::string("trn.psum"));
        QVERIFY(rects[1].write);
        QCOMPARE(rects[1].x0, 2048.0 / 16384.0);
        QCOMPARE(rects[1].y1, 8.0 / 128.0);
        QVERIFY2(view.currentDescription().contains(u"PSUM bank 1"_s), qPrintable(view.currentDescription()));
        QVERIFY(!sources.isEmpty());
        QCOMPARE(sources.last().at(0).toInt(), 26);
        // Past the end clamps to the last instruction.
        view.setCurrentInstruction(1000);
        QCOMPARE(view.currentInstruction(), static_cast<int>(result->trace.size()) - 1);
    }

    void savesAnOutput()
    {
        RunView view;
        const auto result = runCase("psum-banks-alias.py");
        QVERIFY(result && result->ok());
        view.setResult(result, &tirx::defaultTarget());
        QTemporaryDir dir;
        const QString path = dir.filePath(u"C.npy"_s);
        QCOMPARE(view.saveOutput(0, path), QString());
        const auto read = tirx::sim::readNpy(path.toStdString());
        QVERIFY2(read.array, read.error.c_str());
        QCOMPARE(read.array->bytes, result->outputs.front().second.bytes);
        QVERIFY(!view.saveOutput(5, path).isEmpty());
    }

    // While a run is in progress the bar is shown, the count of executed
    // instructions is written out, Cancel is the one enabled button and
    // asks for the cancel; a cancelled result says how far it got.
    void progressAndCancel()
    {
        RunView view;
        view.show();
        QPushButton* run = nullptr;
        QPushButton* cancel = nullptr;
        for (auto* b : view.findChildren<QPushButton*>()) {
            if (b->text() == u"Run on simulator"_s) run = b;
            if (b->text() == u"Cancel"_s) cancel = b;
        }
        QVERIFY(run && cancel);
        auto* bar = view.findChild<QProgressBar*>();
        QVERIFY(bar);
        QVERIFY(!bar->isVisible());
        QVERIFY(!cancel->isEnabled());

        view.setRunning(true);
        QVERIFY(bar->isVisible());
        QVERIFY(cancel->isEnabled());
        QVERIFY(!run->isEnabled());
        view.setProgress(4096);
        QVERIFY2(view.summary().contains(u"4096 instructions"_s), qPrintable(view.summary()));
        QSignalSpy cancelled(&view, &RunView::cancelRequested);
        cancel->click();
        QCOMPARE(cancelled.count(), 1);

        auto result = std::make_shared<tirx::sim::RunResult>();
        result->cancelled = true;
        result->instructions = 4100;
        view.setRunning(false);
        view.setResult(result, &tirx::defaultTarget());
        QVERIFY(!bar->isVisible());
        QVERIFY(!cancel->isEnabled());
        QVERIFY(run->isEnabled());
        QCOMPARE(view.summary(), u"Cancelled after 4100 instructions"_s);
    }

    void inputsKeepTheirFiles()
    {
        RunView view;
        view.setInputs({u"A"_s, u"B"_s});
        QVERIFY(view.inputFiles().isEmpty());
        view.setInputFile(u"B"_s, u"/tmp/b.npy"_s);
        view.setInputs({u"B"_s, u"C"_s});
        QCOMPARE(view.inputFiles().size(), 1);
        QCOMPARE(view.inputFiles().value(u"B"_s), u"/tmp/b.npy"_s);
    }
};

QTEST_MAIN(TestRunView)
#include "test_runview.moc"
