// The arithmetic simplifier must print exactly what the reference's
// Analyzer::Simplify prints: these are the index forms LowerTrainiumLayout
// and StmtSimplify produce (term order, floordiv/floormod normal forms).
#include "analysis/int_bounds.h"
#include "analysis/simplify.h"
#include "ir/make.h"
#include "script/printer.h"

#include <QTest>

using namespace tirx;

namespace {

Expr c(int64_t v) { return intImm(v); }
Expr lt(Expr a, Expr b) { return binary(BinaryOp::LT, std::move(a), std::move(b)); }

} // namespace

class TestSimplify : public QObject {
    Q_OBJECT

    Var i = makeVar("i", VarType::scalar(DataType::int32()));
    Var p = makeVar("p_loop", VarType::scalar(DataType::int32()));
    Var f = makeVar("f_loop", VarType::scalar(DataType::int32()));
    Var b = makeVar("b_loop", VarType::scalar(DataType::int32()));
    Var u = makeVar("u", VarType::scalar(DataType::int32()));
    Var x = makeVar("x", VarType::scalar(DataType::int32()));
    Var y = makeVar("y", VarType::scalar(DataType::int32()));
    VarRanges loops{{i.get(), {0, 4}}, {p.get(), {0, 128}}, {f.get(), {0, 512}}, {b.get(), {0, 64}}, {u.get(), {0, 1}}};

    void expect(const Expr& in, const VarRanges& ranges, const char* printed)
    {
        const Expr out = simplify(in, ranges);
        QCOMPARE(QString::fromStdString(printExpr(out)), QString::fromLatin1(printed));
        // Simplifying again changes nothing: the output is a fixed point.
        QCOMPARE(QString::fromStdString(printExpr(simplify(out, ranges))), QString::fromLatin1(printed));
    }

private slots:
    void globalIndexTermOrder()
    {
        // spec 03 §5.4: the flat global index of (i*128 + p, f) on (512, 512)
        expect(add(mul(add(mul(i, c(128)), p), c(512)), f), loops, "i * 65536 + p_loop * 512 + f_loop");
    }
    void floorDivByBounds() { expect(floorDiv(add(mul(i, c(128)), p), c(128)), loops, "i"); }
    void floorModByBounds() { expect(floorMod(add(mul(i, c(128)), p), c(128)), loops, "p_loop"); }
    void floorDivWithoutBounds()
    {
        // Equal coefficients: the larger lower factor comes first (reference sort).
        expect(floorDiv(add(mul(i, c(128)), p), c(128)), {}, "p_loop // 128 + i");
    }
    void floorModWithoutBounds() { expect(floorMod(add(mul(i, c(128)), p), c(128)), {}, "p_loop % 128"); }
    void splitTermsKeepTheirForm()
    {
        // tqchen/tvm test_*_trn.py expected index
        expect(add(mul(floorDiv(b, c(16)), c(64)), mul(floorMod(b, c(4)), c(16))), loops,
               "b_loop // 16 * 64 + b_loop % 4 * 16");
    }
    void divThenModBecomesModThenDiv() { expect(floorMod(floorDiv(b, c(4)), c(4)), loops, "b_loop % 16 // 4"); }
    void divModRecombine() { expect(add(mul(floorDiv(x, c(4)), c(4)), floorMod(x, c(4))), {}, "x"); }
    void likeTermsCancel() { expect(sub(add(p, c(3)), add(p, c(1))), loops, "2"); }
    void selfSubtraction() { expect(sub(x, x), {}, "0"); }
    void constantGoesLast() { expect(add(c(5), mul(x, c(2))), {}, "x * 2 + 5"); }
    void subtractionsAfterAdditions() { expect(add(sub(mul(y, c(2)), x), c(5)), {}, "y * 2 + 5 - x"); }
    void negativeConstantLast() { expect(sub(add(x, c(1)), c(4)), {}, "x - 3"); }
    void distributeConstant() { expect(sub(mul(add(x, c(2)), c(3)), c(6)), {}, "x * 3"); }
    void equalScalesKeepInsertionOrder() { expect(add(mul(y, c(4)), mul(x, c(4))), {}, "y * 4 + x * 4"); }
    void unitLoopVariableIsConstant() { expect(add(mul(u, c(512)), f), loops, "f_loop"); }
    void divOfMultiplePlusSmallConstant() { expect(floorDiv(add(mul(p, c(4)), c(3)), c(4)), loops, "p_loop"); }
    void modOfMultiplePlusVar() { expect(floorMod(add(f, mul(i, c(512))), c(512)), loops, "f_loop"); }
    void nonDividingScale() { expect(floorDiv(mul(x, c(3)), c(2)), {}, "x * 3 // 2"); }
    void divOfBoundedVarIsZero() { expect(floorDiv(p, c(128)), loops, "0"); }
    void modOfBoundedVarIsItself() { expect(floorMod(p, c(256)), loops, "p_loop"); }
    void modOfScaledVar() { expect(floorMod(mul(x, c(8)), c(32)), {}, "x % 4 * 8"); }
    void divOfScaledVar() { expect(floorDiv(mul(x, c(8)), c(32)), {}, "x // 4"); }
    void minMaxByBounds()
    {
        expect(binary(BinaryOp::Min, p, c(200)), loops, "p_loop");
        expect(binary(BinaryOp::Max, p, c(0)), loops, "p_loop");
        expect(binary(BinaryOp::Min, f, p), loops, "T.min(f_loop, p_loop)");
    }
    void comparisonsDecidedByBounds()
    {
        expect(lt(f, c(600)), loops, "T.bool(True)");
        expect(lt(f, c(0)), loops, "T.bool(False)");
        expect(binary(BinaryOp::GE, f, c(512)), loops, "T.bool(False)");
    }
    void undecidedGuardStays() { expect(lt(f, mul(i, c(128))), loops, "f_loop < i * 128"); }
    void greaterThanIsFlipped() { expect(binary(BinaryOp::GT, f, c(6)), loops, "6 < f_loop"); }
    void constantMovesRight() { expect(lt(add(x, c(2)), c(10)), {}, "x < 8"); }
    void logicalWithConstants()
    {
        expect(binary(BinaryOp::And, lt(x, y), lt(f, c(600))), loops, "x < y");
        expect(binary(BinaryOp::Or, lt(x, y), lt(f, c(600))), loops, "T.bool(True)");
        expect(logicalNot(lt(x, y)), {}, "y <= x");
    }
    void selectDecided() { expect(select(lt(p, c(128)), x, y), loops, "x"); }
    void unchangedKeepsPointer()
    {
        const Expr e = add(mul(i, c(512)), f);
        QVERIFY(simplify(e, loops) == e);
    }
    void boundsOfIndexExpressions()
    {
        const IntBound bd = constIntBound(add(mul(p, c(512)), f), loops);
        QCOMPARE(bd.min, int64_t{0});
        QCOMPARE(bd.max, int64_t{127 * 512 + 511});
        const IntBound md = constIntBound(floorMod(x, c(16)), {});
        QCOMPARE(md.min, int64_t{0});
        QCOMPARE(md.max, int64_t{15});
        QVERIFY(canProve(lt(add(mul(p, c(512)), f), c(65536)), loops));
        QVERIFY(!canProve(lt(x, c(5)), {}));
    }
    void int64StaysInt64()
    {
        const Var w = makeVar("w", VarType::scalar(DataType::int64()));
        const Expr e = simplify(add(mul(w, intImm(2, DataType::int64())), mul(w, intImm(3, DataType::int64()))), {});
        QCOMPARE(e->dtype(), DataType::int64());
        QCOMPARE(QString::fromStdString(printExpr(e)), QStringLiteral("w * T.int64(5)"));
    }
};

QTEST_APPLESS_MAIN(TestSimplify)
#include "test_simplify.moc"
