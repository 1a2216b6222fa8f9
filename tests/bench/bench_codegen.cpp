// emitNki on a lowered kernel of N NKI instructions (N = 1,000 is the target:
// under 5 ms median), in both APIs. The kernel is generated as TVMScript,
// N / 3 rounds of load, tensorscalar and store over annotated 128 x 512
// tiles inside a loop, and lowered once with the `trn` pipeline; only the
// printing is timed.
// Run: build/release/tests/bench/bench_codegen --benchmark_repetitions=5

#include "codegen/emit_nki.h"
#include "driver/lower.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

using namespace tirx;

std::string kernelSource(int instructions)
{
    const int rounds = (instructions + 2) / 3;
    std::string s = "from tvm.script import tirx as T\n\n@T.prim_func\n"
                    "def big(A: T.Tensor((128, " +
                    std::to_string(512 * rounds) + "), \"float32\"), B: T.Tensor((128, " +
                    std::to_string(512 * rounds) +
                    "), \"float32\")):\n"
                    "    T.func_attr({\"num_inputs\": 1})\n"
                    "    a = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\")\n"
                    "    b = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\")\n";
    const std::string loops = "        for p in T.serial(0, 128, annotations={\"nki_dim\": \"P\"}):\n"
                              "            for f in T.serial(0, 512, annotations={\"nki_dim\": \"F\"}):\n";
    for (int r = 0; r < rounds; ++r) {
        const std::string col = std::to_string(r * 512) + " + f";
        s += "    with T.nki.tensorized_instruction():\n" + loops + "                T.nki.load(a[p, f], A[p, " + col +
             "])\n";
        s += "    with T.nki.tensorized_instruction():\n" + loops +
             "                T.nki.tensorscalar(b[p, f], a[p, f], T.float32(2.0), \"mul\")\n";
        s += "    with T.nki.tensorized_instruction():\n" + loops + "                T.nki.store(B[p, " + col +
             "], b[p, f])\n";
    }
    return s;
}

ModuleRef lowered(int instructions)
{
    LowerRequest request;
    request.source = kernelSource(instructions);
    request.preset = "trn";
    request.targetOverride = "aws/trn1/trn1.2xlarge";
    request.printSnapshots = false;
    const LowerResult result = lower(request);
    return result.ok() ? result.trace->entries.back()->module : nullptr;
}

void BM_EmitNki(benchmark::State& state)
{
    const ModuleRef module = lowered(static_cast<int>(state.range(0)));
    if (!module) {
        state.SkipWithError("the generated kernel did not lower");
        return;
    }
    const NkiEmitOptions options{static_cast<NkiApi>(state.range(1)), nullptr};
    size_t bytes = 0;
    for (auto _ : state) {
        NkiKernel kernel = emitNki(*module, options);
        if (!kernel.ok()) {
            state.SkipWithError("the kernel did not print");
            return;
        }
        bytes = kernel.source.size();
        benchmark::DoNotOptimize(kernel);
    }
    state.counters["bytes"] = static_cast<double>(bytes);
}

} // namespace

BENCHMARK(BM_EmitNki)
    ->ArgNames({"instructions", "api"})
    ->ArgsProduct({{250, 1000, 4000}, {static_cast<int>(NkiApi::Legacy), static_cast<int>(NkiApi::Current)}})
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
