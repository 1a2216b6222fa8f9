// runPipeline's Trace: one entry per pass after the input, with the snapshot,
// its text, the time spent, whether it changed, and the diagnostics; a failing
// pass ends the run and keeps everything before it; the per-entry callback
// sees the entries in order and can stop the run.

#include "script/parser.h"
#include "script/printer.h"
#include "transform/pipeline.h"
#include "transform/registry.h"
#include "verify/verify.h"

#include <QTest>

#include <string>

using namespace tirx;

namespace {

const char* const kTarget = "aws/trn1/trn1.2xlarge";

ModuleRef parseOk(const std::string& text)
{
    auto parsed = parseModule(text);
    if (!parsed.ok()) {
        qWarning("%s", formatDiagnostics(parsed.diagnostics, "input", text).c_str());
        return nullptr;
    }
    return parsed.module;
}

// A kernel with `count` SBUF tiles in Trainium layouts, each written through
// its layout in a loop nest: enough work for LowerTrainiumLayout to take a
// measurable time.
std::string layoutKernel(int count)
{
    std::string text = "from tvm_tirx.script import tirx as T\n"
                       "from tvm_tirx.backend.trn.axis import P, F, Bank\n\n"
                       "@T.function\n"
                       "def main():\n"
                       "    T.device_entry()\n";
    for (int k = 0; k < count; ++k) {
        const std::string x = "X" + std::to_string(k);
        text += "    " + x +
                " = T.alloc_tensor((128, 2, 8), \"float32\", scope=\"trn.sbuf\", "
                "layout=T.TileLayout(T.S[(128, 16):(1 @ P, 1 @ F)]))\n";
        text += "    for p in range(128):\n";
        text += "        for f in range(16):\n";
        text += "            " + x + "[p, f // 8, f % 8] = T.float32(" + std::to_string(k) + ")\n";
    }
    return text;
}

// Two tiles of 131072 bytes per partition: each fits alone, but the allocator
// places the second at 131072, past the 196608 bytes of a trn1 partition.
// `B` is allocated on line 7, column 5.
const char* const kOverflow = R"(from tvm_tirx.script import tirx as T

@T.function
def main():
    T.device_entry()
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 32768), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor(ty_args=[T.Tensor((128, 32768), "float32", scope="trn.sbuf")])
    A[0, 0] = B[0, 0]
)";

PipelineOptions lowerTirx()
{
    PipelineOptions options;
    const PipelinePreset* preset = findPreset("lower-tirx");
    options.passes.assign(preset->passes.begin(), preset->passes.end());
    options.name = std::string{preset->name};
    options.context.target = findTarget(kTarget);
    options.check = [](const Module& m, const PassContext& ctx) { return verifyModule(m, *ctx.target); };
    return options;
}

} // namespace

class TestTrace : public QObject {
    Q_OBJECT

private slots:
    void firstEntryIsTheInput()
    {
        const ModuleRef input = parseOk(layoutKernel(2));
        QVERIFY(input);
        const Trace trace = runPipeline(input, lowerTirx());
        QCOMPARE(trace.pipeline, std::string{"lower-tirx"});
        QCOMPARE(trace.targetTag, std::string{kTarget});
        QCOMPARE(trace.entries.size(), size_t{5});
        const TraceEntry& first = *trace.entries.front();
        QCOMPARE(first.passName, std::string{"input"});
        QVERIFY(first.module == input);
        QCOMPARE(first.text, printModule(*input));
        QVERIFY(!first.changed);
        QVERIFY(!first.failed);
        QVERIFY(!trace.failed());
    }

    void changedAndUnchangedPasses()
    {
        const ModuleRef input = parseOk(layoutKernel(2));
        QVERIFY(input);
        PipelineOptions options = lowerTirx();
        options.passes.push_back("DecorateDeviceScope"); // listed, not applicable
        const Trace trace = runPipeline(input, options);
        QCOMPARE(trace.entries.size(), size_t{6});

        // No tile call needs a workspace: the module is the same object.
        const TraceEntry* workspaces = trace.find("TrnPrivateTensorAlloc");
        QVERIFY(workspaces);
        QVERIFY(!workspaces->changed);
        QVERIFY(workspaces->module == input);
        QCOMPARE(workspaces->text, trace.entries[0]->text);

        // Placements, the device_entry marker and the layouts all change.
        for (const char* name : {"TrnNaiveAllocator", "TileDispatch", "LowerTrainiumLayout"}) {
            const TraceEntry* e = trace.find(name);
            QVERIFY2(e, name);
            QVERIFY2(e->changed, name);
            QCOMPARE(e->text, printModule(*e->module));
        }
        QVERIFY(trace.find("TrnNaiveAllocator")->text.find("T.alloc_tensor((0,)") != std::string::npos);
        QVERIFY(trace.find("TileDispatch")->text.find("device_entry") == std::string::npos);
        QVERIFY(trace.find("LowerTrainiumLayout")->text.find("X1[p, f] = T.float32(1.0)") != std::string::npos);

        const TraceEntry& skipped = *trace.entries.back();
        QCOMPARE(skipped.passName, std::string{"DecorateDeviceScope"});
        QVERIFY(!skipped.changed);
        QVERIFY(!skipped.failed);
        QVERIFY(skipped.module == trace.entries[4]->module);
        QCOMPARE(skipped.diagnostics.size(), size_t{1});
        QCOMPARE(skipped.diagnostics[0].severity, Diagnostic::Severity::Note);
        QVERIFY(skipped.diagnostics[0].message.rfind("skipped: ", 0) == 0);
    }

    void timingsAreRecorded()
    {
        const ModuleRef input = parseOk(layoutKernel(200));
        QVERIFY(input);
        const Trace trace = runPipeline(input, lowerTirx());
        QVERIFY(!trace.failed());
        QCOMPARE(trace.entries.front()->microseconds, int64_t{0}); // the input took no pass
        for (const auto& e : trace.entries) QVERIFY2(e->microseconds >= 0, e->passName.c_str());
        // Lowering 200 tiles through their layouts takes well over a microsecond.
        QVERIFY(trace.find("LowerTrainiumLayout")->microseconds > 0);
    }

    void snapshotsWithoutText()
    {
        const ModuleRef input = parseOk(layoutKernel(2));
        QVERIFY(input);
        PipelineOptions options = lowerTirx();
        options.printSnapshots = false;
        const Trace trace = runPipeline(input, options);
        QCOMPARE(trace.entries.size(), size_t{5});
        for (const auto& e : trace.entries) QVERIFY2(e->text.empty(), e->passName.c_str());
        QVERIFY(!trace.find("TrnPrivateTensorAlloc")->changed);
        QVERIFY(trace.find("LowerTrainiumLayout")->changed);
    }

    void verifierFailureStopsTheRun()
    {
        const ModuleRef input = parseOk(kOverflow);
        QVERIFY(input);
        const Trace trace = runPipeline(input, lowerTirx());
        QVERIFY(trace.failed());
        // input, TrnPrivateTensorAlloc, then the allocator whose placement overflows.
        QCOMPARE(trace.entries.size(), size_t{3});
        const TraceEntry& last = *trace.entries.back();
        QCOMPARE(last.passName, std::string{"TrnNaiveAllocator"});
        QVERIFY(last.failed);
        QVERIFY(last.changed);
        QVERIFY(last.module);
        QVERIFY(last.text.find("T.alloc_tensor((131072,)") != std::string::npos);

        const Diagnostic* overflow = nullptr;
        for (const auto& d : last.diagnostics) {
            if (d.severity == Diagnostic::Severity::Error) overflow = &d;
        }
        QVERIFY(overflow);
        QVERIFY2(overflow->message.find("'B'") != std::string::npos, overflow->message.c_str());
        QVERIFY2(overflow->message.find("196608") != std::string::npos, overflow->message.c_str());
        QCOMPARE(overflow->span.line, 7u);
        QCOMPARE(overflow->span.column, 5u);

        for (size_t i = 0; i + 1 < trace.entries.size(); ++i) {
            const TraceEntry& kept = *trace.entries[i];
            QVERIFY(!kept.failed);
            QVERIFY(kept.module == input); // nothing changed before the allocator
            QCOMPARE(kept.text, printModule(*input));
            QVERIFY(!hasErrors(kept.diagnostics));
        }
    }

    void passErrorStopsTheRun()
    {
        const ModuleRef input = parseOk(layoutKernel(1));
        QVERIFY(input);
        PipelineOptions options;
        options.passes = {"LowerTrainiumLayout", "TileDispatch", "StmtSimplify"}; // no target
        const Trace trace = runPipeline(input, options);
        QVERIFY(trace.failed());
        QCOMPARE(trace.entries.size(), size_t{3});
        QCOMPARE(trace.entries.back()->passName, std::string{"TileDispatch"});
        QVERIFY(trace.find("StmtSimplify") == nullptr);
        const auto& diagnostics = trace.entries.back()->diagnostics;
        QVERIFY(hasErrors(diagnostics));
        QCOMPARE(diagnostics.front().message,
                 std::string{"TileDispatch requires a Trainium target on the function or in the current target scope"});
        QVERIFY(diagnostics.front().span.valid()); // at the function
        // The layout lowering before it is kept, module and text.
        const TraceEntry& lowered = *trace.entries[1];
        QVERIFY(lowered.changed && !lowered.failed);
        QCOMPARE(lowered.text, printModule(*lowered.module));
    }

    void unknownPassFails()
    {
        const ModuleRef input = parseOk(layoutKernel(1));
        QVERIFY(input);
        PipelineOptions options;
        options.passes = {"StmtSimplify", "NoSuchPass"};
        const Trace trace = runPipeline(input, options);
        QVERIFY(trace.failed());
        QCOMPARE(trace.entries.size(), size_t{3});
        QVERIFY(trace.entries.back()->diagnostics.front().message.find("'NoSuchPass'") != std::string::npos);
    }

    void callbackSeesEntriesInOrder()
    {
        const ModuleRef input = parseOk(layoutKernel(2));
        QVERIFY(input);
        PipelineOptions options = lowerTirx();
        std::vector<std::string> seen;
        std::vector<TraceEntryRef> shared;
        options.onEntry = [&](const TraceEntryRef& e) {
            seen.push_back(e->passName);
            // The entry handed over is the one the Trace keeps, not a copy.
            shared.push_back(e);
            return true;
        };
        const Trace trace = runPipeline(input, options);
        QCOMPARE(seen.size(), trace.entries.size());
        for (size_t i = 0; i < seen.size(); ++i) {
            QCOMPARE(seen[i], trace.entries[i]->passName);
            QCOMPARE(shared[i].get(), trace.entries[i].get());
        }
        QCOMPARE(seen.front(), std::string{"input"});
    }

    void callbackCancels()
    {
        const ModuleRef input = parseOk(layoutKernel(2));
        QVERIFY(input);
        PipelineOptions options = lowerTirx();
        int calls = 0;
        options.onEntry = [&](const TraceEntryRef& e) {
            ++calls;
            return e->passName != "TrnNaiveAllocator"; // stop once placements are known
        };
        const Trace trace = runPipeline(input, options);
        QCOMPARE(calls, 3);
        QCOMPARE(trace.entries.size(), size_t{3});
        QCOMPARE(trace.entries.back()->passName, std::string{"TrnNaiveAllocator"});
        QVERIFY(!trace.failed()); // cancelled, not failed
        QVERIFY(trace.find("TileDispatch") == nullptr);

        // Cancelling at the input runs no pass at all.
        int inputCalls = 0;
        options.onEntry = [&](const TraceEntryRef&) {
            ++inputCalls;
            return false;
        };
        const Trace none = runPipeline(input, options);
        QCOMPARE(inputCalls, 1);
        QCOMPARE(none.entries.size(), size_t{1});
    }
};

QTEST_APPLESS_MAIN(TestTrace)
#include "test_trace.moc"
