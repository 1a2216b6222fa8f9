// Structural equality (chapter 01 §13) on IR built by hand: equal under
// renaming, and one test per kind of difference with the exact path.

#include "ir_builders.h"

#include "analysis/structural_equal.h"
#include "script/parser.h"

#include <QtTest>

#include <functional>

using namespace tirx;
using namespace tirx::testing;

namespace {

// Knobs for one small kernel; each test changes one of them on one side.
struct Knobs {
    std::string tensorName = "A";
    std::string loopName = "i";
    DataType dtype = DataType::float32();
    int64_t rows = 128;
    std::string scope = "trn.sbuf";
    bool pfLayout = true;
    const char* innerAxis = "F";
    std::vector<int64_t> placement;
    ForKind kind = ForKind::Serial;
    std::string nkiDim = "P";
    int64_t extent = 4;
    double fill = 1.0;
    std::string op = "tirx.nki.memset";
    bool swapStatements = false;
    bool extraStatement = false;
    std::string opcode = "exp";
    std::string target = "aws/trn1/trn1.2xlarge";
};

Module build(const Knobs& k)
{
    const Layout layout = k.pfLayout ? pfLayout({{k.rows, 1, "P"}, {512, 1, k.innerAxis}}) : nullptr;
    const Var a = tensorVar(k.tensorName, tensorTy({k.rows, 512}, k.dtype, k.scope, layout));
    const Var x = tensorVar("X", tensorTy({k.rows, 512}, k.dtype));
    const Var i = intVar(k.loopName);
    const Var p = intVar("p");
    std::vector<Expr> placement;
    for (auto v : k.placement) placement.push_back(i32(v));
    const Stmt fillLoop = makeRegion(
        kTensorizedInstruction, {}, {},
        loop(p, k.rows, makeEvaluate(call(k.op, {tensorLoad(a, {p, mul(i, i32(128))}), floatImm(k.fill, k.dtype)})),
             ForKind::Serial, Attrs{{{"nki_dim", stringImm(k.nkiDim)}}}));
    const Stmt outer = loop(i, k.extent, fillLoop, k.kind);
    const Stmt tile = makeEvaluate(
        call("tirx.trn.tile.activation", {fullRegion(a), fullRegion(x)}, Attrs{{{"opcode", stringImm(k.opcode)}}}));
    std::vector<Stmt> body{alloc(a, placement)};
    if (k.swapStatements) {
        body.push_back(tile);
        body.push_back(outer);
    } else {
        body.push_back(outer);
        body.push_back(tile);
    }
    if (k.extraStatement) body.push_back(makeEvaluate(call("tirx.nki.memset", {})));
    const Attrs attrs{{{"target", call("target", {stringImm(k.target)})}}};
    return moduleOf({fn("main", {x}, makeRegion(kDeviceEntry, {}, {}, makeSeq(std::move(body))), attrs)});
}

EqualityResult compareWith(const std::function<void(Knobs&)>& change)
{
    Knobs lhs;
    Knobs rhs;
    change(rhs);
    return structuralEqual(build(lhs), build(rhs));
}

#define EXPECT_DIFF(result, expectedPath, expectedReason)                                                              \
    do {                                                                                                               \
        const EqualityResult r_ = (result);                                                                            \
        QVERIFY2(!r_.equal, "expected a difference");                                                                  \
        QCOMPARE(QString::fromStdString(r_.path), QStringLiteral(expectedPath));                                       \
        QCOMPARE(QString::fromStdString(r_.reason), QStringLiteral(expectedReason));                                   \
    } while (false)

} // namespace

class TestStructuralEqual : public QObject {
    Q_OBJECT

private slots:
    void equalToItself()
    {
        const Module m = build({});
        QVERIFY(structuralEqual(m, m).equal);
        QVERIFY(structuralEqual(build({}), build({})).equal);
    }

    void equalUnderRenaming()
    {
        const EqualityResult r = compareWith([](Knobs& k) {
            k.tensorName = "B";
            k.loopName = "j";
        });
        QVERIFY2(r.equal, qPrintable(QString::fromStdString(r.path + ": " + r.reason)));
    }

    void dtype()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.dtype = DataType::float16(); }), "main.params[0].type.dtype",
                    "dtype float32 vs float16");
    }

    void shape()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.rows = 64; }), "main.params[0].type.shape[0]", "constant 128 vs 64");
    }

    void scope()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.scope = "trn.psum"; }), "main.body.body[0].value.ty_args[0].scope",
                    "scope trn.sbuf vs trn.psum");
    }

    void layoutAxis()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.innerAxis = "P"; }),
                    "main.body.body[0].value.ty_args[0].layout.shard[1].axis", "axis F vs P");
    }

    void layoutNone()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.pfLayout = false; }), "main.body.body[0].value.ty_args[0].layout",
                    "layout TileLayout vs None");
    }

    void placement()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.placement = {0}; }), "main.body.body[0].value.args", "length 0 vs 1");
        Knobs a;
        a.placement = {0};
        Knobs b;
        b.placement = {16};
        EXPECT_DIFF(structuralEqual(build(a), build(b)), "main.body.body[0].value.args[0].fields[0]",
                    "constant 0 vs 16");
    }

    void loopKind()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.kind = ForKind::Parallel; }), "main.body.body[1].kind",
                    "loop kind serial vs parallel");
    }

    void annotation()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.nkiDim = "F"; }),
                    "main.body.body[1].body.body.annotations[\"nki_dim\"]", "string \"P\" vs \"F\"");
    }

    void loopExtent()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.extent = 8; }), "main.body.body[1].end", "constant 4 vs 8");
    }

    void floatConstant()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.fill = 0.5; }), "main.body.body[1].body.body.body.value.args[1]",
                    "constant 1 vs 0.5");
    }

    void opName()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.op = "tirx.nki.reciprocal"; }),
                    "main.body.body[1].body.body.body.value.op", "op tirx.nki.memset vs tirx.nki.reciprocal");
    }

    void qualifier()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.opcode = "sqrt"; }), "main.body.body[2].value.attrs[\"opcode\"]",
                    "string \"exp\" vs \"sqrt\"");
    }

    void statementOrder()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.swapStatements = true; }), "main.body.body[1]",
                    "statement For vs Evaluate");
    }

    void statementCount()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.extraStatement = true; }), "main.body.body", "statement count 3 vs 4");
    }

    void functionAttr()
    {
        EXPECT_DIFF(compareWith([](Knobs& k) { k.target = "aws/trn2/trn2.3xlarge"; }), "main.attrs[\"target\"].args[0]",
                    "string \"aws/trn1/trn1.2xlarge\" vs \"aws/trn2/trn2.3xlarge\"");
    }

    void variableMapping()
    {
        // x + y vs y + x over the same parameters: a use must follow the
        // definition-site pairing.
        const Var x = intVar("x"), y = intVar("y");
        const Var t = tensorVar("A", tensorTy({4}));
        const Module a = moduleOf({fn("main", {x, y, t}, makeStore(t, floatImm(0.0), {add(x, y)}))});
        const Module b = moduleOf({fn("main", {x, y, t}, makeStore(t, floatImm(0.0), {add(y, x)}))});
        EXPECT_DIFF(structuralEqual(a, b), "main.body.indices[0].a", "variable x vs y");
    }

    void freeVariables()
    {
        const Var n = intVar("n"), m = intVar("n");
        const Var t = tensorVar("A", tensorTy({4}));
        const Module a = moduleOf({fn("main", {t}, makeStore(t, floatImm(0.0), {n}))});
        const Module b = moduleOf({fn("main", {t}, makeStore(t, floatImm(0.0), {m}))});
        QVERIFY(structuralEqual(a, a).equal);
        EXPECT_DIFF(structuralEqual(a, b), "main.body.indices[0]", "variable n vs n");
    }

    void intDtypeMatters()
    {
        const Var t = tensorVar("A", tensorTy({4}));
        const Module a = moduleOf({fn("main", {t}, makeStore(t, floatImm(0.0), {i32(1)}))});
        const Module b = moduleOf({fn("main", {t}, makeStore(t, floatImm(0.0), {intImm(1, DataType::int64())}))});
        EXPECT_DIFF(structuralEqual(a, b), "main.body.indices[0]", "dtype int32 vs int64");
    }

    void moduleFunctions()
    {
        const Module a = moduleOf({fn("main", {}, makeSeq({}))});
        const Module b = moduleOf({fn("other", {}, makeSeq({}))});
        EXPECT_DIFF(structuralEqual(a, b), "main", "function main vs other");
    }

    // Written as TVMScript: printing forms are invisible to equality.
    void textFormsEqual()
    {
        auto eq = [](const char* a, const char* b) {
            const ParseResult x = parseModule(a);
            const ParseResult y = parseModule(b);
            if (!x.ok() || !y.ok()) return EqualityResult{false, "parse", "failed", {}, {}};
            return structuralEqual(*x.module, *y.module);
        };
        const char* head = "from tvm_tirx.script import tirx as T\n\n@T.function\ndef main(A: T.Tensor((128, 64), "
                           "\"float32\", layout=None)):\n";
        auto m = [&](const char* body) { return std::string(head) + body; };
        QVERIFY(eq(m("    for i in range(128):\n        A[i, 0] = T.float32(1)\n").c_str(),
                   m("    for k in T.serial(0, 128):\n        A[k, 0] = T.float32(1.0)\n").c_str())
                    .equal);
        QVERIFY(eq(m("    T.device_entry()\n    A[0, 0] = T.float32(1)\n").c_str(),
                   m("    with T.device_entry():\n        A[0, 0] = T.float32(1)\n").c_str())
                    .equal);
        QVERIFY(eq(m("    V = A.view(8192)\n    V[0] = T.float32(0)\n").c_str(),
                   m("    W = T.decl_tensor(A.data, ty_args=[T.Tensor((8192,), \"float32\", layout=None)])\n"
                     "    W[0] = T.float32(0)\n")
                       .c_str())
                    .equal);
        const EqualityResult r =
            eq(m("    A[0, 0] = T.float32(1)\n").c_str(), m("    A[0, 0] = T.float16(1)\n").c_str());
        QVERIFY(!r.equal);
        QCOMPARE(QString::fromStdString(r.path), QStringLiteral("main.body.value"));
        QCOMPARE(QString::fromStdString(r.reason), QStringLiteral("dtype float32 vs float16"));
        QCOMPARE(r.lhsSpan.line, 5u);
    }

    // Declarations of one constant type share a node, so a difference
    // inside a type is placed at the declaration that uses it.
    void typeDifferencesReportedAtTheirUse()
    {
        const char* a = "from tvm_tirx.script import tirx as T\n\n@T.function\ndef main():\n"
                        "    A = T.alloc_tensor((128, 8), \"int8\", scope=\"trn.sbuf\")\n"
                        "    B = T.alloc_tensor((128, 8), \"int8\", scope=\"trn.sbuf\")\n";
        const char* b = "from tvm_tirx.script import tirx as T\n\n@T.function\ndef main():\n"
                        "    A = T.alloc_tensor((128, 8), \"int8\", scope=\"trn.sbuf\")\n"
                        "    B = T.alloc_tensor((128, 16), \"int8\", scope=\"trn.sbuf\")\n";
        const ParseResult x = parseModule(a);
        const ParseResult y = parseModule(b);
        QVERIFY(x.ok() && y.ok());
        const EqualityResult r = structuralEqual(*x.module, *y.module);
        QVERIFY(!r.equal);
        QCOMPARE(QString::fromStdString(r.reason), QStringLiteral("constant 8 vs 16"));
        QCOMPARE(r.lhsSpan.line, 6u); // B's line, although A's declaration made the shared type
        QCOMPARE(r.rhsSpan.line, 6u);
    }

    // A lambda's parameters are definitions: `lambda r, c: r >= c` equals
    // itself parsed again and its renaming, and not its mirror image.
    void lambdaParametersAreDefinitions()
    {
        auto module = [](const char* predicate) {
            const std::string text =
                "from tvm_tirx.script import tirx as T\nfrom tvm_tirx.backend.trn.axis import P, F\n\n"
                "@T.function\ndef main():\n    T.device_entry()\n"
                "    A = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", "
                "layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))\n"
                "    B = T.alloc_tensor((128, 512), \"float32\", scope=\"trn.sbuf\", "
                "layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))\n"
                "    T.trn.tile.affine_select(B, A, T.float32(0.0), " +
                std::string(predicate) + ")\n";
            ParseResult r = parseModule(text);
            if (!r.ok()) qFatal("the lambda module does not parse");
            return r.module;
        };
        auto equal = [&](const char* a, const char* b) { return structuralEqual(*module(a), *module(b)); };
        QVERIFY(equal("lambda r, c: r >= c", "lambda r, c: r >= c").equal);
        QVERIFY(equal("lambda r, c: r >= c", "lambda i, j: i >= j").equal);
        const EqualityResult mirrored = equal("lambda r, c: r >= c", "lambda r, c: c >= r");
        QVERIFY(!mirrored.equal);
        QVERIFY2(mirrored.reason.find("variable") != std::string::npos, mirrored.reason.c_str());
        QVERIFY(!equal("lambda r, c: r >= c", "lambda r, c, d: r >= c").equal);
    }

    void spansReported()
    {
        const Var t = tensorVar("A", tensorTy({4}));
        const Module a = moduleOf({fn("main", {t}, makeStore(t, floatImm(0.0), {i32(1)}, Span{3, 5, 3, 20}))});
        const Module b =
            moduleOf({fn("main", {t}, makeStore(t, floatImm(0.0), {intImm(2, DataType::int32(), Span{7, 9, 7, 10})}))});
        const EqualityResult r = structuralEqual(a, b);
        QVERIFY(!r.equal);
        QCOMPARE(r.lhsSpan.line, 3u);
        QCOMPARE(r.rhsSpan.line, 7u);
        QCOMPARE(r.rhsSpan.column, 9u);
    }
};

QTEST_GUILESS_MAIN(TestStructuralEqual)
#include "test_structural_equal.moc"
