// The layout playground: fields read as a module would read them, and a bad
// layout reported in the field, at the column of the fault.
#include "script/layout_playground.h"

#include <QTest>

using namespace tirx;

class TestLayoutPlayground : public QObject {
    Q_OBJECT

private slots:
    void goodInputMaps()
    {
        PlaygroundInput in;
        in.shape = "(4096, 256)";
        in.layout = "T.TileLayout(T.S[(32, 128, 256):(256 @ F, 1 @ P, 1 @ F)])";
        const auto r = runPlayground(in);
        QVERIFY(r.diagnostics.empty());
        QVERIFY(r.grid);
        const auto c = r.grid->coordOf(r.grid->flatIndex({300, 17}));
        QCOMPARE(c.partition, int64_t{44});
        QCOMPARE(c.free, int64_t{529});
    }

    // The short import form and the P/F string annotation work as in a module.
    void otherSpellings()
    {
        PlaygroundInput in;
        in.shape = "(512, 512)";
        in.layout = "TileLayout(S[(4, 128, 512):(512 @ F, 1 @ P, 1 @ F)])";
        QVERIFY(runPlayground(in).grid);
        in.layout = "\"PF\"";
        const auto r = runPlayground(in);
        QVERIFY(r.grid);
        QCOMPARE(r.grid->physicalShape()[2], int64_t{2048});
    }

    void unknownAxisAtItsColumn()
    {
        PlaygroundInput in;
        in.layout = "T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ Q)])";
        const auto r = runPlayground(in);
        QVERIFY(!r.grid);
        QVERIFY(!r.diagnostics.empty());
        const auto& d = r.diagnostics.front();
        QCOMPARE(d.field, PlaygroundField::Layout);
        QCOMPARE(d.diagnostic.span.line, 1u);
        QCOMPARE(d.diagnostic.span.column, static_cast<uint32_t>(in.layout.find('Q') + 1));
    }

    // A layout that does not cover the shape: refused with both element
    // counts, at the layout field.
    void layoutAlgebraMessage()
    {
        PlaygroundInput in;
        in.layout = "T.TileLayout(T.S[(128, 256):(1 @ P, 1 @ F)])";
        const auto r = runPlayground(in);
        QVERIFY(!r.grid);
        QCOMPARE(r.diagnostics.size(), size_t{1});
        const auto& d = r.diagnostics.front();
        QCOMPARE(d.field, PlaygroundField::Layout);
        QCOMPARE(d.diagnostic.span.column, 1u);
        QCOMPARE(QString::fromStdString(d.diagnostic.message),
                 QStringLiteral("the layout covers 32768 elements but the shape (128, 512) has 65536"));
    }

    void badShapeAndDtype()
    {
        PlaygroundInput in;
        in.shape = "(128, 512";
        auto r = runPlayground(in);
        QVERIFY(!r.grid);
        QVERIFY(!r.diagnostics.empty());
        in = PlaygroundInput{};
        in.dtype = "float33";
        r = runPlayground(in);
        QVERIFY(!r.grid);
        QVERIFY(!r.diagnostics.empty());
        QCOMPARE(r.diagnostics.front().field, PlaygroundField::Dtype);
    }
};

QTEST_APPLESS_MAIN(TestLayoutPlayground)
#include "test_layout_playground.moc"
