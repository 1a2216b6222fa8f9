// Each tile-op family end to end, the way `tirx-cli run` runs a kernel: the
// TVMScript of tests/golden/sim/tiles/<family>/ (T.trn.tile calls over HBM
// parameters) goes through the one lowering entry point with its default
// pipeline, the lowered kernel runs on the simulator with seeded random
// inputs, and every output is compared with the same computation written
// here in plain C++ (double precision; the simulator computes in float32,
// so the tolerance is relative to the output's scale). A run must also be
// clean: no diagnostics (errors, hardware-limit or overlap warnings) and no
// read of never-written memory.

#include "sim_helpers.h"

#include "driver/lower.h"
#include "sim/kernel_args.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace tirx;
using namespace tirx::testing;

namespace {

// A float32 input: its values (row-major) and the array the simulator reads.
struct Input {
    std::vector<float> v;
    sim::HostArray array;

    [[nodiscard]] float at(int64_t r, int64_t c, int64_t cols) const { return v[static_cast<size_t>(r * cols + c)]; }
};

Input uniform(std::vector<int64_t> shape, float lo, float hi, unsigned seed)
{
    int64_t n = 1;
    for (const int64_t d : shape) n *= d;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> d(lo, hi);
    Input in;
    in.v.resize(static_cast<size_t>(n));
    for (auto& x : in.v) x = d(rng);
    in.array = makeArray(DataType::float32(), std::move(shape), in.v);
    return in;
}

struct TileRun {
    sim::RunResult result;
    std::string failure;       // empty when lowering and the run gave no diagnostic
    std::string uninitialised; // the reads of never-written memory, one a line

    [[nodiscard]] std::vector<float> output(const std::string& name) const
    {
        for (const auto& [n, a] : result.outputs) {
            if (n == name) return values(a);
        }
        return {};
    }
};

std::string located(const std::vector<Diagnostic>& diagnostics)
{
    std::string out;
    for (const auto& d : diagnostics)
        out += std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + ": " + d.message + "\n";
    return out;
}

TileRun runTile(const std::string& file, const std::map<std::string, const Input*>& inputs)
{
    TileRun run;
    const auto path = std::filesystem::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "sim" / "tiles" / file;
    std::ifstream in(path);
    if (!in) {
        run.failure = "cannot read " + path.string();
        return run;
    }
    std::ostringstream text;
    text << in.rdbuf();
    LowerRequest request;
    request.source = text.str();
    request.printSnapshots = false;
    const LowerResult lowered = lower(request);
    if (!lowered.ok()) {
        run.failure = "lowering failed:\n" + located(lowered.diagnostics);
        return run;
    }
    std::string error;
    const auto kernel = sim::kernelFunction(*lowered.trace->entries.back()->module, "", &error);
    if (!kernel) {
        run.failure = error;
        return run;
    }
    std::map<std::string, sim::HostArray> arrays;
    for (const auto& [name, input] : inputs) arrays[name] = input->array;
    run.result = sim::simulate(*kernel, *lowered.target, arrays, {});
    if (!run.result.diagnostics.empty()) run.failure = "the run reported:\n" + located(run.result.diagnostics);
    for (const auto& r : run.result.uninitialised)
        run.uninitialised +=
            r.op + " read never-written '" + r.tensor + "' at line " + std::to_string(r.span.line) + "\n";
    return run;
}

// The largest difference, over the largest magnitude of `want` (at least 1).
double relativeError(const std::vector<float>& got, const std::vector<double>& want)
{
    if (got.size() != want.size()) return INFINITY;
    double scale = 1.0, e = 0.0;
    for (size_t k = 0; k < want.size(); ++k) {
        scale = std::max(scale, std::fabs(want[k]));
        e = std::max(e, std::fabs(static_cast<double>(got[k]) - want[k]));
    }
    return e / scale;
}

constexpr double kTolerance = 1e-5;

} // namespace

#define RUN_CLEAN(run)                                                                                                 \
    do {                                                                                                               \
        QVERIFY2((run).failure.empty(), (run).failure.c_str());                                                        \
        QVERIFY2((run).uninitialised.empty(), (run).uninitialised.c_str());                                            \
    } while (false)

#define COMPARE_OUTPUT(run, name, want)                                                                                \
    do {                                                                                                               \
        const double error_ = relativeError((run).output(name), want);                                                 \
        QVERIFY2(error_ <= kTolerance, (std::string(name) + ": relative error " + std::to_string(error_)).c_str());    \
    } while (false)

class TestSimTileFamilies : public QObject {
    Q_OBJECT

private slots:
    void loadStore()
    {
        const auto a = uniform({256, 64}, -4.0f, 4.0f, 1);
        const auto run = runTile("copy/01-load-store.py", {{"A", &a}});
        RUN_CLEAN(run);
        QCOMPARE(run.output("C"), a.v); // a copy is exact
    }

    void tensorCopy()
    {
        const auto a = uniform({128, 64}, -4.0f, 4.0f, 2);
        const auto run = runTile("copy/02-tensor-copy.py", {{"A", &a}});
        RUN_CLEAN(run);
        std::vector<float> want(a.v.size());
        for (int64_t r = 0; r < 128; ++r) {
            for (int64_t c = 0; c < 64; ++c) want[static_cast<size_t>(r * 64 + c)] = a.at(r, (c + 32) % 64, 64);
        }
        QCOMPARE(run.output("C"), want);
    }

    void memset()
    {
        const auto run = runTile("unary/01-memset.py", {});
        RUN_CLEAN(run);
        QCOMPARE(run.output("C"), std::vector<float>(128 * 64, 2.5f));
    }

    void reciprocal()
    {
        auto a = uniform({128, 64}, 0.25f, 4.0f, 3);
        const auto run = runTile("unary/02-reciprocal.py", {{"A", &a}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (const float x : a.v) want.push_back(1.0 / x);
        COMPARE_OUTPUT(run, "C", want);
    }

    void activationExp()
    {
        const auto a = uniform({128, 64}, -2.0f, 2.0f, 4);
        const auto b = uniform({128, 1}, -1.0f, 1.0f, 5);
        const auto run = runTile("unary/03-activation-exp.py", {{"A", &a}, {"B", &b}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (int64_t r = 0; r < 128; ++r) {
            for (int64_t c = 0; c < 64; ++c)
                want.push_back(std::exp(a.at(r, c, 64) * 0.5 + b.v[static_cast<size_t>(r)]));
        }
        COMPARE_OUTPUT(run, "C", want);
    }

    void activationSqrt()
    {
        const auto a = uniform({128, 64}, -1.0f, 4.0f, 6);
        const auto run = runTile("unary/04-activation-sqrt.py", {{"A", &a}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (const float x : a.v) want.push_back(std::sqrt(x * 2.0 + 3.0));
        COMPARE_OUTPUT(run, "C", want);
    }

    void tensorTensor()
    {
        const auto a = uniform({128, 64}, -2.0f, 2.0f, 7);
        const auto b = uniform({128, 64}, -2.0f, 2.0f, 8);
        const auto run = runTile("binary/01-tensortensor.py", {{"A", &a}, {"B", &b}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (size_t k = 0; k < a.v.size(); ++k)
            want.push_back(std::max(static_cast<double>(a.v[k]) - b.v[k], static_cast<double>(a.v[k]) * b.v[k]));
        COMPARE_OUTPUT(run, "C", want);
    }

    void tensorScalarColumn()
    {
        const auto a = uniform({128, 64}, -2.0f, 2.0f, 9);
        const auto b = uniform({128, 1}, -2.0f, 2.0f, 10);
        const auto run = runTile("binary/02-tensorscalar-column.py", {{"A", &a}, {"B", &b}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (int64_t r = 0; r < 128; ++r) {
            for (int64_t c = 0; c < 64; ++c)
                want.push_back(static_cast<double>(a.at(r, c, 64)) * b.v[static_cast<size_t>(r)]);
        }
        COMPARE_OUTPUT(run, "C", want);
    }

    void tensorScalarReverse()
    {
        const auto a = uniform({128, 64}, -2.0f, 2.0f, 11);
        const auto b = uniform({128, 1}, -2.0f, 2.0f, 12);
        const auto run = runTile("binary/03-tensorscalar-reverse.py", {{"A", &a}, {"B", &b}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (int64_t r = 0; r < 128; ++r) {
            for (int64_t c = 0; c < 64; ++c) want.push_back(b.v[static_cast<size_t>(r)] - (3.0 - a.at(r, c, 64)));
        }
        COMPARE_OUTPUT(run, "C", want);
    }

    void reduceOneStage()
    {
        const auto a = uniform({128, 64}, -8.0f, 8.0f, 13);
        const auto run = runTile("reduction/01-one-stage.py", {{"A", &a}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (int64_t r = 0; r < 128; ++r)
            want.push_back(*std::max_element(a.v.begin() + r * 64, a.v.begin() + r * 64 + 64));
        COMPARE_OUTPUT(run, "R", want);
    }

    void reduceTwoStage()
    {
        const auto a = uniform({128, 4, 2, 8}, -2.0f, 2.0f, 14);
        const auto run = runTile("reduction/02-two-stage.py", {{"A", &a}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (int64_t p = 0; p < 128; ++p) {
            for (int64_t j = 0; j < 2; ++j) {
                double sum = 0.0;
                for (int64_t i = 0; i < 4; ++i) {
                    for (int64_t c = 0; c < 8; ++c) sum += a.v[static_cast<size_t>(p * 64 + i * 16 + j * 8 + c)];
                }
                want.push_back(-sum);
            }
        }
        COMPARE_OUTPUT(run, "R", want);
    }

    void affineSelect()
    {
        const auto a = uniform({128, 64}, -2.0f, 2.0f, 15);
        const auto run = runTile("select/01-affine-select.py", {{"A", &a}});
        RUN_CLEAN(run);
        std::vector<float> want;
        for (int64_t r = 0; r < 128; ++r) {
            for (int64_t c = 0; c < 64; ++c) want.push_back(r >= c ? a.at(r, c, 64) : -1.0f);
        }
        QCOMPARE(run.output("C"), want);
    }

    void matmulAccumulatesOverK()
    {
        const auto a = uniform({256, 128}, -1.0f, 1.0f, 16); // (K, M)
        const auto b = uniform({256, 64}, -1.0f, 1.0f, 17);  // (K, N)
        const auto run = runTile("gemm/01-accumulate-over-k.py", {{"A", &a}, {"B", &b}});
        RUN_CLEAN(run);
        QVERIFY(run.result.engines.at("Tensor").instructions >= 2); // K = 256 takes two
        std::vector<double> want;
        for (int64_t m = 0; m < 128; ++m) {
            for (int64_t n = 0; n < 64; ++n) {
                double sum = 0.0;
                for (int64_t k = 0; k < 256; ++k) sum += static_cast<double>(a.at(k, m, 128)) * b.at(k, n, 64);
                want.push_back(sum);
            }
        }
        COMPARE_OUTPUT(run, "C", want);
    }

    void matmulTransposedIntoSbuf()
    {
        const auto a = uniform({128, 128}, -1.0f, 1.0f, 18); // (K, M)
        const auto b = uniform({64, 128}, -1.0f, 1.0f, 19);  // (N, K)
        const auto run = runTile("gemm/02-transpose-b-sbuf-out.py", {{"A", &a}, {"B", &b}});
        QVERIFY2(run.failure.empty(), run.failure.c_str());
        // As in the reference, an SBUF destination accumulates in a PSUM
        // workspace nobody clears (the result is copied over, not added
        // to C): the first matmul reads it never written, which the run
        // reports; zeroed memory gives Aᵀ Bᵀ.
        QCOMPARE(run.result.uninitialised.size(), size_t{1});
        QCOMPARE(run.result.uninitialised.front().op, std::string("T.nki.matmul"));
        std::vector<double> want;
        for (int64_t m = 0; m < 128; ++m) {
            for (int64_t n = 0; n < 64; ++n) {
                double sum = 0.0;
                for (int64_t k = 0; k < 128; ++k) sum += static_cast<double>(a.at(k, m, 128)) * b.at(n, k, 128);
                want.push_back(sum);
            }
        }
        COMPARE_OUTPUT(run, "C", want);
    }

    void activationReduce()
    {
        const auto a = uniform({128, 64}, -2.0f, 2.0f, 20);
        const auto b = uniform({128, 1}, -1.0f, 1.0f, 21);
        const auto run = runTile("compose/01-activation-reduce.py", {{"A", &a}, {"B", &b}});
        RUN_CLEAN(run);
        std::vector<double> e, r;
        for (int64_t p = 0; p < 128; ++p) {
            double sum = 0.0;
            for (int64_t c = 0; c < 64; ++c) {
                e.push_back(std::exp(a.at(p, c, 64) * 0.5 + b.v[static_cast<size_t>(p)]));
                sum += e.back();
            }
            r.push_back(sum);
        }
        COMPARE_OUTPUT(run, "E", e);
        COMPARE_OUTPUT(run, "R", r);
    }

    void tensorScalarReduce()
    {
        const auto a = uniform({128, 64}, -2.0f, 2.0f, 22);
        const auto run = runTile("compose/02-tensorscalar-reduce.py", {{"A", &a}});
        RUN_CLEAN(run);
        std::vector<double> e, r;
        for (int64_t p = 0; p < 128; ++p) {
            double best = -INFINITY;
            for (int64_t c = 0; c < 64; ++c) {
                e.push_back(a.at(p, c, 64) * 2.0);
                best = std::max(best, e.back());
            }
            r.push_back(best);
        }
        COMPARE_OUTPUT(run, "E", e);
        COMPARE_OUTPUT(run, "R", r);
    }

    void scalarTensorScalar()
    {
        const auto a = uniform({128, 64}, -2.0f, 2.0f, 23);
        const auto b = uniform({128, 1}, -2.0f, 2.0f, 24);
        const auto run = runTile("compose/03-scalar-tensor-scalar.py", {{"A", &a}, {"B", &b}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (int64_t p = 0; p < 128; ++p) {
            for (int64_t c = 0; c < 64; ++c)
                want.push_back(2.0 - static_cast<double>(a.at(p, c, 64)) * b.v[static_cast<size_t>(p)]);
        }
        COMPARE_OUTPUT(run, "E", want);
    }

    void scalarTensorTensor()
    {
        const auto a = uniform({128, 64}, -2.0f, 2.0f, 25);
        const auto b = uniform({128, 1}, -2.0f, 2.0f, 26);
        const auto d = uniform({128, 64}, -2.0f, 2.0f, 27);
        const auto run = runTile("compose/04-scalar-tensor-tensor.py", {{"A", &a}, {"B", &b}, {"D", &d}});
        RUN_CLEAN(run);
        std::vector<double> want;
        for (int64_t p = 0; p < 128; ++p) {
            for (int64_t c = 0; c < 64; ++c)
                want.push_back((static_cast<double>(a.at(p, c, 64)) - b.v[static_cast<size_t>(p)]) * d.at(p, c, 64));
        }
        COMPARE_OUTPUT(run, "E", want);
    }
};

QTEST_APPLESS_MAIN(TestSimTileFamilies)
#include "test_sim_tile_families.moc"
