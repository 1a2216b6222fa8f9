// The simulator's memory model on the cases of tests/golden/sim/: SBUF and
// PSUM tensors at overlapping addresses share bytes, a never-cleared
// accumulator is reported with its instruction, tensor and line and turns
// to NaN in poison mode, matmuls accumulate in PSUM, and an access outside
// a tensor is a located error. Expected numbers are computed here.

#include "golden_file.h"
#include "sim_helpers.h"

#include <cmath>
#include <filesystem>

using namespace tirx;
using namespace tirx::testing;

namespace {

std::string readCase(const char* name)
{
    return readGoldenText(std::filesystem::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "sim" / name);
}

// C[i, j] = Σ_k L[k, i] R[k, j] over the k in [k0, k1), in increasing k.
float dot(const std::vector<float>& l, const std::vector<float>& r, int m, int n, int i, int j, int k0, int k1)
{
    float s = 0.0f;
    for (int k = k0; k < k1; ++k) s += l[static_cast<size_t>(k * m + i)] * r[static_cast<size_t>(k * n + j)];
    return s;
}

} // namespace

class TestSimMemory : public QObject {
    Q_OBJECT

private slots:
    void sbufOverlapSharesBytes()
    {
        const auto a = randomFloats(16 * 32, 1);
        const auto run =
            simulateText(readCase("sbuf-overlap-aliases.py"), {{"A", makeArray(DataType::float32(), {16, 32}, a)}});
        QVERIFY(run.result.ok());
        const auto c = values(*run.output("C"));
        for (int p = 0; p < 16; ++p) {
            for (int f = 0; f < 32; ++f) {
                const float want = f < 16 ? a[static_cast<size_t>(p * 32 + f)] : 5.0f;
                QCOMPARE(c[static_cast<size_t>(p * 32 + f)], want);
            }
        }
        // The overlap itself is reported at y's allocation.
        bool warned = false;
        for (const auto& d : run.result.diagnostics) {
            if (d.severity == Diagnostic::Severity::Warning && d.span.line == 11 &&
                d.message.find("'y'") != std::string::npos && d.message.find("'x'") != std::string::npos)
                warned = true;
        }
        QVERIFY(warned);
    }

    void psumBanksAlias()
    {
        const auto a = randomFloats(8 * 64, 2);
        const auto run =
            simulateText(readCase("psum-banks-alias.py"), {{"A", makeArray(DataType::float32(), {8, 64}, a)}});
        QVERIFY(run.result.ok());
        const auto c = values(*run.output("C"));
        for (int p = 0; p < 8; ++p) {
            for (int f = 0; f < 64; ++f) {
                QCOMPARE(c[static_cast<size_t>(p * 64 + f)], -1.0f);
                QCOMPARE(c[static_cast<size_t>(512 + p * 64 + f)], a[static_cast<size_t>(p * 64 + f)]);
            }
        }
    }

    void unclearedAccumulatorIsReported()
    {
        const auto l = randomFloats(32 * 16, 3);
        const auto r = randomFloats(32 * 64, 4);
        const std::map<std::string, sim::HostArray> inputs = {{"L", makeArray(DataType::float32(), {32, 16}, l)},
                                                              {"R", makeArray(DataType::float32(), {32, 64}, r)}};
        const std::string text = readCase("uncleared-accumulator.py");
        sim::SimOptions zeroFill;
        zeroFill.poison = false;
        const auto zeroed = simulateText(text, inputs, zeroFill);
        QVERIFY(zeroed.result.ok());
        QCOMPARE(zeroed.result.uninitialised.size(), size_t{1});
        const auto& report = zeroed.result.uninitialised.front();
        QCOMPARE(report.tensor, std::string("acc"));
        QCOMPARE(report.op, std::string("T.nki.matmul"));
        QCOMPARE(report.span.line, 26u);
        QCOMPARE(report.instruction, int64_t{2});
        QCOMPARE(report.elements, int64_t{16 * 64});
        const auto c = values(*zeroed.output("C"));
        for (int i = 0; i < 16; ++i)
            for (int j = 0; j < 64; ++j) QCOMPARE(c[static_cast<size_t>(i * 64 + j)], dot(l, r, 16, 64, i, j, 0, 32));

        // Poison is the default.
        const auto poisoned = simulateText(text, inputs);
        QVERIFY(poisoned.result.ok());
        QCOMPARE(poisoned.result.uninitialised.size(), size_t{1});
        const auto stats = sim::arrayStats(*poisoned.output("C"));
        QCOMPARE(stats.nans, int64_t{16 * 64});
    }

    void matmulAccumulatesOverInstructions()
    {
        const auto l = randomFloats(96 * 16, 5);
        const auto r = randomFloats(96 * 64, 6);
        const auto run =
            simulateText(readCase("matmul-accumulates.py"), {{"L", makeArray(DataType::float32(), {96, 16}, l)},
                                                             {"R", makeArray(DataType::float32(), {96, 64}, r)}});
        QVERIFY(run.result.ok());
        QVERIFY(run.result.uninitialised.empty());
        QCOMPARE(run.result.engines.at("Tensor").instructions, int64_t{3});
        const auto c = values(*run.output("C"));
        for (int i = 0; i < 16; ++i) {
            for (int j = 0; j < 64; ++j) {
                // Each matmul adds its own chunk's sum to what PSUM holds.
                float want = 0.0f;
                for (int chunk = 0; chunk < 3; ++chunk) {
                    if (chunk == 2 && j >= 48) continue;
                    want = want + dot(l, r, 16, 64, i, j, chunk * 32, chunk * 32 + 32);
                }
                QCOMPARE(c[static_cast<size_t>(i * 64 + j)], want);
            }
        }
    }

    void outOfRangeIsLocated()
    {
        const auto run = simulateText(readCase("out-of-range.py"),
                                      {{"A", makeArray(DataType::float32(), {16, 32}, randomFloats(512, 7))}});
        QVERIFY(!run.result.ok());
        QVERIFY(run.result.outputs.empty());
        const auto& d = run.result.diagnostics.front();
        QCOMPARE(d.span.line, 17u);
        QCOMPARE(d.span.column, 17u);
        QVERIFY2(d.message.find("x[0, 32]") != std::string::npos, d.message.c_str());
    }

    void wrongInputShapeIsReported()
    {
        const auto run = simulateText(readCase("out-of-range.py"),
                                      {{"A", makeArray(DataType::float32(), {16, 16}, randomFloats(256, 8))}});
        QVERIFY(!run.result.ok());
        QVERIFY2(run.result.diagnostics.front().message.find("shape (16, 16)") != std::string::npos,
                 run.result.diagnostics.front().message.c_str());
    }

    // Addressed tensors sit where the kernel's MemoryPlan puts them: an
    // address the plan cannot place is refused in the plan's words, at the
    // allocation, and one below the memory's start never reaches storage.
    void placementsComeFromTheMemoryPlan()
    {
        const std::string text = readCase("psum-banks-alias.py");
        const std::map<std::string, sim::HostArray> inputs = {
            {"A", makeArray(DataType::float32(), {8, 64}, randomFloats(512, 10))}};
        auto replaced = [&](const std::string& from, const std::string& to) {
            std::string t = text;
            const auto at = t.find(from);
            Q_ASSERT(at != std::string::npos);
            return t.replace(at, from.size(), to);
        };
        const auto threeCoordinates =
            simulateText(replaced("T.alloc_tensor((1, 0),", "T.alloc_tensor((1, 0, 0),"), inputs);
        QVERIFY(!threeCoordinates.result.ok());
        const auto& d = threeCoordinates.result.diagnostics.front();
        QCOMPARE(d.span.line, 12u);
        QVERIFY2(d.message.find("'other' is placed at 3 coordinates") != std::string::npos, d.message.c_str());

        const auto belowStart = simulateText(replaced("T.alloc_tensor((0,),", "T.alloc_tensor((-64,),"), inputs);
        QVERIFY(!belowStart.result.ok());
        QCOMPARE(belowStart.result.diagnostics.front().span.line, 10u);
        QVERIFY2(belowStart.result.diagnostics.front().message.find("at byte -64") != std::string::npos,
                 belowStart.result.diagnostics.front().message.c_str());

        const auto pastBanks = simulateText(replaced("T.alloc_tensor((1, 0),", "T.alloc_tensor((8, 0),"), inputs);
        QVERIFY(!pastBanks.result.ok());
        QVERIFY2(pastBanks.result.diagnostics.front().message.find("needs banks 8 to 8; there are 8") !=
                     std::string::npos,
                 pastBanks.result.diagnostics.front().message.c_str());
    }

    void traceRecordsRegions()
    {
        const auto run = simulateText(readCase("psum-banks-alias.py"),
                                      {{"A", makeArray(DataType::float32(), {8, 64}, randomFloats(512, 9))}});
        QVERIFY(run.result.ok());
        // load, memset, copy, then (copy, store) twice.
        QCOMPARE(run.result.trace.size(), size_t{7});
        const auto& copy = run.result.trace[2];
        QCOMPARE(copy.op, std::string("T.nki.tensor_copy"));
        QCOMPARE(copy.accesses.size(), size_t{2});
        const auto& written = copy.accesses[1];
        QVERIFY(written.write);
        QCOMPARE(written.tensor, std::string("other"));
        QCOMPARE(written.scope, std::string("trn.psum"));
        QCOMPARE(written.partitionBegin, int64_t{0});
        QCOMPARE(written.partitionEnd, int64_t{8});
        QCOMPARE(written.byteBegin, int64_t{2048}); // bank 1
        QCOMPARE(written.byteEnd, int64_t{2048 + 256});
        const auto& read = copy.accesses[0];
        QVERIFY(!read.write);
        QCOMPARE(read.tensor, std::string("a"));
        QCOMPARE(read.byteEnd, int64_t{256});
    }
};

QTEST_APPLESS_MAIN(TestSimMemory)
#include "test_sim_memory.moc"
