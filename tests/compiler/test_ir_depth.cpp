// Trees deeper than any the parser builds, made directly: the visitor and
// mutator bases, structural equality and integer bounds either finish or
// stop at kMaxIrDepth (or sooner, when the thread's stack is nearly used up)
// with an answer or a located error, and freeing them takes no recursion.
// None of them may overflow the stack, in any build: under AddressSanitizer
// a level's frames are several times larger, and the stack measure stops
// the walk where the level count would not.

#include "ir_builders.h"

#include "analysis/int_bounds.h"
#include "analysis/structural_equal.h"
#include "ir/functor.h"
#include "ir/ir_depth.h"
#include "target/target.h"
#include "transform/pipeline.h"
#include "verify/verify.h"

#include <QThread>
#include <QtTest>

#include <memory>

#include <string>

using namespace tirx;
using namespace tirx::testing;

namespace {

constexpr int kDeep = 200000;               // far past the bound
constexpr int kWithin = kMaxIrDepth - 1000; // inside the bound
// Stacks for the walks that must finish whole or stop early: a large one
// holds kMaxIrDepth levels in any build (structural equality takes about
// 2 KB a level in Debug, several times that under AddressSanitizer), a
// small one does not hold kWithin levels in any build. A walk keeps 64 KB
// of a small stack in reserve (ir_depth.cpp), so 128 KB leaves 64 KB for
// kWithin levels: 7 bytes a level, less than one call frame (a return
// address and a saved register are 16 bytes) at any optimisation level.
// 512 KB was not small enough: it leaves 448 KB, 50 bytes a level, and the
// visitor's levels take 48 bytes at -O2, so it walked the tree whole.
constexpr size_t kLargeStack = size_t{256} << 20;
constexpr size_t kSmallStack = size_t{128} << 10;

// Runs f on a thread of its own with a stack of `bytes`.
template <class F> void onStack(size_t bytes, F f)
{
    std::unique_ptr<QThread> thread{QThread::create(std::move(f))};
    thread->setStackSize(static_cast<uint>(bytes));
    thread->start();
    thread->wait();
}

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

// Empty when the walk finished, else why it stopped.
std::string visitStopped(const Stmt& s)
{
    IrVisitor v;
    try {
        v.visitStmt(s);
        return {};
    } catch (const IrTooDeep& e) {
        return e.what();
    }
}

bool visits(const Stmt& s) { return visitStopped(s).empty(); }

// Empty when the mutator finished with the same tree, else why it stopped.
std::string mutateStopped(const Stmt& s)
{
    IrMutator m;
    try {
        return m.mutateStmt(s) == s ? std::string{} : std::string{"a different tree"};
    } catch (const IrTooDeep& e) {
        return e.what();
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
        // On a stack that holds them, the level count is the only bound.
        bool visited = true;
        bool mutated = true;
        EqualityResult expr;
        EqualityResult loops;
        onStack(kLargeStack, [&] {
            for (const auto& f : {kernel(1, kWithin), kernel(kWithin, 1)}) {
                visited = visited && visits(f->body());
                mutated = mutated && mutates(f->body());
            }
            expr = structuralEqual(*kernel(1, kWithin), *kernel(1, kWithin));
            loops = structuralEqual(*kernel(kWithin, 1), *kernel(kWithin, 1));
        });
        QVERIFY(visited);
        QVERIFY(mutated);
        QVERIFY2(expr.equal, expr.reason.c_str());
        QVERIFY2(loops.equal, loops.reason.c_str());
    }

    void structuralEqualityAtTheBound()
    {
        // 10,000 levels, one of them differing at the bottom: found there
        // on a stack that holds the walk, and never a crash on one that
        // does not (the main thread's, under AddressSanitizer).
        const auto differing = [] {
            const Var a = tensorVar("A", tensorTy({128, 512}));
            const Var x = intVar("x");
            return fn("main", {a, x}, nest(kMaxIrDepth - 10, cast(DataType::float16(), x), a));
        };
        EqualityResult deep;
        onStack(kLargeStack, [&] { deep = structuralEqual(*kernel(kMaxIrDepth - 10, 1), *differing()); });
        QVERIFY(!deep.equal);
        QVERIFY2(deep.reason.find("float32 vs float16") != std::string::npos, deep.reason.c_str());
        // The path walks down every loop to the store.
        int bodies = 0;
        for (size_t at = deep.path.find(".body"); at != std::string::npos; at = deep.path.find(".body", at + 1))
            ++bodies;
        QVERIFY2(bodies >= kMaxIrDepth - 10, deep.path.substr(0, 200).c_str());
        const EqualityResult here = structuralEqual(*kernel(kMaxIrDepth - 10, 1), *differing());
        QVERIFY(!here.equal);
        QVERIFY2(here.reason.find("float32 vs float16") != std::string::npos ||
                     here.reason.find("levels deep") != std::string::npos,
                 here.reason.c_str());
    }

    void aSmallStackStopsTheWalkEarly()
    {
        // kWithin levels are within the count, not within 128 KB of stack:
        // each walk stops on the stack's bound (never the count's) instead
        // of overflowing.
        std::string visitor;
        std::string mutator;
        EqualityResult equal;
        onStack(kSmallStack, [&] {
            const auto f = kernel(1, kWithin);
            visitor = visitStopped(f->body());
            mutator = mutateStopped(f->body());
            equal = structuralEqual(*f, *kernel(1, kWithin));
        });
        QVERIFY2(visitor.find("for the thread's stack") != std::string::npos, visitor.c_str());
        QVERIFY2(mutator.find("for the thread's stack") != std::string::npos, mutator.c_str());
        QVERIFY(!equal.equal);
        QVERIFY2(equal.reason.find("levels deep") != std::string::npos, equal.reason.c_str());
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
