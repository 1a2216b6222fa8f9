// Diff of two printed modules of 100k lines each, 1% of the lines changed,
// through the code the Diff dock runs: the line diff, the side-by-side rows
// with intra-line ranges and the fold runs, the DiffModel on top, and the
// whole DiffView (offscreen) as when a pass is selected.
// Run: build/<release>/tests/bench/bench_diff --benchmark_repetitions=5

#include "module_generator.h"

#include "diff/diff_rows.h"
#include "diff/diffmodel.h"
#include "diff/diffview.h"
#include "diff/line_diff.h"
#include "script/parser.h"
#include "script/printer.h"

#include <QApplication>
#include <QString>

#include <benchmark/benchmark.h>

#include <string>
#include <string_view>
#include <utility>

namespace {

constexpr size_t kLines = 100000;

size_t countLines(std::string_view text)
{
    size_t n = 0;
    for (char c : text) n += c == '\n' ? 1 : 0;
    return n;
}

// The first `kLines` lines of a printed generated module, so the text is
// what the printer writes, indentation and repeated lines included.
std::string printedLines()
{
    std::string source = tirx::bench::generateModule(8u << 20);
    auto parsed = tirx::parseModule(source);
    std::string text = parsed.ok() ? tirx::printModule(*parsed.module) : std::move(source);
    size_t end = 0;
    for (size_t n = 0; n < kLines && end < text.size(); ++n) end = text.find('\n', end) + 1;
    text.resize(end);
    return text;
}

// Scattered edits, about 1% of the lines: a number changed in one line of
// every 100, and one line of every 1000 deleted and one inserted elsewhere.
std::string edited(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + text.size() / 50);
    size_t index = 0;
    size_t begin = 0;
    while (begin < text.size()) {
        const size_t nl = text.find('\n', begin);
        std::string line(text.substr(begin, nl - begin));
        begin = nl + 1;
        const size_t k = index++;
        if (k % 1000 == 500) continue;
        if (k % 1000 == 900) out += "        T.evaluate(0)\n";
        if (k % 100 == 37) {
            const size_t digit = line.find_first_of("0123456789");
            line = digit == std::string::npos ? line + "  # edited" : line.insert(digit, "1");
        }
        out += line;
        out += '\n';
    }
    return out;
}

const std::pair<std::string, std::string>& texts()
{
    static const std::pair<std::string, std::string> pair = [] {
        std::string before = printedLines();
        std::string after = edited(before);
        return std::pair{std::move(before), std::move(after)};
    }();
    return pair;
}

bool checkTexts(benchmark::State& state)
{
    if (countLines(texts().first) < kLines) {
        state.SkipWithError("the generated module is shorter than 100k lines");
        return false;
    }
    return true;
}

void BM_DiffLines(benchmark::State& state)
{
    if (!checkTexts(state)) return;
    const auto& [before, after] = texts();
    for (auto _ : state) {
        auto lines = tirx::diffLines(before, after);
        benchmark::DoNotOptimize(lines);
    }
}
BENCHMARK(BM_DiffLines)->Unit(benchmark::kMillisecond);

void BM_SideBySideRows(benchmark::State& state)
{
    if (!checkTexts(state)) return;
    const auto& [before, after] = texts();
    for (auto _ : state) {
        auto rows = tirx::sideBySideRows(before, after);
        auto runs = tirx::foldRuns(rows);
        benchmark::DoNotOptimize(rows);
        benchmark::DoNotOptimize(runs);
    }
}
BENCHMARK(BM_SideBySideRows)->Unit(benchmark::kMillisecond);

// What the Diff dock does when a pass is selected.
void BM_DiffModelSetTexts(benchmark::State& state)
{
    if (!checkTexts(state)) return;
    const auto& [before, after] = texts();
    DiffModel model;
    for (auto _ : state) {
        model.setTexts(before, after);
        benchmark::DoNotOptimize(model.rowCount());
    }
    state.counters["rows"] = model.rowCount();
    state.counters["changes"] = model.changeCount();
}
BENCHMARK(BM_DiffModelSetTexts)->Unit(benchmark::kMillisecond);

// The view too: the model, the panes' columns and the scroll to the first change.
void BM_DiffViewSetTexts(benchmark::State& state)
{
    if (!checkTexts(state)) return;
    const auto& [before, after] = texts();
    DiffView view;
    view.resize(1200, 800);
    view.show();
    const QString oldName = QStringLiteral("before");
    const QString newName = QStringLiteral("after");
    for (auto _ : state) {
        view.setTexts(oldName, before, newName, after);
        QApplication::processEvents();
    }
}
BENCHMARK(BM_DiffViewSetTexts)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
