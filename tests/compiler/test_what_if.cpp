// The what-if allocator: a lifetime-based linear scan beside the reference's
// bump allocator. Hand-worked lifetimes with exact addresses, a kernel whose
// loop keeps tensors live, and a seeded stress run that checks the two
// promises: never past the naive total, never two live tensors on one byte.

#include "memory/memory_plan.h"
#include "memory/what_if.h"
#include "script/parser.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <random>

using namespace tirx;

namespace {

// Statement orders, counted as the plan counts them (sequences are not):
//   0 A alloc  1 B alloc  2 C alloc  3 D alloc  4 A[0, 0] = 1  5 for i
//   6 B[0, i] = A[0, i]  7 C[0, i] = B[0, i]  8 D[0, 0] = 2
// A is written before the loop and read in it, so it stays live to the
// loop's end: [4, 8). B and C are used only in the loop but are defined
// outside it: live over the whole loop, [5, 8). D: [8, 9).
// The scan: A 0, B 64, C 128 (64 bytes each); at 8 all three are freed
// (A first), the free bytes merge into [0, 192) and D takes offset 0, A's.
// The furthest end is 192 against the user's placements ending at 256.
const char* const kLoopKernel = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor((64,), ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    C = T.alloc_tensor((128,), ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    D = T.alloc_tensor((192,), ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    A[0, 0] = T.float32(1)
    for i in range(4):
        B[0, i] = A[0, i]
        C[0, i] = B[0, i]
    D[0, 0] = T.float32(2)
)";

int64_t sumOf(const std::vector<Lifetime>& items)
{
    int64_t sum = 0;
    for (const auto& item : items) sum += item.bytes;
    return sum;
}

} // namespace

class TestWhatIf : public QObject {
    Q_OBJECT

private slots:
    void reusesFreedBytes()
    {
        // A [0,3) 100 B, B [1,2) 50 B, C [2,5) 50 B, D [3,4) 100 B.
        // A at 0; B at 100; at 2 B is freed and C takes its bytes, 100; at 3
        // A is freed and D takes its bytes, 0. Furthest end 150 of 300.
        const auto r = linearScan({{{0, 3}, 100}, {{1, 2}, 50}, {{2, 5}, 50}, {{3, 4}, 100}});
        QCOMPARE(r.offsets, (std::vector<int64_t>{0, 100, 100, 0}));
        QCOMPARE(r.took[2], std::vector<size_t>{1});
        QCOMPARE(r.took[3], std::vector<size_t>{0});
        QVERIFY(r.took[0].empty() && r.took[1].empty());
        QCOMPARE(r.allocatedBytes, int64_t{150});
    }

    void aHoleTooSmallIsSkipped()
    {
        // A [0,2) 64, B [0,4) 64, C [2,4) 128: A's 64 freed bytes cannot hold
        // C, which goes on top, 128. No saving: 256, as the bump allocator.
        const auto r = linearScan({{{0, 2}, 64}, {{0, 4}, 64}, {{2, 4}, 128}});
        QCOMPARE(r.offsets, (std::vector<int64_t>{0, 64, 128}));
        QVERIFY(r.took[2].empty());
        QCOMPARE(r.allocatedBytes, int64_t{256});
    }

    void reusesNameEveryFormerTenant()
    {
        // A [0,2) 64 at 0, B [0,2) 64 at 64, C [2,4) 128: both freed at 2,
        // C takes 0..128, the bytes of A and of B; D [2,3) 32 goes on top.
        const auto r = linearScan({{{0, 2}, 64}, {{0, 2}, 64}, {{2, 4}, 128}, {{2, 3}, 32}});
        QCOMPARE(r.offsets, (std::vector<int64_t>{0, 64, 0, 128}));
        QCOMPARE(r.took[2], (std::vector<size_t>{0, 1}));
        QVERIFY(r.took[3].empty());
        // E [4,5) 96 after all: it takes 0..96, last held by C alone.
        const auto s = linearScan({{{0, 2}, 64}, {{0, 2}, 64}, {{2, 4}, 128}, {{4, 5}, 96}});
        QCOMPARE(s.took[3], std::vector<size_t>{2});
    }

    void touchingLifetimesDoNotShare()
    {
        // B starts where A's last use is: both are live at point 1.
        const auto r = linearScan({{{0, 2}, 32}, {{1, 3}, 32}});
        QCOMPARE(r.offsets, (std::vector<int64_t>{0, 32}));
    }

    void loopKeepsTensorsLive()
    {
        auto parsed = parseModule(kLoopKernel);
        QVERIFY(parsed.ok());
        const Target* target = findTarget("aws/trn1/trn1.2xlarge");
        const auto plan = buildMemoryPlan(*parsed.module, *target, "input");
        QCOMPARE(plan.allocations.size(), size_t{4});
        QCOMPARE(plan.allocations[0].live, (Interval{4, 8}));
        QCOMPARE(plan.allocations[1].live, (Interval{5, 8}));
        QCOMPARE(plan.allocations[2].live, (Interval{5, 8}));
        QCOMPARE(plan.allocations[3].live, (Interval{8, 9}));
        const auto w = whatIfPlan(plan);
        QCOMPARE(w.placements.size(), size_t{4});
        QCOMPARE(w.placements[0].offset, int64_t{0});
        QCOMPARE(w.placements[1].offset, int64_t{64});
        QCOMPARE(w.placements[2].offset, int64_t{128});
        QCOMPARE(w.placements[3].offset, int64_t{0});
        QCOMPARE(w.placements[3].reuses, std::vector<size_t>{0});
        // Peak live by the same lifetimes: never two of A, B, C apart.
        QCOMPARE(plan.totals.at("trn.sbuf").peakLiveBytesPerPartition, int64_t{192});
        QCOMPARE(w.naiveBytesPerPartition, int64_t{256});
        QCOMPARE(w.allocatedBytesPerPartition, int64_t{192});
        QCOMPARE(w.savedBytesPerPartition, int64_t{64});
        const auto j = whatIfToJson(plan, w);
        QCOMPARE(j.at("trn.sbuf").at("policy").get<std::string>(), std::string{"linear-scan"});
        QCOMPARE(j.at("trn.sbuf").at("placements")[3].at("reuses").get<std::string>(), std::string{"A"});
    }

    void neverPastNaiveNorOverlappingLive()
    {
        std::mt19937 random(7);
        std::uniform_int_distribution<int> start(0, 400);
        std::uniform_int_distribution<int> length(1, 60);
        std::uniform_int_distribution<int> bytes(0, 4096);
        std::vector<Lifetime> items;
        for (int i = 0; i < 2000; ++i) {
            const int s = start(random);
            items.push_back({{s, s + length(random)}, bytes(random)});
        }
        const auto r = linearScan(items);
        QVERIFY(r.allocatedBytes <= sumOf(items));
        for (size_t i = 0; i < items.size(); ++i) {
            QVERIFY(r.offsets[i] >= 0 && r.offsets[i] + items[i].bytes <= r.allocatedBytes);
            for (size_t j = i + 1; j < items.size(); ++j) {
                if (!items[i].live.meets(items[j].live)) continue;
                const Interval a{r.offsets[i], r.offsets[i] + items[i].bytes};
                const Interval b{r.offsets[j], r.offsets[j] + items[j].bytes};
                QVERIFY2(!a.meets(b),
                         qPrintable(QStringLiteral("items %1 and %2 are live together and share bytes").arg(i).arg(j)));
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestWhatIf)
#include "test_what_if.moc"
