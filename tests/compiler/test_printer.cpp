// The canonical printer on IR built by hand (chapter 01 §10).

#include "ir_builders.h"

#include "script/printer.h"

#include <QtTest>

using namespace tirx;
using namespace tirx::testing;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

const char* kHeader = "# from tvm_tirx.script import tirx as T\n\n@T.ir_module\nclass Module:\n";

std::string moduleText(const std::string& body) { return kHeader + body; }

// The first differing line of two texts, for readable failures.
std::string firstDiff(const std::string& a, const std::string& b)
{
    size_t pos = 0;
    int lineNo = 1;
    while (pos < a.size() && pos < b.size()) {
        const size_t ea = a.find('\n', pos), eb = b.find('\n', pos);
        const std::string la = a.substr(pos, ea - pos), lb = b.substr(pos, eb - pos);
        if (la != lb) return "line " + std::to_string(lineNo) + ":\n  actual:   " + la + "\n  expected: " + lb;
        if (ea == std::string::npos || eb == std::string::npos) break;
        pos = ea + 1;
        ++lineNo;
    }
    return "texts differ in length (" + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + ")";
}

#define COMPARE_TEXT(actual, expected)                                                                                 \
    do {                                                                                                               \
        const std::string a_ = (actual), e_ = (expected);                                                              \
        QVERIFY2(a_ == e_, firstDiff(a_, e_).c_str());                                                                 \
    } while (false)

Expr binop(BinaryOp op, Expr a, Expr b) { return binary(op, std::move(a), std::move(b)); }

} // namespace

class TestPrinter : public QObject {
    Q_OBJECT

private slots:
    void emptyModule() { QCOMPARE(q(printModule(Module{})), q(moduleText("    pass\n"))); }

    void apiDocPrivateAllocExpected()
    {
        // Chapter 03 §2.3, the API doc's Expected module.
        const Layout tile = pfLayout({{128, 1, "P"}, {512, 1, "F"}});
        const Var cb = tensorVar("const_bias", tensorTy({128, 512}, DataType::float32(), "trn.sbuf"));
        const Var a = tensorVar("A", tensorTy({128, 512}, DataType::float32(), "trn.sbuf", tile));
        const Var c = tensorVar("C", tensorTy({128, 512}, DataType::float32(), "trn.sbuf", tile));
        const Var p = intVar("p");
        const Var f = intVar("f");
        const Stmt init = makeRegion(
            kTensorizedInstruction, {}, {},
            nkiDimLoop(p, 128, "P",
                       nkiDimLoop(f, 512, "F",
                                  makeEvaluate(call("tirx.nki.memset", {tensorLoad(cb, {p, f}), floatImm(1.0)})))));
        const Stmt act = makeEvaluate(call("tirx.trn.tile.activation", {c, a, tuple({}), floatImm(1.0), cb},
                                           Attrs{{{"opcode", stringImm("exp")}}}));
        const Stmt body = makeRegion(kDeviceEntry, {}, {}, makeSeq({alloc(cb), init, alloc(a), alloc(c), act}));
        const std::string text = printModule(moduleOf({fn("main", {}, body)}));
        const std::string expected = moduleText(
            "    @T.function\n"
            "    def main():\n"
            "        T.device_entry()\n"
            "        const_bias = T.alloc_tensor(ty_args=[T.Tensor((128, 512), \"float32\", scope=\"trn.sbuf\")])\n"
            "        with T.nki.tensorized_instruction():\n"
            "            for p in T.serial(128, annotations={\"nki_dim\": \"P\"}):\n"
            "                for f in T.serial(512, annotations={\"nki_dim\": \"F\"}):\n"
            "                    T.nki.memset(const_bias[p, f], T.float32(1.0))\n"
            "        A = T.alloc_tensor(ty_args=[T.Tensor((128, 512), \"float32\", scope=\"trn.sbuf\", "
            "layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])\n"
            "        C = T.alloc_tensor(ty_args=[T.Tensor((128, 512), \"float32\", scope=\"trn.sbuf\", "
            "layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])\n"
            "        T.trn.tile.activation(C, A, None, T.float32(1.0), const_bias=const_bias, opcode=\"exp\")\n");
        COMPARE_TEXT(text, expected);
    }

    void lowerLayoutFlattenedParam()
    {
        // Chapter 03 §5.4 shape: a flattened parameter view named like its
        // parameter is renamed A_1; loops merge into T.grid.
        const Var a = tensorVar("A", tensorTy({512, 512}));
        const Var a1 = tensorVar("A", tensorTy({262144}));
        const Var sb = tensorVar("A_sbuf", tensorTy({128, 2048}, DataType::float32(), "trn.sbuf"));
        const Var i = intVar("i"), b = intVar("b_loop"), p = intVar("p_loop"), f = intVar("f_loop");
        const Expr dst = tensorLoad(sb, {p, add(mul(i, i32(512)), f)});
        const Expr src = tensorLoad(a1, {add(add(mul(i, i32(65536)), mul(p, i32(512))), f)});
        const Stmt inner = makeRegion(
            kTensorizedInstruction, {}, {},
            nkiDimLoop(p, 128, "P", nkiDimLoop(f, 512, "F", makeEvaluate(call("tirx.nki.load", {dst, src})))));
        const Stmt body = makeSeq({decl(a1, a), alloc(sb), loop(i, 4, loop(b, 1, inner))});
        const std::string text =
            printFunction(*fn("expected", {a}, body, Attrs{{{"global_symbol", stringImm("copy")}}}), "expected");
        const std::string expected =
            "# from tvm_tirx.script import tirx as T\n\n"
            "@T.function\n"
            "def expected(A: T.Tensor((512, 512), \"float32\", layout=None)):\n"
            "    T.func_attr({\"global_symbol\": \"copy\"})\n"
            "    A_1 = T.decl_tensor(A.data, ty_args=[T.Tensor((262144,), \"float32\", layout=None)])\n"
            "    A_sbuf = T.alloc_tensor(ty_args=[T.Tensor((128, 2048), \"float32\", scope=\"trn.sbuf\")])\n"
            "    for i, b_loop in T.grid(4, 1):\n"
            "        T.nki.tensorized_instruction()\n"
            "        for p_loop in T.serial(128, annotations={\"nki_dim\": \"P\"}):\n"
            "            for f_loop in T.serial(512, annotations={\"nki_dim\": \"F\"}):\n"
            "                T.nki.load(A_sbuf[p_loop, i * 512 + f_loop], A_1[i * 65536 + p_loop * 512 + f_loop])\n";
        COMPARE_TEXT(text, expected);
    }

    void tensorLayoutKeyword()
    {
        auto typeText = [](TensorTypeRef t) {
            const Var v = tensorVar("X", std::move(t));
            const std::string s = printFunction(*fn("f", {v}, makeSeq({})), "f");
            const auto open = s.find("X: ") + 3;
            return q(s.substr(open, s.find("):\n") - open));
        };
        QCOMPARE(typeText(tensorTy({128, 4}, DataType::float32(), "trn.sbuf")),
                 QStringLiteral("T.Tensor((128, 4), \"float32\", scope=\"trn.sbuf\")"));
        QCOMPARE(typeText(tensorTy({8, 128, 512}, DataType::float32(), "trn.psum")),
                 QStringLiteral("T.Tensor((8, 128, 512), \"float32\", scope=\"trn.psum\")"));
        QCOMPARE(typeText(tensorTy({128}, DataType::float16())),
                 QStringLiteral("T.Tensor((128,), \"float16\", layout=None)"));
        QCOMPARE(typeText(tensorTy({39}, DataType::uint8(), "local")),
                 QStringLiteral("T.Tensor((39,), \"uint8\", scope=\"local\", layout=None)"));
        QCOMPARE(typeText(tensorTy({4, 8}, DataType::bfloat16(), "global", defaultLayout(shapeOf({4, 8})))),
                 QStringLiteral("T.Tensor((4, 8), \"bfloat16\", layout=\"default\")"));
        QCOMPARE(typeText(tensorTy({512, 512}, DataType::float32(), "global",
                                   pfLayout({{4, 65536, "m"}, {128, 512, "m"}, {512, 1, "m"}}))),
                 QStringLiteral("T.Tensor((512, 512), \"float32\", "
                                "layout=T.TileLayout(T.S[(4, 128, 512):(65536, 512, 1)]))"));
        TensorType::Fields f;
        f.shape = shapeOf({16, 16});
        f.strides = shapeOf({32, 1});
        f.elemOffset = i32(8);
        f.alignment = 128;
        f.offsetFactor = 4;
        f.scope = "shared";
        QCOMPARE(typeText(makeTensorType(f)),
                 QStringLiteral("T.Tensor((16, 16), \"float32\", strides=(32, 1), elem_offset=8, scope=\"shared\", "
                                "align=128, offset_factor=4, layout=None)"));
    }

    void layouts()
    {
        QCOMPARE(q(printLayout(*pfLayout({{128, 1, "P"}}))), QStringLiteral("T.TileLayout(T.S[(128,):(1 @ P,)])"));
        QCOMPARE(q(printLayout(*pfLayout({{32, 256, "F"}, {128, 1, "P"}, {256, 1, "F"}}))),
                 QStringLiteral("T.TileLayout(T.S[(32, 128, 256):(256 @ F, 1 @ P, 1 @ F)])"));
        const Layout withExtras =
            makeLayout({Iter{i32(8), i32(512), Axis::F()}, Iter{i32(128), i32(1), Axis::P()}},
                       {Iter{i32(2), i32(4), Axis::F()}}, {{Axis::m(), i32(2)}, {Axis::F(), i32(4)}});
        QCOMPARE(q(printLayout(*withExtras)),
                 QStringLiteral("T.TileLayout(T.S[(8, 128):(512 @ F, 1 @ P)] + T.R[(2,):(4 @ F,)] + 4 @ F + 2)"));
        const Var n = intVar("n");
        const Layout sym = makeLayout({Iter{n, add(n, i32(1)), Axis::F()}, Iter{i32(2), mul(n, i32(4)), Axis::P()}});
        QCOMPARE(q(printLayout(*sym)), QStringLiteral("T.TileLayout(T.S[(n, 2):((n + 1) @ F, n * 4 @ P)])"));
    }

    void constants()
    {
        QCOMPARE(q(printExpr(i32(5))), QStringLiteral("5"));
        QCOMPARE(q(printExpr(i32(-3))), QStringLiteral("-3"));
        QCOMPARE(q(printExpr(intImm(1, DataType::int64()))), QStringLiteral("T.int64(1)"));
        QCOMPARE(q(printExpr(intImm(-1, DataType::int8()))), QStringLiteral("T.int8(-1)"));
        QCOMPARE(q(printExpr(intImm(7, DataType::int16()))), QStringLiteral("T.int16(7)"));
        QCOMPARE(q(printExpr(intImm(255, DataType::uint8()))), QStringLiteral("T.uint8(255)"));
        QCOMPARE(q(printExpr(boolImm(true))), QStringLiteral("T.bool(True)"));
        QCOMPARE(q(printExpr(boolImm(false))), QStringLiteral("T.bool(False)"));
        QCOMPARE(q(printExpr(floatImm(1.0))), QStringLiteral("T.float32(1.0)"));
        QCOMPARE(q(printExpr(floatImm(1.25))), QStringLiteral("T.float32(1.25)"));
        QCOMPARE(q(printExpr(floatImm(0.1))), QStringLiteral("T.float32(0.1)"));
        QCOMPARE(q(printExpr(floatImm(-2.5))), QStringLiteral("T.float32(-2.5)"));
        QCOMPARE(q(printExpr(floatImm(1e-05))), QStringLiteral("T.float32(1e-05)"));
        QCOMPARE(q(printExpr(floatImm(0.0001))), QStringLiteral("T.float32(0.0001)"));
        QCOMPARE(q(printExpr(floatImm(1e16))), QStringLiteral("T.float32(1e+16)"));
        QCOMPARE(q(printExpr(floatImm(123456789.0))), QStringLiteral("T.float32(123456789.0)"));
        QCOMPARE(q(printExpr(floatImm(1.5e300, DataType::float64()))), QStringLiteral("T.float64(1.5e+300)"));
        QCOMPARE(q(printExpr(floatImm(1.0, DataType::float16()))), QStringLiteral("T.float16(1.0)"));
        QCOMPARE(q(printExpr(floatImm(0.5, DataType::bfloat16()))), QStringLiteral("T.bfloat16(0.5)"));
        QCOMPARE(q(printExpr(floatImm(-0.0))), QStringLiteral("T.float32(-0.0)"));
        QCOMPARE(q(printExpr(stringImm("exp"))), QStringLiteral("\"exp\""));
        QCOMPARE(q(printExpr(stringImm("a\"b\\c\nd"))), QStringLiteral("\"a\\\"b\\\\c\\nd\""));
    }

    void precedence()
    {
        const Var a = intVar("a"), b = intVar("b"), c = intVar("c");
        QCOMPARE(q(printExpr(mul(add(a, b), c))), QStringLiteral("(a + b) * c"));
        QCOMPARE(q(printExpr(add(mul(a, b), c))), QStringLiteral("a * b + c"));
        QCOMPARE(q(printExpr(sub(sub(a, b), c))), QStringLiteral("a - b - c"));
        QCOMPARE(q(printExpr(sub(a, sub(b, c)))), QStringLiteral("a - (b - c)"));
        QCOMPARE(q(printExpr(sub(a, add(b, c)))), QStringLiteral("a - (b + c)"));
        QCOMPARE(q(printExpr(add(a, add(b, c)))), QStringLiteral("a + (b + c)"));
        QCOMPARE(q(printExpr(floorDiv(a, mul(b, c)))), QStringLiteral("a // (b * c)"));
        QCOMPARE(q(printExpr(mul(floorDiv(a, b), c))), QStringLiteral("a // b * c"));
        QCOMPARE(q(printExpr(add(mul(floorDiv(a, i32(16)), i32(64)), mul(floorMod(a, i32(4)), i32(16))))),
                 QStringLiteral("a // 16 * 64 + a % 4 * 16"));
        QCOMPARE(q(printExpr(mul(a, i32(-1)))), QStringLiteral("a * -1"));
        QCOMPARE(q(printExpr(binop(BinaryOp::LT, add(a, b), c))), QStringLiteral("a + b < c"));
        QCOMPARE(q(printExpr(binop(BinaryOp::EQ, binop(BinaryOp::LT, a, b), boolImm(true)))),
                 QStringLiteral("(a < b) == T.bool(True)"));
        const Expr lt = binop(BinaryOp::LT, a, b);
        const Expr gt = binop(BinaryOp::GT, b, c);
        QCOMPARE(q(printExpr(binop(BinaryOp::And, lt, gt))), QStringLiteral("a < b and b > c"));
        QCOMPARE(q(printExpr(binop(BinaryOp::Or, binop(BinaryOp::And, lt, gt), lt))),
                 QStringLiteral("a < b and b > c or a < b"));
        QCOMPARE(q(printExpr(binop(BinaryOp::And, lt, binop(BinaryOp::Or, gt, lt)))),
                 QStringLiteral("a < b and (b > c or a < b)"));
        QCOMPARE(q(printExpr(logicalNot(binop(BinaryOp::And, lt, gt)))), QStringLiteral("not (a < b and b > c)"));
        QCOMPARE(q(printExpr(binop(BinaryOp::And, logicalNot(lt), gt))), QStringLiteral("not a < b and b > c"));
        QCOMPARE(q(printExpr(binop(BinaryOp::Min, add(a, b), c))), QStringLiteral("T.min(a + b, c)"));
        QCOMPARE(q(printExpr(binop(BinaryOp::Max, a, b))), QStringLiteral("T.max(a, b)"));
        QCOMPARE(q(printExpr(binop(BinaryOp::Div, a, b))), QStringLiteral("T.Div(a, b)"));
        QCOMPARE(q(printExpr(binop(BinaryOp::Mod, a, b))), QStringLiteral("T.truncmod(a, b)"));
        const Var x = intVar("x", DataType::float32()), y = intVar("y", DataType::float32());
        QCOMPARE(q(printExpr(binop(BinaryOp::Div, add(x, y), y))), QStringLiteral("(x + y) / y"));
        QCOMPARE(q(printExpr(select(lt, a, b))), QStringLiteral("T.Select(a < b, a, b)"));
        QCOMPARE(q(printExpr(cast(DataType::float64(), x))), QStringLiteral("T.Cast(\"float64\", x)"));
        QCOMPARE(q(printExpr(add(a, intImm(1, DataType::int64())))),
                 QStringLiteral("T.Cast(\"int64\", a) + T.int64(1)"));
    }

    void regionsAndCalls()
    {
        const Var t = tensorVar("C", tensorTy({256, 512}, DataType::float32(), "trn.sbuf"));
        const Var i = intVar("i");
        const Expr lo = mul(i, i32(128));
        QCOMPARE(q(printExpr(tensorRegion(t, {Range{lo, i32(128)}, Range{i32(0), i32(512)}}))),
                 QStringLiteral("C[i * 128:i * 128 + 128, 0:512]"));
        QCOMPARE(q(printExpr(tensorRegion(t, {Range{i32(0), i32(1)}, Range{i32(0), i32(128)}}))),
                 QStringLiteral("C[0, 0:128]"));
        QCOMPARE(q(printExpr(tensorRegion(t, {Range{i32(3), i32(1)}, Range{i32(5), i32(1)}}))),
                 QStringLiteral("C[3:4, 5:6]"));
        QCOMPARE(q(printExpr(tuple({}))), QStringLiteral("()"));
        QCOMPARE(q(printExpr(tuple({i32(0)}))), QStringLiteral("(0,)"));
        QCOMPARE(q(printExpr(tuple({i32(0), i32(16)}))), QStringLiteral("(0, 16)"));
        // Matmul: every operand present prints positionally; the workspace by keyword.
        const Var acc = tensorVar("acc_psum", tensorTy({8, 128, 512}, DataType::float32(), "trn.psum"));
        const Expr mm = call("tirx.trn.tile.matmul",
                             {t, t, t, t, boolImm(false), boolImm(false), floatImm(1.0), floatImm(0.0), acc});
        QCOMPARE(q(printExpr(mm)),
                 QStringLiteral("T.trn.tile.matmul(C, C, C, C, T.bool(False), T.bool(False), T.float32(1.0), "
                                "T.float32(0.0), acc_psum=acc_psum)"));
        // Trailing absent operands are omitted; qualifiers follow the table order.
        const Expr red = call("tirx.trn.tile.tensorreduce", {t, t, tuple({})},
                              Attrs{{{"reduce_op", stringImm("sum")}, {"axes", tuple({i32(1), i32(3)})}}});
        QCOMPARE(q(printExpr(red)), QStringLiteral("T.trn.tile.tensorreduce(C, C, reduce_op=\"sum\", axes=(1, 3))"));
        QCOMPARE(q(printExpr(call("tirx.nki.matmul", {tensorLoad(t, {i32(0), i32(0)}), tensorLoad(t, {i, i}),
                                                      tensorLoad(t, {i32(1), i}), boolImm(true)}))),
                 QStringLiteral("T.nki.matmul(C[0, 0], C[i, i], C[1, i], T.bool(True))"));
        QCOMPARE(q(printExpr(call(kTensorDataPtr, {t}))), QStringLiteral("C.data"));
        // Defaulted qualifiers are left out, the operation selector is kept.
        const Expr act =
            call("tirx.trn.tile.activation", {t, t, floatImm(1.0), floatImm(0.0), tuple({})},
                 Attrs{{{"scope", stringImm("thread")}, {"opcode", stringImm("exp")}, {"max_inst_size", i32(512)}}});
        QCOMPARE(q(printExpr(act)),
                 QStringLiteral("T.trn.tile.activation(C, C, T.float32(1.0), T.float32(0.0), opcode=\"exp\")"));
    }

    void loops()
    {
        const Var i = intVar("i"), j = intVar("j"), k = intVar("k");
        const Var t = tensorVar("A", tensorTy({4, 4}));
        auto store = [&](Expr a, Expr b) { return makeStore(t, floatImm(0.0), {std::move(a), std::move(b)}); };
        auto body = [](const Stmt& s) {
            const std::string text = printFunction(*fn("f", {}, s), "f");
            return q(text.substr(text.find("():\n") + 4));
        };
        QCOMPARE(body(loop(i, 4, loop(j, 4, store(i, j)))),
                 QStringLiteral("    for i, j in T.grid(4, 4):\n        A[i, j] = T.float32(0.0)\n"));
        // An inner extent that reads the outer variable blocks merging.
        ForNode::Fields inner{j, i32(0), add(i, i32(1)), i32(1), ForKind::Serial, store(i, j), {}};
        QCOMPARE(body(loop(i, 4, makeFor(inner))),
                 QStringLiteral("    for i in range(4):\n        for j in range(i + 1):\n"
                                "            A[i, j] = T.float32(0.0)\n"));
        QCOMPARE(body(loop(i, 4, store(i, i), ForKind::Serial, {}, 1)),
                 QStringLiteral("    for i in range(1, 4):\n        A[i, i] = T.float32(0.0)\n"));
        QCOMPARE(body(loop(i, 4, store(i, i), ForKind::Parallel)),
                 QStringLiteral("    for i in T.parallel(4):\n        A[i, i] = T.float32(0.0)\n"));
        QCOMPARE(body(loop(i, 4, store(i, i), ForKind::Unrolled)),
                 QStringLiteral("    for i in T.unroll(4):\n        A[i, i] = T.float32(0.0)\n"));
        QCOMPARE(body(loop(i, 4, store(i, i), ForKind::Vectorized, {}, 2)),
                 QStringLiteral("    for i in T.vectorized(2, 4):\n        A[i, i] = T.float32(0.0)\n"));
        QCOMPARE(body(loop(i, 4, store(i, i), ForKind::Serial, Attrs{{{"pragma_unroll", boolImm(true)}}})),
                 QStringLiteral("    for i in T.serial(4, unroll=True):\n        A[i, i] = T.float32(0.0)\n"));
        QCOMPARE(body(loop(i, 4, store(i, i), ForKind::Serial, Attrs{{{"disable_unroll", boolImm(true)}}})),
                 QStringLiteral("    for i in T.serial(4, unroll=False):\n        A[i, i] = T.float32(0.0)\n"));
        ForNode::Fields stepped{k, i32(0), i32(8), i32(2), ForKind::Serial, store(k, k), {}};
        QCOMPARE(body(makeFor(stepped)),
                 QStringLiteral("    for k in T.serial(8, step=2):\n        A[k, k] = T.float32(0.0)\n"));
        QCOMPARE(body(loop(i, 4, makeSeq({}))), QStringLiteral("    for i in range(4):\n        pass\n"));
    }

    void names()
    {
        // Siblings reuse a name once the first scope ended; nested clashes and
        // the reserved namespace name are suffixed.
        const Var t = tensorVar("T", tensorTy({4}, DataType::float32(), "trn.sbuf"));
        const Var i1 = intVar("i"), i2 = intVar("i"), i3 = intVar("i");
        const Var x1 = intVar("x"), x2 = intVar("x"), bad = intVar("2bad name");
        const Stmt s = makeSeq({
            alloc(t),
            loop(i1, 4, makeStore(t, floatImm(1.0), {i1})),
            loop(i2, 4, loop(i3, 4, makeStore(t, floatImm(1.0), {add(i2, i3)}))),
            makeBind(x1, i32(1)),
            makeBind(x2, add(x1, i32(1))),
            makeBind(bad, x2),
            makeEvaluate(bad),
        });
        const std::string text = printFunction(*fn("f", {}, s), "f");
        const std::string expected =
            "# from tvm_tirx.script import tirx as T\n\n"
            "@T.function\n"
            "def f():\n"
            "    T_1 = T.alloc_tensor(ty_args=[T.Tensor((4,), \"float32\", scope=\"trn.sbuf\")])\n"
            "    for i in range(4):\n"
            "        T_1[i] = T.float32(1.0)\n"
            "    for i, i_1 in T.grid(4, 4):\n"
            "        T_1[i + i_1] = T.float32(1.0)\n"
            "    x = 1\n"
            "    x_1 = x + 1\n"
            "    _2bad_name = x_1\n"
            "    T.evaluate(_2bad_name)\n";
        COMPARE_TEXT(text, expected);
    }

    void statementsAndAttrs()
    {
        const Var n = intVar("n");
        const Var h = makeVar("A_ptr", VarType::handleType());
        const Var t = tensorVar("A", tensorTy({16}, DataType::float32(), "trn.sbuf"));
        const Stmt s = makeSeq({
            alloc(t, {i32(4096)}),
            makeIf(binary(BinaryOp::LT, n, i32(4)), makeStore(t, floatImm(1.0), {n}),
                   makeIf(binary(BinaryOp::EQ, n, i32(5)), makeBreak(), makeContinue())),
            makeWhile(binary(BinaryOp::GT, n, i32(0)),
                      makeEvaluate(call("tirx.nki.memset", {tensorLoad(t, {n}), floatImm(0.0)}))),
            makeAssert(binary(BinaryOp::GE, n, i32(0)), stringImm("n must be non-negative")),
            makeRegion("tirx.device_scope", {}, {}, makeEvaluate(i32(1))),
            makeRegion("tirx.custom_scope", {i32(1)}, Attrs{{{"k", stringImm("v")}}}, makeEvaluate(i32(2))),
        });
        Attrs attrs{{{"target", call("target", {stringImm("aws/trn1/trn1.2xlarge")})},
                     {"tirx.is_entry_func", boolImm(true)},
                     {"num_inputs", i32(1)},
                     {"__private__", i32(1)}}};
        const std::string text = printModule(moduleOf({fn("kernel", {n, h}, s, attrs)}));
        const std::string expected = moduleText(
            "    @T.function(private=True)\n"
            "    def kernel(n: T.int32, A_ptr: T.handle):\n"
            "        T.func_attr({\"num_inputs\": 1, \"target\": T.target(\"aws/trn1/trn1.2xlarge\"), "
            "\"tirx.is_entry_func\": T.bool(True)})\n"
            "        A = T.alloc_tensor((4096,), ty_args=[T.Tensor((16,), \"float32\", scope=\"trn.sbuf\")])\n"
            "        if n < 4:\n"
            "            A[n] = T.float32(1.0)\n"
            "        else:\n"
            "            if n == 5:\n"
            "                break\n"
            "            else:\n"
            "                continue\n"
            "        while n > 0:\n"
            "            T.nki.memset(A[n], T.float32(0.0))\n"
            "        assert n >= 0, \"n must be non-negative\"\n"
            "        with T.device_scope():\n"
            "            T.evaluate(1)\n"
            "        with T.region(\"tirx.custom_scope\", [1], attrs={\"k\": \"v\"}):\n"
            "            T.evaluate(2)\n");
        COMPARE_TEXT(text, expected);
    }

    void twoFunctionsAndGlobalSymbol()
    {
        const Stmt s = makeEvaluate(call("tirx.nki.memset", {}));
        const Module m = moduleOf({fn("a", {}, s), fn("b", {}, s, Attrs{{{"global_symbol", stringImm("other")}}})});
        const std::string expected = moduleText("    @T.function\n"
                                                "    def a():\n"
                                                "        T.nki.memset()\n"
                                                "\n"
                                                "    @T.function\n"
                                                "    def b():\n"
                                                "        T.func_attr({\"global_symbol\": \"other\"})\n"
                                                "        T.nki.memset()\n");
        COMPARE_TEXT(printModule(m), expected);
    }

    void deterministic()
    {
        // A large flat body prints to the same text twice. (Throughput is
        // measured by tests/bench/bench_frontend, not asserted here.)
        const Var t = tensorVar("A", tensorTy({128, 512}, DataType::float32(), "trn.sbuf"));
        const Var p = intVar("p");
        std::vector<Stmt> body{alloc(t)};
        for (int k = 0; k < 20000; ++k) {
            body.push_back(
                loop(p, 128, makeStore(t, add(tensorLoad(t, {p, i32(k % 512)}), floatImm(1.5)), {p, i32(k % 512)})));
        }
        const Module m = moduleOf({fn("main", {}, makeSeq(std::move(body)))});
        const std::string a = printModule(m);
        QVERIFY(a.size() > 20000 * 40);
        QCOMPARE(q(printModule(m)), q(a));
    }
};

QTEST_GUILESS_MAIN(TestPrinter)
#include "test_printer.moc"
