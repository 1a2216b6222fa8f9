// How IR nodes are stored: every call and region node of one op shares one
// copy of the op's name, and statement nodes, which come from a per-thread
// region, stay valid after the thread that built them has ended (lowering
// runs on worker threads; the explorer reads and frees the results on its
// GUI thread).

#include "ir/callables.h"
#include "ir/make.h"
#include "ir/op_name.h"
#include "ir/stmt.h"
#include "script/parser.h"
#include "script/printer.h"

#include <QtTest>

#include <string>
#include <thread>

using namespace tirx;

namespace {

const CallNode& asCall(const Expr& e) { return *as<CallNode>(e); }

} // namespace

class TestNodeMemory : public QObject {
    Q_OBJECT

private slots:
    void callsOfOneOpShareItsName()
    {
        const std::string op = "tirx.nki.tensortensor";
        const Expr a = call(op, {intImm(1)});
        const Expr b = call(std::string_view{op}, {intImm(2)});
        QCOMPARE(asCall(a).op(), op);
        QCOMPARE(&asCall(a).op(), &asCall(b).op());
        QCOMPARE(&asCall(a).op(), &internOp("tirx.nki.tensortensor").name);
        // The call carries its table row: no look-up by name.
        QCOMPARE(asCall(a).callable(), &callableOf(NkiOp::TensorTensor));
    }

    void regionsOfOneOpShareItsName()
    {
        const Stmt a = makeRegion(kTensorizedInstruction, {}, {}, makeEvaluate(intImm(0)));
        const Stmt b = makeRegion(std::string{kTensorizedInstruction}, {}, {}, makeEvaluate(intImm(1)));
        const auto& ra = static_cast<const RegionNode&>(*a);
        const auto& rb = static_cast<const RegionNode&>(*b);
        QCOMPARE(ra.op(), std::string{kTensorizedInstruction});
        QCOMPARE(&ra.op(), &rb.op());
    }

    void unknownOpsAreSharedToo()
    {
        // Not in the callable table: kept in the pool of other names.
        const std::string& first = internOp("my.extern_kernel").name;
        QVERIFY(internOp("my.extern_kernel").callable == nullptr);
        QCOMPARE(first, std::string{"my.extern_kernel"});
        QCOMPARE(&internOp(std::string{"my.extern"} + "_kernel").name, &first);
        QVERIFY(&internOp("my.other_kernel").name != &first);
    }

    void opsAreInternedFromManyThreads()
    {
        // Four threads naming the same new ops at once must agree on one copy each.
        const std::string* seen[4][50] = {};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([t, &seen] {
                for (int i = 0; i < 50; ++i) seen[t][i] = &internOp("threaded.op" + std::to_string(i)).name;
            });
        }
        for (auto& th : threads) th.join();
        for (int i = 0; i < 50; ++i) {
            QCOMPARE(*seen[0][i], "threaded.op" + std::to_string(i));
            for (int t = 1; t < 4; ++t) QCOMPARE(seen[t][i], seen[0][i]);
        }
    }

    void statementsOutliveTheThreadThatBuiltThem()
    {
        const char* source = "from tvm_tirx.script import tirx as T\n"
                             "@T.function\n"
                             "def main(A: T.Tensor((4,), \"int32\")):\n"
                             "    for i in T.serial(4):\n"
                             "        A[i] = i * 2\n";
        ModuleRef built;
        std::string printedThere;
        std::thread worker([&] {
            ParseResult parsed = parseModule(source);
            built = parsed.module;
            printedThere = printModule(*built);
        });
        worker.join();
        QVERIFY(built);
        // The worker and its statement region are gone: the nodes must still
        // read the same, and a new statement built here must not disturb them.
        const Stmt extra = makeSeq({built->functions().front().second->body(), makeEvaluate(intImm(0))});
        QCOMPARE(printModule(*built), printedThere);
        QVERIFY(extra);
        built.reset(); // freed on another thread than the one that allocated them
    }
};

QTEST_APPLESS_MAIN(TestNodeMemory)
#include "test_node_memory.moc"
