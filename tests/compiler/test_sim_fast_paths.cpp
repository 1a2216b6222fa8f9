// The simulator's speed tricks against plain loops: the register-tiled
// matmul kernel (both widths) gives the bits of the triple loop at every
// tile edge and for infinities, NaN and signed zeros; a dense matmul run
// rounds and accumulates as the plain computation does; element-wise rows
// computed in place into an input give the values of a separate result.

#include "sim/matmul_kernel.h"
#include "sim_helpers.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace tirx;
using namespace tirx::testing;

namespace {

// sum[i, j] = Σ_k l[k, i] r[k, j], the products rounded, in increasing k.
std::vector<float> tripleLoop(const std::vector<float>& l, const std::vector<float>& r, int K, int M, int N)
{
    std::vector<float> sum(static_cast<size_t>(M * N));
    for (int i = 0; i < M; ++i) {
        for (int j = 0; j < N; ++j) {
            float s = 0.0f;
            for (int k = 0; k < K; ++k) {
                const float product = l[static_cast<size_t>(k * M + i)] * r[static_cast<size_t>(k * N + j)];
                s += product;
            }
            sum[static_cast<size_t>(i * N + j)] = s;
        }
    }
    return sum;
}

const char* const kMatmul = R"(from tvm_tirx.script import tirx as T


@T.function
def main(L: T.Tensor((5, 13), "float32"), R: T.Tensor((5, 37), "float32"), C: T.Tensor((13, 37), "{dt}")):
    T.func_attr({"num_inputs": 2})
    lhs = T.alloc_tensor((0,), ty_args=[T.Tensor((5, 13), "float32", scope="trn.sbuf")])
    rhs = T.alloc_tensor((64,), ty_args=[T.Tensor((5, 37), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((1, 13, 37), "{dt}", scope="trn.psum")])
    with T.nki.tensorized_instruction():
        for p in T.serial(5, annotations={"nki_dim": "P"}):
            for f in T.serial(13, annotations={"nki_dim": "F"}):
                T.nki.load(lhs[p, f], L[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(5, annotations={"nki_dim": "P"}):
            for f in T.serial(37, annotations={"nki_dim": "F"}):
                T.nki.load(rhs[p, f], R[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(13):
            for f in T.serial(37):
                T.nki.memset(acc[0, p, f], T.float32(0.75))
    with T.nki.tensorized_instruction():
        for k in T.serial(5, annotations={"nki_dim": "P"}):
            for i in T.serial(13, annotations={"nki_dim": "lhs_F"}):
                for j in T.serial(37, annotations={"nki_dim": "rhs_F"}):
                    T.nki.matmul(acc[0, i, j], lhs[k, i], rhs[k, j], T.bool({accumulate}))
    with T.nki.tensorized_instruction():
        for p in T.serial(13, annotations={"nki_dim": "P"}):
            for f in T.serial(37, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], acc[0, p, f])
)";

// a and b hold A and B; {call} computes into one of them.
const char* const kInPlace = R"(from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((16, 13), "float32"), B: T.Tensor((16, 13), "float32"), C: T.Tensor((16, 13), "float32")):
    T.func_attr({"num_inputs": 2})
    a = T.alloc_tensor((0,), ty_args=[T.Tensor((16, 13), "float32", scope="trn.sbuf")])
    b = T.alloc_tensor((52,), ty_args=[T.Tensor((16, 13), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(13, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(13, annotations={"nki_dim": "F"}):
                T.nki.load(b[p, f], B[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(13, annotations={"nki_dim": "F"}):
                {call}
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(13, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], {result}[p, f])
)";

} // namespace

class TestSimFastPaths : public QObject {
    Q_OBJECT

private slots:
    void matmulKernelMatchesTheTripleLoop_data()
    {
        QTest::addColumn<int>("K");
        QTest::addColumn<int>("M");
        QTest::addColumn<int>("N");
        QTest::newRow("one") << 1 << 1 << 1;
        QTest::newRow("below a tile") << 3 << 5 << 7;
        QTest::newRow("whole tiles") << 4 << 12 << 32;
        QTest::newRow("tile edges") << 9 << 13 << 37;
        QTest::newRow("one vector left") << 2 << 7 << 24;
        QTest::newRow("bench shape") << 128 << 64 << 96;
    }

    void matmulKernelMatchesTheTripleLoop()
    {
        QFETCH(int, K);
        QFETCH(int, M);
        QFETCH(int, N);
        auto l = randomFloats(static_cast<size_t>(K * M), 1);
        auto r = randomFloats(static_cast<size_t>(K * N), 2);
        // Values whose sums only the right order and rounding reproduce.
        l[0] = -0.0f;
        if (l.size() > 3) l[3] = std::numeric_limits<float>::infinity();
        if (r.size() > 5) r[5] = std::numeric_limits<float>::quiet_NaN();
        if (r.size() > 8) r[8] = 3.0e38f;
        for (size_t k = 10; k < l.size(); k += 11) l[k] *= 1.0e7f;
        const auto expected = tripleLoop(l, r, K, M, N);
        for (const auto kernel : {&sim::matmulKernel, &sim::matmulKernelFourLanes}) {
            std::vector<float> sum(expected.size(), 42.0f);
            kernel(l.data(), r.data(), sum.data(), K, M, N);
            QCOMPARE(std::memcmp(sum.data(), expected.data(), sum.size() * sizeof(float)), 0);
        }
    }

    void denseMatmulRoundsAndAccumulates_data()
    {
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<bool>("accumulate");
        QTest::newRow("float32, accumulate") << "float32" << true;
        QTest::newRow("float32, overwrite") << "float32" << false;
        QTest::newRow("bfloat16, accumulate") << "bfloat16" << true;
        QTest::newRow("float16, overwrite") << "float16" << false;
    }

    void denseMatmulRoundsAndAccumulates()
    {
        QFETCH(QString, dtype);
        QFETCH(bool, accumulate);
        const auto dt = *DataType::parse(dtype.toStdString());
        const auto l = randomFloats(5 * 13, 3);
        const auto r = randomFloats(5 * 37, 4);
        const auto run = simulateText(
            fill(kMatmul, {{"dt", dtype.toStdString()}, {"accumulate", accumulate ? "True" : "False"}}),
            {{"L", makeArray(DataType::float32(), {5, 13}, l)}, {"R", makeArray(DataType::float32(), {5, 37}, r)}});
        QVERIFY(run.result.ok());
        QVERIFY(run.result.uninitialised.empty());
        const auto sum = tripleLoop(l, r, 5, 13, 37);
        const auto c = values(*run.output("C"));
        for (size_t e = 0; e < sum.size(); ++e) {
            const float expected = accumulate ? through(dt, 0.75f) + sum[e] : sum[e];
            QCOMPARE(c[e], through(dt, expected));
        }
    }

    void elementwiseIntoAnInput_data()
    {
        QTest::addColumn<QString>("call");
        QTest::addColumn<QString>("result");
        QTest::addColumn<int>("form"); // 0: a + b, 1: a · a, 2: b - a, 3: a · 3
        QTest::newRow("into the first input") << R"(T.nki.tensortensor(a[p, f], a[p, f], b[p, f], "add"))"
                                              << "a" << 0;
        QTest::newRow("into the second input") << R"(T.nki.tensortensor(b[p, f], a[p, f], b[p, f], "add"))"
                                               << "b" << 0;
        QTest::newRow("into both inputs") << R"(T.nki.tensortensor(a[p, f], a[p, f], a[p, f], "mul"))"
                                          << "a" << 1;
        QTest::newRow("reversed operands") << R"(T.nki.tensortensor(b[p, f], b[p, f], a[p, f], "sub"))"
                                           << "b" << 2;
        QTest::newRow("with a constant")
            << R"(T.nki.tensorscalar(a[p, f], a[p, f], T.float32(3.0), "mul", T.bool(False)))"
            << "a" << 3;
    }

    void elementwiseIntoAnInput()
    {
        QFETCH(QString, call);
        QFETCH(QString, result);
        QFETCH(int, form);
        const auto a = randomFloats(16 * 13, 5);
        const auto b = randomFloats(16 * 13, 6);
        const auto run = simulateText(
            fill(kInPlace, {{"call", call.toStdString()}, {"result", result.toStdString()}}),
            {{"A", makeArray(DataType::float32(), {16, 13}, a)}, {"B", makeArray(DataType::float32(), {16, 13}, b)}});
        QVERIFY(run.result.ok());
        QVERIFY(run.result.uninitialised.empty());
        const auto c = values(*run.output("C"));
        for (size_t e = 0; e < c.size(); ++e) {
            const float expected = form == 0   ? a[e] + b[e]
                                   : form == 1 ? a[e] * a[e]
                                   : form == 2 ? b[e] - a[e]
                                               : a[e] * 3.0f;
            QCOMPARE(c[e], expected);
        }
    }
};

QTEST_APPLESS_MAIN(TestSimFastPaths)
#include "test_sim_fast_paths.moc"
