// The hardware-limit warnings of chapter 06 §4: each kernel below simulates
// (the run succeeds and the numbers are computed) yet breaks one limit of
// the device, and the run reports exactly that warning once, at the line of
// the T.nki call. A kernel within every limit reports nothing.

#include "sim_helpers.h"

using namespace tirx;
using namespace tirx::testing;

namespace {

// A kernel with SBUF tiles s0, s1 (128 x 64 at bytes 0 and 256), PSUM tiles
// q0, q1 (banks 0 and 1) and HBM parameters A (input) and C (output); the
// body is the one instruction under test, preceded by writes of everything
// it reads.
std::string kernel(const std::string& body)
{
    return fill(R"(from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((128, 64), "float32"), C: T.Tensor((128, 64), "float32")):
    T.func_attr({"num_inputs": 1})
    s0 = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    s1 = T.alloc_tensor((256,), ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    q0 = T.alloc_tensor((0, 0), ty_args=[T.Tensor((1, 128, 64), "float32", scope="trn.psum")])
    q1 = T.alloc_tensor((1, 0), ty_args=[T.Tensor((1, 128, 64), "float32", scope="trn.psum")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.load(s0[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(q0[0, p, f], s0[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(q1[0, p, f], s0[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
{body}
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(64, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], s1[p, f])
)",
                {{"body", "                " + body}});
}

// The 1-based line of the first line of `text` containing `needle`.
unsigned lineOf(const std::string& text, const std::string& needle)
{
    const auto at = text.find(needle);
    if (at == std::string::npos) return 0;
    return 1 + static_cast<unsigned>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

std::vector<Diagnostic> warnings(const SimRun& run)
{
    std::vector<Diagnostic> out;
    for (const auto& d : run.result.diagnostics) {
        if (d.severity == Diagnostic::Severity::Warning) out.push_back(d);
    }
    return out;
}

} // namespace

class TestSimHardwareLimits : public QObject {
    Q_OBJECT

private slots:
    void warnsAtTheCall_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("expected");
        QTest::newRow("tensortensor with both inputs in PSUM")
            << R"(T.nki.tensortensor(s1[p, f], q0[0, p, f], q1[0, p, f], "add"))"
            << "both inputs ('q0', 'q1') are in PSUM";
        QTest::newRow("activation_reduce by max")
            << R"(T.nki.activation_reduce(s1[p, 0], s1[p, f], s0[p, f], "exp", "max", T.float32(0.0), T.float32(1.0)))"
            << R"(reduce_opcode "max" is not supported on trn1)";
        QTest::newRow("affine_select reading PSUM")
            << "T.nki.affine_select(s1[p, f], p < f, q0[0, p, f], T.float32(0.0))"
            << "true_value 'q0' is in PSUM; the GpSimd engine accesses this operand only in SBUF";
        QTest::newRow("activation writing PSUM")
            << R"(T.nki.activation(q1[0, p, f], s0[p, f], "exp", T.float32(0.0), T.float32(1.0)))"
            << "result 'q1' is in PSUM; the Scalar engine accesses this operand only in SBUF";
        QTest::newRow("load into PSUM") << "T.nki.load(q1[0, p, f], A[p, f])"
                                        << "a load into PSUM ('q1') is not documented as supported";
        QTest::newRow("store from PSUM") << "T.nki.store(C[p, f], q0[0, p, f])"
                                         << "a store from PSUM ('q0') is not documented as supported";
    }

    void warnsAtTheCall()
    {
        QFETCH(QString, body);
        QFETCH(QString, expected);
        const std::string text = kernel(body.toStdString());
        const auto run = simulateText(text, {});
        QVERIFY(run.parsed.ok());
        QVERIFY(run.result.ok()); // a warning, the run goes on
        const auto found = warnings(run);
        QCOMPARE(found.size(), size_t{1});
        QVERIFY2(found.front().message.find(expected.toStdString()) != std::string::npos,
                 found.front().message.c_str());
        QCOMPARE(found.front().span.line, lineOf(text, body.toStdString()));
    }

    void withinTheLimitsNothingIsReported()
    {
        for (const char* body :
             {R"(T.nki.tensortensor(s1[p, f], q0[0, p, f], s0[p, f], "add"))",
              R"(T.nki.activation(s1[p, f], q0[0, p, f], "exp", T.float32(0.0), T.float32(1.0)))",
              R"(T.nki.activation_reduce(s1[p, 0], s1[p, f], s0[p, f], "exp", "add", T.float32(0.0), T.float32(1.0)))",
              "T.nki.tensor_copy(s1[p, f], q0[0, p, f])"}) {
            const auto run = simulateText(kernel(body), {});
            QVERIFY2(run.result.ok(), body);
            QVERIFY2(run.result.diagnostics.empty(), body);
        }
    }

    // Moving free 1024: beyond the tensor engine's 512 columns and, as a
    // float32 row of 4096 bytes, beyond one 2 KiB PSUM bank; reported once
    // although the instruction runs in a loop of three. The accumulator is
    // bfloat16, so that its rows fit a bank where it is placed (float32
    // rows of 1024 would not, which is an error of the placement); the
    // tensor engine still accumulates float32 rows.
    void matmulBeyondTheTensorEngine()
    {
        const std::string text = R"(from tvm_tirx.script import tirx as T


@T.function
def main(C: T.Tensor((128, 1024), "float32")):
    T.func_attr({"num_inputs": 0})
    lhs = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 128), "float32", scope="trn.sbuf")])
    rhs = T.alloc_tensor((512,), ty_args=[T.Tensor((128, 1024), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((1, 128, 1024), "bfloat16", scope="trn.psum")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(128, annotations={"nki_dim": "F"}):
                T.nki.memset(lhs[p, f], T.float32(1.0))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(1024, annotations={"nki_dim": "F"}):
                T.nki.memset(rhs[p, f], T.float32(0.5))
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(1024):
                T.nki.memset(acc[0, p, f], T.float32(0.0))
    for r in range(3):
        with T.nki.tensorized_instruction():
            for k in T.serial(128, annotations={"nki_dim": "P"}):
                for i in T.serial(128, annotations={"nki_dim": "lhs_F"}):
                    for j in T.serial(1024, annotations={"nki_dim": "rhs_F"}):
                        T.nki.matmul(acc[0, i, j], lhs[k, i], rhs[k, j], T.bool(True))
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(1024, annotations={"nki_dim": "F"}):
                T.nki.tensor_copy(rhs[p, f], acc[0, p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(128, annotations={"nki_dim": "P"}):
            for f in T.serial(1024, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], rhs[p, f])
)";
        const auto run = simulateText(text, {});
        QVERIFY(run.result.ok());
        const auto found = warnings(run);
        QCOMPARE(found.size(), size_t{2});
        const unsigned line = lineOf(text, "T.nki.matmul");
        QVERIFY2(found[0].message.find("moving operand (rhs) has 1024 free elements") != std::string::npos,
                 found[0].message.c_str());
        QVERIFY2(found[1].message.find("more than one PSUM bank of 2048") != std::string::npos,
                 found[1].message.c_str());
        QCOMPARE(found[0].span.line, line);
        QCOMPARE(found[1].span.line, line);
        QCOMPARE(values(*run.output("C")).back(), 3 * 128 * 0.5f); // the numbers are still computed
    }

    // A PSUM tensor the allocator did not place still has one bank row per
    // partition: float32 rows of 1024 are a located error, not writes past
    // the bank (or the end of the storage).
    void psumRowWiderThanABankIsAnError()
    {
        const std::string text = R"(from tvm_tirx.script import tirx as T


@T.function
def main(C: T.Tensor((128, 4), "float32")):
    T.func_attr({"num_inputs": 0})
    acc = T.alloc_tensor(ty_args=[T.Tensor((1, 128, 1024), "float32", scope="trn.psum")])
    with T.nki.tensorized_instruction():
        for p in T.serial(128):
            for f in T.serial(1024):
                T.nki.memset(acc[0, p, f], T.float32(0.0))
)";
        const auto run = simulateText(text, {});
        QVERIFY(!run.result.ok());
        QCOMPARE(run.result.diagnostics.size(), size_t{1});
        const auto& d = run.result.diagnostics.front();
        QCOMPARE(d.severity, Diagnostic::Severity::Error);
        QVERIFY2(d.message.find("has rows of 4096 bytes; a 2048-byte bank") != std::string::npos, d.message.c_str());
        QCOMPARE(d.span.line, lineOf(text, "acc = T.alloc_tensor"));
    }

    // A private SBUF tile wider than a partition: 49200 float32 per
    // partition are 196800 bytes, past the 196608 of trn1. One partition
    // keeps the work small; the limit is per partition.
    void freeSizeBeyondAPartition()
    {
        const std::string text = R"(from tvm_tirx.script import tirx as T


@T.function
def main(C: T.Tensor((1, 4), "float32")):
    T.func_attr({"num_inputs": 0})
    wide = T.alloc_tensor(ty_args=[T.Tensor((1, 49200), "float32", scope="trn.sbuf")])
    with T.nki.tensorized_instruction():
        for p in T.serial(1, annotations={"nki_dim": "P"}):
            for f in T.serial(49200, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(wide[p, f], wide[p, f], T.float32(1.0), "add", T.bool(False))
    with T.nki.tensorized_instruction():
        for p in T.serial(1, annotations={"nki_dim": "P"}):
            for f in T.serial(4, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], wide[p, f])
)";
        const auto run = simulateText(text, {});
        QVERIFY(run.result.ok());
        const auto found = warnings(run);
        QCOMPARE(found.size(), size_t{1});
        QVERIFY2(found[0].message.find("196800 bytes per partition, more than the 196608") != std::string::npos,
                 found[0].message.c_str());
        QCOMPARE(found[0].span.line, lineOf(text, "T.nki.tensorscalar"));
    }
};

QTEST_APPLESS_MAIN(TestSimHardwareLimits)
#include "test_sim_hardware_limits.moc"
