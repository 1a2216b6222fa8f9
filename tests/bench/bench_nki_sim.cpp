// The simulator on hand-written NKI kernels against the same kernels
// written as lowered TIRx: a traced matmul (64 nc_matmul of 128 x 128 x 512
// float32 accumulating in one PSUM tile) and an element-wise kernel (64
// tensor_tensor adds of 128 x 512 float32 tiles). Both run on the same
// engine, so the ratio of each Nki row's ops_per_s to its Tirx row's should
// be near 1; the difference is the translation of the trace into the
// simulator's form and its parse, which the Nki rows include. The last row
// is a tutorial-sized kernel (tests/nki/corpus/matmul_psum.py) from its
// file to its result: the stand-in's Python run, the plan and the
// simulation.
// Run: build/release/tests/bench/bench_nki_sim --benchmark_repetitions=3 --benchmark_report_aggregates_only=true

#include "nki/launch.h"
#include "nki/nki_plan.h"
#include "nki/runner.h"
#include "nki/sim_run.h"
#include "nki/trace_reader.h"
#include "script/parser.h"
#include "sim/simulator.h"
#include "target/target.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <string>

namespace {

using nlohmann::json;

constexpr int kRepeats = 64;

json loc(int line) { return {{"file", 0}, {"line", line}, {"column", 5}}; }

json tensor(int id, const std::string& name, const std::string& buffer, int64_t p, int64_t f, bool argument = false)
{
    json t{{"id", id},
           {"name", name},
           {"buffer", buffer},
           {"shape", {p, f}},
           {"dtype", "float32"},
           {"dtype_bytes", 4},
           {"kind", argument ? "argument" : "ndarray"},
           {"created_by", argument ? "argument" : "nl.ndarray"},
           {"loc", argument ? json(nullptr) : loc(id + 2)},
           {"stack", json::array()}};
    if (buffer == "sbuf" || buffer == "psum") {
        t["partitions"] = {0, p};
        t["bytes_per_partition"] = f * 4;
        t["address"] = nullptr;
        t["blocks"] = nullptr;
    }
    return t;
}

json whole(int id, int64_t p, int64_t f)
{
    return {{"tensor", id},
            {"block", nullptr},
            {"partitions", {{"start", 0}, {"step", 1}, {"count", p}}},
            {"free", {{"offset", 0}, {"dims", json::array({json::array({1, f})})}}},
            {"bytes", {0, f * 4}},
            {"masked", false}};
}

json instruction(size_t index, const std::string& op, json writes, json reads, json args, json operands)
{
    return {{"index", index},       {"op", op},       {"engine", nullptr},
            {"writes", writes},     {"reads", reads}, {"args", args},
            {"operands", operands}, {"loc", loc(20)}, {"stack", json::array()}};
}

tirx::nki::Trace traceOf(json tensors, json instructions)
{
    const json program{{"program", json::array()}, {"tensors", tensors},     {"instructions", instructions},
                       {"loops", json::array()},   {"notes", json::array()}, {"truncated", false}};
    const json doc{{"format", "tirx-nki-trace"},
                   {"version", 1},
                   {"kernel", {{"file", "/bench/kernel.py"}, {"entry", "kernel"}, {"api", "nki"}}},
                   {"launch", {{"grid", nullptr}, {"lnc", 1}}},
                   {"files", {"/bench/kernel.py"}},
                   {"programs", {program}},
                   {"notes", json::array()},
                   {"error", nullptr}};
    return std::move(*tirx::nki::readTrace(doc.dump()).trace);
}

const json kCopy{{"dst", {{"write", 0}}}, {"src", {{"read", 0}}}};

tirx::nki::Trace matmulTrace()
{
    json tensors = {tensor(0, "L", "hbm", 128, 128, true),  tensor(1, "R", "hbm", 128, 512, true),
                    tensor(2, "C", "shared_hbm", 128, 512), tensor(3, "lhs", "sbuf", 128, 128),
                    tensor(4, "rhs", "sbuf", 128, 512),     tensor(5, "acc", "psum", 128, 512),
                    tensor(6, "res", "sbuf", 128, 512)};
    json ins = json::array();
    ins.push_back(instruction(ins.size(), "nisa.dma_copy", {whole(3, 128, 128)}, {whole(0, 128, 128)}, {}, kCopy));
    ins.push_back(instruction(ins.size(), "nisa.dma_copy", {whole(4, 128, 512)}, {whole(1, 128, 512)}, {}, kCopy));
    ins.push_back(instruction(ins.size(), "nisa.memset", {whole(5, 128, 512)}, json::array(), {{"value", 0.0}},
                              {{"dst", {{"write", 0}}}}));
    for (int r = 0; r < kRepeats; ++r)
        ins.push_back(instruction(ins.size(), "nisa.nc_matmul", {whole(5, 128, 512)},
                                  {whole(3, 128, 128), whole(4, 128, 512), whole(5, 128, 512)}, {{"accumulate", true}},
                                  {{"dst", {{"write", 0}}}, {"stationary", {{"read", 0}}}, {"moving", {{"read", 1}}}}));
    ins.push_back(instruction(ins.size(), "nisa.tensor_copy", {whole(6, 128, 512)}, {whole(5, 128, 512)}, {}, kCopy));
    ins.push_back(instruction(ins.size(), "nisa.dma_copy", {whole(2, 128, 512)}, {whole(6, 128, 512)}, {}, kCopy));
    return traceOf(tensors, ins);
}

tirx::nki::Trace elementwiseTrace()
{
    json tensors = {tensor(0, "A", "hbm", 128, 512, true), tensor(1, "C", "shared_hbm", 128, 512),
                    tensor(2, "a", "sbuf", 128, 512), tensor(3, "b", "sbuf", 128, 512)};
    json ins = json::array();
    ins.push_back(instruction(ins.size(), "nisa.dma_copy", {whole(2, 128, 512)}, {whole(0, 128, 512)}, {}, kCopy));
    ins.push_back(instruction(ins.size(), "nisa.memset", {whole(3, 128, 512)}, json::array(), {{"value", 0.0}},
                              {{"dst", {{"write", 0}}}}));
    for (int r = 0; r < kRepeats; ++r)
        ins.push_back(instruction(ins.size(), "nisa.tensor_tensor", {whole(3, 128, 512)},
                                  {whole(3, 128, 512), whole(2, 128, 512)}, {{"op", "add"}},
                                  {{"dst", {{"write", 0}}}, {"data1", {{"read", 0}}}, {"data2", {{"read", 1}}}}));
    ins.push_back(instruction(ins.size(), "nisa.dma_copy", {whole(1, 128, 512)}, {whole(3, 128, 512)}, {}, kCopy));
    return traceOf(tensors, ins);
}

// The same kernels as lowered TIRx, with the instructions in a loop.
std::string tirxKernel(bool matmul)
{
    std::string body;
    if (matmul) {
        body =
            R"(def main(L: T.Tensor((128, 128), "float32"), R: T.Tensor((128, 512), "float32"), C: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 2})
    lhs = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf")])
    rhs = T.alloc_tensor((512,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((1, 128, 512), "float32", scope="trn.psum")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(128):
                T.nki.load(lhs[p, f], L[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(512):
                T.nki.load(rhs[p, f], R[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(512):
                T.nki.memset(acc[0, p, f], T.float32(0.0))
    for r in range(64):
        with T.nki.tensorized_instruction():
            for k in T.serial(128):
                for i in T.serial(128):
                    for j in T.serial(512):
                        T.nki.matmul(acc[0, i, j], lhs[k, i], rhs[k, j], T.bool(True))
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(512):
                T.nki.store(C[p, f], acc[0, p, f])
)";
    } else {
        body = R"(def main(A: T.Tensor((128, 512), "float32"), C: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    b = T.alloc_tensor((2048,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(512):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(512):
                T.nki.memset(b[p, f], T.float32(0.0))
    for r in range(64):
        with T.nki.tensorized_instruction():
            for p in T.serial(128):
                for f in T.serial(512):
                    T.nki.tensortensor(b[p, f], b[p, f], a[p, f], "add")
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(512):
                T.nki.store(C[p, f], b[p, f])
)";
    }
    return "from tvm_tirx.script import tirx as T\n\n\n@T.function\n" + body;
}

void runTirx(benchmark::State& state, bool matmul, double opsPerRun)
{
    const auto parsed = tirx::parseModule(tirxKernel(matmul));
    if (!parsed.ok()) {
        state.SkipWithError("kernel does not parse");
        return;
    }
    const auto& fn = *parsed.module->functions().front().second;
    tirx::sim::SimOptions options;
    options.recordTrace = false;
    for (auto _ : state) {
        auto result = tirx::sim::simulate(fn, tirx::defaultTarget(), {}, options);
        if (!result.ok()) {
            state.SkipWithError("simulation failed");
            return;
        }
        benchmark::DoNotOptimize(result.outputs.front().second.bytes.data());
    }
    state.counters["ops_per_s"] =
        benchmark::Counter(opsPerRun * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void runNki(benchmark::State& state, const tirx::nki::Trace& trace, double opsPerRun)
{
    const auto& target = tirx::defaultTarget();
    const std::vector<tirx::nki::NkiPlan> plans{tirx::nki::buildNkiPlan(trace, 0, target)};
    for (auto _ : state) {
        auto result = tirx::nki::runNkiOnSimulator(trace, plans, target, {});
        if (!result.ok()) {
            state.SkipWithError("simulation failed");
            return;
        }
        benchmark::DoNotOptimize(result.outputs.front().second.bytes.data());
    }
    state.counters["ops_per_s"] =
        benchmark::Counter(opsPerRun * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

constexpr double kMatmulOps = double{kRepeats} * 128 * 128 * 512;
constexpr double kElementwiseOps = double{kRepeats} * 128 * 512;

void BM_TirxMatmul(benchmark::State& state) { runTirx(state, true, kMatmulOps); }
void BM_NkiMatmul(benchmark::State& state) { runNki(state, matmulTrace(), kMatmulOps); }
void BM_TirxElementwise(benchmark::State& state) { runTirx(state, false, kElementwiseOps); }
void BM_NkiElementwise(benchmark::State& state) { runNki(state, elementwiseTrace(), kElementwiseOps); }
BENCHMARK(BM_TirxMatmul)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NkiMatmul)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TirxElementwise)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NkiElementwise)->Unit(benchmark::kMillisecond);

// From the kernel's file to its outputs.
void BM_NkiOpenToResult(benchmark::State& state)
{
    const std::string kernel = std::string(TIRX_SOURCE_DIR) + "/tests/nki/corpus/matmul_psum.py";
    const auto launch =
        tirx::nki::readLaunchFile(std::string(TIRX_SOURCE_DIR) + "/tests/nki/corpus/matmul_psum.launch.json");
    if (!launch.launch) {
        state.SkipWithError("no launch file");
        return;
    }
    tirx::nki::RunOptions options;
    options.resources = std::string(TIRX_SOURCE_DIR) + "/resources/nki";
    const auto& target = tirx::defaultTarget();
    for (auto _ : state) {
        const auto run = tirx::nki::runKernel(kernel, *launch.launch, options);
        if (!run.trace) {
            state.SkipWithError(run.error.c_str());
            return;
        }
        std::vector<tirx::nki::NkiPlan> plans;
        for (size_t i = 0; i < run.trace->programs.size(); ++i)
            plans.push_back(tirx::nki::buildNkiPlan(*run.trace, i, target));
        auto result = tirx::nki::runNkiOnSimulator(*run.trace, plans, target, {});
        if (!result.ok()) {
            state.SkipWithError("simulation failed");
            return;
        }
        benchmark::DoNotOptimize(result.outputs.front().second.bytes.data());
    }
}
BENCHMARK(BM_NkiOpenToResult)->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

BENCHMARK_MAIN();
