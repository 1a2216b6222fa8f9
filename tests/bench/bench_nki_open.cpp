// Opening a hand-written NKI kernel, from file to painted map, by stage:
// the child (interpreter start, the stand-in's trace, reading it back), the
// placement model, and the first paint of the SBUF map at 1280x800. For a
// tutorial-sized matmul (tests/nki/corpus/matmul_psum.py) and a generated
// kernel of about 3,300 lines and 16,800 instructions. Goals (issue 27):
// under 150 ms and 1.5 s open-to-map, under 500 MB; counters report each
// stage's median share and the child's peak memory.
// Run: build/release/tests/bench/bench_nki_open --benchmark_repetitions=5
#include "memmap/memorymap.h"
#include "nki/launch.h"
#include "nki/nki_plan.h"
#include "nki/resources.h"
#include "nki/runner.h"
#include "target/target.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QImage>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

const std::filesystem::path kCorpus = std::filesystem::path(TIRX_SOURCE_DIR) / "tests" / "nki" / "corpus";

// `blocks` affine loops of eight row tiles, seven instructions each.
std::filesystem::path generatedKernel(int blocks)
{
    const auto path = std::filesystem::temp_directory_path() / "tirx_bench_generated_kernel.py";
    std::ofstream out(path);
    out << "import nki\nimport nki.isa as nisa\nimport nki.language as nl\n\n\n@nki.jit\ndef big(a, b):\n"
           "    out = nl.ndarray((1024, 512), dtype=nl.float32, buffer=nl.shared_hbm)\n";
    for (int k = 0; k < blocks; ++k) {
        const std::string x = "x" + std::to_string(k), y = "y" + std::to_string(k);
        out << "    for r in nl.affine_range(8):\n"
            << "        " << x << " = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)\n"
            << "        " << y << " = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)\n"
            << "        nisa.dma_copy(dst=" << x << ", src=a[r * 128:(r + 1) * 128, :])\n"
            << "        nisa.dma_copy(dst=" << y << ", src=b[r * 128:(r + 1) * 128, :])\n"
            << "        nisa.tensor_tensor(dst=" << x << ", data1=" << x << ", data2=" << y << ", op=nl.add)\n"
            << "        nisa.tensor_scalar(dst=" << y << ", data=" << x << ", op0=nl.multiply, operand0=" << k
            << ".0)\n"
            << "        nisa.activation(dst=" << x << ", op=nl.exp, data=" << y << ")\n"
            << "        nisa.tensor_copy(dst=" << y << ", src=" << x << ")\n"
            << "        nisa.dma_copy(dst=out[r * 128:(r + 1) * 128, :], src=" << y << ")\n\n";
    }
    out << "    return out\n";
    return path;
}

void openToMap(benchmark::State& state, const std::filesystem::path& kernel, const tirx::nki::Launch& launch)
{
    const tirx::Target& target = *tirx::findTarget("aws/trn1/trn1.2xlarge");
    tirx::nki::RunOptions options;
    options.resources = tirx::nki::locateNkiResources(tirx::nki::currentExecutable());
    double child = 0, plan = 0, paint = 0;
    size_t instructions = 0;
    for (auto _ : state) {
        auto start = Clock::now();
        const auto run = tirx::nki::runKernel(kernel.string(), launch, options);
        child += msSince(start);
        if (!run.trace || run.trace->error) {
            state.SkipWithError(run.trace ? run.trace->error->message.c_str() : run.error.c_str());
            return;
        }
        start = Clock::now();
        auto built = tirx::nki::buildNkiPlan(*run.trace, 0, target);
        plan += msSince(start);
        instructions = run.trace->programs.front().instructions.size();

        start = Clock::now();
        MemoryMap map(MemoryMap::Scope::Sbuf);
        map.resize(1280, 800);
        map.setPlan(std::make_shared<const tirx::MemoryPlan>(std::move(built.plan)), &target);
        QImage image(map.size(), QImage::Format_ARGB32_Premultiplied);
        map.render(&image);
        benchmark::DoNotOptimize(image.constBits());
        paint += msSince(start);
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["child_ms"] = child / n;
    state.counters["plan_ms"] = plan / n;
    state.counters["paint_ms"] = paint / n;
    state.counters["instructions"] = static_cast<double>(instructions);
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    state.counters["child_peak_MB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
    getrusage(RUSAGE_SELF, &usage);
    state.counters["self_peak_MB"] = static_cast<double>(usage.ru_maxrss) / 1024.0;
}

void BM_OpenTutorialMatmul(benchmark::State& state)
{
    const auto launch = tirx::nki::readLaunchFile((kCorpus / "matmul_psum.launch.json").string());
    if (!launch.launch) {
        state.SkipWithError(launch.error.c_str());
        return;
    }
    openToMap(state, kCorpus / "matmul_psum.py", *launch.launch);
}
BENCHMARK(BM_OpenTutorialMatmul)->Unit(benchmark::kMillisecond)->Iterations(5);

void BM_OpenGenerated3300Lines(benchmark::State& state)
{
    tirx::nki::Launch launch;
    launch.entry = "big";
    launch.args = {{"a", {1024, 512}, "float32"}, {"b", {1024, 512}, "float32"}};
    openToMap(state, generatedKernel(300), launch);
}
BENCHMARK(BM_OpenGenerated3300Lines)->Unit(benchmark::kMillisecond)->Iterations(1);

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
