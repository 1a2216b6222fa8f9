// The lifetime chart's numbers, worked out by hand: bars at the plan's
// bytes and at the what-if's, the step line of live bytes, its peak and
// both totals, per function and scope.

#include "memory_kernels.h"

#include "memory/lifetime_chart.h"
#include "script/parser.h"

#include <QTest>

using namespace tirx;

class TestLifetimeChart : public QObject {
    Q_OBJECT

private slots:
    void sbufAndPsumCharts()
    {
        auto parsed = parseModule(kLifetimeKernel);
        QVERIFY(parsed.ok());
        const Target& target = *findTarget("aws/trn1/trn1.2xlarge");
        const auto plan = buildMemoryPlan(*parsed.module, target, "input");
        const auto charts = lifetimeCharts(plan, whatIfPlan(plan), target);
        QCOMPARE(charts.size(), size_t{2});

        const auto& sbuf = charts[0];
        QCOMPARE(sbuf.function, std::string("main"));
        QCOMPARE(sbuf.scope, std::string("trn.sbuf"));
        QCOMPARE(sbuf.orders, (Interval{5, 10}));
        QCOMPARE(sbuf.capacityBytes, int64_t{196608});
        QCOMPARE(sbuf.allocatedBytes, int64_t{256});
        QCOMPARE(sbuf.whatIfBytes, std::optional<int64_t>{192});
        QCOMPARE(sbuf.peakLiveBytes, int64_t{192});
        QCOMPARE(sbuf.bytesShown(), int64_t{256});
        QCOMPARE(sbuf.bars.size(), size_t{4});
        const std::vector<Interval> live{{5, 9}, {6, 9}, {6, 9}, {9, 10}};
        const std::vector<Interval> bytes{{0, 64}, {64, 128}, {128, 192}, {192, 256}};
        const std::vector<Interval> whatIf{{0, 64}, {64, 128}, {128, 192}, {0, 64}};
        for (size_t i = 0; i < 4; ++i) {
            QCOMPARE(sbuf.bars[i].allocation, i);
            QCOMPARE(sbuf.bars[i].live, live[i]);
            QCOMPARE(sbuf.bars[i].bytes, bytes[i]);
            QCOMPARE(sbuf.bars[i].whatIfBytes, std::optional<Interval>{whatIf[i]});
        }
        QCOMPARE(sbuf.live, (std::vector<LiveStep>{{5, 64}, {6, 192}, {9, 64}, {10, 0}}));

        const auto& psum = charts[1];
        QCOMPARE(psum.scope, std::string("trn.psum"));
        QCOMPARE(psum.capacityBytes, int64_t{16384});
        QCOMPARE(psum.bars.size(), size_t{1});
        QCOMPARE(psum.bars[0].allocation, size_t{4});
        QCOMPARE(psum.bars[0].live, (Interval{10, 11}));
        QCOMPARE(psum.bars[0].bytes, (Interval{2048, 2560}));
        QVERIFY(!psum.bars[0].whatIfBytes);
        QVERIFY(!psum.whatIfBytes);
        QCOMPARE(psum.allocatedBytes, int64_t{2560});
        QCOMPARE(psum.peakLiveBytes, int64_t{512});
        QCOMPARE(psum.live, (std::vector<LiveStep>{{10, 512}, {11, 0}}));
    }

    void noPlacedTensorNoChart()
    {
        auto parsed = parseModule(R"(from tvm_tirx.script import tirx as T

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 16), "float32", scope="trn.sbuf")])
    A[0, 0] = T.float32(1)
)");
        QVERIFY(parsed.ok());
        const Target& target = *findTarget("aws/trn1/trn1.2xlarge");
        const auto plan = buildMemoryPlan(*parsed.module, target, "input");
        QVERIFY(lifetimeCharts(plan, whatIfPlan(plan), target).empty());
    }
};

QTEST_GUILESS_MAIN(TestLifetimeChart)
#include "test_lifetime_chart.moc"
