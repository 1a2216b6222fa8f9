// Every bundled example, lowered through every pass of the `trn` pipeline
// and emitted in both APIs: the text compiles as Python, or code generation
// says where and why it cannot print the kernel. Never a crash, never
// text with an error. The tile-level examples go further: every pass of `trn` runs without an error and the kernel
// prints in both APIs and compiles. And one lowered kernel per tile-op family (the first TileDispatch golden case of
// each family folder), which must print in both APIs and compile.

#include "codegen_case.h"

#include "codegen/current_printer.h"
#include "transform/registry.h"

#include <QtTest>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace tirx;

namespace {

std::string readText(const QString& path)
{
    std::ifstream in(path.toStdString(), std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool hasArguments(const Module& module)
{
    for (const auto& [name, fn] : module.functions()) {
        if (fn->params().empty()) return false;
    }
    return true;
}

// The kernel prints in both APIs, without a diagnostic that stops it, as
// Python that compiles; QVERIFY failures end the calling test. A kernel
// without arguments has no current-API text (nki.jit cannot launch it) and
// says so at the function.
void verifyKernelPrints(const LoweredKernel& lowered)
{
    for (NkiApi api : {NkiApi::Legacy, NkiApi::Current}) {
        const NkiKernel kernel = emitNki(*lowered.final(), {api, lowered.lowered.parsed.module.get()});
        if (api == NkiApi::Current && !hasArguments(*lowered.final())) {
            QVERIFY(!kernel.ok());
            QVERIFY(kernel.source.empty());
            const auto refusal = std::find_if(kernel.diagnostics.begin(), kernel.diagnostics.end(),
                                              [](const Diagnostic& d) { return d.message == kNoArgumentsMessage; });
            QVERIFY(refusal != kernel.diagnostics.end());
            QVERIFY(refusal->span.valid());
            continue;
        }
        std::string why;
        for (const auto& d : kernel.diagnostics) why += d.message + "\n";
        QVERIFY2(kernel.ok(), why.c_str());
        const std::string compiled = pyCompileError(kernel.source);
        QVERIFY2(compiled.empty(), compiled.c_str());
        QVERIFY(kernel.source.find(api == NkiApi::Legacy ? "nl.ndarray(shape=" : "nl.ndarray(") != std::string::npos);
    }
}

} // namespace

class TestCodegenExamples : public QObject {
    Q_OBJECT

private slots:
    void examples_data()
    {
        QTest::addColumn<QString>("path");
        int count = 0;
        for (const auto& e : fs::directory_iterator(fs::path(TIRX_SOURCE_DIR) / "resources" / "examples")) {
            if (e.path().extension() != ".py") continue;
            QTest::newRow(e.path().filename().string().c_str()) << QString::fromStdString(e.path().string());
            ++count;
        }
        QVERIFY(count >= 3);
    }

    void examples()
    {
        QFETCH(QString, path);
        const LoweredKernel lowered = lowerForCodegen(readText(path));
        if (path.endsWith(u"/sbuf_overflow.py")) {
            // The one example that must not lower: it shows the verifier
            // stopping the pipeline at the allocation that does not fit.
            QVERIFY(!lowered.final());
            QVERIFY(lowered.lowered.trace && lowered.lowered.trace->failed());
            QCOMPARE(lowered.lowered.trace->entries.back()->passName, std::string("TrnNaiveAllocator"));
            bool located = false;
            for (const auto& d : lowered.lowered.diagnostics) {
                if (d.severity != Diagnostic::Severity::Error) continue;
                QVERIFY2(d.message.find("allocation 'c' needs 81920 bytes per partition") == 0, d.message.c_str());
                QVERIFY2(d.message.find("past the SBUF capacity of 196608") != std::string::npos, d.message.c_str());
                QCOMPARE(d.span.line, 30u);
                QCOMPARE(d.span.column, 13u);
                located = true;
            }
            QVERIFY(located);
            return;
        }
        // Every bundled example lowers through every pass of `trn` (README):
        // a pass that stops the pipeline fails here with its message.
        QVERIFY2(lowered.final(), lowered.error.c_str());
        QVERIFY2(!hasErrors(lowered.lowered.diagnostics), "an error diagnostic in a pipeline that finished");
        const auto* preset = findPreset("trn");
        QVERIFY(preset);
        QCOMPARE(lowered.lowered.trace->entries.size(), preset->passes.size() + 1);
        for (NkiApi api : {NkiApi::Legacy, NkiApi::Current}) {
            const NkiKernel kernel = emitNki(*lowered.final(), {api, lowered.lowered.parsed.module.get()});
            if (!kernel.ok()) {
                QVERIFY(kernel.source.empty());
                for (const auto& d : kernel.diagnostics) {
                    if (d.severity == Diagnostic::Severity::Error)
                        QVERIFY2(d.span.valid(), ("an error without a location: " + d.message).c_str());
                }
                continue;
            }
            QVERIFY(kernel.source.find("def ") != std::string::npos);
            const std::string compiled = pyCompileError(kernel.source);
            QVERIFY2(compiled.empty(), compiled.c_str());
        }
    }

    void tileExamples_data()
    {
        QTest::addColumn<QString>("path");
        // The examples written with T.trn.tile.* calls that teach a lowering
        // (README, "what works today").
        for (const char* name : {"activation.py", "copy_layout.py", "matmul_psum.py", "memory_map.py", "softmax.py",
                                 "two_stage_reduce.py", "vector_add.py"}) {
            const fs::path path = fs::path(TIRX_SOURCE_DIR) / "resources" / "examples" / name;
            QVERIFY2(fs::exists(path), name);
            QTest::newRow(name) << QString::fromStdString(path.string());
        }
    }

    void tileExamples()
    {
        QFETCH(QString, path);
        const LoweredKernel lowered = lowerForCodegen(readText(path));
        QVERIFY2(lowered.final(), lowered.error.c_str());
        // Every pass of the preset ran, TileDispatch among them.
        const auto* preset = findPreset("trn");
        QVERIFY(preset);
        QCOMPARE(lowered.lowered.trace->entries.size(), preset->passes.size() + 1);
        QVERIFY(lowered.lowered.trace->find("TileDispatch"));
        verifyKernelPrints(lowered);
    }

    // memory_map.py's matmul accumulates into the PSUM workspace without
    // anything writing it first: the current API names that at a place in
    // the file, beside the refusal of a kernel without arguments.
    void uninitialisedAccumulatorIsReported()
    {
        const fs::path path = fs::path(TIRX_SOURCE_DIR) / "resources" / "examples" / "memory_map.py";
        const LoweredKernel lowered = lowerForCodegen(readText(QString::fromStdString(path.string())));
        QVERIFY2(lowered.final(), lowered.error.c_str());
        const NkiKernel kernel = emitNki(*lowered.final(), {NkiApi::Current, lowered.lowered.parsed.module.get()});
        QVERIFY(!kernel.ok());
        const auto accumulation = std::find_if(kernel.diagnostics.begin(), kernel.diagnostics.end(), [](const auto& d) {
            return d.severity == Diagnostic::Severity::Error &&
                   d.message.find("accumulates into 'acc_psum', which nothing wrote before it") != std::string::npos;
        });
        QVERIFY(accumulation != kernel.diagnostics.end());
        QVERIFY(accumulation->span.valid());
        QVERIFY(accumulation->message.find("\"Accumulation mode\"") != std::string::npos);
        // The legacy text is the reference's: it still prints.
        QVERIFY(emitNki(*lowered.final(), {NkiApi::Legacy, lowered.lowered.parsed.module.get()}).ok());
    }

    void tileFamilies_data()
    {
        QTest::addColumn<QString>("path");
        const fs::path root = fs::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "passes" / "TileDispatch";
        int families = 0;
        for (const auto& family : fs::directory_iterator(root)) {
            if (!family.is_directory() || family.path().filename() == "errors") continue;
            std::vector<fs::path> cases;
            for (const auto& e : fs::directory_iterator(family.path())) {
                if (e.path().extension() == ".py") cases.push_back(e.path());
            }
            std::sort(cases.begin(), cases.end());
            QVERIFY(!cases.empty());
            QTest::newRow(family.path().filename().string().c_str()) << QString::fromStdString(cases.front().string());
            ++families;
        }
        QVERIFY(families >= 3);
    }

    void tileFamilies()
    {
        QFETCH(QString, path);
        std::string module = readText(path);
        module = module.substr(0, module.find("# ---- expected ----"));
        const LoweredKernel lowered = lowerForCodegen(module);
        QVERIFY2(lowered.final(), lowered.error.c_str());
        verifyKernelPrints(lowered);
    }
};

QTEST_GUILESS_MAIN(TestCodegenExamples)
#include "test_codegen_examples.moc"
