// float32 to the narrow formats and the integers (chapter 06 §2.6): round to
// nearest even, overflow to infinity (NaN for float8_e4m3, which has no
// infinity), NaN kept, integers rounded and saturated. Every expected bit
// pattern is worked out by hand in the comment beside it.

#include "sim/numerics.h"

#include <QTest>

#include <bit>
#include <cmath>

using namespace tirx::sim;

namespace {

float bits(uint32_t b) { return std::bit_cast<float>(b); }

} // namespace

class TestSimNumerics : public QObject {
    Q_OBJECT

private slots:
    void bfloat16()
    {
        QCOMPARE(floatToBfloat16(1.0f), uint16_t{0x3F80});
        // 1 + 2^-8 lies halfway between 0x3F80 and 0x3F81: ties to even.
        QCOMPARE(floatToBfloat16(bits(0x3F808000)), uint16_t{0x3F80});
        // 0x3F818000 is halfway between 0x3F81 and 0x3F82: even is 0x3F82.
        QCOMPARE(floatToBfloat16(bits(0x3F818000)), uint16_t{0x3F82});
        // Just above halfway rounds up.
        QCOMPARE(floatToBfloat16(bits(0x3F808001)), uint16_t{0x3F81});
        // The largest float rounds past the largest bfloat16: infinity.
        QCOMPARE(floatToBfloat16(bits(0x7F7FFFFF)), uint16_t{0x7F80});
        QCOMPARE(floatToBfloat16(-INFINITY), uint16_t{0xFF80});
        QVERIFY(std::isnan(bfloat16ToFloat(floatToBfloat16(NAN))));
        // A NaN whose payload sits in the low half only stays a NaN.
        QVERIFY(std::isnan(bfloat16ToFloat(floatToBfloat16(bits(0x7F800001)))));
        QCOMPARE(bfloat16ToFloat(0xC020), -2.5f);
    }

    void half()
    {
        QCOMPARE(floatToHalf(1.0f), uint16_t{0x3C00});
        QCOMPARE(floatToHalf(65504.0f), uint16_t{0x7BFF});
        // 65520 is halfway between 65504 and 65536 (out of range): ties to
        // even goes up, to infinity; 65519 rounds down.
        QCOMPARE(floatToHalf(65520.0f), uint16_t{0x7C00});
        QCOMPARE(floatToHalf(65519.0f), uint16_t{0x7BFF});
        // 1 + 2^-11 is halfway between 0x3C00 and 0x3C01: even.
        QCOMPARE(floatToHalf(1.0f + std::ldexp(1.0f, -11)), uint16_t{0x3C00});
        QCOMPARE(floatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)), uint16_t{0x3C02});
        // Smallest subnormal 2^-24, and half of it (a tie with 0: even = 0).
        QCOMPARE(floatToHalf(std::ldexp(1.0f, -24)), uint16_t{0x0001});
        QCOMPARE(floatToHalf(std::ldexp(1.0f, -25)), uint16_t{0x0000});
        QCOMPARE(floatToHalf(std::ldexp(3.0f, -25)), uint16_t{0x0002});
        QCOMPARE(floatToHalf(-0.0f), uint16_t{0x8000});
        QCOMPARE(halfToFloat(0x0001), std::ldexp(1.0f, -24));
        QCOMPARE(halfToFloat(0xC500), -5.0f);
        QVERIFY(std::isnan(halfToFloat(floatToHalf(NAN))));
    }

    void float8()
    {
        // e4m3 (no infinity): 448 = 1.75 * 2^8 is the largest, 0x7E.
        QCOMPARE(floatToFloat8E4M3(448.0f), uint8_t{0x7E});
        QCOMPARE(float8E4M3ToFloat(0x7E), 448.0f);
        // 464 is halfway to the next step (480, which would be NaN's code).
        QCOMPARE(floatToFloat8E4M3(500.0f), uint8_t{0x7F});
        QVERIFY(std::isnan(float8E4M3ToFloat(0x7F)));
        QCOMPARE(floatToFloat8E4M3(1.0f), uint8_t{0x38});
        // Smallest subnormal 2^-9.
        QCOMPARE(floatToFloat8E4M3(std::ldexp(1.0f, -9)), uint8_t{0x01});
        // e5m2: 57344 = 1.75 * 2^15 is the largest; beyond is infinity 0x7C.
        QCOMPARE(floatToFloat8E5M2(57344.0f), uint8_t{0x7B});
        QCOMPARE(floatToFloat8E5M2(65536.0f), uint8_t{0x7C});
        QCOMPARE(floatToFloat8E5M2(-1.5f), uint8_t{0xBE});
        QCOMPARE(float8E5M2ToFloat(0xBE), -1.5f);
    }

    void integers()
    {
        QCOMPARE(floatToInteger(2.5f, ElementKind::I8), int64_t{2});
        QCOMPARE(floatToInteger(3.5f, ElementKind::I8), int64_t{4});
        QCOMPARE(floatToInteger(-2.5f, ElementKind::I32), int64_t{-2});
        QCOMPARE(floatToInteger(300.0f, ElementKind::I8), int64_t{127});
        QCOMPARE(floatToInteger(-300.0f, ElementKind::I8), int64_t{-128});
        QCOMPARE(floatToInteger(-1.0f, ElementKind::U8), int64_t{0});
        QCOMPARE(floatToInteger(1e10f, ElementKind::I32), int64_t{2147483647});
        QCOMPARE(floatToInteger(NAN, ElementKind::I16), int64_t{0});
        QCOMPARE(floatToInteger(0.25f, ElementKind::Bool), int64_t{1});
    }

    void elementsRoundTrip()
    {
        uint8_t b[8] = {};
        storeElement(ElementKind::I16, b, -1234.4f);
        QCOMPARE(loadElement(ElementKind::I16, b), -1234.0f);
        storeElement(ElementKind::BF16, b, 3.0f);
        QCOMPARE(loadAs<ElementKind::BF16>(b), 3.0f);
        storeAs<ElementKind::F32>(b, -0.125f);
        QCOMPARE(loadElement(ElementKind::F32, b), -0.125f);
        // Poison bytes read as NaN in every float format.
        const uint8_t poison[4] = {kPoisonByte, kPoisonByte, kPoisonByte, kPoisonByte};
        for (auto k : {ElementKind::F32, ElementKind::BF16, ElementKind::F16, ElementKind::F8E4M3, ElementKind::F8E5M2})
            QVERIFY(std::isnan(loadElement(k, poison)));
        QCOMPARE(loadElement(ElementKind::I32, poison), -1.0f);
    }
};

QTEST_APPLESS_MAIN(TestSimNumerics)
#include "test_sim_numerics.moc"
