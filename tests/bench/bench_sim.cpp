// Simulator throughput against a plain C++ loop over the same data:
// elementwise (T.nki.tensortensor add on 128 x 512 float32 SBUF tiles, in
// element-ops per second) and matmul (128 x 128 x 512 float32 into PSUM, in
// multiply-adds per second). Each simulator run executes 64 instructions;
// the per-run set-up (taking SBUF and PSUM memory, placing tensors,
// bringing the pages the run touches to their initial state, reading the
// outputs) is part of the figure. The ratio to report is each Sim row's
// ops_per_s over its Loop row's. The matmul loop is the plain triple loop,
// not a tiled one, so the simulator's register-tiled kernel outruns it.
// Run: build/release/tests/bench/bench_sim --benchmark_repetitions=5 --benchmark_report_aggregates_only=true

#include "script/parser.h"
#include "sim/simulator.h"
#include "target/target.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr int kRepeats = 64;
constexpr int64_t kP = 128;
constexpr int64_t kF = 512;
constexpr int64_t kM = 128;

const char* const kElementwise = R"(from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((128, 512), "float32"), C: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    b = T.alloc_tensor((2048,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.memset(b[p, f], T.float32(0.0))
    for r in range(64):
        with T.nki.tensorized_instruction():
            for p in T.serial(128, annotations={"nki_dim": "P"}):
                for f in T.serial(512, annotations={"nki_dim": "F"}):
                    T.nki.tensortensor(b[p, f], b[p, f], a[p, f], "add")
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], b[p, f])
)";

const char* const kMatmul = R"(from tvm_tirx.script import tirx as T


@T.function
def main(L: T.Tensor((128, 128), "float32"), R: T.Tensor((128, 512), "float32"), C: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    lhs = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf")])
    rhs = T.alloc_tensor((512,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((1, 128, 512), "float32", scope="trn.psum")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(128, annotations={"nki_dim": "F"}):
                T.nki.load(lhs[p, f], L[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.load(rhs[p, f], R[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(512):
                T.nki.memset(acc[0, p, f], T.float32(0.0))
    for r in range(64):
        with T.nki.tensorized_instruction():
            for k in T.serial(128, annotations={"nki_dim": "P"}):
                for i in T.serial(128, annotations={"nki_dim": "lhs_F"}):
                    for j in T.serial(512, annotations={"nki_dim": "rhs_F"}):
                        T.nki.matmul(acc[0, i, j], lhs[k, i], rhs[k, j], T.bool(True))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(512, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], acc[0, p, f])
)";

std::vector<float> randomFloats(size_t n)
{
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> real(-1.0f, 1.0f);
    std::vector<float> v(n);
    for (auto& x : v) x = real(rng);
    return v;
}

tirx::sim::HostArray hostArray(std::vector<int64_t> shape, const std::vector<float>& values)
{
    tirx::sim::HostArray a;
    a.shape = std::move(shape);
    a.bytes.resize(values.size() * sizeof(float));
    std::memcpy(a.bytes.data(), values.data(), a.bytes.size());
    return a;
}

void runKernel(benchmark::State& state, const char* text, const std::map<std::string, tirx::sim::HostArray>& inputs,
               double opsPerRun)
{
    const auto parsed = tirx::parseModule(text);
    if (!parsed.ok()) {
        state.SkipWithError("kernel does not parse");
        return;
    }
    const auto& fn = *parsed.module->functions().front().second;
    tirx::sim::SimOptions options;
    options.recordTrace = false;
    for (auto _ : state) {
        auto result = tirx::sim::simulate(fn, tirx::defaultTarget(), inputs, options);
        if (!result.ok()) {
            state.SkipWithError("simulation failed");
            return;
        }
        benchmark::DoNotOptimize(result.outputs.front().second.bytes.data());
    }
    state.counters["ops_per_s"] =
        benchmark::Counter(opsPerRun * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_SimElementwise(benchmark::State& state)
{
    runKernel(state, kElementwise, {{"A", hostArray({kP, kF}, randomFloats(kP * kF))}},
              static_cast<double>(kRepeats * kP * kF));
}
BENCHMARK(BM_SimElementwise)->Unit(benchmark::kMillisecond);

void BM_LoopElementwise(benchmark::State& state)
{
    const auto a = randomFloats(kP * kF);
    std::vector<float> b(a.size());
    for (auto _ : state) {
        std::fill(b.begin(), b.end(), 0.0f);
        for (int r = 0; r < kRepeats; ++r) {
            for (size_t k = 0; k < b.size(); ++k) b[k] = b[k] + a[k];
            benchmark::ClobberMemory();
        }
        benchmark::DoNotOptimize(b.data());
    }
    state.counters["ops_per_s"] =
        benchmark::Counter(static_cast<double>(kRepeats * kP * kF * state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_LoopElementwise)->Unit(benchmark::kMillisecond);

void BM_SimMatmul(benchmark::State& state)
{
    runKernel(state, kMatmul,
              {{"L", hostArray({kP, kM}, randomFloats(kP * kM))}, {"R", hostArray({kP, kF}, randomFloats(kP * kF))}},
              static_cast<double>(kRepeats * kP * kM * kF));
}
BENCHMARK(BM_SimMatmul)->Unit(benchmark::kMillisecond);

void BM_LoopMatmul(benchmark::State& state)
{
    const auto l = randomFloats(kP * kM);
    const auto r = randomFloats(kP * kF);
    std::vector<float> c(kM * kF);
    for (auto _ : state) {
        std::fill(c.begin(), c.end(), 0.0f);
        for (int rep = 0; rep < kRepeats; ++rep) {
            for (int64_t k = 0; k < kP; ++k) {
                for (int64_t i = 0; i < kM; ++i) {
                    const float a = l[static_cast<size_t>(k * kM + i)];
                    float* __restrict row = c.data() + i * kF;
                    const float* __restrict rr = r.data() + k * kF;
                    for (int64_t j = 0; j < kF; ++j) row[j] += a * rr[j];
                }
            }
            benchmark::ClobberMemory();
        }
        benchmark::DoNotOptimize(c.data());
    }
    state.counters["ops_per_s"] = benchmark::Counter(static_cast<double>(kRepeats * kP * kM * kF * state.iterations()),
                                                     benchmark::Counter::kIsRate);
}
BENCHMARK(BM_LoopMatmul)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
