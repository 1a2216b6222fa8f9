// The lower-tirx preset (TrnPrivateTensorAlloc, TrnNaiveAllocator,
// TileDispatch, LowerTrainiumLayout, with the verifier after each pass) on
// one generated kernel of N allocations and 5·N tensor accesses, for
// N = 2,000 (the 2,000 allocations / 10,000 accesses target) and 2x, 4x
// and 8x of it, plus 1/8x, 1/4x and 1/2x to show the growth below it.
// BM_LowerTirx runs the pipeline as the explorer does, printing every
// snapshot for the Trace; BM_LowerTirxModulesOnly skips the printing, to
// show what the passes and the verifier cost alone. Freeing a run's
// snapshots is timed apart (the release_ms counter). Every iteration lowers
// a freshly parsed module (parsing is not timed), as after an edit, so no
// result remembered from an earlier run of the same nodes can be reused.
// BM_WalkEveryNode only counts the nodes of the same module: the machine's
// own cost of linear work, for reading the pipeline's growth against.
// Run: build/release/tests/bench/bench_lower --benchmark_repetitions=5

#include "lower_module_generator.h"

#include "ir/functor.h"
#include "script/parser.h"
#include "transform/pipeline.h"
#include "transform/registry.h"
#include "verify/verify.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>

namespace {

using namespace tirx;

PipelineOptions lowerTirxOptions(bool printSnapshots)
{
    PipelineOptions options;
    const PipelinePreset* preset = findPreset("lower-tirx");
    options.passes.assign(preset->passes.begin(), preset->passes.end());
    options.name = std::string{preset->name};
    options.context.target = findTarget("aws/trn1/trn1.2xlarge");
    options.check = [](const Module& m, const PassContext& ctx) { return verifyModule(m, *ctx.target); };
    options.printSnapshots = printSnapshots;
    return options;
}

void runLowerTirx(benchmark::State& state, bool printSnapshots)
{
    const int allocations = static_cast<int>(state.range(0));
    const std::string source = bench::generateLoweringModule(allocations);
    const PipelineOptions options = lowerTirxOptions(printSnapshots);
    double releaseSeconds = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto parsed = std::make_unique<ParseResult>(parseModule(source));
        state.ResumeTiming();
        if (!parsed->ok()) {
            state.SkipWithError("the generated module does not parse");
            return;
        }
        auto trace = std::make_unique<Trace>(runPipeline(parsed->module, options));
        if (trace->failed() || trace->entries.size() != options.passes.size() + 1) {
            state.SkipWithError("the lower-tirx pipeline failed on the generated module");
            return;
        }
        benchmark::DoNotOptimize(trace);
        // Freeing the snapshots is the caller's cost, paid when the next run
        // replaces this one: timed apart and reported as release_ms.
        state.PauseTiming();
        const auto start = std::chrono::steady_clock::now();
        trace.reset();
        parsed.reset();
        releaseSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        state.ResumeTiming();
    }
    state.counters["release_ms"] = benchmark::Counter(releaseSeconds * 1e3, benchmark::Counter::kAvgIterations);
    state.counters["allocations"] = allocations;
    state.counters["accesses"] = bench::loweringModuleAccesses(allocations);
    state.SetComplexityN(allocations);
}

void BM_LowerTirx(benchmark::State& state) { runLowerTirx(state, true); }
void BM_LowerTirxModulesOnly(benchmark::State& state) { runLowerTirx(state, false); }

// Counts every statement and expression node of the same freshly parsed
// module: the least any whole-module pass does per node, and so what linear
// growth costs on this machine once the module no longer fits its caches.
// The pipeline's growth is read against this one.
class NodeCounter final : public IrVisitor {
public:
    int64_t nodes = 0;
    void visitExpr(const Expr& e) override
    {
        ++nodes;
        IrVisitor::visitExpr(e);
    }
    void visitStmt(const Stmt& s) override
    {
        ++nodes;
        IrVisitor::visitStmt(s);
    }
};

void BM_WalkEveryNode(benchmark::State& state)
{
    const int allocations = static_cast<int>(state.range(0));
    const std::string source = bench::generateLoweringModule(allocations);
    int64_t nodes = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto parsed = std::make_unique<ParseResult>(parseModule(source));
        state.ResumeTiming();
        NodeCounter counter;
        for (const auto& [name, fn] : parsed->module->functions()) counter.visitStmt(fn->body());
        nodes = counter.nodes;
        benchmark::DoNotOptimize(nodes);
        state.PauseTiming();
        parsed.reset();
        state.ResumeTiming();
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.SetComplexityN(allocations);
}

// 1/8x to 8x of 2,000 allocations; Complexity fits the growth to N.
void sizes(benchmark::internal::Benchmark* b)
{
    for (int n : {250, 500, 1000, 2000, 4000, 8000, 16000}) b->Arg(n);
    b->Unit(benchmark::kMillisecond)->Complexity(benchmark::oN);
}

BENCHMARK(BM_LowerTirx)->Apply(sizes);
BENCHMARK(BM_LowerTirxModulesOnly)->Apply(sizes);
BENCHMARK(BM_WalkEveryNode)->Apply(sizes);

} // namespace

BENCHMARK_MAIN();
