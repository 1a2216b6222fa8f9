// Each T.nki instruction on the simulator against a plain C++ computation of
// the same values, for every dtype, with and without a guard. A case loads
// A and B (16 x 24, random) into SBUF, fills the destination tile with a
// sentinel, runs the instruction under test and stores the tile to C; the
// expected tile is worked out here from the loaded values with float32
// maths and the destination dtype's rounding, and points the guard masks
// out must still hold the sentinel.

#include "sim_helpers.h"

#include <cmath>
#include <functional>
#include <random>

using namespace tirx;
using namespace tirx::testing;

namespace {

constexpr int kP = 16;
constexpr int kF = 24;
constexpr float kSentinel = 7.0f;

const char* const kKernel = R"(from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((16, 24), "{dt}"), B: T.Tensor((16, 24), "{dt}"), C: T.Tensor((16, 24), "{dt}")):
    T.func_attr({"num_inputs": 2})
    a = T.alloc_tensor((0,), ty_args=[T.Tensor((16, 24), "{dt}", scope="trn.sbuf")])
    b = T.alloc_tensor((256,), ty_args=[T.Tensor((16, 24), "{dt}", scope="trn.sbuf")])
    c = T.alloc_tensor((512,), ty_args=[T.Tensor((16, 24), "{dt}", scope="trn.sbuf")])
    d = T.alloc_tensor((768,), ty_args=[T.Tensor((16, 24), "{dt}", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(24, annotations={"nki_dim": "F"}):
                T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(24, annotations={"nki_dim": "F"}):
                T.nki.load(b[p, f], B[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(24, annotations={"nki_dim": "F"}):
                T.nki.memset(c[p, f], T.float32(7.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(24, annotations={"nki_dim": "F"}):
                T.nki.memset(d[p, f], T.float32(7.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(24, annotations={"nki_dim": "F"}):
{guard}                {call}
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(24, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], {stored}[p, f])
)";

using Tile = std::vector<float>; // kP x kF, row-major
// Expected float32 results before rounding to the dtype, given the loaded
// A and B and the guard (true = the point runs). Returns the tile stored.
using Expect = std::function<Tile(const Tile& a, const Tile& b, const std::function<bool(int, int)>& on)>;

struct Case {
    const char* name;
    const char* call;
    const char* stored; // "c" or "d"
    Expect expect;
    bool integers = true; // also run for integer dtypes
    bool guarded = true;  // memset may not be guarded
};

Tile sentinel() { return Tile(kP * kF, kSentinel); }
float at(const Tile& t, int p, int f) { return t[static_cast<size_t>(p * kF + f)]; }
float& at(Tile& t, int p, int f) { return t[static_cast<size_t>(p * kF + f)]; }

Expect pointwise(std::function<float(float, float, int, int)> op)
{
    return [op](const Tile& a, const Tile& b, const std::function<bool(int, int)>& on) {
        Tile c = sentinel();
        for (int p = 0; p < kP; ++p)
            for (int f = 0; f < kF; ++f)
                if (on(p, f)) at(c, p, f) = op(at(a, p, f), at(b, p, f), p, f);
        return c;
    };
}

// Reduction along f into c[p, 0]; init is the op's identity.
Expect rowReduce(float init, std::function<float(float, float)> op, std::function<float(float, float)> term,
                 bool negate = false)
{
    return [=](const Tile& a, const Tile& b, const std::function<bool(int, int)>& on) {
        Tile c = sentinel();
        for (int p = 0; p < kP; ++p) {
            float acc = init;
            bool any = false;
            for (int f = 0; f < kF; ++f) {
                if (!on(p, f)) continue;
                acc = op(acc, term(at(a, p, f), at(b, p, f)));
                any = true;
            }
            if (any) at(c, p, 0) = negate ? -acc : acc;
        }
        return c;
    };
}

float fmaxNan(float x, float y) { return std::isnan(x) || std::isnan(y) ? NAN : std::max(x, y); }
float fminNan(float x, float y) { return std::isnan(x) || std::isnan(y) ? NAN : std::min(x, y); }

const std::vector<Case>& cases()
{
    static const std::vector<Case> all = {
        {"tensor_copy", "T.nki.tensor_copy(c[p, f], a[p, f])", "c",
         pointwise([](float x, float, int, int) { return x; })},
        {"tensortensor add", R"(T.nki.tensortensor(c[p, f], a[p, f], b[p, f], "add"))", "c",
         pointwise([](float x, float y, int, int) { return x + y; })},
        {"tensortensor sub", R"(T.nki.tensortensor(c[p, f], a[p, f], b[p, f], "sub"))", "c",
         pointwise([](float x, float y, int, int) { return x - y; })},
        {"tensortensor mul", R"(T.nki.tensortensor(c[p, f], a[p, f], b[p, f], "mul"))", "c",
         pointwise([](float x, float y, int, int) { return x * y; })},
        {"tensortensor max", R"(T.nki.tensortensor(c[p, f], a[p, f], b[p, f], "max"))", "c",
         pointwise([](float x, float y, int, int) { return fmaxNan(x, y); })},
        {"tensortensor min in place", R"(T.nki.tensortensor(a[p, f], a[p, f], b[p, f], "min"))", "a",
         [](const Tile& a, const Tile& b, const std::function<bool(int, int)>& on) {
             Tile c = a;
             for (int p = 0; p < kP; ++p)
                 for (int f = 0; f < kF; ++f)
                     if (on(p, f)) at(c, p, f) = fminNan(at(a, p, f), at(b, p, f));
             return c;
         }},
        {"tensorscalar reverse", R"(T.nki.tensorscalar(c[p, f], a[p, f], T.float32(3.0), "sub", T.bool(True)))", "c",
         pointwise([](float x, float, int, int) { return 3.0f - x; })},
        {"tensorscalar per partition", R"(T.nki.tensorscalar(c[p, f], a[p, f], b[p, 0], "mul", T.bool(False)))", "c",
         [](const Tile& a, const Tile& b, const std::function<bool(int, int)>& on) {
             Tile c = sentinel();
             for (int p = 0; p < kP; ++p)
                 for (int f = 0; f < kF; ++f)
                     if (on(p, f)) at(c, p, f) = at(a, p, f) * at(b, p, 0);
             return c;
         }},
        {"activation exp", R"(T.nki.activation(c[p, f], a[p, f], "exp", T.float32(0.25), T.float32(0.5)))", "c",
         pointwise([](float x, float, int, int) { return std::exp(x * 0.5f + 0.25f); })},
        {"activation sqrt with a tile bias", R"(T.nki.activation(c[p, f], a[p, f], "sqrt", b[p, f], T.float32(2.0)))",
         "c", pointwise([](float x, float y, int, int) { return std::sqrt(x * 2.0f + y); })},
        {"reciprocal", "T.nki.reciprocal(c[p, f], a[p, f])", "c",
         pointwise([](float x, float, int, int) { return 1.0f / x; })},
        {"tensorreduce add", R"(T.nki.tensorreduce(c[p, 0], a[p, f], "add", T.bool(False), -1))", "c",
         rowReduce(0.0f, std::plus<float>(), [](float x, float) { return x; })},
        {"tensorreduce max negated", R"(T.nki.tensorreduce(c[p, 0], a[p, f], "max", T.bool(True), -1))", "c",
         rowReduce(
             -INFINITY, fmaxNan, [](float x, float) { return x; }, true)},
        {"tensorreduce min", R"(T.nki.tensorreduce(c[p, 0], a[p, f], "min", T.bool(False), -1))", "c",
         rowReduce(INFINITY, fminNan, [](float x, float) { return x; })},
        {"activation_reduce: the reduction",
         R"(T.nki.activation_reduce(c[p, 0], d[p, f], a[p, f], "exp", "add", T.float32(0.0), T.float32(1.0)))", "c",
         rowReduce(0.0f, std::plus<float>(), [](float x, float) { return std::exp(x); })},
        {"activation_reduce: the activation",
         R"(T.nki.activation_reduce(c[p, 0], d[p, f], a[p, f], "exp", "add", T.float32(0.0), T.float32(1.0)))", "d",
         pointwise([](float x, float, int, int) { return std::exp(x); })},
        {"tensorscalar_reduce: the reduction",
         R"(T.nki.tensorscalar_reduce(c[p, 0], d[p, f], a[p, f], b[p, 0], "sub", "max", T.bool(True)))", "c",
         [](const Tile& a, const Tile& b, const std::function<bool(int, int)>& on) {
             Tile c = sentinel();
             for (int p = 0; p < kP; ++p) {
                 float acc = -INFINITY;
                 bool any = false;
                 for (int f = 0; f < kF; ++f) {
                     if (!on(p, f)) continue;
                     acc = fmaxNan(acc, at(b, p, 0) - at(a, p, f));
                     any = true;
                 }
                 if (any) at(c, p, 0) = acc;
             }
             return c;
         }},
        {"tensorscalar_reduce: the elementwise result",
         R"(T.nki.tensorscalar_reduce(c[p, 0], d[p, f], a[p, f], b[p, 0], "sub", "max", T.bool(True)))", "d",
         [](const Tile& a, const Tile& b, const std::function<bool(int, int)>& on) {
             Tile d = sentinel();
             for (int p = 0; p < kP; ++p)
                 for (int f = 0; f < kF; ++f)
                     if (on(p, f)) at(d, p, f) = at(b, p, 0) - at(a, p, f);
             return d;
         }},
        {"scalar_tensor_tensor",
         R"(T.nki.scalar_tensor_tensor(c[p, f], a[p, f], T.float32(2.0), b[p, f], "mul", "sub", T.bool(False), T.bool(True)))",
         "c", pointwise([](float x, float y, int, int) { return y - x * 2.0f; })},
        {"scalar_tensor_scalar",
         R"(T.nki.scalar_tensor_scalar(c[p, f], a[p, f], b[p, 0], T.float32(1.0), "add", "sub", T.bool(False), T.bool(True)))",
         "c",
         [](const Tile& a, const Tile& b, const std::function<bool(int, int)>& on) {
             Tile c = sentinel();
             for (int p = 0; p < kP; ++p)
                 for (int f = 0; f < kF; ++f)
                     if (on(p, f)) at(c, p, f) = 1.0f - (at(a, p, f) + at(b, p, 0));
             return c;
         }},
        {"memset", "T.nki.memset(c[p, f], T.float32(-2.5))", "c",
         pointwise([](float, float, int, int) { return -2.5f; }), true, false},
        {"identity", "T.nki.identity(c[p, f], 16)", "c",
         pointwise([](float, float, int p, int f) { return p == f ? 1.0f : 0.0f; })},
        {"affine_select", "T.nki.affine_select(c[p, f], p < f, a[p, f], T.float32(-1.0))", "c",
         pointwise([](float x, float, int p, int f) { return p < f ? x : -1.0f; })},
    };
    return all;
}

const std::vector<DataType>& dtypes()
{
    static const std::vector<DataType> all = {DataType::float32(), DataType::bfloat16(), DataType::float16(),
                                              DataType::int8(),    DataType::int16(),    DataType::int32(),
                                              DataType::uint8()};
    return all;
}

std::vector<float> randomValues(DataType dtype, std::mt19937& rng)
{
    std::vector<float> v(kP * kF);
    std::uniform_real_distribution<float> real(-2.0f, 2.0f);
    std::uniform_int_distribution<int> small(dtype.isUInt() ? 0 : -9, 9);
    for (auto& x : v) x = dtype.isFloat() ? real(rng) : static_cast<float>(small(rng));
    return v;
}

bool sameValue(float x, float y) { return (std::isnan(x) && std::isnan(y)) || x == y; }

} // namespace

class TestSimInstructions : public QObject {
    Q_OBJECT

private slots:
    void elementwise_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<bool>("guarded");
        for (size_t i = 0; i < cases().size(); ++i) {
            for (const auto& dt : dtypes()) {
                if (!cases()[i].integers && !dt.isFloat()) continue;
                for (const bool guarded : {false, true}) {
                    if (guarded && !cases()[i].guarded) continue;
                    const std::string row = std::string(cases()[i].name) + " " + dt.str() + (guarded ? " guarded" : "");
                    QTest::newRow(row.c_str()) << static_cast<int>(i) << QString::fromStdString(dt.str()) << guarded;
                }
            }
        }
    }

    void elementwise()
    {
        QFETCH(int, index);
        QFETCH(QString, dtype);
        QFETCH(bool, guarded);
        const Case& c = cases()[static_cast<size_t>(index)];
        const DataType dt = *DataType::parse(dtype.toStdString());
        const std::string text = fill(kKernel, {{"dt", dt.str()},
                                                {"call", c.call},
                                                {"stored", c.stored},
                                                {"guard", guarded ? "                if p + f < 30:\n    " : ""}});
        std::mt19937 rng(static_cast<unsigned>(index * 31 + static_cast<int>(dtype.size())));
        const auto A = makeArray(dt, {kP, kF}, randomValues(dt, rng));
        const auto B = makeArray(dt, {kP, kF}, randomValues(dt, rng));
        const auto run = simulateText(text, {{"A", A}, {"B", B}});
        QVERIFY(run.result.ok());
        const auto* C = run.output("C");
        QVERIFY(C);
        QVERIFY(run.result.uninitialised.empty());

        const auto on = [guarded](int p, int f) { return !guarded || p + f < 30; };
        const Tile expected = c.expect(values(A), values(B), on);
        const auto got = values(*C);
        int mismatches = 0;
        for (int p = 0; p < kP; ++p) {
            for (int f = 0; f < kF; ++f) {
                const float want = through(dt, at(expected, p, f));
                const float have = got[static_cast<size_t>(p * kF + f)];
                if (!sameValue(want, have) && mismatches++ < 3)
                    qWarning("[%d, %d]: expected %.9g, got %.9g", p, f, static_cast<double>(want),
                             static_cast<double>(have));
            }
        }
        QCOMPARE(mismatches, 0);
    }
};

QTEST_APPLESS_MAIN(TestSimInstructions)
#include "test_sim_instructions.moc"
