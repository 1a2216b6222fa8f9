// The simulator's storage: written flags kept one bit per byte give the
// same answers as one flag per byte at every word boundary, and a storage
// whose memory an earlier run used starts from the initial state (the fill
// byte, nothing written), both for Storage itself and for whole runs: a
// second run never sees the numbers or the written flags the first left.

#include "sim/storage.h"
#include "sim_helpers.h"

#include <cmath>
#include <vector>

using namespace tirx;
using namespace tirx::testing;

namespace {

// Writes C from SBUF bytes 0..(16 * 4) of 16 partitions and PSUM bank 0,
// which the kernel itself never writes when `write` is false.
const char* const kKernel = R"(from tvm_tirx.script import tirx as T


@T.function
def main(A: T.Tensor((16, 16), "float32"), C: T.Tensor((16, 16), "float32"), D: T.Tensor((16, 16), "float32")):
    T.func_attr({"num_inputs": 1})
    s = T.alloc_tensor((0,), ty_args=[T.Tensor((16, 16), "float32", scope="trn.sbuf")])
    acc = T.alloc_tensor((0, 0), ty_args=[T.Tensor((1, 16, 16), "float32", scope="trn.psum")])
{writes}    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(16, annotations={"nki_dim": "F"}):
                T.nki.store(C[p, f], s[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(16, annotations={"nki_dim": "F"}):
                T.nki.store(D[p, f], acc[0, p, f])
)";

const char* const kWrites = R"(    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(16, annotations={"nki_dim": "F"}):
                T.nki.load(s[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(16, annotations={"nki_dim": "P"}):
            for f in T.serial(16, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(acc[0, p, f], s[p, f], T.float32(2.0), "mul", T.bool(False))
)";

SimRun runKernel(bool write, bool poison)
{
    std::vector<float> a(16 * 16);
    for (size_t k = 0; k < a.size(); ++k) a[k] = 1.0f + static_cast<float>(k);
    sim::SimOptions options;
    options.poison = poison;
    return simulateText(fill(kKernel, {{"writes", write ? kWrites : ""}}),
                        {{"A", makeArray(DataType::float32(), {16, 16}, a)}}, options);
}

// The flags of one byte per flag, to check the bits against.
struct PlainFlags {
    std::vector<bool> flags;
    void mark(int64_t offset, int64_t n)
    {
        for (int64_t k = offset; k < offset + n; ++k) flags[static_cast<size_t>(k)] = true;
    }
    [[nodiscard]] bool all(int64_t offset, int64_t n) const
    {
        for (int64_t k = offset; k < offset + n; ++k) {
            if (!flags[static_cast<size_t>(k)]) return false;
        }
        return true;
    }
};

} // namespace

class TestSimStorage : public QObject {
    Q_OBJECT

private slots:
    void writtenBitsMatchOneFlagPerByte()
    {
        sim::Storage storage("SBUF", "trn.sbuf", 3, 700, 0);
        storage.prepareAll();
        PlainFlags plain{std::vector<bool>(2100, false)};
        // Ranges that start and end inside a word, on a word boundary, span
        // many words, and cross a partition.
        const int64_t ranges[][2] = {{5, 3}, {64, 64}, {130, 1}, {200, 333}, {690, 20}, {1400, 700}, {63, 2}};
        for (const auto& [offset, n] : ranges) {
            storage.markWritten(offset, n);
            plain.mark(offset, n);
        }
        for (int64_t offset = 0; offset < 2100; offset += 7) {
            QCOMPARE(storage.isWritten(offset), static_cast<bool>(plain.flags[static_cast<size_t>(offset)]));
            for (const int64_t n : {1, 3, 60, 64, 65, 130, 500}) {
                if (offset + n > 2100) continue;
                QCOMPARE(storage.allWritten(offset, n), plain.all(offset, n));
            }
        }
        storage.markRow(801, 10, 12, 4); // every third float from byte 801
        QVERIFY(storage.isWritten(801 + 9 * 12 + 3));
        QVERIFY(!storage.isWritten(801 + 9 * 12 + 4));
        QVERIFY(!storage.isWritten(801 + 4));
        QVERIFY(!storage.allWritten(801, 12));
    }

    void keptStorageStartsOver()
    {
        {
            sim::Storage first("SBUF", "trn.sbuf", 4, 5000, sim::kPoisonByte);
            first.prepareAll();
            first.data()[4321] = 7;
            first.markWritten(0, 20000);
        }
        // Same size: the pool hands the same memory back, stale until prepared.
        sim::Storage second("SBUF", "trn.sbuf", 4, 5000, 0);
        second.prepare(0, 0, 4000, 4400);
        QCOMPARE(second.data()[4321], uint8_t{0});
        QVERIFY(!second.isWritten(4321));
        QVERIFY(!second.allWritten(4000, 401));
        second.prepareAll();
        for (int64_t k = 0; k < second.size(); k += 97) {
            QCOMPARE(second.data()[k], uint8_t{0});
            QVERIFY(!second.isWritten(k));
        }
    }

    void aSecondRunSeesNothingOfTheFirst()
    {
        const auto writer = runKernel(true, false);
        QVERIFY(writer.result.ok());
        QVERIFY(writer.result.uninitialised.empty());
        QCOMPARE(values(*writer.output("D"))[5], 2.0f * 6.0f);

        // Same SBUF and PSUM bytes, never written by this kernel: zeros,
        // reported for both tensors.
        const auto reader = runKernel(false, false);
        QVERIFY(reader.result.ok());
        for (const float v : values(*reader.output("C"))) QCOMPARE(v, 0.0f);
        for (const float v : values(*reader.output("D"))) QCOMPARE(v, 0.0f);
        QCOMPARE(reader.result.uninitialised.size(), size_t{2});
        QCOMPARE(reader.result.uninitialised[0].tensor, std::string("s"));
        QCOMPARE(reader.result.uninitialised[0].elements, int64_t{256});
        QCOMPARE(reader.result.uninitialised[1].tensor, std::string("acc"));

        // Poison after a run that wrote, then zeroes after poison.
        QVERIFY(runKernel(true, false).result.ok());
        const auto poisoned = runKernel(false, true);
        for (const float v : values(*poisoned.output("C"))) QVERIFY(std::isnan(v));
        QCOMPARE(poisoned.result.uninitialised.size(), size_t{2});
        const auto zeroed = runKernel(false, false);
        for (const float v : values(*zeroed.output("D"))) QCOMPARE(v, 0.0f);
    }
};

QTEST_APPLESS_MAIN(TestSimStorage)
#include "test_sim_storage.moc"
