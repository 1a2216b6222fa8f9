// The lower-tirx preset (TrnPrivateTensorAlloc, TrnNaiveAllocator,
// TileDispatch, LowerTrainiumLayout, with the verifier after each pass) on
// one generated kernel of N tile calls, for N = 1,000 and 2x, 4x and 8x of
// it: BM_LowerTirxTileCalls over the TileDispatch I families,
// BM_LowerTirxMatmulReduction over 500 matmul and 500 tensorreduce calls
// per 1,000 (TileDispatch II). BM_TileDispatchOnly times the dispatch pass
// alone on the first module. Every iteration lowers a freshly parsed module
// (parsing is not timed). Goals (issues 12 and 13, release build): under
// 20 ms and 30 ms median at 1x, growing near-linearly.
// Run: build/release/tests/bench/bench_tile_dispatch --benchmark_repetitions=5

#include "tile_module_generator.h"

#include "script/parser.h"
#include "transform/pipeline.h"
#include "transform/registry.h"
#include "verify/verify.h"

#include <benchmark/benchmark.h>

#include <memory>
#include <string>

namespace {

using namespace tirx;

PipelineOptions options(bool dispatchOnly)
{
    PipelineOptions o;
    if (dispatchOnly) {
        o.passes = {"TileDispatch"};
    } else {
        const PipelinePreset* preset = findPreset("lower-tirx");
        o.passes.assign(preset->passes.begin(), preset->passes.end());
        o.name = std::string{preset->name};
        o.check = [](const Module& m, const PassContext& ctx) { return verifyModule(m, *ctx.target); };
    }
    o.context.target = findTarget("aws/trn1/trn1.2xlarge");
    o.printSnapshots = false;
    return o;
}

using Generator = std::string (*)(int);

void run(benchmark::State& state, bool dispatchOnly, Generator generate)
{
    const int calls = static_cast<int>(state.range(0));
    const std::string source = generate(calls);
    const PipelineOptions opts = options(dispatchOnly);
    for (auto _ : state) {
        state.PauseTiming();
        auto parsed = std::make_unique<ParseResult>(parseModule(source));
        state.ResumeTiming();
        if (!parsed->ok()) {
            state.SkipWithError("the generated module does not parse");
            return;
        }
        auto trace = std::make_unique<Trace>(runPipeline(parsed->module, opts));
        if (trace->failed()) {
            state.SkipWithError("the pipeline failed on the generated module");
            return;
        }
        benchmark::DoNotOptimize(trace);
        state.PauseTiming();
        trace.reset();
        parsed.reset();
        state.ResumeTiming();
    }
    state.counters["calls"] = calls;
    state.SetComplexityN(calls);
}

void BM_LowerTirxTileCalls(benchmark::State& state) { run(state, false, bench::generateTileModule); }
void BM_LowerTirxMatmulReduction(benchmark::State& state) { run(state, false, bench::generateMatmulReductionModule); }
void BM_TileDispatchOnly(benchmark::State& state) { run(state, true, bench::generateTileModule); }

void sizes(benchmark::internal::Benchmark* b)
{
    for (int n : {1000, 2000, 4000, 8000}) b->Arg(n);
    b->Unit(benchmark::kMillisecond)->Complexity(benchmark::oN);
}

BENCHMARK(BM_LowerTirxTileCalls)->Apply(sizes);
BENCHMARK(BM_LowerTirxMatmulReduction)->Apply(sizes);
BENCHMARK(BM_TileDispatchOnly)->Apply(sizes);

} // namespace

BENCHMARK_MAIN();
