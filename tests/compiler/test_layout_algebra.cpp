// TileLayout algebra (chapter 02): logical index → (P, F) / (Bank, P, F)
// with constant indices, so every expected value is a number worked out by
// hand from the rules of chapter 02 (most from its §9 examples).
#include "analysis/simplify.h"
#include "ir/make.h"
#include "layout/layout_algebra.h"
#include "script/printer.h"

#include <QTest>

using namespace tirx;

namespace {

Expr c(int64_t v) { return intImm(v); }
Iter it(int64_t extent, int64_t stride, Axis axis) { return Iter{c(extent), c(stride), axis}; }
std::vector<Expr> ints(std::initializer_list<int64_t> vs)
{
    std::vector<Expr> out;
    for (auto v : vs) out.push_back(c(v));
    return out;
}

// The constant coordinate on `axis`; 0 when the axis does not occur (as the pass does).
int64_t coord(const AxisCoords& coords, Axis axis)
{
    const Expr e = coordOf(coords, axis);
    if (!e) return 0;
    const auto v = constInt(e);
    return v ? *v : -1;
}

int64_t num(const Expr& e)
{
    const auto v = constInt(e);
    return v ? *v : -1;
}

QString shapeOf(const TensorType& t)
{
    QStringList parts;
    for (const auto& d : t.shape()) parts << QString::number(num(d));
    return parts.join(QLatin1Char(','));
}

TensorType tensorOf(std::vector<Expr> shape, Layout layout, const char* scope, DataType dtype = DataType::float32())
{
    TensorType::Fields f;
    f.shape = std::move(shape);
    f.layout = std::move(layout);
    f.scope = scope;
    f.dtype = dtype;
    return TensorType(std::move(f));
}

} // namespace

class TestLayoutAlgebra : public QObject {
    Q_OBJECT

    const Axis P = Axis::P();
    const Axis F = Axis::F();
    const Axis Bank = Axis::bank();
    const Axis m = Axis::m();

    void checkPF(const Layout& l, std::vector<Expr> shape, std::vector<Expr> idx, int64_t p, int64_t f)
    {
        const auto co = applyLayout(*l, idx, shape);
        QCOMPARE(coord(co, P), p);
        QCOMPARE(coord(co, F), f);
    }

private slots:
    // §9.1 (API doc example): S[(128, 4):(1@P, 1@F)] on (128, 2, 2).
    void apiDocExample()
    {
        const auto l = makeLayout({it(128, 1, P), it(4, 1, F)});
        checkPF(l, ints({128, 2, 2}), ints({0, 1, 0}), 0, 2);
        checkPF(l, ints({128, 2, 2}), ints({77, 1, 1}), 77, 3);
        const auto g = groupLayout(*l, ints({128, 2, 2}));
        QVERIFY(g.ok());
        QCOMPARE(g.seps, (std::vector<size_t>{0, 1, 2, 3}));
        QCOMPARE(QString::fromStdString(printLayout(*g.layout)),
                 QStringLiteral("T.TileLayout(T.S[(128, 2, 2):(1 @ P, 2 @ F, 1 @ F)])"));
        QCOMPARE(shapeOf(*physicalTensorType(tensorOf(ints({128, 2, 2}), l, "trn.sbuf"), true)),
                 QStringLiteral("128,4"));
    }
    // §9.2: rows split over (32, 128).
    void rowsOverPartitions()
    {
        const auto l = makeLayout({it(32, 256, F), it(128, 1, P), it(256, 1, F)});
        checkPF(l, ints({4096, 256}), ints({300, 17}), 44, 529);
        checkPF(l, ints({4096, 256}), ints({0, 0}), 0, 0);
        checkPF(l, ints({4096, 256}), ints({4095, 255}), 127, 8191);
        checkPF(l, ints({4096, 256}), ints({128, 0}), 0, 256);
        QCOMPARE(num(layoutSize(*l, P)), int64_t{128});
        QCOMPARE(num(layoutSpan(*l, F)), int64_t{8192});
    }
    // §9.3: trainium_layout("PF", (512, 512)).
    void pfOn512()
    {
        const auto l = makeLayout({it(4, 512, F), it(128, 1, P), it(512, 1, F)});
        checkPF(l, ints({512, 512}), ints({300, 17}), 44, 1041);
        checkPF(l, ints({512, 512}), ints({511, 511}), 127, 2047);
        QCOMPARE(shapeOf(*physicalTensorType(tensorOf(ints({512, 512}), l, "trn.sbuf"), true)),
                 QStringLiteral("128,2048"));
    }
    // §9.4: trainium_layout("FPF", (32, 512, 512)).
    void fpfMovedOuterIter()
    {
        const auto l = makeLayout({it(32, 512, F), it(4, 16384, F), it(128, 1, P), it(512, 1, F)});
        checkPF(l, ints({32, 512, 512}), ints({3, 300, 17}), 44, 512 * 3 + 16384 * 2 + 17);
        checkPF(l, ints({32, 512, 512}), ints({31, 511, 511}), 127, 65535);
        QCOMPARE(num(layoutSpan(*l, F)), int64_t{65536});
    }
    // §9.5: several P dims.
    void severalPartitionDims()
    {
        const auto l = makeLayout({it(2, 512, F), it(4, 32, P), it(32, 1, P), it(512, 1, F)});
        checkPF(l, ints({2, 4, 32, 512}), ints({1, 2, 5, 7}), 69, 519);
        QCOMPARE(shapeOf(*physicalTensorType(tensorOf(ints({2, 4, 32, 512}), l, "trn.sbuf"), true)),
                 QStringLiteral("128,1024"));
    }
    // §9.6: test_gemm's PSUM accumulator after to_psum.
    void psumAccumulator()
    {
        const auto l = makeLayout({it(2, 1, Bank), it(2, 256, F), it(128, 1, P), it(2, 128, F), it(128, 1, F)});
        const auto a = applyLayout(*l, ints({300, 200}), ints({512, 256}));
        QCOMPARE(coord(a, Bank), int64_t{1});
        QCOMPARE(coord(a, P), int64_t{44});
        QCOMPARE(coord(a, F), int64_t{200});
        const auto b = applyLayout(*l, ints({200, 5}), ints({512, 256}));
        QCOMPARE(coord(b, Bank), int64_t{0});
        QCOMPARE(coord(b, P), int64_t{72});
        QCOMPARE(coord(b, F), int64_t{261});
        QCOMPARE(shapeOf(*physicalTensorType(tensorOf(ints({512, 256}), l, "trn.psum"), true)),
                 QStringLiteral("2,128,512"));
    }
    // §9.7: a 1-D vector across partitions and banks.
    void vectorAcrossBanks()
    {
        const auto l = makeLayout({it(2, 1, Bank), it(512, 1, F), it(8, 1, P)});
        const auto a = applyLayout(*l, ints({5000}), ints({8192}));
        QCOMPARE(coord(a, Bank), int64_t{1});
        QCOMPARE(coord(a, P), int64_t{0});
        QCOMPARE(coord(a, F), int64_t{113});
        QCOMPARE(shapeOf(*physicalTensorType(tensorOf(ints({8192}), l, "trn.psum"), true)), QStringLiteral("2,8,512"));
    }
    // §9.8: interleaved P.
    void interleavedPartitions()
    {
        const auto l = makeLayout({it(2, 1, F), it(6, 1, P), it(4, 12, F), it(2, 6, P), it(2, 48, F)});
        checkPF(l, ints({12, 16}), ints({7, 13}), 1, 85);
        checkPF(l, ints({12, 16}), ints({5, 2}), 11, 0);
        checkPF(l, ints({12, 16}), ints({6, 4}), 0, 13);
        QCOMPARE(num(layoutSize(*l, P)), int64_t{12});
        QCOMPARE(num(layoutSpan(*l, F)), int64_t{86});
    }
    // §9.9: size versus span.
    void sizeVersusSpan()
    {
        const auto a = makeLayout({it(8, 64, F), it(8, 1, P), it(8, 1, F)});
        QCOMPARE(num(layoutSize(*a, P)), int64_t{8});
        QCOMPARE(num(layoutSize(*a, F)), int64_t{64});
        QCOMPARE(num(layoutSpan(*a, F)), int64_t{456});
        QCOMPARE(num(layoutSize(*a)), int64_t{512});
        const auto b = makeLayout({it(128, 1, P), it(8, 512, F), it(2, 256, F), it(128, 2, F)});
        QCOMPARE(num(layoutSpan(*b, F)), int64_t{4095});
        QCOMPARE(num(layoutSize(*b, Bank)), int64_t{1});
        QCOMPARE(num(layoutSpan(*b, Bank)), int64_t{1});
        QCOMPARE(num(layoutSpan(*b)), int64_t{1 + 127 + 4094});
    }
    // §9.10: canonicalisation.
    void canonicalize()
    {
        const auto a = canonicalizeLayout(*makeLayout({it(8, 8, F), it(1, 1, P), it(8, 1, F)}));
        QCOMPARE(QString::fromStdString(printLayout(*a)), QStringLiteral("T.TileLayout(T.S[(64,):(1 @ F,)])"));
        const auto b = canonicalizeLayout(*makeLayout({it(128, 2048, m), it(2048, 1, m)}));
        QCOMPARE(QString::fromStdString(printLayout(*b)), QStringLiteral("T.TileLayout(T.S[(262144,):(1,)])"));
        const auto units = canonicalizeLayout(*makeLayout({it(1, 4, P), it(1, 1, F)}));
        QCOMPARE(QString::fromStdString(printLayout(*units)), QStringLiteral("T.TileLayout(T.S[(1,):(1 @ P,)])"));
        // P then F never fuse: different axes.
        const auto pf = canonicalizeLayout(*makeLayout({it(128, 1, P), it(512, 1, F)}));
        QCOMPARE(pf->shard().size(), size_t{2});
    }
    // §9.11: a global tensor flattens to the row-major offset.
    void globalFlattened()
    {
        const auto l = canonicalizeLayout(*makeLayout({it(4, 512 * 128, m), it(128, 512, m), it(512, 1, m)}));
        const auto a = applyLayout(*l, ints({300, 17}), ints({512, 512}));
        QCOMPARE(coord(a, m), int64_t{300 * 512 + 17});
        QCOMPARE(shapeOf(*physicalTensorType(tensorOf(ints({512, 512}), l, "global"), false)),
                 QStringLiteral("262144"));
    }
    // §9.12: a view regroups the parent's layout by its own shape.
    void viewRegroups()
    {
        const auto l = makeLayout({it(128, 1, P), it(2048, 1, F)});
        checkPF(l, ints({128, 4, 512}), ints({5, 3, 100}), 5, 1636);
        const auto g = groupLayout(*l, ints({128, 4, 512}));
        QVERIFY(g.ok());
        QCOMPARE(QString::fromStdString(printLayout(*g.layout)),
                 QStringLiteral("T.TileLayout(T.S[(128, 4, 512):(1 @ P, 512 @ F, 1 @ F)])"));
    }
    void groupUnitDims()
    {
        const auto g = groupLayout(*makeLayout({it(128, 1, P)}), ints({1, 128, 1}));
        QVERIFY(g.ok());
        QCOMPARE(g.seps, (std::vector<size_t>{0, 1, 2, 3}));
        checkPF(makeLayout({it(128, 1, P)}), ints({1, 128, 1}), ints({0, 9, 0}), 9, 0);
    }
    void groupFailsAndApplyFallsBack()
    {
        // (6, 4) row-major on F cannot be cut at the boundary of a (4, 6) shape.
        const auto l = makeLayout({it(6, 4, F), it(4, 1, F)});
        const auto g = groupLayout(*l, ints({4, 6}));
        QVERIFY(!g.ok());
        QVERIFY(g.error.find("cannot be grouped") != std::string::npos);
        checkPF(l, ints({4, 6}), ints({2, 3}), 0, 15);
        checkPF(l, ints({4, 6}), ints({3, 5}), 0, 23);
    }
    void groupFailsOnSizeMismatch()
    {
        QVERIFY(!groupLayout(*makeLayout({it(128, 1, P)}), ints({64})).ok());
        QVERIFY(!groupLayout(*makeLayout({it(64, 1, P)}), ints({128})).ok());
    }
    void offsetsAreAdded()
    {
        const auto l = makeLayout({it(128, 1, P), it(64, 1, F)}, {}, {{F, c(16)}});
        checkPF(l, ints({128, 64}), ints({3, 5}), 3, 21);
        QCOMPARE(num(layoutSpan(*l, F)), int64_t{80});
    }
    void trainiumDetection()
    {
        QVERIFY(isTrainiumLayout(makeLayout({it(128, 1, P), it(512, 1, F)}).get()));
        QVERIFY(!isTrainiumLayout(makeLayout({it(128, 512, m), it(512, 1, m)}).get()));
        QVERIFY(!isTrainiumLayout(nullptr));
        const Axis tx = Axis::find("tx");
        QVERIFY(tx.valid());
        const auto threaded = makeLayout({it(32, 1, tx), it(16, 1, F)});
        QVERIFY(isTrainiumLayout(threaded.get()));
        QVERIFY(hasThreadAxis(*threaded));
        QVERIFY(!hasThreadAxis(*makeLayout({it(128, 1, P)})));
    }
    void physicalTypes()
    {
        // bool is stored as int8; strides cleared; layout None.
        const auto t = physicalTensorType(
            tensorOf(ints({128, 64}), makeLayout({it(128, 1, P), it(64, 1, F)}), "trn.sbuf", DataType::boolean()),
            true);
        QCOMPARE(t->dtype(), DataType::int8());
        QVERIFY(!t->layout());
        // Non-Trainium, no strides: product of the logical shape, not the span.
        const auto g =
            physicalTensorType(tensorOf(ints({4, 8}), makeLayout({it(4, 16, m), it(8, 1, m)}), "global"), false);
        QCOMPARE(shapeOf(*g), QStringLiteral("32"));
        // Thread-axis allocation: the memory span.
        const auto th = physicalTensorType(
            tensorOf(ints({32, 4}), makeLayout({it(32, 1, Axis::find("tx")), it(4, 2, m)}), "local"), true);
        QCOMPARE(shapeOf(*th), QStringLiteral("7"));
    }
    void symbolicGroupedApply()
    {
        // spec 03 §5.4: (i*128 + p, f) on the SBUF layout → (p, i*512 + f).
        const Var i = makeVar("i", VarType::scalar(DataType::int32()));
        const Var p = makeVar("p_loop", VarType::scalar(DataType::int32()));
        const Var f = makeVar("f_loop", VarType::scalar(DataType::int32()));
        const VarRanges r{{i.get(), {0, 4}}, {p.get(), {0, 128}}, {f.get(), {0, 512}}};
        const auto l = makeLayout({it(4, 512, F), it(128, 1, P), it(512, 1, F)});
        const auto co = applyLayout(*l, {add(mul(i, c(128)), p), f}, ints({512, 512}));
        QCOMPARE(QString::fromStdString(printExpr(simplify(coordOf(co, P), r))), QStringLiteral("p_loop"));
        QCOMPARE(QString::fromStdString(printExpr(simplify(coordOf(co, F), r))), QStringLiteral("i * 512 + f_loop"));
        const auto split = splitCoord(p, ints({2, 64}));
        QCOMPARE(QString::fromStdString(printExpr(split[0])), QStringLiteral("p_loop // 64"));
        QCOMPARE(QString::fromStdString(printExpr(split[1])), QStringLiteral("p_loop % 64"));
    }
};

QTEST_APPLESS_MAIN(TestLayoutAlgebra)
#include "test_layout_algebra.moc"
