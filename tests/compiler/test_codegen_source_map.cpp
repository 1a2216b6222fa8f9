// The NKI source map on a three-instruction kernel, both ways and in both
// APIs: an emitted line knows the statement (and tile call) it came from, and
// a source line finds the NKI lines it produced. Also the printer details a
// golden text would hide: the free-offset unit, fresh names, parentheses.

#include "codegen_case.h"

#include "codegen/free_offset.h"
#include "codegen/name_supply.h"

#include <QtTest>

#include <sstream>

using namespace tirx;

namespace {

// Line 9 is the load, 13 the tensorscalar, 17 the store.
const char* const kThreeOps = R"(from tvm.script import tirx as T

@T.prim_func
def three(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}): T.nki.load(a[p, f], A[p, f])
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.tensorscalar(a[p, f], a[p, f], T.float32(3.0), "mul")
    with T.nki.tensorized_instruction():
        for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
            for f in T.serial(0, 512, annotations={"nki_dim": "F"}):
                T.nki.store(B[p, f], a[p, f])
)";

// The same lines as the kernel, but a tile call where the load is: what the
// user wrote before TileDispatch, so the load's NKI line points at it.
const char* const kTileSource = R"(from tvm.script import tirx as T

@T.prim_func
def three(A: T.Tensor((128, 512), "float32"), B: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")


    T.trn.tile.load(a[0:128, 0:512],                                          A[0:128, 0:512])
)";

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The 1-based line holding `needle`; 0 when none.
int lineWith(const std::string& text, const std::string& needle)
{
    const auto lines = linesOf(text);
    for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].find(needle) != std::string::npos) return static_cast<int>(i) + 1;
    }
    return 0;
}

} // namespace

class TestCodegenSourceMap : public QObject {
    Q_OBJECT

private slots:
    void nkiLinesKnowTheirStatement_data()
    {
        QTest::addColumn<int>("api");
        QTest::addColumn<QString>("load");
        QTest::addColumn<QString>("scale");
        QTest::addColumn<QString>("store");
        QTest::newRow("legacy") << int(NkiApi::Legacy) << "nl.load("
                                << "nisa.tensor_scalar("
                                << "nl.store(";
        QTest::newRow("nki") << int(NkiApi::Current) << "nisa.dma_copy(dst=a_ptr"
                             << "nisa.tensor_scalar("
                             << "nisa.dma_copy(dst=B_ptr";
    }

    void nkiLinesKnowTheirStatement()
    {
        QFETCH(int, api);
        QFETCH(QString, load);
        QFETCH(QString, scale);
        QFETCH(QString, store);
        const LoweredKernel lowered = lowerForCodegen(kThreeOps);
        QVERIFY2(lowered.final(), lowered.error.c_str());
        const NkiKernel kernel = emitNki(*lowered.final(), {NkiApi(api), lowered.lowered.parsed.module.get()});
        QVERIFY(kernel.ok());
        QCOMPARE(kernel.lines.size(), linesOf(kernel.source).size());

        const std::pair<QString, uint32_t> expected[] = {{load, 9}, {scale, 13}, {store, 17}};
        for (const auto& [needle, sourceLine] : expected) {
            const int line = lineWith(kernel.source, needle.toStdString());
            QVERIFY2(line > 0, qPrintable(needle));
            // NKI -> source.
            QCOMPARE(kernel.originOfLine(line).statement.line, sourceLine);
            // Source -> NKI: the instruction's source line finds its line, and
            // nothing it did not print.
            const std::vector<int> found = kernel.linesForSourceLine(sourceLine);
            QVERIFY(std::find(found.begin(), found.end(), line) != found.end());
            for (int l : found) QCOMPARE(kernel.originOfLine(l).statement.line, sourceLine);
        }
        // Fixed lines (imports, the header comment) have no origin.
        QVERIFY(!kernel.originOfLine(1).statement.valid());
        QVERIFY(!kernel.originOfLine(0).statement.valid());
        QVERIFY(!kernel.originOfLine(int(kernel.lines.size()) + 1).statement.valid());
        if (NkiApi(api) == NkiApi::Legacy) {
            // The arange lines of a loop point at the loop.
            const int arange = lineWith(kernel.source, "f = nl.arange(512)");
            QCOMPARE(kernel.originOfLine(arange).statement.line, 9u);
        }
    }

    void linesPointAtTheTileCall()
    {
        const LoweredKernel lowered = lowerForCodegen(kThreeOps);
        QVERIFY(lowered.final());
        const ParseResult source = parseModule(kTileSource);
        QVERIFY2(source.ok(), formatDiagnostics(source.diagnostics, "tile").c_str());
        const NkiKernel kernel = emitNki(*lowered.final(), {NkiApi::Legacy, source.module.get()});
        QVERIFY(kernel.ok());
        const int load = lineWith(kernel.source, "nl.load(");
        const NkiLineOrigin origin = kernel.originOfLine(load);
        QCOMPARE(origin.tileCall.line, 9u);
        QCOMPARE(origin.tileCall.column, 5u);
        // The store came from no tile call.
        QVERIFY(!kernel.originOfLine(lineWith(kernel.source, "nl.store(")).tileCall.valid());
        // Source line 9 finds the load through its tile call.
        const std::vector<int> found = kernel.linesForSourceLine(9);
        QVERIFY(std::find(found.begin(), found.end(), load) != found.end());
    }

    void freeOffsetIsInBytes()
    {
        QCOMPARE(currentFreeOffset(0, DataType::float32()), int64_t{0});
        QCOMPARE(currentFreeOffset(2048, DataType::float32()), int64_t{2048});
        QCOMPARE(currentFreeOffset(2048, DataType::bfloat16()), int64_t{2048});
        QCOMPARE(currentFreeOffset(3 * kPsumBankBytes + 64, DataType::int8()), 3 * kPsumBankBytes + 64);
    }

    void freshNamesFollowTheReference()
    {
        NameSupply names;
        QCOMPARE(names.fresh("i"), std::string("i"));
        QCOMPARE(names.fresh("i"), std::string("i_1"));
        QCOMPARE(names.fresh("i_2"), std::string("i_2"));
        QCOMPARE(names.fresh("i"), std::string("i_3")); // i_2 is taken
        QCOMPARE(names.fresh("i_1"), std::string("i_1_1"));
        QCOMPARE(names.fresh("a.b"), std::string("a_b"));
        QVERIFY(names.contains("i_3"));
    }

    void floorDivisionKeepsItsMeaning()
    {
        // Printed as the reference does, `64 * (c // 16)` would read
        // `(64 * c // 16)`, which Python evaluates as (64 * c) // 16.
        const char* const text = R"(from tvm.script import tirx as T

@T.prim_func
def fd(A: T.Tensor((128, 4096), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 4096), "float32", scope="trn.sbuf")
    for c in range(64):
        with T.nki.tensorized_instruction():
            for p in T.serial(0, 128, annotations={"nki_dim": "P"}):
                for f in T.serial(0, 64, annotations={"nki_dim": "F"}):
                    T.nki.load(a[p, 64 * (c // 16) + f], A[p, c // 16 * 64 + f])
)";
        const ParseResult parsed = parseModule(text);
        QVERIFY2(parsed.ok(), formatDiagnostics(parsed.diagnostics, "fd").c_str());
        const NkiKernel kernel = emitNki(*parsed.module, {NkiApi::Legacy, nullptr});
        QVERIFY2(kernel.ok(), kernel.diagnostics.empty() ? "" : kernel.diagnostics.front().message.c_str());
        QVERIFY2(kernel.source.find("(64 * (c // 16))") != std::string::npos, kernel.source.c_str());
        QVERIFY(kernel.source.find("(64 * c // 16)") == std::string::npos);
        // Where the bare text already means the right thing it stays as the reference prints it.
        QVERIFY2(kernel.source.find("((c // 16 * 64) + f[None, :, ])") != std::string::npos, kernel.source.c_str());
    }

    void diagnosticsPointAtTheStatement()
    {
        const char* const text = R"(from tvm.script import tirx as T

@T.prim_func
def st(A: T.Tensor((128, 512), "float32")):
    T.func_attr({"num_inputs": 1})
    a = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf")
    a[1, 2] = T.float32(0.0)
)";
        const ParseResult parsed = parseModule(text);
        QVERIFY(parsed.ok());
        for (NkiApi api : {NkiApi::Legacy, NkiApi::Current}) {
            const NkiKernel kernel = emitNki(*parsed.module, {api, nullptr});
            QVERIFY(!kernel.ok());
            QVERIFY(kernel.source.empty());
            QCOMPARE(kernel.diagnostics.back().span.line, 7u);
            QCOMPARE(kernel.diagnostics.back().span.column, 5u);
        }
    }
};

QTEST_GUILESS_MAIN(TestCodegenSourceMap)
#include "test_codegen_source_map.moc"
