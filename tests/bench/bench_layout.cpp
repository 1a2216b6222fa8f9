// The layout view's budget (issue: the layout grid of a 128 x 4096 tensor
// drawn in under 16 ms median):
//   BM_LayoutGrid        LayoutGrid::build of the tensor
//   BM_LayoutGridCached  the same through LayoutGridCache, as the view asks
//                        for it again after a pass that left the type alone
//   BM_LayoutGridDraw    built, set on a LayoutGridView (its pictures made)
//                        and painted at 1280 x 800: what choosing it costs
//   BM_LayoutGridRepaint painted again (a hover, a resize)
// Run: build/release/tests/bench/bench_layout
#include "ir/make.h"
#include "ir/tensor_type.h"
#include "ir/trainium_layout.h"
#include "layout/layout_grid.h"
#include "layout/layout_grid_cache.h"
#include "layout/layoutgridview.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QImage>
#include <QPainter>

using namespace tirx;

namespace {

const std::vector<int64_t> kShape = {128, 4096};

Layout layout128x4096() { return trainiumLayout("PF", {intImm(128), intImm(4096)}).layout; }

std::shared_ptr<const LayoutGrid> tensor128x4096()
{
    auto built = LayoutGrid::build(kShape, layout128x4096(), "trn.sbuf", DataType::float32());
    return std::make_shared<const LayoutGrid>(std::move(*built.grid));
}

void BM_LayoutGrid(benchmark::State& state)
{
    for (auto _ : state) benchmark::DoNotOptimize(tensor128x4096());
}
BENCHMARK(BM_LayoutGrid)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly();

void BM_LayoutGridCached(benchmark::State& state)
{
    LayoutGridCache cache;
    for (auto _ : state) {
        // A new type object each time, as a new module after a pass has.
        TensorType::Fields fields;
        fields.shape = {intImm(128), intImm(4096)};
        fields.scope = "trn.sbuf";
        fields.layout = layout128x4096();
        const TensorType type(std::move(fields));
        benchmark::DoNotOptimize(cache.build(type));
    }
    state.counters["hits"] = static_cast<double>(cache.hits());
}
BENCHMARK(BM_LayoutGridCached)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly();

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

void BM_LayoutGridRepaint(benchmark::State& state)
{
    LayoutGridView view;
    view.resize(1280, 800);
    view.setGrid(tensor128x4096(), QStringLiteral("A"));
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        QPainter painter(&image);
        view.paintPicture(painter, view.size());
    }
}
BENCHMARK(BM_LayoutGridRepaint)->Unit(benchmark::kMillisecond)->UseRealTime()->Repetitions(5)->ReportAggregatesOnly();

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
