// Trees deeper than any the parser builds, made directly: the visitor and
// mutator bases, structural equality and integer bounds either finish or
// stop at kMaxIrDepth with an answer or a located error, and freeing them
// takes no recursion. None of them may overflow the stack.

#include "ir_builders.h"

#include "analysis/int_bounds.h"
#include "analysis/structural_equal.h"
#include "analysis/verify.h"
#include "ir/functor.h"
#include "ir/ir_depth.h"
#include "target/target.h"
#include "transform/pipeline.h"

#include <QtTest>

#include <string>

using namespace tirx;
using namespace tirx::testing;

namespace {

constexpr int kDeep = 200000;                                          // far past the bound
constexpr int kWithin = kMaxIrDepth - 1000;                            // inside the visitors' bound
constexpr int kEqualWithin = kMaxIrDepth / kEqualityLevelWeight - 500; // inside structural equality's

// x + x + ... + x, left-associated: `levels` nested additions.
Expr chain(const Var& x, int levels)
{
    Expr e = x;
    for (int i = 0; i < levels; ++i) e = add(e, x);
    return e;
}

// `levels` nested serial loops around one store of `value`.
Stmt nest(int levels, const Expr& value, const Var& a)
{
    Stmt s = makeStore(a, value, {i32(0), i32(0)}, Span{9, 5, 9, 20});
    for (int i = 0; i < levels; ++i) s = loop(intVar("i" + std::to_string(i)), 2, s);
    return s;
}

FunctionRef kernel(int loops, int exprLevels)
{
    const Var a = tensorVar("A", tensorTy({128, 512}));
    const Var x = intVar("x");
    const Stmt body = nest(loops, cast(DataType::float32(), chain(x, exprLevels)), a);
    return fn("main", {a, x}, body);
}

bool visits(const Stmt& s)
{
    IrVisitor v;
    try {
        v.visitStmt(s);
        return true;
    } catch (const IrTooDeep&) {
        return false;
    }
}

bool mutates(const Stmt& s)
{
    IrMutator m;
    try {
        return m.mutateStmt(s) == s; // nothing to change: the same tree
    } catch (const IrTooDeep&) {
        return false;
    }
}

} // namespace

class TestIrDepth : public QObject {
    Q_OBJECT

private slots:
    void deepExpressionsStopTheWalks()
    {
        const auto f = kernel(1, kDeep);
        QVERIFY(!visits(f->body()));
        QVERIFY(!mutates(f->body()));
        const auto g = kernel(1, kDeep);
        const EqualityResult r = structuralEqual(*f, *g);
        QVERIFY(!r.equal);
        QVERIFY2(r.reason.find("levels deep") != std::string::npos, r.reason.c_str());
        const Var x = intVar("x", DataType::int32());
        // Past the bound a subtree counts as its type's whole range: still
        // a sound bound of the whole sum.
        const IntBound b = constIntBound(chain(x, kDeep), {});
        QVERIFY(b.min <= dtypeBound(DataType::int32()).min);
        QVERIFY(b.max >= dtypeBound(DataType::int32()).max);
    }

    void deepLoopNestsStopTheWalks()
    {
        const auto f = kernel(kDeep, 1);
        QVERIFY(!visits(f->body()));
        QVERIFY(!mutates(f->body()));
        const EqualityResult r = structuralEqual(*f, *kernel(kDeep, 1));
        QVERIFY(!r.equal);
        QVERIFY2(r.reason.find("levels deep") != std::string::npos, r.reason.c_str());
    }

    void treesWithinTheBoundAreWalkedWhole()
    {
        for (const auto& f : {kernel(1, kWithin), kernel(kWithin, 1)}) {
            QVERIFY(visits(f->body()));
            QVERIFY(mutates(f->body()));
        }
        const EqualityResult expr = structuralEqual(*kernel(1, kEqualWithin), *kernel(1, kEqualWithin));
        QVERIFY2(expr.equal, expr.reason.c_str());
        const EqualityResult loops = structuralEqual(*kernel(kEqualWithin, 1), *kernel(kEqualWithin, 1));
        QVERIFY2(loops.equal, loops.reason.c_str());
    }

    void thePipelineReportsTheDepthAtItsPlace()
    {
        const auto module = std::make_shared<const Module>(moduleOf({kernel(kDeep, 1)}));
        PipelineOptions options;
        options.passes = {"StmtSimplify"};
        options.context.target = findTarget("aws/trn1/trn1.2xlarge");
        options.check = [](const Module& m, const PassContext& ctx) { return verifyModule(m, *ctx.target); };
        // A visitor that reaches the bound throws; the verifier's is caught
        // by the pipeline and becomes the input's located error.
        const Trace trace = runPipeline(module, options);
        QVERIFY(trace.failed());
        bool found = false;
        for (const auto& entry : trace.entries) {
            for (const auto& d : entry->diagnostics)
                found = found || d.message.find("levels deep") != std::string::npos;
        }
        QVERIFY(found);
    }

    void deepTreesAreFreedWithoutRecursion()
    {
        // Built and dropped: a recursive destructor would overflow here.
        for (int round = 0; round < 2; ++round) {
            Stmt s = nest(kDeep, floatImm(0.0, DataType::float32()), tensorVar("A", tensorTy({128, 512})));
            QVERIFY(s);
            s.reset();
            Expr e = chain(intVar("x"), kDeep);
            e.reset();
        }
    }
};

QTEST_APPLESS_MAIN(TestIrDepth)
#include "test_ir_depth.moc"
