// The layout and graph views' budgets (issue: layout grid of a 128 x 4096
// tensor drawn in under 16 ms median; graph layout of a lowered kernel of
// 1,000 instructions in under 200 ms):
//   BM_LayoutGrid      LayoutGrid::build of the tensor
//   BM_LayoutGridDraw  the grid set on a LayoutGridView and painted at 1280 x 800
//   BM_GraphLayout     buildIrGraph + Graphviz dot over the lowered kernel
// Run: build/release/tests/bench/bench_layout
#include "lower_module_generator.h"

#include "analysis/layout_grid.h"
#include "graph/graphviz.h"
#include "graph/ir_graph.h"
#include "ir/make.h"
#include "ir/trainium_layout.h"
#include "layout/layoutgridview.h"
#include "script/parser.h"
#include "target/target.h"
#include "transform/pipeline.h"
#include "transform/registry.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QImage>
#include <QPainter>

using namespace tirx;

namespace {

std::optional<LayoutGrid> tensor128x4096()
{
    const std::vector<Expr> shape = {intImm(128), intImm(4096)};
    auto layout = trainiumLayout("PF", shape).layout;
    return LayoutGrid::build({128, 4096}, layout, "trn.sbuf", DataType::float32()).grid;
}

void BM_LayoutGrid(benchmark::State& state)
{
    for (auto _ : state) benchmark::DoNotOptimize(tensor128x4096());
}
BENCHMARK(BM_LayoutGrid)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime()->UseRealTime();

void BM_LayoutGridDraw(benchmark::State& state)
{
    LayoutGridView view;
    view.resize(1280, 800);
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        view.setGrid(tensor128x4096(), QStringLiteral("A"));
        QPainter painter(&image);
        view.paintPicture(painter, view.size());
    }
}
BENCHMARK(BM_LayoutGridDraw)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly();

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

void BM_GraphLayout(benchmark::State& state)
{
    const ModuleRef module = loweredKernel(static_cast<int>(state.range(0)));
    size_t instructions = 0;
    for (const auto& n : buildIrGraph(*module).nodes) instructions += n.kind != IrGraph::NodeKind::Tensor;
    for (auto _ : state) {
        const auto r = Graphviz::layout(irGraphToDot(buildIrGraph(*module)));
        if (!r.layout) state.SkipWithError("graphviz failed");
    }
    state.counters["instructions"] = static_cast<double>(instructions);
}
BENCHMARK(BM_GraphLayout)
    ->Arg(200)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(3)
    ->ReportAggregatesOnly();

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
