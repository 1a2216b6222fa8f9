// Edit -> lowered -> repainted latency of the real workbench window, on the
// largest bundled example: each edit is a key press sent to the editor; the
// WorkbenchSession (debounce 0) lowers on its worker, the stepper takes the
// Trace as it arrives, the session places the chosen pass's memory (the
// placement notes of the diff and the IR wait for it), and the window is
// then painted whole.
// Reports the median and 95th percentile over 100 edits, on four inputs:
// the largest example, tiled_add.py (fixed, to compare window versions), the
// largest example written with T.trn.tile.* calls, whose every edit runs
// TileDispatch and LowerTrainiumLayout (goal: p95 < 16 ms), and a generated
// kernel of 300 tile calls, far past any example, to see how the round
// grows with the module.
// Run: QT_QPA_PLATFORM=offscreen build/release/tests/bench/bench_workbench (add
// --benchmark_filter=fixed:2 for the tile example alone)
#include "mainwindow.h"
#include "session/workbenchsession.h"

#include "editor/codeeditor.h"
#include "passes/passstepper.h"
#include "tile_module_generator.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QKeyEvent>
#include <QPixmap>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <string_view>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

constexpr int kEdits = 100;

// The biggest file under :/examples (with tile calls only: those with a
// T.trn.tile.* call), so the benchmark follows the examples as they grow.
QString largestExample(bool tileCallsOnly)
{
    QString best;
    qint64 bestSize = -1;
    QDirIterator it(u":/examples"_s, {u"*.py"_s}, QDir::Files);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        if (tileCallsOnly) {
            QFile file(info.filePath());
            if (!file.open(QIODevice::ReadOnly) || !file.readAll().contains("T.trn.tile.")) continue;
        }
        if (info.size() > bestSize) {
            bestSize = info.size();
            best = info.filePath();
        }
    }
    return best;
}

void typeKey(QWidget* widget, Qt::Key key, const QString& text)
{
    QKeyEvent press(QEvent::KeyPress, key, Qt::NoModifier, text);
    QKeyEvent release(QEvent::KeyRelease, key, Qt::NoModifier, text);
    QApplication::sendEvent(widget, &press);
    QApplication::sendEvent(widget, &release);
}

double percentile(std::vector<double> sorted, double p)
{
    std::sort(sorted.begin(), sorted.end());
    const size_t index = std::min(sorted.size() - 1, static_cast<size_t>(p * static_cast<double>(sorted.size())));
    return sorted[index];
}

enum Input : int64_t { Largest = 0, Fixed = 1, LargestWithTileCalls = 2, Generated300TileCalls = 3 };

constexpr int kGeneratedTileCalls = 300;

// Whether the trace ran `pass` and did not stop there.
bool ran(const tirx::Trace& trace, std::string_view pass)
{
    const auto* entry = trace.find(pass);
    return entry && !entry->failed;
}

// state.range(0): an Input: the largest example, tiled_add.py (the fixed
// input that compares one version of the window with another), the
// largest example with tile calls, or the generated 300-call kernel.
void BM_EditToRepaint(benchmark::State& state)
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    const auto input = static_cast<Input>(state.range(0));
    QTemporaryDir generatedDir;
    QString example;
    if (input == Generated300TileCalls) {
        example = generatedDir.filePath(u"generated_300_tile_calls.py"_s);
        QFile file(example);
        const std::string text = tirx::bench::generateTileModule(kGeneratedTileCalls);
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())) {
            state.SkipWithError("cannot write the generated module");
            return;
        }
    } else {
        example = input == Fixed ? u":/examples/tiled_add.py"_s : largestExample(input == LargestWithTileCalls);
    }
    QString error;
    if (example.isEmpty() || !window.loadExample(example, &error)) {
        state.SkipWithError(qPrintable(u"cannot open the example "_s + example + u": "_s + error));
        return;
    }
    // The diff shows the last pass, as after --pass on the final one.
    window.passStepper()->setCurrentEntry(window.passStepper()->currentEntry());
    WorkbenchSession* lowering = window.session();
    lowering->setDebounceMs(0);
    bool lowered = false;
    QObject::connect(lowering, &WorkbenchSession::traceReady, &window, [&] { lowered = true; });
    QObject::connect(lowering, &WorkbenchSession::diagnosticsReady, &window, [&] {
        if (lowering->isStale()) lowered = true; // a parse error ends the round too (it should not happen here)
    });

    // Typing goes into a comment at the end, so every edit keeps the module valid.
    CodeEditor* editor = window.editor();
    editor->setFocus();
    editor->SendScintilla(QsciScintillaBase::SCI_DOCUMENTEND);
    editor->insert(u"\n# "_s);
    editor->SendScintilla(QsciScintillaBase::SCI_DOCUMENTEND);
    QApplication::processEvents();

    std::vector<double> milliseconds;
    for (auto _ : state) {
        milliseconds.clear();
        for (int edit = 0; edit < kEdits; ++edit) {
            lowered = false;
            QElapsedTimer timer;
            timer.start();
            typeKey(editor, Qt::Key_X, u"x"_s);
            // Lowered, and the memory plans of the pass shown are in the views.
            while (!lowered || lowering->isBusy()) QApplication::processEvents(QEventLoop::WaitForMoreEvents);
            const QPixmap frame = window.grab();
            benchmark::DoNotOptimize(frame.cacheKey());
            milliseconds.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        }
    }
    if (lowering->isStale()) {
        state.SkipWithError("an edit broke the module");
        return;
    }
    state.counters["edits"] = static_cast<double>(milliseconds.size());
    state.counters["p50_ms"] = percentile(milliseconds, 0.50);
    state.counters["p95_ms"] = percentile(milliseconds, 0.95);
    state.counters["max_ms"] = percentile(milliseconds, 1.0);
    // Entries in the last Trace, and whether a pass stopped it early (then
    // the later passes were not measured).
    state.counters["entries"] = lowering->trace() ? static_cast<double>(lowering->trace()->entries.size()) : 0;
    state.counters["failed"] = lowering->trace() && lowering->trace()->failed() ? 1 : 0;
    if ((input == LargestWithTileCalls || input == Generated300TileCalls) &&
        !(lowering->trace() && ran(*lowering->trace(), "TileDispatch") &&
          ran(*lowering->trace(), "LowerTrainiumLayout"))) {
        state.SkipWithError("the tile example did not go through TileDispatch and LowerTrainiumLayout");
        return;
    }
    state.SetLabel(QFileInfo(example).fileName().toStdString());
}

BENCHMARK(BM_EditToRepaint)
    ->ArgName("fixed")
    ->Arg(Largest)
    ->Arg(Fixed)
    ->Arg(LargestWithTileCalls)
    ->Arg(Generated300TileCalls)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    // Settings and autosaves go to the test locations, not the user's.
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(u"TIRx Explorer"_s);
    QApplication::setApplicationName(u"tirx-explorer"_s);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
