// The IR graph view's budget (issue: the graph layout of a lowered kernel
// of 1,000 instructions in under 200 ms). The kernel is the lowering
// benchmark's after the lower-tirx pipeline: Arg(k) allocations give 2k
// tensorized nests of one NKI instruction each, one straight-line block,
// so Arg(500) is 1,000 instructions. Each case times what the view does
// for one picture: buildIrGraph, the DOT text and Graphviz dot.
//   BM_GraphBuild       buildIrGraph + DOT text alone (before Graphviz)
//   BM_GraphLayout      the picture the view shows first: the block folded
//                       into runs (12 nodes for 1,000 instructions), the
//                       tensors they share between them, the busy input
//                       beside each use
//   BM_GraphLayoutRun   the middle run opened by a double-click: its nests
//                       as nodes, the other runs folded
//   BM_GraphLayoutNests every run opened, nests folded: 2,000 nodes in 12
//                       boxes (the view's first picture before runs was
//                       these nodes without the boxes: 2.5 s of CPU)
//   BM_GraphLayoutOpen  every run and nest opened into its loops, at 400
//                       instructions only (1,000 take minutes)
// The last two take seconds each, so they repeat three times, not five.
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
    state.counters["runs"] = graph.foldedRuns;
}

void BM_GraphLayout(benchmark::State& state) { layOut(state, {}, loweredKernel(static_cast<int>(state.range(0)))); }
// 400 and 1,000 instructions, the median of five runs.
void kernelSizes(benchmark::internal::Benchmark* b)
{
    b->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly();
}
BENCHMARK(BM_GraphLayout)->Apply(kernelSizes);

void BM_GraphLayoutRun(benchmark::State& state)
{
    const ModuleRef module = loweredKernel(static_cast<int>(state.range(0)));
    IrGraphOptions open;
    open.openRuns.insert(buildIrGraph(*module).runs / 2);
    layOut(state, open, module);
}
BENCHMARK(BM_GraphLayoutRun)->Apply(kernelSizes);

IrGraphOptions everyRunOpen(const ModuleRef& module)
{
    IrGraphOptions open;
    for (int k = 0; k < buildIrGraph(*module).runs; ++k) open.openRuns.insert(k);
    return open;
}

void BM_GraphLayoutNests(benchmark::State& state)
{
    const ModuleRef module = loweredKernel(static_cast<int>(state.range(0)));
    layOut(state, everyRunOpen(module), module);
}
void slowSizes(benchmark::internal::Benchmark* b)
{
    b->Arg(200)->Arg(500)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(3)->ReportAggregatesOnly();
}
BENCHMARK(BM_GraphLayoutNests)->Apply(slowSizes);

void BM_GraphLayoutOpen(benchmark::State& state)
{
    const ModuleRef module = loweredKernel(static_cast<int>(state.range(0)));
    IrGraphOptions open = everyRunOpen(module);
    for (int k = 0; k < buildIrGraph(*module, open).nests; ++k) open.openNests.insert(k);
    layOut(state, open, module);
}
BENCHMARK(BM_GraphLayoutOpen)
    ->Arg(200)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(3)
    ->ReportAggregatesOnly();

} // namespace

BENCHMARK_MAIN();
