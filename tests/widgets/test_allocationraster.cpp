// The memory map's fills drawn by hand: which pixels a rectangle takes, the
// later rectangle winning, slivers kept, the overlap hatching; and the map
// drawn through it showing the same pixels as the map drawn as shapes.

#include "memmap/memorymap.h"
#include "painting/allocationraster.h"

#include <QPainter>
#include <QPicture>
#include <QtTest>

namespace {

constexpr QRgb kRed = 0xFFD01010;
constexpr QRgb kBlue = 0xFF0072B2;
constexpr QRgb kHatch = 0xFF000000;

QRgb at(const QImage& image, int x, int y) { return image.pixel(x, y); }

// SBUF tiles of 4 bytes side by side, on 16 to 128 partitions: zoomed out,
// several share a pixel column. Tiles 10 and 11 sit on tile 9's bytes and
// overlap it.
std::shared_ptr<const tirx::MemoryPlan> sliverPlan()
{
    auto plan = std::make_shared<tirx::MemoryPlan>();
    plan->after = "TrnNaiveAllocator";
    for (int i = 0; i < 400; ++i) {
        tirx::PlannedAllocation a;
        a.name = "tensor" + std::to_string(i); // too long for a 4-byte tile: no text over the slivers
        a.scope = "trn.sbuf";
        a.bytesPerPartition = i % 50 == 0 ? 2048 : 4;
        a.partitions = 16 * (1 + (i * 7) % 8);
        a.offset = int64_t{4} * (i == 10 || i == 11 ? 9 : i);
        a.partitionRange = tirx::Interval{0, a.partitions};
        a.byteRange = tirx::Interval{*a.offset, *a.offset + a.bytesPerPartition};
        a.rects.push_back({*a.partitionRange, *a.byteRange});
        plan->allocations.push_back(std::move(a));
    }
    plan->overlaps = {{9, 10, {36, 40}}, {9, 11, {36, 40}}, {10, 11, {36, 40}}};
    return plan;
}

} // namespace

class TestAllocationRaster : public QObject {
    Q_OBJECT

private slots:
    void laterRectanglesWin()
    {
        AllocationRaster raster(QRectF(0, 0, 20, 10), 1);
        raster.add(QRectF(0, 0, 10, 10), kRed);
        raster.add(QRectF(5, 0, 10, 10), kBlue);
        const QImage image = raster.image(kHatch);
        QCOMPARE(image.size(), QSize(20, 10));
        QCOMPARE(at(image, 4, 5), kRed);
        QCOMPARE(at(image, 5, 5), kBlue);
        QCOMPARE(at(image, 14, 9), kBlue);
        QCOMPARE(qAlpha(at(image, 15, 5)), 0); // nothing there
    }

    void aPixelIsTakenByItsCentre()
    {
        AllocationRaster raster(QRectF(0, 0, 10, 4), 1);
        // Centres 2.5, 3.5 and 4.5 lie in (2.4, 4.6]; 1.5 and 5.5 do not.
        raster.add(QRectF(QPointF(2.4, 0), QPointF(4.6, 4)), kRed);
        // A centre on the left edge is out, one on the right edge in.
        raster.add(QRectF(QPointF(6.5, 0), QPointF(8.5, 4)), kBlue);
        const QImage image = raster.image(kHatch);
        QCOMPARE(qAlpha(at(image, 1, 1)), 0);
        QCOMPARE(at(image, 2, 1), kRed);
        QCOMPARE(at(image, 4, 1), kRed);
        QCOMPARE(qAlpha(at(image, 5, 1)), 0);
        QCOMPARE(qAlpha(at(image, 6, 1)), 0);
        QCOMPARE(at(image, 7, 1), kBlue);
        QCOMPARE(at(image, 8, 1), kBlue);
        QCOMPARE(qAlpha(at(image, 9, 1)), 0);
    }

    void aSliverKeepsOnePixel()
    {
        // [3.6, 3.9) holds no pixel centre; it takes the column it lies in.
        AllocationRaster raster(QRectF(0, 0, 10, 4), 1);
        raster.add(QRectF(QPointF(3.6, 0), QPointF(3.9, 4)), kBlue);
        const QImage image = raster.image(kHatch);
        for (int x = 0; x < 10; ++x) QCOMPARE(qAlpha(at(image, x, 2)) != 0, x == 3);
    }

    void outsideTheAreaIsClipped()
    {
        AllocationRaster raster(QRectF(10, 10, 10, 10), 1);
        raster.add(QRectF(-1e12, 12, 1e12 + 12, 2), kRed); // ends at x = 12
        raster.add(QRectF(30, 10, 5, 5), kBlue);
        const QImage image = raster.image(kHatch);
        QCOMPARE(raster.target(), QRectF(10, 10, 10, 10));
        int filled = 0;
        for (int y = 0; y < 10; ++y)
            for (int x = 0; x < 10; ++x) filled += qAlpha(at(image, x, y)) != 0 ? 1 : 0;
        QCOMPARE(filled, 2 * 2); // x 10..11, y 12..13
    }

    void hatchingRisesToTheRight()
    {
        AllocationRaster raster(QRectF(0, 0, 16, 16), 1);
        raster.add(QRectF(0, 0, 16, 16), kBlue);
        // Only where hatched, over the colour already there.
        raster.hatch(QRectF(0, 0, 16, 8));
        const QImage image = raster.image(kHatch);
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x) QCOMPARE(at(image, x, y), y < 8 && (x + y) % 8 == 7 ? kHatch : kBlue);
    }

    void devicePixelsOnAHighDensityScreen()
    {
        AllocationRaster raster(QRectF(10, 10, 20, 10), 2);
        raster.add(QRectF(QPointF(10.3, 10), QPointF(10.6, 20)), kRed);
        const QImage image = raster.image(kHatch);
        QCOMPARE(image.size(), QSize(40, 20));
        QCOMPARE(image.devicePixelRatio(), 2.0);
        QCOMPARE(raster.target(), QRectF(10, 10, 20, 10));
        // Device x 20.6..21.2 holds no pixel centre (20.5, 21.5): one
        // sliver column, device pixel 20, the image's first.
        QCOMPARE(at(image, 0, 5), kRed);
        QCOMPARE(qAlpha(at(image, 1, 5)), 0);
    }

    void theMapLooksTheSameAsShapes_data()
    {
        QTest::addColumn<double>("last");
        QTest::newRow("zoomed out, slivers") << 8000.0;
        QTest::newRow("a few pixels a tile") << 2400.0;
        QTest::newRow("zoomed in") << 160.0;
    }

    void theMapLooksTheSameAsShapes()
    {
        QFETCH(double, last);
        MemoryMap map(MemoryMap::Scope::Sbuf);
        map.resize(900, 500);
        map.setPlan(sliverPlan(), tirx::findTarget("aws/trn1/trn1.2xlarge"));
        map.setByteWindow(0, last);
        // Into an image the fills are rasterised; a picture records shapes,
        // as an SVG does, and is then played back into an image.
        QImage raster(map.size(), QImage::Format_ARGB32_Premultiplied);
        raster.fill(Qt::white);
        {
            QPainter p(&raster);
            map.paintMap(p);
        }
        QPicture picture;
        {
            QPainter p(&picture);
            map.paintMap(p);
        }
        QImage shapes(map.size(), QImage::Format_ARGB32_Premultiplied);
        shapes.fill(Qt::white);
        {
            QPainter p(&shapes);
            p.drawPicture(0, 0, picture);
        }
        // The map's area, where the fills lie (the text around it, rotated
        // or not, is rendered apart from them and may differ by a shade).
        const QRect area = map.pixelRect({{0, 128}, {0, int64_t(last)}}).toRect();
        QVERIFY(area.width() > 800 && area.height() > 300);
        // Name plates and their text are QPainter's either way; a plate's
        // fractional edge is filled a pixel apart by fillRect and by a
        // QPicture's replayed rectangle. The fills are what is compared.
        std::vector<QRectF> plates;
        for (const auto& shape : map.scene().shapes)
            if (const auto* r = std::get_if<tirx::picture::RectShape>(&shape); r && r->role == "plate")
                plates.push_back(QRectF(r->box.x, r->box.y, r->box.width, r->box.height).adjusted(-1, -1, 1, 1));
        const auto onPlate = [&](int x, int y) {
            return std::any_of(plates.begin(), plates.end(),
                               [&](const QRectF& p) { return p.contains(x + 0.5, y + 0.5); });
        };
        int differing = 0;
        int coloured = 0;
        for (int y = area.top(); y <= area.bottom(); ++y) {
            for (int x = area.left(); x <= area.right(); ++x) {
                if (onPlate(x, y)) continue;
                differing += raster.pixel(x, y) != shapes.pixel(x, y) ? 1 : 0;
                coloured += qRed(raster.pixel(x, y)) != qGreen(raster.pixel(x, y)) ? 1 : 0;
            }
        }
        QVERIFY(coloured > area.width() * area.height() / 8); // the tensors are there
        QCOMPARE(differing, 0);
    }
};

QTEST_MAIN(TestAllocationRaster)
#include "test_allocationraster.moc"
