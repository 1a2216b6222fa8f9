// The verifier on extreme memory plans: N allocations at one address report
// a capped few overlaps and count the rest without listing N²/2 pairs, and
// sizes or addresses past 64 bits are located errors, never wrapped values.
// The modules are built here directly, not through the parser.

#include "ir_builders.h"

#include "ir/checked_int.h"
#include "ir/diagnostic_cap.h"
#include "memory/alloc_info.h"
#include "memory/memory_plan.h"
#include "target/hardware.h"
#include "target/target.h"
#include "verify/verify.h"

#include <QElapsedTimer>
#include <QtTest>

#include <limits>
#include <string>

using namespace tirx;
using namespace tirx::testing;

namespace {

// Shared machines: the bound only tells a result from a hang or an N² flood.
constexpr qint64 kBudgetMs = 30000;

// `count` SBUF tensors of (128, 4) float32, each placed at byte 0 and at
// line i + 1, so every pair overlaps.
Module allAtOneAddress(size_t count)
{
    std::vector<Stmt> body;
    for (size_t i = 0; i < count; ++i) {
        const Var v = tensorVar("B" + std::to_string(i), tensorTy({128, 4}, DataType::float32(), "trn.sbuf"));
        const auto line = static_cast<uint32_t>(i + 1);
        body.push_back(makeBind(v, call(kAllocTensor, {tuple({i32(0)})}, {}, DataType::handle(), {v->tensorType()}),
                                Span{line, 5, line, 9}));
    }
    return moduleOf({fn("main", {}, makeSeq(std::move(body)))});
}

Module oneAllocation(TensorTypeRef type, std::vector<Expr> placement = {})
{
    const Var v = tensorVar("B", std::move(type));
    return moduleOf({fn("main", {}, makeSeq({alloc(v, std::move(placement))}))});
}

std::vector<std::string> errors(const std::vector<Diagnostic>& ds)
{
    std::vector<std::string> out;
    for (const auto& d : ds) {
        if (d.severity == Diagnostic::Severity::Error) out.push_back(d.message);
    }
    return out;
}

} // namespace

class TestVerifyLimits : public QObject {
    Q_OBJECT

private slots:
    // The partition and PSUM figures are the hardware table's, in every
    // target row and in a Target made without one.
    void everyTargetHasTheSharedTrainiumFigures()
    {
        std::vector<Target> all(targets().begin(), targets().end());
        all.push_back(Target{});
        for (const Target& t : all) {
            QCOMPARE(int64_t{t.partitionSize}, hw::kPartitions);
            QCOMPARE(int64_t{t.psumBanks}, hw::kPsumBanks);
            QCOMPARE(int64_t{t.psumBankBytes}, hw::kPsumBankBytes);
            QCOMPARE(t.maxPsumBytesPerPartition, hw::kPsumBanks * hw::kPsumBankBytes);
        }
    }

    void overlapsAreCappedAndCounted_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("note");
        QTest::newRow("1,000") << 1000 << QStringLiteral("… and 499,490 more overlaps");
        // 1.25 billion pairs: listing them would neither fit in memory nor
        // end in time.
        QTest::newRow("50,000") << 50000 << QStringLiteral("… and 1,249,974,990 more overlaps");
    }

    void overlapsAreCappedAndCounted()
    {
        QFETCH(int, count);
        QFETCH(QString, note);
        const Module module = allAtOneAddress(static_cast<size_t>(count));
        QElapsedTimer timer;
        timer.start();
        const MemoryPlan plan = buildMemoryPlan(module, defaultTarget(), {}, PlanDetail::Placement);
        const auto diags = verifyPlan(plan, defaultTarget());
        QVERIFY(timer.elapsed() < kBudgetMs);
        // N(N-1)/2 pairs: the plan lists the first ones and counts the rest.
        const auto n = static_cast<size_t>(count);
        QCOMPARE(plan.overlaps.size() + plan.overlapsNotListed, n * (n - 1) / 2);
        QCOMPARE(plan.overlaps.size(), MemoryPlan::kMostOverlapsListed);
        QCOMPARE(diags.size(), DiagnosticCap::kDefaultLimit + 1);
        QCOMPARE(errors(diags).size(), DiagnosticCap::kDefaultLimit);
        QCOMPARE(diags.front().message, std::string{"allocation 'B1' overlaps 'B0' in SBUF (bytes 0..15)"});
        QCOMPARE(diags.front().span.line, 2u);
        QCOMPARE(diags.back().severity, Diagnostic::Severity::Note);
        QCOMPARE(diags.back().message, note.toStdString());
    }

    void disjointBytesAreNotCounted()
    {
        // Past the listed pairs the rest are counted: two groups at bytes
        // 0..15 and 16..31 meet within a group only.
        std::vector<Stmt> body;
        for (int i = 0; i < 3000; ++i) {
            const Var v = tensorVar("B" + std::to_string(i), tensorTy({128, 4}, DataType::float32(), "trn.sbuf"));
            body.push_back(alloc(v, {i32(i % 2 * 16)}));
        }
        const Module module = moduleOf({fn("main", {}, makeSeq(std::move(body)))});
        const MemoryPlan plan = buildMemoryPlan(module, defaultTarget(), {}, PlanDetail::Placement);
        QCOMPARE(plan.overlaps.size() + plan.overlapsNotListed, size_t{2} * (1500 * 1499 / 2));
    }

    void aWorkspaceIsReportedAtTheCallItServes()
    {
        // A pass-made tensor has no line of its own.
        MemoryPlan plan;
        PlannedAllocation a;
        a.function = "main";
        a.name = "const_bias";
        a.scope = "trn.sbuf";
        a.partitions = 128;
        a.bytesPerPartition = 400000;
        a.sizeKnown = true;
        a.createdBy = "TrnPrivateTensorAlloc";
        a.serves = "T.trn.tile.activation at 9:5";
        a.servesSpan = Span{9, 5, 9, 40};
        plan.allocations.push_back(a);
        const auto diags = verifyPlan(plan, defaultTarget());
        QCOMPARE(diags.size(), size_t{1});
        QVERIFY2(diags[0].message.starts_with("workspace 'const_bias' needs 400000 bytes per partition"),
                 diags[0].message.c_str());
        QVERIFY(diags[0].message.ends_with("(made by TrnPrivateTensorAlloc for T.trn.tile.activation at 9:5)"));
        QCOMPARE(diags[0].span.line, 9u);
        QCOMPARE(diags[0].span.column, 5u);
    }

    void sizesPast64BitsAreErrors_data()
    {
        QTest::addColumn<QString>("scope");
        QTest::addColumn<qint64>("free");
        QTest::newRow("sbuf") << QStringLiteral("trn.sbuf") << (qint64{1} << 62);
        QTest::newRow("sbuf, the largest extent") << QStringLiteral("trn.sbuf") << std::numeric_limits<qint64>::max();
        QTest::newRow("global") << QStringLiteral("global") << (qint64{1} << 62);
    }

    void sizesPast64BitsAreErrors()
    {
        QFETCH(QString, scope);
        QFETCH(qint64, free);
        TensorType::Fields f;
        f.shape = {i32(128), i32(free)};
        f.dtype = DataType::float32();
        f.scope = scope.toStdString();
        const TensorTypeRef type = makeTensorType(std::move(f));
        QVERIFY(sizeOverflows(*type));
        std::string error;
        if (type->isSbuf()) {
            QVERIFY(!allocatorBytes(*type, &error));
            QCOMPARE(error, std::string{kSizeOverflow});
        }
        const auto diags = verifyModule(oneAllocation(type), defaultTarget());
        QCOMPARE(errors(diags), std::vector<std::string>{std::string{"allocation 'B' "} + kSizeOverflow});
    }

    void layoutSpansPast64BitsAreErrors()
    {
        // A small shape whose layout strides reach past 64 bits.
        const auto type =
            tensorTy({128, 4}, DataType::float32(), "trn.sbuf", pfLayout({{128, 1, "P"}, {4, int64_t{1} << 62, "F"}}));
        QVERIFY(sizeOverflows(*type));
        QVERIFY(!constPhysicalShape(*type));
        const auto diags = verifyModule(oneAllocation(type), defaultTarget());
        QCOMPARE(errors(diags), std::vector<std::string>{std::string{"allocation 'B' "} + kSizeOverflow});
    }

    void addressesPast64BitsAreErrors()
    {
        const auto sbuf = tensorTy({128, 512}, DataType::float32(), "trn.sbuf");
        const int64_t nearTheEnd = std::numeric_limits<int64_t>::max() - 100;
        auto diags = verifyModule(oneAllocation(sbuf, {i32(nearTheEnd)}), defaultTarget());
        QCOMPARE(errors(diags), std::vector<std::string>{std::string{"allocation 'B' "} + kAddressOverflow});

        const auto psum =
            tensorTy({128, 512}, DataType::float32(), "trn.psum", pfLayout({{128, 1, "P"}, {512, 1, "F"}}));
        diags = verifyModule(oneAllocation(psum, {i32(nearTheEnd / 1024), i32(0)}), defaultTarget());
        QCOMPARE(errors(diags), std::vector<std::string>{std::string{"allocation 'B' "} + kAddressOverflow});
    }

    void checkedArithmetic()
    {
        const int64_t max = std::numeric_limits<int64_t>::max();
        QCOMPARE(checkedMul(int64_t{1} << 31, int64_t{1} << 31), std::optional<int64_t>{int64_t{1} << 62});
        QVERIFY(!checkedMul(int64_t{1} << 32, int64_t{1} << 31));
        QVERIFY(!checkedMul(max, -2));
        QCOMPARE(checkedAdd(max - 1, 1), std::optional<int64_t>{max});
        QVERIFY(!checkedAdd(max, 1));
    }
};

QTEST_APPLESS_MAIN(TestVerifyLimits)
#include "test_verify_limits.moc"
