// The memory views at scale: repainting the SBUF map with 10,000
// allocations, the hover hit-test over them, and the what-if allocator on
// 10,000 lifetimes. Targets (issue 14): repaint < 16 ms, hit-test < 1 ms,
// what-if < 10 ms, medians.
// Run: build/release/tests/bench/bench_memmap --benchmark_repetitions=5
#include "memmap/memorymap.h"
#include "memory/what_if.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QImage>

#include <random>

namespace {

constexpr int kAllocations = 10000;

// 10,000 SBUF tiles side by side over the first 40,000 bytes of each
// partition, on 16 to 128 partitions, each live over a short stretch of a
// long program, as a large unrolled kernel would be.
std::shared_ptr<const tirx::MemoryPlan> bigPlan()
{
    auto plan = std::make_shared<tirx::MemoryPlan>();
    plan->target = "aws/trn1/trn1.2xlarge";
    plan->after = "TrnNaiveAllocator";
    std::mt19937 random(11);
    std::uniform_int_distribution<int> partitions(1, 8);
    std::uniform_int_distribution<int> length(1, 40);
    for (int i = 0; i < kAllocations; ++i) {
        tirx::PlannedAllocation a;
        a.function = "main";
        a.name = "t" + std::to_string(i);
        a.scope = "trn.sbuf";
        a.dtype = tirx::DataType::float32();
        a.bytesPerPartition = 4;
        a.sizeKnown = true;
        a.partitions = 16 * partitions(random);
        a.offset = int64_t{4} * i;
        a.partitionRange = tirx::Interval{0, a.partitions};
        a.byteRange = tirx::Interval{*a.offset, *a.offset + 4};
        a.rects.push_back({*a.partitionRange, *a.byteRange});
        a.definition.order = i;
        a.live = {i, i + length(random)};
        plan->allocations.push_back(std::move(a));
    }
    return plan;
}

const tirx::Target& trn1() { return *tirx::findTarget("aws/trn1/trn1.2xlarge"); }

void BM_SbufRepaint(benchmark::State& state)
{
    MemoryMap map(MemoryMap::Scope::Sbuf);
    map.resize(1280, 800);
    map.setPlan(bigPlan(), &trn1());
    QImage image(map.size(), QImage::Format_ARGB32_Premultiplied);
    for (auto _ : state) {
        map.render(&image);
        benchmark::DoNotOptimize(image.constBits());
    }
}
BENCHMARK(BM_SbufRepaint)->Unit(benchmark::kMillisecond);

void BM_HoverHitTest(benchmark::State& state)
{
    MemoryMap map(MemoryMap::Scope::Sbuf);
    map.resize(1280, 800);
    map.setPlan(bigPlan(), &trn1());
    std::mt19937 random(5);
    std::uniform_real_distribution<double> x(60, 1270);
    std::uniform_real_distribution<double> y(60, 700);
    for (auto _ : state) benchmark::DoNotOptimize(map.allocationAt(QPointF(x(random), y(random))));
}
BENCHMARK(BM_HoverHitTest)->Unit(benchmark::kMicrosecond);

void BM_WhatIf(benchmark::State& state)
{
    const auto plan = bigPlan();
    for (auto _ : state) benchmark::DoNotOptimize(tirx::whatIfPlan(*plan));
}
BENCHMARK(BM_WhatIf)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
