// The memory views draw what MemoryPlan computes: each rectangle where the
// plan puts it, overlaps flagged, the pointer finding the allocation under
// it, a click reporting the tensor's source line; the allocation table under
// QAbstractItemModelTester.

#include "irview/tracesourcemap.h"
#include "memmap/allocationmodel.h"
#include "memmap/memorycolors.h"
#include "memmap/memorymap.h"
#include "memmap/memorypanel.h"

#include "script/parser.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// SBUF: A [0, 2048) on 128 partitions, B [1024, 1088) on 64 (meets A), C
// [4096, 6144). PSUM: Acc banks 2..3 whole ([4096, 8192) of a row).
const char* const kSource = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor((1024,), ty_args=[T.Tensor((64, 16), "float32", scope="trn.sbuf")])
    C = T.alloc_tensor((4096,), ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf")])
    Acc = T.alloc_tensor((2, 0), ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
)";

const tirx::Target& trn1() { return *tirx::findTarget("aws/trn1/trn1.2xlarge"); }

std::shared_ptr<const tirx::MemoryPlan> makePlan()
{
    auto parsed = tirx::parseModule(kSource);
    if (!parsed.ok()) return nullptr;
    return std::make_shared<const tirx::MemoryPlan>(tirx::buildMemoryPlan(*parsed.module, trn1(), "input"));
}

// Draws `map`, sized 1000 × 600 and showing `plan` (bytes [0, last) when
// last > 0), into an image.
QImage drawn(MemoryMap& map, const std::shared_ptr<const tirx::MemoryPlan>& plan, double last = 0)
{
    map.resize(1000, 600);
    map.setPlan(plan, &trn1());
    if (last > 0) map.setByteWindow(0, last);
    QImage image(map.size(), QImage::Format_ARGB32);
    map.render(&image);
    return image;
}

// The pixels of the overlap's red within `area`, its outline left out.
int redIn(const QImage& image, const QRectF& area)
{
    int red = 0;
    for (int y = int(area.top()) + 3; y < int(area.bottom()) - 3; ++y)
        for (int x = int(area.left()) + 3; x < int(area.right()) - 3; ++x)
            red += image.pixelColor(x, y) == overlapColor() ? 1 : 0;
    return red;
}

} // namespace

class TestMemoryMap : public QObject {
    Q_OBJECT

private slots:
    void rectanglesFollowThePlan()
    {
        const auto plan = makePlan();
        QVERIFY(plan);
        MemoryMap map(MemoryMap::Scope::Sbuf);
        map.resize(1000, 600);
        map.setPlan(plan, &trn1());
        QCOMPARE(map.shown(), (std::vector<size_t>{0, 1, 2}));
        map.setByteWindow(0, 8192);
        // One byte is the map's width over 8192; one partition its height over 128.
        const QRectF a = map.pixelRect(plan->allocations[0].rects.front());
        const QRectF b = map.pixelRect(plan->allocations[1].rects.front());
        const QRectF c = map.pixelRect(plan->allocations[2].rects.front());
        const double byte = a.width() / 2048.0;
        const double partition = a.height() / 128.0;
        QVERIFY(byte > 0 && partition > 0);
        QCOMPARE(b.left() - a.left(), 1024 * byte);
        QCOMPARE(b.width(), 64 * byte);
        QCOMPARE(b.height(), 64 * partition);
        QCOMPARE(b.top(), a.top());
        QCOMPARE(c.left() - a.left(), 4096 * byte);
        QCOMPARE(c.width(), 2048 * byte);
        // Zooming in twice as far doubles every width, around the same origin.
        map.setByteWindow(0, 4096);
        QCOMPARE(map.pixelRect(plan->allocations[1].rects.front()).width(), 2 * b.width());
    }

    void overlapsAreFlagged()
    {
        const auto plan = makePlan();
        MemoryMap map(MemoryMap::Scope::Sbuf);
        map.setPlan(plan, &trn1());
        QCOMPARE(plan->overlaps.size(), size_t{1});
        QVERIFY(map.overlaps(0));
        QVERIFY(map.overlaps(1));
        QVERIFY(!map.overlaps(2));
        QVERIFY(map.describe(1).contains(u"overlaps"_s));
        QVERIFY(!map.describe(2).contains(u"overlaps"_s));
    }

    void hitTestFindsTheTopmost()
    {
        const auto plan = makePlan();
        MemoryMap map(MemoryMap::Scope::Sbuf);
        map.resize(1000, 600);
        map.setPlan(plan, &trn1());
        map.setByteWindow(0, 8192);
        const QRectF b = map.pixelRect(plan->allocations[1].rects.front());
        QCOMPARE(map.allocationAt(b.center()), std::optional<size_t>{1}); // B is drawn over A
        const QRectF a = map.pixelRect(plan->allocations[0].rects.front());
        QCOMPARE(map.allocationAt(QPointF(a.left() + 2, a.bottom() - 2)), std::optional<size_t>{0});
        const QRectF c = map.pixelRect(plan->allocations[2].rects.front());
        QCOMPARE(map.allocationAt(QPointF(c.left() - (c.left() - a.right()) / 2, c.center().y())), std::nullopt);
    }

    void psumBanks()
    {
        const auto plan = makePlan();
        MemoryMap map(MemoryMap::Scope::Psum);
        map.resize(1000, 600);
        map.setPlan(plan, &trn1());
        QCOMPARE(map.shown(), (std::vector<size_t>{3}));
        // PSUM opens whole: 8 banks of 2048 bytes across.
        QCOMPARE(map.byteWindow(), (std::pair<double, double>{0, 16384}));
        const QRectF acc = map.pixelRect(plan->allocations[3].rects.front());
        const QRectF all = map.pixelRect({{0, 128}, {0, 16384}});
        QCOMPARE(acc.left() - all.left(), all.width() * 2 / 8);
        QCOMPARE(acc.width(), all.width() * 2 / 8);
        QVERIFY(map.describe(3).contains(u"banks 2..3"_s));
        // Acc's first index picks its bank: slot 0 in bank 2, slot 1 in bank 3.
        const auto labels = map.labelsOf(3);
        QCOMPARE(labels.size(), size_t{2});
        QCOMPARE(labels[0].rect, (tirx::MemoryRect{{0, 128}, {4096, 6144}}));
        QCOMPARE(labels[0].slot, u"slot 0"_s);
        QCOMPARE(labels[1].rect, (tirx::MemoryRect{{0, 128}, {6144, 8192}}));
        QCOMPARE(labels[1].slot, u"slot 1"_s);
        QCOMPARE(labels[1].name, u"Acc"_s);
        // SBUF tensors have no slots: one name a rectangle.
        MemoryMap sbuf(MemoryMap::Scope::Sbuf);
        sbuf.setPlan(plan, &trn1());
        QCOMPARE(sbuf.labelsOf(2).size(), size_t{1});
        QVERIFY(sbuf.labelsOf(2).front().slot.isEmpty());
    }

    void slotNamesShowInTheirBanks()
    {
        // Each bank of Acc carries a plate in Acc's colour with its slot.
        const auto plan = makePlan();
        MemoryMap map(MemoryMap::Scope::Psum);
        const QImage image = drawn(map, plan);
        for (const auto& label : map.labelsOf(3)) {
            const QRectF bank = map.pixelRect(label.rect);
            // The plate is drawn plain (no hatching) at the bank's centre:
            // a run of Acc's colour across the middle row, between the
            // name's line and the slot's, and text above and below.
            const int y = int(bank.center().y());
            int plate = 0;
            int ink = 0;
            for (int x = int(bank.left()) + 3; x < int(bank.right()) - 3; ++x) {
                plate += image.pixelColor(x, y) == tensorColor(0) ? 1 : 0;
                for (int dy = -12; dy <= 12; ++dy) ink += image.pixelColor(x, y + dy).lightnessF() < 0.3 ? 1 : 0;
            }
            QVERIFY2(plate > 20 && ink > 2, qPrintable(u"plate %1, ink %2"_s.arg(plate).arg(ink)));
        }
    }

    void clickGoesToSource()
    {
        const auto plan = makePlan();
        MemoryMap map(MemoryMap::Scope::Sbuf);
        map.resize(1000, 600);
        map.setPlan(plan, &trn1());
        map.setByteWindow(0, 8192);
        QSignalSpy spy(&map, &MemoryMap::sourceSpanActivated);
        const QRectF c = map.pixelRect(plan->allocations[2].rects.front());
        QTest::mouseClick(&map, Qt::LeftButton, {}, c.center().toPoint());
        QCOMPARE(spy.size(), 1);
        const auto span = spy.front().front().value<tirx::Span>();
        QCOMPARE(span.line, 8u);
        QCOMPARE(span.column, 5u);
    }

    void paintsWithoutAPlanAndWithOne()
    {
        MemoryMap map(MemoryMap::Scope::Sbuf);
        map.resize(640, 400);
        QImage empty(map.size(), QImage::Format_ARGB32);
        map.render(&empty);
        map.setPlan(makePlan(), &trn1());
        QImage drawn(map.size(), QImage::Format_ARGB32);
        map.render(&drawn);
        QVERIFY(empty != drawn);
    }

    void laterTensorsLieOverEarlierOnes()
    {
        // B [1024, 1088) on partitions 0..63 lies within A; drawn after A it
        // shows in its own colour (or the overlap's hatch), never A's. Its
        // upper half: A's name sits on a plate at A's centre, partition 64.
        const auto plan = makePlan();
        MemoryMap map(MemoryMap::Scope::Sbuf);
        const QImage image = drawn(map, plan, 4096);
        const QRectF b = map.pixelRect(plan->allocations[1].rects.front());
        int ownColour = 0;
        for (int y = int(b.top()) + 3; y < int(b.center().y()); ++y) {
            const QColor c = image.pixelColor(QPoint(int(b.center().x()), y));
            QVERIFY(c != tensorColor(0));
            ownColour += c == tensorColor(1) ? 1 : 0;
        }
        QVERIFY(ownColour > 0);
    }

    void onlySharedMemoryIsRed()
    {
        // A and B overlap where B lies: there the map is hatched red, and
        // nowhere else in A, though A is part of the overlap.
        const auto plan = makePlan();
        MemoryMap map(MemoryMap::Scope::Sbuf);
        const QImage image = drawn(map, plan, 4096);
        const QRectF b = map.pixelRect(plan->allocations[1].rects.front());
        QVERIFY(redIn(image, b) > 20);
        // A's lower half (partitions 64 to 127) and its part right of B.
        QCOMPARE(redIn(image, map.pixelRect({{64, 128}, {0, 2048}})), 0);
        QCOMPARE(redIn(image, map.pixelRect({{0, 64}, {1200, 2048}})), 0);
        QVERIFY(map.overlaps(0)); // A is still part of an overlap
    }

    void anOverlapIsRedInItsOwnScopeOnly()
    {
        // A second PSUM tensor over Acc's banks: their shared bytes, 4096 to
        // 8192 of a PSUM row, are C's bytes in SBUF, where nothing is shared.
        auto plan = std::make_shared<tirx::MemoryPlan>(*makePlan());
        plan->allocations.push_back(plan->allocations[3]);
        plan->allocations.back().name = "Acc2";
        plan->overlaps.push_back({3, 4, {0, 2048}});
        MemoryMap sbuf(MemoryMap::Scope::Sbuf);
        const QImage sbufImage = drawn(sbuf, plan, 8192);
        MemoryMap psum(MemoryMap::Scope::Psum);
        const QImage psumImage = drawn(psum, plan);
        QCOMPARE(redIn(sbufImage, sbuf.pixelRect(plan->allocations[2].rects.front())), 0);
        QVERIFY(redIn(psumImage, psum.pixelRect(plan->allocations[4].rects.front())) > 20);
    }

    void allocationModel()
    {
        AllocationModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPlan(makePlan());
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.columnCount(), int(AllocationModel::ColumnCount));
        QCOMPARE(model.index(1, AllocationModel::Name).data().toString(), u"B"_s);
        QCOMPARE(model.index(1, AllocationModel::Offset).data().toString(), u"1024"_s);
        QCOMPARE(model.index(3, AllocationModel::Offset).data().toString(), u"bank 2 + 0"_s);
        QCOMPARE(model.index(2, AllocationModel::BytesPerPartition).data(AllocationModel::kSortRole).toLongLong(),
                 2048);
        QCOMPARE(model.index(2, AllocationModel::Name).data(AllocationModel::kLineRole).toInt(), 8);
        QSortFilterProxyModel sorted;
        QAbstractItemModelTester sortedTester(&sorted, QAbstractItemModelTester::FailureReportingMode::QtTest);
        sorted.setSourceModel(&model);
        sorted.setSortRole(AllocationModel::kSortRole);
        sorted.sort(AllocationModel::BytesPerPartition, Qt::DescendingOrder);
        // Acc: a partition's row of its two banks, 2 * 2048.
        QCOMPARE(sorted.index(0, AllocationModel::BytesPerPartition).data().toString(), u"4096"_s);
        QCOMPARE(sorted.index(0, AllocationModel::Name).data().toString(), u"Acc"_s);
        QCOMPARE(sorted.index(3, AllocationModel::Name).data().toString(), u"B"_s); // 64 bytes
        model.setPlan(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void panelFollowsEntries()
    {
        auto parsed = tirx::parseModule(kSource);
        QVERIFY(parsed.ok());
        tirx::Trace trace;
        trace.targetTag = "aws/trn1/trn1.2xlarge";
        trace.entries.push_back(std::make_shared<const tirx::TraceEntry>(
            tirx::TraceEntry{"input", parsed.module, "", 0, false, {}, false}));
        MemoryPanel panel;
        const tirx::Target& trn1 = *tirx::findTarget(trace.targetTag);
        const auto plan =
            std::make_shared<const tirx::MemoryPlan>(tirx::buildMemoryPlan(*parsed.module, trn1, "input"));
        panel.setPlans(plan, plan, &trn1);
        panel.showPlans();
        QCOMPARE(panel.sbufMap()->shown().size(), size_t{3});
        QCOMPARE(panel.psumMap()->shown().size(), size_t{1});
        QCOMPARE(panel.allocationModel()->rowCount(), 4);
        QVERIFY(panel.whatIfSummary().contains(u"comparison"_s));
        panel.setPlans(nullptr, nullptr, nullptr); // nothing chosen
        panel.showPlans();
        QCOMPARE(panel.allocationModel()->rowCount(), 0);
    }
};

QTEST_MAIN(TestMemoryMap)
#include "test_memorymap.moc"
