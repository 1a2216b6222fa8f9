// From an NKI trace to the MemoryPlan the maps draw, and the checks that
// need placements: explicit and modelled placement, PSUM banks, lifetimes
// by instruction order (widened over dynamic_range), mod_alloc rotation,
// capacity and overlap findings at the kernel's lines.

#include "nki_fixtures.h"

#include "nki/nki_checks.h"
#include "nki/nki_plan.h"
#include "nki/trace_reader.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using nkitest::TraceBuilder;
using namespace tirx;

namespace {

nki::Trace parse(const TraceBuilder& b)
{
    auto read = nki::readTrace(b.text());
    if (!read.trace) qFatal("fixture does not read: %s", read.error.c_str());
    return std::move(*read.trace);
}

const Target& trn1() { return *findTarget("aws/trn1/trn1.2xlarge"); }

std::vector<nki::KernelDiagnostic> check(const nki::Trace& trace, const Target& target)
{
    std::vector<nki::NkiPlan> plans;
    for (size_t i = 0; i < trace.programs.size(); ++i) plans.push_back(nki::buildNkiPlan(trace, i, target));
    return nki::checkKernel(trace, plans, target);
}

std::vector<nki::KernelDiagnostic> withCode(const std::vector<nki::KernelDiagnostic>& all, const std::string& code)
{
    std::vector<nki::KernelDiagnostic> out;
    for (const auto& d : all) {
        if (d.code == code) out.push_back(d);
    }
    return out;
}

} // namespace

class TestNkiPlan : public QObject {
    Q_OBJECT

private slots:
    void explicitAddressesArePlacedWhereTheKernelSays()
    {
        TraceBuilder b;
        const int a = b.tile("a", "sbuf", 64, 1024, 4, std::make_pair(64, 2048));
        const int c = b.tile("c", "sbuf", 128, 512, 5, std::make_pair(0, 0));
        b.write(a, 6);
        b.write(c, 7);
        b.read(a, 8);
        const auto trace = parse(b);
        const auto plan = nki::buildNkiPlan(trace, 0, trn1());
        QCOMPARE(plan.plan.allocations.size(), size_t{2});
        const auto& pa = plan.plan.allocations[0];
        QCOMPARE(pa.name, std::string("a"));
        QCOMPARE(pa.scope, std::string("trn.sbuf"));
        QVERIFY(!pa.placementModelled);
        QCOMPARE(*pa.offset, int64_t{2048});
        QCOMPARE(pa.partitionRange->begin, int64_t{64});
        QCOMPARE(pa.partitionRange->end, int64_t{128});
        QCOMPARE(pa.byteRange->end, int64_t{3072});
        QCOMPARE(pa.rects.size(), size_t{1});
        // Lifetimes by instruction order, with the NKI source lines.
        QCOMPARE(pa.firstUse.order, 0);
        QCOMPARE(pa.lastUse.order, 2);
        QCOMPARE(pa.lastUse.span.line, 8u);
        QCOMPARE(pa.definition.span.line, 4u);
        QCOMPARE(pa.live, (Interval{0, 3}));
        QCOMPARE(plan.plan.allocations[1].live, (Interval{1, 2}));
        QVERIFY(plan.plan.overlaps.empty());
        const auto& sbuf = plan.plan.totals.at("trn.sbuf");
        QCOMPARE(sbuf.allocatedBytesPerPartition, int64_t{3072});
        QCOMPARE(sbuf.capacityBytesPerPartition, int64_t{196608});
        QCOMPARE(sbuf.peakLiveBytesPerPartition, int64_t{1536});
    }

    void unaddressedTensorsGetTheModelledLinearPlacement()
    {
        TraceBuilder b;
        const int fixed = b.tile("fixed", "sbuf", 128, 1000, 3, std::make_pair(0, 0));
        const int x = b.tile("x", "sbuf", 128, 256, 4);
        const int y = b.tile("y", "sbuf", 128, 256, 5);
        const int z = b.tile("z", "sbuf", 128, 128, 6);
        b.write(fixed, 7);
        b.write(x, 8);
        b.read(x, 9);
        b.write(y, 10); // x is dead: y takes its bytes
        b.write(z, 11); // y is live: z goes above it
        b.read(y, 12);
        b.read(z, 13);
        const auto trace = parse(b);
        const auto plan = nki::buildNkiPlan(trace, 0, trn1());
        const auto& all = plan.plan.allocations;
        QVERIFY(!all[0].placementModelled);
        for (size_t i : {1, 2, 3}) QVERIFY(all[i].placementModelled);
        // Above every byte the kernel placed itself.
        QCOMPARE(*all[1].offset, int64_t{1000});
        QCOMPARE(*all[2].offset, int64_t{1000});
        QCOMPARE(*all[3].offset, int64_t{1256});
        QVERIFY(plan.plan.overlaps.empty());
        const auto j = nki::nkiPlanToJson(trace, plan);
        QCOMPARE(j["source"], "nki");
        QCOMPARE(j["allocations"][1]["placement_modelled"], true);
        QCOMPARE(j["allocations"][0]["placement_modelled"], false);
        QCOMPARE(j["allocations"][1]["span"]["file"], "/k/kernel.py");
        QCOMPARE(j["allocations"][1]["dtype"], "float32");
    }

    void psumAddressesNameTheirBank()
    {
        TraceBuilder b;
        const int acc = b.tile("acc", "psum", 128, 2048, 4, std::make_pair(0, 3 * 2048));
        const int wide = b.tile("wide", "psum", 128, 4096, 5, std::make_pair(0, 4 * 2048));
        const int small = b.tile("small", "psum", 128, 512, 6, std::make_pair(0, 2048 + 1024));
        const int free = b.tile("free", "psum", 128, 1024, 7);
        for (int t : {acc, wide, small, free}) b.write(t, 8);
        const auto trace = parse(b);
        const auto plan = nki::buildNkiPlan(trace, 0, trn1());
        const auto& all = plan.plan.allocations;
        QCOMPARE(*all[0].bank, int64_t{3});
        QCOMPARE(*all[0].offset, int64_t{0});
        QCOMPARE(all[0].banks, int64_t{1});
        QCOMPARE(*all[1].bank, int64_t{4});
        QCOMPARE(all[1].banks, int64_t{2});
        QCOMPARE(all[1].rowBytes(), int64_t{4096});
        QCOMPARE(*all[2].bank, int64_t{1});
        QCOMPARE(*all[2].offset, int64_t{1024});
        QCOMPARE(all[2].rects.front().bytes, (Interval{3072, 3584}));
        // A modelled PSUM tile takes a whole bank above the kernel's own.
        QVERIFY(all[3].placementModelled);
        QCOMPARE(*all[3].bank, int64_t{6});
        QCOMPARE(*all[3].offset, int64_t{0});
        QVERIFY(check(trace, trn1()).empty());
    }

    void modAllocRotationIsNotAnOverlap()
    {
        TraceBuilder b;
        const int blk = b.blockTile("blk", 4, 2, 512, 5); // blocks 0 and 2, 1 and 3 share bytes
        for (int64_t k = 0; k < 4; ++k) b.op("nisa.memset", {{blk, k}}, {}, 7);
        for (int64_t k = 0; k < 4; ++k) b.op("nisa.dma_copy", {}, {{blk, k}}, 8);
        const auto trace = parse(b);
        const auto plan = nki::buildNkiPlan(trace, 0, trn1());
        QCOMPARE(plan.plan.allocations.size(), size_t{4});
        QCOMPARE(plan.plan.allocations[2].name, std::string("blk[2]"));
        QCOMPARE(*plan.plan.allocations[2].offset, int64_t{0});
        QCOMPARE(*plan.plan.allocations[3].offset, int64_t{512});
        QCOMPARE(plan.plan.allocations[2].live, (Interval{2, 7}));
        QVERIFY(plan.plan.overlaps.empty());
        QVERIFY(withCode(check(trace, trn1()), "overlap").empty());
    }

    void twoTensorsLiveOverTheSameBytesOverlap()
    {
        TraceBuilder b;
        const int a = b.tile("a", "sbuf", 128, 1024, 4, std::make_pair(0, 0));
        const int c = b.tile("c", "sbuf", 128, 1024, 5, std::make_pair(0, 512));
        const int d = b.tile("d", "sbuf", 128, 1024, 6, std::make_pair(0, 0));
        b.write(a, 7);  // 0
        b.write(c, 8);  // 1
        b.read(a, 9);   // 2
        b.read(c, 10);  // 3
        b.write(d, 11); // 4: a and c are dead, d reuses their bytes
        b.read(d, 12);  // 5
        const auto trace = parse(b);
        const auto plan = nki::buildNkiPlan(trace, 0, trn1());
        QCOMPARE(plan.plan.overlaps.size(), size_t{1});
        QCOMPARE(plan.plan.overlaps[0].earlier, size_t{0});
        QCOMPARE(plan.plan.overlaps[0].later, size_t{1});
        QCOMPARE(plan.plan.overlaps[0].bytes, (Interval{512, 1024}));
        const auto found = withCode(check(trace, trn1()), "overlap");
        QCOMPARE(found.size(), size_t{1});
        QCOMPARE(found[0].line, 5);
        QCOMPARE(found[0].file, std::string("/k/kernel.py"));
        QCOMPARE(found[0].severity, nki::Severity::Error);
        QVERIFY2(found[0].message.find("'c' (live over instructions 1..3) and 'a' (live over instructions 0..2)") !=
                     std::string::npos,
                 found[0].message.c_str());
        QVERIFY2(found[0].message.find("bytes 512..1023") != std::string::npos, found[0].message.c_str());
        QCOMPARE(nki::formatDiagnostic(found[0]).substr(0, 30), std::string("/k/kernel.py:5:5: error: 'c' ("));
    }

    void dynamicRangeKeepsTensorsLiveForTheWholeLoop_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("liveEnd");
        QTest::addColumn<bool>("overlaps");
        QTest::newRow("affine_range") << "affine_range" << 3 << false;
        QTest::newRow("dynamic_range") << "dynamic_range" << 6 << true;
    }

    void dynamicRangeKeepsTensorsLiveForTheWholeLoop()
    {
        QFETCH(QString, kind);
        QFETCH(int, liveEnd);
        QFETCH(bool, overlaps);
        TraceBuilder b;
        const int acc = b.tile("acc", "sbuf", 128, 512, 3, std::make_pair(0, 0));
        const int tmp = b.tile("tmp", "sbuf", 128, 512, 6, std::make_pair(0, 0));
        b.write(acc, 4); // 0, before the loop
        b.write(acc, 6); // 1, in it
        b.read(acc, 7);  // 2
        b.write(tmp, 8); // 3
        b.read(tmp, 9);  // 4
        b.write(tmp, 8); // 5
        b.loop(kind.toStdString(), 1, 5, 5);
        const auto trace = parse(b);
        const auto plan = nki::buildNkiPlan(trace, 0, trn1());
        QCOMPARE(plan.plan.allocations[0].live, (Interval{0, liveEnd}));
        // tmp lives inside the loop only: it is not widened.
        QCOMPARE(plan.plan.allocations[1].live, (Interval{3, 6}));
        QCOMPARE(!plan.plan.overlaps.empty(), overlaps);
    }

    void sbufOverCapacityIsReportedAtTheTensor()
    {
        TraceBuilder b;
        const int big = b.tile("big", "sbuf", 128, 8192, 12, std::make_pair(0, 192 * 1024));
        b.write(big, 13);
        const auto trace = parse(b);
        const auto onTrn1 = withCode(check(trace, trn1()), "sbuf-capacity");
        QCOMPARE(onTrn1.size(), size_t{1});
        QCOMPARE(onTrn1[0].line, 12);
        QVERIFY2(onTrn1[0].message.find("ends at byte 204800") != std::string::npos, onTrn1[0].message.c_str());
        QVERIFY2(onTrn1[0].message.find("192 KiB per partition") != std::string::npos, onTrn1[0].message.c_str());
        // trn2 has 224 KiB per partition: the same tile fits.
        QVERIFY(withCode(check(trace, *findTarget("explorer/trn2")), "sbuf-capacity").empty());
    }

    void modelledPlacementOverCapacityIsReported()
    {
        TraceBuilder b;
        const int x = b.tile("x", "sbuf", 128, 128 * 1024, 4);
        const int y = b.tile("y", "sbuf", 128, 128 * 1024, 5);
        b.write(x, 6);
        b.write(y, 7);
        b.read(x, 8);
        const auto trace = parse(b);
        const auto found = withCode(check(trace, trn1()), "sbuf-capacity");
        QCOMPARE(found.size(), size_t{1});
        QCOMPARE(found[0].line, 5);
        QVERIFY2(found[0].message.find("modelled placement") != std::string::npos, found[0].message.c_str());
    }

    void psumPastEightBanksIsReported()
    {
        TraceBuilder b;
        const int acc = b.tile("acc", "psum", 128, 2048, 9, std::make_pair(0, 8 * 2048));
        b.write(acc, 10);
        const auto trace = parse(b);
        const auto found = withCode(check(trace, trn1()), "psum-capacity");
        QCOMPARE(found.size(), size_t{1});
        QCOMPARE(found[0].line, 9);
        QVERIFY2(found[0].message.find("bank 8") != std::string::npos, found[0].message.c_str());
        QVERIFY2(found[0].message.find("8 banks of 2 KiB") != std::string::npos, found[0].message.c_str());
    }

    void traceNotesBecomeDiagnosticsOncePerLocation()
    {
        TraceBuilder b;
        b.note("error", "partition-start", "a tile over 96 partitions starts at partition 32", 14);
        b.nextProgram({1});
        b.note("error", "partition-start", "a tile over 96 partitions starts at partition 32", 14);
        b.note("warning", "output-buffer", "the output is in nl.hbm", 2);
        const auto trace = parse(b);
        const auto found = check(trace, trn1());
        QCOMPARE(found.size(), size_t{2});
        QCOMPARE(found[0].line, 2);
        QCOMPARE(found[0].severity, nki::Severity::Warning);
        QCOMPARE(nki::formatDiagnostic(found[1]),
                 std::string("/k/kernel.py:14:5: error: a tile over 96 partitions starts at partition 32 "
                             "[partition-start]"));
        QVERIFY(nki::hasErrors(found));
    }
};

QTEST_APPLESS_MAIN(TestNkiPlan)
#include "test_nki_plan.moc"
