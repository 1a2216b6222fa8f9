// The IR graph view's budget (issue: the graph layout of a lowered kernel
// of 1,000 instructions in under 200 ms). The kernel is the lowering
// benchmark's: Arg(k) allocations give 2k tensorized nests of one NKI
// instruction each, so Arg(500) is 1,000 instructions.
//   BM_GraphBuild      buildIrGraph + DOT text (what runs before Graphviz)
//   BM_GraphLayout     the same and Graphviz dot: the view's work, nests folded
//   BM_GraphLayoutOpen every nest opened into its loops, as the view drew
//                      them before nests were folded
// Run: build/release/tests/bench/bench_graph
#include "lower_module_generator.h"

#include "graph/graphviz.h"
#include "graph/ir_graph.h"
#include "script/parser.h"
#include "target/target.h"
#include "transform/pipeline.h"
#include "transform/registry.h"

#include <benchmark/benchmark.h>

using namespace tirx;

namespace {

ModuleRef loweredKernel(int allocations)
{
    const auto parsed = parseModule(bench::generateLoweringModule(allocations));
    PipelineOptions options;
    const PipelinePreset* preset = findPreset("lower-tirx");
    options.passes.assign(preset->passes.begin(), preset->passes.end());
    options.context.target = findTarget("aws/trn1/trn1.2xlarge");
    options.printSnapshots = false;
    return runPipeline(parsed.module, options).entries.back()->module;
}

int instructionsIn(const IrGraph& g)
{
    int n = 0;
    for (const auto& node : g.nodes) n += node.instructions;
    return n;
}

void BM_GraphBuild(benchmark::State& state)
{
    const ModuleRef module = loweredKernel(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(irGraphToDot(buildIrGraph(*module)));
    state.counters["instructions"] = instructionsIn(buildIrGraph(*module));
}
BENCHMARK(BM_GraphBuild)
    ->Arg(500)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly();

void layOut(benchmark::State& state, const IrGraphOptions& options, const ModuleRef& module)
{
    const IrGraph graph = buildIrGraph(*module, options);
    for (auto _ : state) {
        const auto r = Graphviz::layout(irGraphToDot(buildIrGraph(*module, options)));
        if (!r.layout) state.SkipWithError("graphviz failed");
    }
    state.counters["instructions"] = instructionsIn(graph);
    state.counters["nodes"] = static_cast<double>(graph.nodes.size());
    state.counters["clusters"] = static_cast<double>(graph.clusters.size());
}

void BM_GraphLayout(benchmark::State& state) { layOut(state, {}, loweredKernel(static_cast<int>(state.range(0)))); }
// 400 and 1,000 instructions, the median of five runs.
void kernelSizes(benchmark::internal::Benchmark* b)
{
    b->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly();
}
BENCHMARK(BM_GraphLayout)->Apply(kernelSizes);

void BM_GraphLayoutOpen(benchmark::State& state)
{
    const ModuleRef module = loweredKernel(static_cast<int>(state.range(0)));
    IrGraphOptions open;
    for (int k = 0; k < buildIrGraph(*module).nests; ++k) open.openNests.insert(k);
    layOut(state, open, module);
}
BENCHMARK(BM_GraphLayoutOpen)->Apply(kernelSizes);

} // namespace

BENCHMARK_MAIN();
