// Memory changes between passes on a kernel lowered by TrnPrivateTensorAlloc,
// TrnNaiveAllocator and LowerTrainiumLayout, each worked out by hand.

#include "memory_kernels.h"

#include "memory/memory_diff.h"
#include "script/parser.h"
#include "transform/pipeline.h"

#include <QTest>

using namespace tirx;

namespace {

std::vector<std::string> texts(const std::vector<MemoryChange>& changes)
{
    std::vector<std::string> out;
    for (const auto& c : changes) out.push_back(std::string{memoryChangeName(c.kind)} + " | " + c.text);
    return out;
}

} // namespace

class TestMemoryDiff : public QObject {
    Q_OBJECT

private slots:
    void passByPass()
    {
        auto parsed = parseModule(kActivationKernel);
        QVERIFY(parsed.ok());
        const Target* target = findTarget("aws/trn1/trn1.2xlarge");
        PipelineOptions options;
        options.passes = {"TrnPrivateTensorAlloc", "TrnNaiveAllocator", "LowerTrainiumLayout"};
        options.context.target = target;
        const Trace trace = runPipeline(parsed.module, options);
        QVERIFY(!trace.failed());
        QCOMPARE(trace.entries.size(), size_t{4});
        std::vector<MemoryPlan> plans;
        for (const auto& e : trace.entries) plans.push_back(buildMemoryPlan(*e->module, *target, e->passName));

        QCOMPARE(texts(diffMemoryPlans(plans[0], plans[1])),
                 (std::vector<std::string>{"added | const_bias: added by TrnPrivateTensorAlloc for "
                                           "T.trn.tile.activation at 8:5 (2048 bytes per partition)"}));
        // The workspace comes first in program order: 0, then A at 2048.
        QCOMPARE(texts(diffMemoryPlans(plans[1], plans[2])),
                 (std::vector<std::string>{"placed | const_bias: unplaced -> 0", "placed | A: unplaced -> 2048"}));
        QCOMPARE(texts(diffMemoryPlans(plans[2], plans[3])),
                 (std::vector<std::string>{"reshaped | A: shape (256, 64) with a layout -> (128, 128)"}));
        const auto removed = diffMemoryPlans(plans[1], plans[0]);
        QCOMPARE(removed.size(), size_t{1});
        QCOMPARE(removed.front().kind, MemoryChange::Kind::Removed);
        QCOMPARE(*removed.front().before, size_t{0});
    }
};

QTEST_APPLESS_MAIN(TestMemoryDiff)
#include "test_memory_diff.moc"
