// Parse and print throughput on a generated module of about 1 MB.
// Run: build/release/tests/bench/bench_frontend --benchmark_repetitions=5
//
// BM_Parse times text -> module; freeing the module (a few hundred thousand
// IR nodes) is outside the timed region, as it is for BM_Print.
// BM_ParseAndFree times both, which is what re-parsing on every edit costs.

#include "module_generator.h"

#include "script/parser.h"
#include "script/printer.h"

#include <benchmark/benchmark.h>

namespace {

const std::string& moduleText()
{
    static const std::string text = tirx::bench::generateModule(1 << 20);
    return text;
}

void BM_Parse(benchmark::State& state)
{
    const auto& text = moduleText();
    for (auto _ : state) {
        auto result = tirx::parseModule(text);
        if (!result.ok()) {
            state.SkipWithError("the generated module does not parse");
            return;
        }
        benchmark::DoNotOptimize(result.module);
        state.PauseTiming();
        result = {};
        state.ResumeTiming();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_Parse)->Unit(benchmark::kMillisecond);

void BM_ParseAndFree(benchmark::State& state)
{
    const auto& text = moduleText();
    for (auto _ : state) {
        auto result = tirx::parseModule(text);
        if (!result.ok()) {
            state.SkipWithError("the generated module does not parse");
            return;
        }
        benchmark::DoNotOptimize(result.module);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(text.size()));
}
BENCHMARK(BM_ParseAndFree)->Unit(benchmark::kMillisecond);

void BM_Print(benchmark::State& state)
{
    auto result = tirx::parseModule(moduleText());
    if (!result.ok()) {
        state.SkipWithError("the generated module does not parse");
        return;
    }
    size_t bytes = 0;
    for (auto _ : state) {
        auto text = tirx::printModule(*result.module);
        bytes = text.size();
        benchmark::DoNotOptimize(text);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes));
}
BENCHMARK(BM_Print)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
