// The examples of resources/examples/ that run on the simulator, end to end
// as the explorer runs them: parse, lower-tirx, simulate. Each result is
// compared with the same maths done here in double precision on seeded
// normal inputs, within 1e-5 of the output's scale (its largest magnitude)
// unless a case says otherwise: the simulator computes in float32, whose
// rounding over a few hundred terms stays well below that.

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
    if (got.size() != want.size()) return INFINITY;
    double e = 0.0;
    for (size_t k = 0; k < want.size(); ++k) e = std::max(e, std::fabs(static_cast<double>(got[k]) - want[k]));
    return e;
}

// The largest magnitude of an expected output: what the tolerance scales with.
double scaleOf(const std::vector<double>& want)
{
    double s = 0.0;
    for (double v : want) s = std::max(s, std::fabs(v));
    return s;
}

// The one output of a run, checked against `want` within `relative` of its
// scale.
void compareOutput(const sim::RunResult& result, const std::vector<double>& want, double relative = 1e-5)
{
    QVERIFY(result.ok());
    QVERIFY(result.uninitialised.empty());
    QCOMPARE(result.outputs.size(), size_t{1});
    const double error = maxError(values(result.outputs.front().second), want);
    const double tolerance = relative * scaleOf(want);
    QVERIFY2(error <= tolerance,
             qPrintable(QStringLiteral("max error %1 over tolerance %2").arg(error).arg(tolerance)));
}

size_t at(int row, int column, int width) { return static_cast<size_t>(row * width + column); }

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

    void vectorAdd()
    {
        const auto a = normal(512 * 512, 6);
        const auto b = normal(512 * 512, 7);
        const auto result = runExample("vector_add.py", {{"A", makeArray(DataType::float32(), {512, 512}, a)},
                                                         {"B", makeArray(DataType::float32(), {512, 512}, b)}});
        std::vector<double> want(a.size());
        for (size_t k = 0; k < want.size(); ++k) want[k] = static_cast<double>(a[k]) + b[k];
        compareOutput(result, want);
    }

    void softmax()
    {
        const auto x = normal(128 * 512, 8);
        const auto result = runExample("softmax.py", {{"X", makeArray(DataType::float32(), {128, 512}, x)}});
        std::vector<double> want(x.size());
        for (int r = 0; r < 128; ++r) {
            double top = -INFINITY;
            for (int c = 0; c < 512; ++c) top = std::max(top, static_cast<double>(x[at(r, c, 512)]));
            double sum = 0.0;
            for (int c = 0; c < 512; ++c) sum += want[at(r, c, 512)] = std::exp(x[at(r, c, 512)] - top);
            for (int c = 0; c < 512; ++c) want[at(r, c, 512)] /= sum;
        }
        compareOutput(result, want);
        if (QTest::currentTestFailed()) return;
        // Each row sums to one, as a softmax must.
        const auto got = values(result.outputs.front().second);
        for (int r = 0; r < 128; ++r) {
            double sum = 0.0;
            for (int c = 0; c < 512; ++c) sum += got[at(r, c, 512)];
            QVERIFY2(std::fabs(sum - 1.0) < 1e-4, qPrintable(QStringLiteral("row %1 sums to %2").arg(r).arg(sum)));
        }
    }

    void matmulPsum()
    {
        const auto a = normal(128 * 512, 9);
        const auto b = normal(512 * 512, 10);
        const auto result = runExample("matmul_psum.py", {{"A", makeArray(DataType::float32(), {128, 512}, a)},
                                                          {"B", makeArray(DataType::float32(), {512, 512}, b)}});
        std::vector<double> want(128 * 512, 0.0);
        for (int m = 0; m < 128; ++m) {
            for (int k = 0; k < 512; ++k) {
                const double left = a[at(m, k, 512)];
                for (int n = 0; n < 512; ++n) want[at(m, n, 512)] += left * b[at(k, n, 512)];
            }
        }
        compareOutput(result, want);
        if (QTest::currentTestFailed()) return;
        // Four instructions, one per 128-row block of K, accumulate into the bank.
        QCOMPARE(result.engines.at("Tensor").instructions, int64_t{4});
    }

    void twoStageReduce()
    {
        const auto x = normal(128 * 16 * 4 * 32, 11);
        const auto result =
            runExample("two_stage_reduce.py", {{"X", makeArray(DataType::float32(), {128, 16, 4, 32}, x)}});
        std::vector<double> want(128 * 4, -INFINITY);
        for (int i = 0; i < 128; ++i) {
            for (int a = 0; a < 16; ++a) {
                for (int b = 0; b < 4; ++b) {
                    for (int c = 0; c < 32; ++c) {
                        const double v = x[static_cast<size_t>(((i * 16 + a) * 4 + b) * 32 + c)];
                        want[at(i, b, 4)] = std::max(want[at(i, b, 4)], v);
                    }
                }
            }
        }
        // A maximum is one of the inputs: exact.
        compareOutput(result, want, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestSimExamples)
#include "test_sim_examples.moc"
