// The examples of resources/examples/ that run on the simulator, end to end
// as the explorer runs them: parse, lower-tirx, simulate. Each result is
// compared with the same maths done here in double precision (relative
// tolerance 1e-5 of the output's scale: the simulator computes in float32).

#include "sim_helpers.h"

#include "transform/pipeline.h"
#include "transform/registry.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace tirx;
using namespace tirx::testing;

namespace {

struct Lowered {
    ModuleRef module;
    std::vector<Diagnostic> diagnostics;
};

sim::RunResult runExample(const char* name, const std::map<std::string, sim::HostArray>& inputs)
{
    const auto path = std::filesystem::path(TIRX_SOURCE_DIR) / "resources" / "examples" / name;
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    const auto parsed = parseModule(text.str());
    if (!parsed.ok()) return {};
    PipelineOptions options;
    const auto* preset = findPreset("lower-tirx");
    for (auto pass : preset->passes) options.passes.emplace_back(pass);
    options.context.target = &defaultTarget();
    options.printSnapshots = false;
    const Trace trace = runPipeline(parsed.module, options);
    if (trace.failed()) return {};
    return sim::simulate(*trace.entries.back()->module->functions().front().second, defaultTarget(), inputs, {});
}

std::vector<float> normal(size_t n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> d;
    std::vector<float> v(n);
    for (auto& x : v) x = d(rng);
    return v;
}

double maxError(const std::vector<float>& got, const std::vector<double>& want)
{
    double e = 0.0;
    for (size_t k = 0; k < want.size(); ++k) e = std::max(e, std::fabs(static_cast<double>(got[k]) - want[k]));
    return e;
}

} // namespace

class TestSimExamples : public QObject {
    Q_OBJECT

private slots:
    void layerNorm()
    {
        const auto x = normal(128 * 512, 1);
        const auto g = normal(512, 2);
        const auto b = normal(512, 3);
        const auto result = runExample("layer_norm.py", {{"X", makeArray(DataType::float32(), {128, 512}, x)},
                                                         {"G", makeArray(DataType::float32(), {512}, g)},
                                                         {"B", makeArray(DataType::float32(), {512}, b)}});
        QVERIFY(result.ok());
        QVERIFY(result.uninitialised.empty());
        QCOMPARE(result.outputs.size(), size_t{1});
        std::vector<double> want(x.size());
        for (int r = 0; r < 128; ++r) {
            double mean = 0.0, var = 0.0;
            for (int c = 0; c < 512; ++c) mean += x[static_cast<size_t>(r * 512 + c)];
            mean /= 512.0;
            for (int c = 0; c < 512; ++c) var += std::pow(x[static_cast<size_t>(r * 512 + c)] - mean, 2);
            var /= 512.0;
            for (int c = 0; c < 512; ++c)
                want[static_cast<size_t>(r * 512 + c)] =
                    (x[static_cast<size_t>(r * 512 + c)] - mean) / std::sqrt(var + 1e-5) * g[static_cast<size_t>(c)] +
                    b[static_cast<size_t>(c)];
        }
        const double error = maxError(values(result.outputs.front().second), want);
        QVERIFY2(error < 5e-5, qPrintable(QString::number(error)));
    }

    void attentionScores()
    {
        const auto q = normal(128 * 64, 4);
        const auto k = normal(256 * 64, 5);
        const auto result = runExample("attention_scores.py", {{"Q", makeArray(DataType::float32(), {128, 64}, q)},
                                                               {"K", makeArray(DataType::float32(), {256, 64}, k)}});
        QVERIFY(result.ok());
        QVERIFY(result.uninitialised.empty());
        QCOMPARE(result.engines.at("Tensor").instructions, int64_t{1});
        std::vector<double> want(128 * 256);
        for (int i = 0; i < 128; ++i) {
            double top = -INFINITY;
            for (int j = 0; j < 256; ++j) {
                double s = 0.0;
                for (int d = 0; d < 64; ++d)
                    s += q[static_cast<size_t>(i * 64 + d)] * k[static_cast<size_t>(j * 64 + d)];
                want[static_cast<size_t>(i * 256 + j)] = s / 8.0;
                top = std::max(top, s / 8.0);
            }
            double sum = 0.0;
            for (int j = 0; j < 256; ++j)
                sum += want[static_cast<size_t>(i * 256 + j)] = std::exp(want[static_cast<size_t>(i * 256 + j)] - top);
            for (int j = 0; j < 256; ++j) want[static_cast<size_t>(i * 256 + j)] /= sum;
        }
        const double error = maxError(values(result.outputs.front().second), want);
        QVERIFY2(error < 1e-5, qPrintable(QString::number(error)));
    }
};

QTEST_APPLESS_MAIN(TestSimExamples)
#include "test_sim_examples.moc"
