// The memory plan (CLI.md `memmap --json`) of hand-worked kernels: SBUF tiles
// (with and without a layout), user-placed PSUM tensors (with and without a
// layout), a global tensor, workspaces TrnPrivateTensorAlloc adds, and
// overlapping placements. Every field of every allocation, every overlap
// pair and every verifier finding is compared with numbers worked out by
// hand below.

#include "ir/make.h"
#include "memory/memory_plan.h"
#include "memory/overlap_message.h"
#include "script/parser.h"
#include "transform/pipeline.h"
#include "verify/verify.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace tirx;
using nlohmann::json;

namespace {

// Line numbers matter: the plan reports source spans and program points.
const char* const kKernel = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main(G: T.Tensor((128, 512), "float32")):
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])
    W = T.alloc_tensor(ty_args=[T.Tensor((64, 32), "float16", scope="trn.sbuf")])
    Gl = T.alloc_tensor(ty_args=[T.Tensor((16, 16), "float32", scope="global")])
    Ps = T.alloc_tensor((2, 0), ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
    C = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])
    T.trn.tile.activation(C, A, bias=T.float32(1), opcode="exp")
    Gl[0, 0] = G[0, 0]
    W[1, 2] = T.float16(0)
    Ps[0, 1, 2] = T.float32(3)
)";

// After TrnPrivateTensorAlloc and TrnNaiveAllocator the body is, in the
// pre-order the plan numbers statements in (sequences are not numbered):
//   0 device_entry region           7 W = alloc (4096,)       line 8
//   1 const_bias = alloc (0,)       8 Gl = alloc              line 9
//   2 tensorized_instruction        9 Ps = alloc (2, 0)       line 10
//   3 for p_loop                   10 C = alloc (4160,)       line 11
//   4 for f_loop                   11 activation(C, A, const_bias=...)  line 12
//   5 memset(const_bias[...])      12 Gl[0, 0] = G[0, 0]      line 13
//   6 A = alloc (2048,)  line 7    13 W[1, 2] = ...           line 14
//                                  14 Ps[0, 1, 2] = ...       line 15
// The workspace and its memset were created by the pass: no source (0:0).
//
// Offsets (chapter 03 §3): no SBUF tensor is placed by the user (Ps is PSUM,
// which the allocator neither places nor counts), so the pool starts at 0
// and tensors are placed in program order:
//   const_bias (128, 512) f32, no layout: 512 elements * 4 = 2048 B -> 0
//   A (128, 512) f32, layout P=128: 128*512/128 * 4 = 2048 B       -> 2048
//   W (64, 32) f16, no layout: 32 elements * 2 = 64 B, 64 partitions -> 4096
//   C like A: 2048 B                                                -> 4160
const char* const kExpectedAllocations = R"([
  {"function": "main", "name": "const_bias", "scope": "trn.sbuf", "dtype": "float32",
   "shape": [128, 512], "physical_shape": [128, 512],
   "bytes_per_partition": 2048, "partitions": 128, "offset": 0,
   "partition_range": [0, 128], "byte_range": [0, 2048],
   "rects": [{"partitions": [0, 128], "bytes": [0, 2048]}],
   "placement_modelled": false, "created_by": "TrnPrivateTensorAlloc", "serves": "T.trn.tile.activation at 12:5",
   // first read by the generated memset (no source), last by the activation
   "first_use": {"order": 5, "line": 0, "column": 0},
   "last_use": {"order": 11, "line": 12, "column": 5},
   "span": {"line": 0, "column": 0}},
  {"function": "main", "name": "A", "scope": "trn.sbuf", "dtype": "float32",
   "shape": [128, 512], "physical_shape": [128, 512],
   "bytes_per_partition": 2048, "partitions": 128, "offset": 2048,
   "partition_range": [0, 128], "byte_range": [2048, 4096],
   "rects": [{"partitions": [0, 128], "bytes": [2048, 4096]}],
   "placement_modelled": false, "created_by": "user", "serves": null,
   "first_use": {"order": 11, "line": 12, "column": 5},
   "last_use": {"order": 11, "line": 12, "column": 5},
   "span": {"line": 7, "column": 5}},
  {"function": "main", "name": "W", "scope": "trn.sbuf", "dtype": "float16",
   // no layout: the shape is physical, partitions first
   "shape": [64, 32], "physical_shape": [64, 32],
   "bytes_per_partition": 64, "partitions": 64, "offset": 4096,
   // 64 partitions tall, 64 bytes wide
   "partition_range": [0, 64], "byte_range": [4096, 4160],
   "rects": [{"partitions": [0, 64], "bytes": [4096, 4160]}],
   "placement_modelled": false, "created_by": "user", "serves": null,
   "first_use": {"order": 13, "line": 14, "column": 5},
   "last_use": {"order": 13, "line": 14, "column": 5},
   "span": {"line": 8, "column": 5}},
  {"function": "main", "name": "Gl", "scope": "global", "dtype": "float32",
   // not placed by the allocator; no partitions; its bytes are the whole
   // tensor: 16 * 16 * 4 = 1024
   "shape": [16, 16], "physical_shape": [16, 16],
   "bytes_per_partition": 1024, "partitions": 0, "offset": null,
   // HBM is not drawn: no rectangles
   "partition_range": null, "byte_range": null, "rects": [],
   "placement_modelled": false, "created_by": "user", "serves": null,
   "first_use": {"order": 12, "line": 13, "column": 5},
   "last_use": {"order": 12, "line": 13, "column": 5},
   "span": {"line": 9, "column": 5}},
  {"function": "main", "name": "Ps", "scope": "trn.psum", "dtype": "float32",
   // physical (banks, partitions, free): 2 banks from bank 2, each partition
   // row of a bank holding 512 * 4 = 2048 bytes: 4096 bytes of a
   // partition's row in all, as the totals count them
   "shape": [2, 128, 512], "physical_shape": [2, 128, 512],
   "bytes_per_partition": 4096, "partitions": 128, "offset": 0, "bank": 2, "banks": 2,
   "bytes_per_bank": 2048,
   // banks [2, 4); a partition's row of bank b starts at b * 2048, and two
   // whole banks side by side are one rectangle: [4096, 8192)
   "partition_range": [0, 128], "byte_range": [0, 2048], "bank_range": [2, 4],
   "rects": [{"partitions": [0, 128], "bytes": [4096, 8192]}],
   "placement_modelled": false, "created_by": "user", "serves": null,
   "first_use": {"order": 14, "line": 15, "column": 5},
   "last_use": {"order": 14, "line": 15, "column": 5},
   "span": {"line": 10, "column": 5}},
  {"function": "main", "name": "C", "scope": "trn.sbuf", "dtype": "float32",
   "shape": [128, 512], "physical_shape": [128, 512],
   "bytes_per_partition": 2048, "partitions": 128, "offset": 4160,
   "partition_range": [0, 128], "byte_range": [4160, 6208],
   "rects": [{"partitions": [0, 128], "bytes": [4160, 6208]}],
   "placement_modelled": false, "created_by": "user", "serves": null,
   "first_use": {"order": 11, "line": 12, "column": 5},
   "last_use": {"order": 11, "line": 12, "column": 5},
   "span": {"line": 11, "column": 5}}
])";

// SBUF: the furthest placement ends at C: 4160 + 2048 = 6208. Lifetimes run
// from the definition to the last use: const_bias [1, 11], A [6, 11],
// W [7, 13], C [10, 11]; at point 11 all four are live:
// 2048 + 2048 + 64 + 2048 = 6208. Capacity of a trn1 partition: 24 MiB / 128
// = 196608.
// PSUM: Ps covers banks 2 and 3 of 2048 bytes each, so the furthest byte is
// (2 + 2) * 2048 = 8192; live at once: 2 banks * 2048 = 4096; capacity 8
// banks * 2048 = 16384.
// Peak live by the live intervals the what-if uses: at the activation (11)
// const_bias [5, 12), A and C [11, 12) are live, 6144 bytes; W [13, 14) comes
// after them all.
const char* const kExpectedTotals = R"({
  "trn.sbuf": {"allocated_bytes_per_partition": 6208, "peak_live_bytes_per_partition": 6144,
               "capacity_bytes_per_partition": 196608},
  "trn.psum": {"allocated_bytes_per_partition": 8192, "peak_live_bytes_per_partition": 4096,
               "capacity_bytes_per_partition": 16384}
})";

// Overlaps (line 6 on). SBUF, bytes within a partition:
//   A [0, 16) p[0, 128)   B [8, 24) p[0, 64)   C [24, 32) p[0, 128)   D [4, 36) p[0, 128)
// A and B meet at [8, 16); C touches B's end and meets nothing but D; D meets
// all three. PSUM, bank b at b * 2048 in a partition's row:
//   P1 bank 0 [1024, 2048)       -> row [1024, 2048)
//   P2 banks 0-1 [0, 2048)       -> row [0, 4096), one rectangle
//   P3 bank 1 [1024, 1536)       -> row [3072, 3584)
//   P4 bank 2 [0, 512)           -> row [4096, 4608): touches P2, meets nothing
// P2 meets P1 in bank 0 at [1024, 2048) and P3 in bank 1 at [1024, 1536).
const char* const kOverlapKernel = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor((8,), ty_args=[T.Tensor((64, 4), "float32", scope="trn.sbuf")])
    C = T.alloc_tensor((24,), ty_args=[T.Tensor((128, 2), "float32", scope="trn.sbuf")])
    D = T.alloc_tensor((4,), ty_args=[T.Tensor((128, 8), "float32", scope="trn.sbuf")])
    P1 = T.alloc_tensor((0, 1024), ty_args=[T.Tensor((1, 128, 256), "float32", scope="trn.psum")])
    P2 = T.alloc_tensor((0, 0), ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
    P3 = T.alloc_tensor((1, 1024), ty_args=[T.Tensor((1, 128, 128), "float32", scope="trn.psum")])
    P4 = T.alloc_tensor((2, 0), ty_args=[T.Tensor((1, 128, 128), "float32", scope="trn.psum")])
)";

// A PSUM tensor that still has its layout (chapter 02 §9.6): physically
// (2, 128, 512) float32, i.e. 2 banks of 2048 bytes per partition, placed at
// bank 7, so banks 7..8 where trn1 has 0..7. E is a physical PSUM tensor at
// bank 7, bytes [1024, 1536): it meets L's first bank.
const char* const kPsumLayoutKernel = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F, Bank

@T.function
def main():
    L = T.alloc_tensor((7, 0), ty_args=[T.Tensor((512, 256), "float32", scope="trn.psum", layout=T.TileLayout(T.S[(2, 2, 128, 2, 128):(1 @ Bank, 256 @ F, 1 @ P, 128 @ F, 1 @ F)]))])
    E = T.alloc_tensor((7, 1024), ty_args=[T.Tensor((1, 128, 128), "float32", scope="trn.psum")])
)";

// A PSUM tile without a bank dimension sits in one bank: 64 partitions of
// 128 float32, at bank 3, byte 512.
const char* const kPsumTileKernel = R"(from tvm_tirx.script import tirx as T

@T.function
def main():
    Q = T.alloc_tensor((3, 512), ty_args=[T.Tensor((64, 128), "float32", scope="trn.psum")])
)";

// Three tensors named const_bias: the user's (line 7), and the two
// TrnPrivateTensorAlloc makes for the activations with bias 1 (line 11) and
// bias 2 (line 12), which do not share a tile since their values differ.
const char* const kTwoBiasKernel = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    T.device_entry()
    const_bias = T.alloc_tensor(ty_args=[T.Tensor((128, 8), "float32", scope="trn.sbuf")])
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 512), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(128, 512):(1 @ P, 1 @ F)]))])
    B = T.alloc_tensor(ty_args=[T.Tensor((64, 256), "float32", scope="trn.sbuf", layout=T.TileLayout(T.S[(64, 256):(1 @ P, 1 @ F)]))])
    const_bias[0, 0] = T.float32(0)
    T.trn.tile.activation(A, A, bias=T.float32(1), opcode="exp")
    T.trn.tile.activation(B, B, bias=T.float32(2), opcode="exp")
)";

json parseWithComments(const char* text) { return json::parse(text, nullptr, true, true); }

const Target* trn1() { return findTarget("aws/trn1/trn1.2xlarge"); }

ModuleRef parsed(const char* source)
{
    auto result = parseModule(source);
    if (!result.ok()) qFatal("%s", formatDiagnostics(result.diagnostics, "kernel", source).c_str());
    return result.module;
}

Trace lower(const char* source, std::vector<std::string> passes)
{
    PipelineOptions options;
    options.passes = std::move(passes);
    options.context.target = trn1();
    return runPipeline(parsed(source), options);
}

const PlannedAllocation& named(const MemoryPlan& plan, const std::string& name)
{
    for (const auto& a : plan.allocations) {
        if (a.name == name) return a;
    }
    qFatal("no allocation %s", name.c_str());
}

std::string text(const std::vector<Diagnostic>& diags)
{
    std::string out;
    for (const auto& d : diags) {
        out += std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + ": " +
               (d.severity == Diagnostic::Severity::Error ? "error: " : "warning: ") + d.message + "\n";
    }
    return out;
}

} // namespace

class TestMemoryPlan : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_target = trn1();
        QVERIFY(m_target);
        PipelineOptions options;
        options.passes = {"TrnPrivateTensorAlloc", "TrnNaiveAllocator"};
        options.context.target = m_target;
        options.check = [](const Module& m, const PassContext& ctx) { return verifyModule(m, *ctx.target); };
        m_trace = runPipeline(parsed(kKernel), options);
        QVERIFY2(!m_trace.failed(), formatDiagnostics(m_trace.entries.back()->diagnostics, "kernel").c_str());
        const MemoryPlan plan = buildMemoryPlan(*m_trace.entries.back()->module, *m_target, "TrnNaiveAllocator");
        m_json = memoryPlanToJson(plan);
    }

    void header()
    {
        QCOMPARE(m_json.at("target").get<std::string>(), std::string{"aws/trn1/trn1.2xlarge"});
        QCOMPARE(m_json.at("after").get<std::string>(), std::string{"TrnNaiveAllocator"});
        QVERIFY(m_json.at("overlaps") == json::array());
    }

    void everyAllocation()
    {
        const json expected = parseWithComments(kExpectedAllocations);
        const json& actual = m_json.at("allocations");
        QCOMPARE(actual.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            const std::string name = expected[i].at("name").get<std::string>();
            for (const auto& [field, value] : expected[i].items()) {
                QVERIFY2(actual[i].contains(field), (name + ": no field " + field).c_str());
                QVERIFY2(
                    actual[i].at(field) == value,
                    (name + "." + field + ": " + actual[i].at(field).dump() + ", expected " + value.dump()).c_str());
            }
            // Nothing beyond CLI.md's fields, the geometry, function and placement_modelled.
            QCOMPARE(actual[i].size(), expected[i].size());
        }
    }

    void totals()
    {
        const json expected = parseWithComments(kExpectedTotals);
        QVERIFY2(m_json.at("totals") == expected, m_json.at("totals").dump().c_str());
    }

    void overlapPairs()
    {
        const auto plan = buildMemoryPlan(*parsed(kOverlapKernel), *m_target, "input");
        // Program order: A0 B1 C2 D3 P1_4 P2_5 P3_6 P4_7.
        const std::vector<OverlapPair> expected{
            {0, 1, {8, 16}},      // B meets A
            {0, 3, {4, 16}},      // D meets A
            {1, 3, {8, 24}},      // D meets B
            {2, 3, {24, 32}},     // D meets C
            {4, 5, {1024, 2048}}, // P2 meets P1 in bank 0
            {5, 6, {1024, 1536}}, // P3 meets P2 in bank 1
        };
        QCOMPARE(plan.overlaps.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(plan.overlaps[i].earlier, expected[i].earlier);
            QCOMPARE(plan.overlaps[i].later, expected[i].later);
            QCOMPARE(plan.overlaps[i].bytes.begin, expected[i].bytes.begin);
            QCOMPARE(plan.overlaps[i].bytes.end, expected[i].bytes.end);
        }
        QCOMPARE(named(plan, "B").rects, (std::vector<MemoryRect>{{{0, 64}, {8, 24}}}));
        QCOMPARE(named(plan, "P1").rects, (std::vector<MemoryRect>{{{0, 128}, {1024, 2048}}}));
        QCOMPARE(named(plan, "P2").rects, (std::vector<MemoryRect>{{{0, 128}, {0, 4096}}}));
        QCOMPARE(named(plan, "P3").rects, (std::vector<MemoryRect>{{{0, 128}, {3072, 3584}}}));
        QCOMPARE(named(plan, "P4").rects, (std::vector<MemoryRect>{{{0, 128}, {4096, 4608}}}));
        QCOMPARE(*named(plan, "P3").bankRange, (Interval{1, 2}));
    }

    void verifierReportsThePlansOverlaps()
    {
        const auto diags = verifyModule(*parsed(kOverlapKernel), *m_target);
        QCOMPARE(text(diags),
                 std::string{
                     "7:5: error: allocation 'B' overlaps 'A' in SBUF (bytes 8..15)\n"
                     "9:5: error: allocation 'D' overlaps 'A' in SBUF (bytes 4..15)\n"
                     "9:5: error: allocation 'D' overlaps 'B' in SBUF (bytes 8..23)\n"
                     "9:5: error: allocation 'D' overlaps 'C' in SBUF (bytes 24..31)\n"
                     "11:5: warning: allocation 'P2' overlaps 'P1' in PSUM bank 0 (bytes 1024..2047 of the bank)\n"
                     "12:5: warning: allocation 'P3' overlaps 'P2' in PSUM bank 1 (bytes 1024..1535 of the bank)\n"});
    }

    void psumTileInOneBank()
    {
        const auto plan = buildMemoryPlan(*parsed(kPsumTileKernel), *m_target, "input");
        const auto& q = named(plan, "Q");
        QCOMPARE(q.banks, int64_t{1});
        QCOMPARE(q.partitions, int64_t{64});
        QCOMPARE(q.bytesPerPartition, int64_t{512});
        QVERIFY(q.sizeKnown);
        QCOMPARE(*q.bankRange, (Interval{3, 4}));
        QCOMPARE(q.rects, (std::vector<MemoryRect>{{{0, 64}, {3 * 2048 + 512, 3 * 2048 + 1024}}}));
    }

    // Two accumulators over banks 2..3 and 3..4 share bank 3: the warning
    // names the banks, since PSUM bytes count within a bank.
    void psumOverlapNamesTheSharedBanks()
    {
        const char* const source = R"(from tvm_tirx.script import tirx as T

@T.function
def main():
    X = T.alloc_tensor((2, 0), ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
    Y = T.alloc_tensor((3, 0), ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
    Z = T.alloc_tensor((2, 0), ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
)";
        QCOMPARE(text(verifyModule(*parsed(source), *m_target)),
                 std::string{"6:5: warning: allocation 'Y' overlaps 'X' in PSUM bank 3 (bytes 0..2047 of the bank)\n"
                             "7:5: warning: allocation 'Z' overlaps 'X' in PSUM banks 2..3 (bytes 0..2047 of each)\n"
                             "7:5: warning: allocation 'Z' overlaps 'Y' in PSUM bank 3 (bytes 0..2047 of the bank)\n"});
    }

    void psumWithLayout()
    {
        const auto module = parsed(kPsumLayoutKernel);
        const auto plan = buildMemoryPlan(*module, *m_target, "input");
        const auto& l = named(plan, "L");
        QCOMPARE(l.physicalShape, (std::vector<int64_t>{2, 128, 512}));
        QVERIFY(l.hasLayout);
        QCOMPARE(l.banks, int64_t{2});
        QCOMPARE(l.partitions, int64_t{128});
        QCOMPARE(l.bytesPerPartition, int64_t{2048});
        QCOMPARE(*l.bankRange, (Interval{7, 9}));
        QCOMPARE(*l.byteRange, (Interval{0, 2048}));
        QCOMPARE(l.rects, (std::vector<MemoryRect>{{{0, 128}, {7 * 2048, 9 * 2048}}}));
        QCOMPARE(plan.overlaps.size(), size_t{1});
        QCOMPARE(plan.overlaps.front().bytes, (Interval{1024, 1536}));
        // The verifier reads the same plan: the banks it reports are the
        // plan's bank range, and the overlap is the plan's pair.
        const auto diags = verifyModule(*module, *m_target);
        QCOMPARE(
            text(diags),
            std::string{"6:5: error: allocation 'L' uses PSUM banks 7..8; aws/trn1/trn1.2xlarge has banks 0..7\n"
                        "7:5: warning: allocation 'E' overlaps 'L' in PSUM bank 7 (bytes 1024..1535 of the bank)\n"});
        QCOMPARE(diags.back().message, overlapMessage(plan, plan.overlaps.front()));
    }

    void creatorsOfTwoWorkspacesOfOneName()
    {
        const Trace trace = lower(kTwoBiasKernel, {"TrnPrivateTensorAlloc", "TrnNaiveAllocator"});
        QVERIFY2(!trace.failed(), text(trace.entries.back()->diagnostics).c_str());
        const auto plan = buildMemoryPlan(*trace.entries.back()->module, *m_target, "TrnNaiveAllocator");
        std::vector<const PlannedAllocation*> biases;
        for (const auto& a : plan.allocations) {
            if (a.name == "const_bias") biases.push_back(&a);
        }
        QCOMPARE(biases.size(), size_t{3});
        // The workspaces come first, at the device_entry root, in creation order.
        QCOMPARE(biases[0]->createdBy, std::string{"TrnPrivateTensorAlloc"});
        QCOMPARE(biases[0]->serves, std::string{"T.trn.tile.activation at 11:5"});
        QCOMPARE(biases[0]->servesSpan.line, 11u);
        QCOMPARE(biases[0]->partitions, int64_t{128});
        QCOMPARE(biases[1]->createdBy, std::string{"TrnPrivateTensorAlloc"});
        QCOMPARE(biases[1]->serves, std::string{"T.trn.tile.activation at 12:5"});
        QCOMPARE(biases[1]->partitions, int64_t{64});
        QCOMPARE(biases[2]->createdBy, std::string{"user"});
        QVERIFY(biases[2]->serves.empty());
        QCOMPARE(biases[2]->definition.span.line, 7u);
    }

    void creatorSurvivesRetyping()
    {
        // LowerTrainiumLayout gives every tensor a new variable of its
        // physical type: the origin goes with it.
        const Trace trace =
            lower(kTwoBiasKernel, {"TrnPrivateTensorAlloc", "TrnNaiveAllocator", "LowerTrainiumLayout"});
        QVERIFY2(!trace.failed(), text(trace.entries.back()->diagnostics).c_str());
        const auto plan = buildMemoryPlan(*trace.entries.back()->module, *m_target, "LowerTrainiumLayout");
        QCOMPARE(plan.allocations.front().name, std::string{"const_bias"});
        QCOMPARE(plan.allocations.front().serves, std::string{"T.trn.tile.activation at 11:5"});
        QCOMPARE(plan.allocations[1].serves, std::string{"T.trn.tile.activation at 12:5"});
    }

    void placementPlanHasTheGeometry()
    {
        // The verifier's cheaper plan has the same rectangles and pairs.
        const auto full = buildMemoryPlan(*parsed(kOverlapKernel), *m_target, "input");
        const auto placement = buildMemoryPlan(*parsed(kOverlapKernel), *m_target, "input", PlanDetail::Placement);
        QCOMPARE(placement.allocations.size(), full.allocations.size());
        for (size_t i = 0; i < full.allocations.size(); ++i) {
            QCOMPARE(placement.allocations[i].rects, full.allocations[i].rects);
            QCOMPARE(placement.allocations[i].definition.order, full.allocations[i].definition.order);
        }
        QVERIFY(placement.overlaps == full.overlaps);
        QVERIFY(placement.totals.empty());
    }

private:
    const Target* m_target = nullptr;
    Trace m_trace;
    json m_json;
};

QTEST_APPLESS_MAIN(TestMemoryPlan)
#include "test_memory_plan.moc"
