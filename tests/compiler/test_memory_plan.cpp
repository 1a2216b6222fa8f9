// The memory plan (CLI.md `memmap --json`) of a kernel with SBUF tiles (with
// and without a layout), a user-placed PSUM tensor, a global tensor and a
// workspace TrnPrivateTensorAlloc adds, after TrnNaiveAllocator. Every field
// of every allocation is compared with numbers worked out by hand below.

#include "analysis/memory_plan.h"
#include "analysis/verify.h"
#include "script/parser.h"
#include "transform/pipeline.h"

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
   "created_by": "TrnPrivateTensorAlloc", "serves": "T.trn.tile.activation at 12:5",
   // first read by the generated memset (no source), last by the activation
   "first_use": {"order": 5, "line": 0, "column": 0},
   "last_use": {"order": 11, "line": 12, "column": 5},
   "span": {"line": 0, "column": 0}},
  {"function": "main", "name": "A", "scope": "trn.sbuf", "dtype": "float32",
   "shape": [128, 512], "physical_shape": [128, 512],
   "bytes_per_partition": 2048, "partitions": 128, "offset": 2048,
   "created_by": "user", "serves": null,
   "first_use": {"order": 11, "line": 12, "column": 5},
   "last_use": {"order": 11, "line": 12, "column": 5},
   "span": {"line": 7, "column": 5}},
  {"function": "main", "name": "W", "scope": "trn.sbuf", "dtype": "float16",
   // no layout: the shape is physical, partitions first
   "shape": [64, 32], "physical_shape": [64, 32],
   "bytes_per_partition": 64, "partitions": 64, "offset": 4096,
   "created_by": "user", "serves": null,
   "first_use": {"order": 13, "line": 14, "column": 5},
   "last_use": {"order": 13, "line": 14, "column": 5},
   "span": {"line": 8, "column": 5}},
  {"function": "main", "name": "Gl", "scope": "global", "dtype": "float32",
   // not placed by the allocator; no partitions; its bytes are the whole
   // tensor: 16 * 16 * 4 = 1024
   "shape": [16, 16], "physical_shape": [16, 16],
   "bytes_per_partition": 1024, "partitions": 0, "offset": null,
   "created_by": "user", "serves": null,
   "first_use": {"order": 12, "line": 13, "column": 5},
   "last_use": {"order": 12, "line": 13, "column": 5},
   "span": {"line": 9, "column": 5}},
  {"function": "main", "name": "Ps", "scope": "trn.psum", "dtype": "float32",
   // physical (banks, partitions, free): 2 banks from bank 2, each partition
   // row of a bank holding 512 * 4 = 2048 bytes
   "shape": [2, 128, 512], "physical_shape": [2, 128, 512],
   "bytes_per_partition": 2048, "partitions": 128, "offset": 0, "bank": 2, "banks": 2,
   "created_by": "user", "serves": null,
   "first_use": {"order": 14, "line": 15, "column": 5},
   "last_use": {"order": 14, "line": 15, "column": 5},
   "span": {"line": 10, "column": 5}},
  {"function": "main", "name": "C", "scope": "trn.sbuf", "dtype": "float32",
   "shape": [128, 512], "physical_shape": [128, 512],
   "bytes_per_partition": 2048, "partitions": 128, "offset": 4160,
   "created_by": "user", "serves": null,
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
const char* const kExpectedTotals = R"({
  "trn.sbuf": {"allocated_bytes_per_partition": 6208, "peak_live_bytes_per_partition": 6208,
               "capacity_bytes_per_partition": 196608},
  "trn.psum": {"allocated_bytes_per_partition": 8192, "peak_live_bytes_per_partition": 4096,
               "capacity_bytes_per_partition": 16384}
})";

json parseWithComments(const char* text) { return json::parse(text, nullptr, true, true); }

} // namespace

class TestMemoryPlan : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        auto parsed = parseModule(kKernel);
        QVERIFY2(parsed.ok(), formatDiagnostics(parsed.diagnostics, "kernel", kKernel).c_str());
        m_target = findTarget("aws/trn1/trn1.2xlarge");
        QVERIFY(m_target);
        PipelineOptions options;
        options.passes = {"TrnPrivateTensorAlloc", "TrnNaiveAllocator"};
        options.context.target = m_target;
        options.check = [](const Module& m, const PassContext& ctx) { return verifyModule(m, *ctx.target); };
        m_trace = runPipeline(parsed.module, options);
        QVERIFY2(!m_trace.failed(), formatDiagnostics(m_trace.entries.back()->diagnostics, "kernel").c_str());
        const MemoryPlan plan =
            buildMemoryPlan(*m_trace.entries.back()->module, *m_target, "TrnNaiveAllocator", &m_trace);
        m_json = memoryPlanToJson(plan);
    }

    void header()
    {
        QCOMPARE(m_json.at("target").get<std::string>(), std::string{"aws/trn1/trn1.2xlarge"});
        QCOMPARE(m_json.at("after").get<std::string>(), std::string{"TrnNaiveAllocator"});
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
            // Nothing beyond CLI.md's fields (plus function, and bank/banks for PSUM).
            QCOMPARE(actual[i].size(), expected[i].size());
        }
    }

    void totals()
    {
        const json expected = parseWithComments(kExpectedTotals);
        QVERIFY2(m_json.at("totals") == expected, m_json.at("totals").dump().c_str());
    }

    void creatorIsUnknownWithoutTrace()
    {
        // Without the trace, a generated allocation is still told from the user's.
        const MemoryPlan plan = buildMemoryPlan(*m_trace.entries.back()->module, *m_target, "TrnNaiveAllocator");
        QCOMPARE(plan.allocations.front().name, std::string{"const_bias"});
        QVERIFY(plan.allocations.front().createdBy != "user");
        QCOMPARE(plan.allocations[1].createdBy, std::string{"user"});
    }

private:
    const Target* m_target = nullptr;
    Trace m_trace;
    json m_json;
};

QTEST_APPLESS_MAIN(TestMemoryPlan)
#include "test_memory_plan.moc"
