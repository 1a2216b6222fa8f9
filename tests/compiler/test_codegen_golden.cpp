// Runs every tests/golden/codegen/*.py case (format in that folder's README):
// the reference's codegen tests and our own kernels, lowered through the
// `trn` pipeline and printed in each API the case gives an expected text
// for; error cases name the diagnostic. Every emitted text must also compile
// as Python. A mismatch shows a unified diff; TIRX_REBASE_GOLDEN=1 writes the
// emitted text into the case's expected section instead.

#include "codegen_case.h"
#include "golden_file.h"

#include <QtTest>

namespace fs = std::filesystem;
using namespace tirx;

namespace {

// Whitespace-free text: the reference's own comparison (spec 07 §7).
std::string squeeze(const std::string& s)
{
    std::string out;
    for (char c : s) {
        if (c != ' ' && c != '\n' && c != '\t' && c != '\r') out += c;
    }
    return out;
}

// "LINE:COL: error: text" holds when a diagnostic at LINE:COL of that
// severity contains text.
bool expectationHolds(const std::string& expectation, const std::vector<Diagnostic>& ds)
{
    unsigned line = 0;
    unsigned column = 0;
    char severity[16] = {};
    int consumed = 0;
    if (std::sscanf(expectation.c_str(), "%u:%u: %15[a-z]: %n", &line, &column, severity, &consumed) != 3) return false;
    const std::string text = expectation.substr(static_cast<size_t>(consumed));
    for (const auto& d : ds) {
        if (d.span.line == line && d.span.column == column && severityName(d.severity) == severity &&
            d.message.find(text) != std::string::npos)
            return true;
    }
    return false;
}

std::string describe(const std::vector<Diagnostic>& ds)
{
    std::string out;
    for (const auto& d : ds)
        out += "  " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + ": " +
               std::string(severityName(d.severity)) + ": " + d.message + "\n";
    return out.empty() ? "  (none)\n" : out;
}

} // namespace

class TestCodegenGolden : public QObject {
    Q_OBJECT

private slots:
    void cases_data()
    {
        QTest::addColumn<QString>("path");
        const auto paths = codegenCasePaths();
        QVERIFY2(paths.size() >= 3, "the codegen golden folder is missing");
        for (const auto& p : paths) QTest::newRow(p.filename().string().c_str()) << QString::fromStdString(p.string());
    }

    void cases()
    {
        QFETCH(QString, path);
        const CodegenCase c = readCodegenCase(path.toStdString());
        const LoweredKernel lowered = lowerForCodegen(c.input);
        QVERIFY2(lowered.final(), lowered.error.c_str());
        const Module& module = *lowered.final();

        if (!c.expectations.empty()) {
            QVERIFY2(!c.legacy && !c.current, "an error case has no expected text");
            for (NkiApi api : c.expectApis) {
                const NkiKernel kernel =
                    emitNki(module, {api, lowered.lowered.parsed.module.get(), lowered.lowered.target});
                QVERIFY2(!kernel.ok(), ("emitted without error for --api " + std::string(nkiApiName(api))).c_str());
                for (const auto& e : c.expectations) {
                    const std::string msg = "--api " + std::string(nkiApiName(api)) + ": no diagnostic '" + e +
                                            "'; got:\n" + describe(kernel.diagnostics);
                    QVERIFY2(expectationHolds(e, kernel.diagnostics), msg.c_str());
                }
            }
            return;
        }
        QVERIFY2(c.legacy || c.current, "a case needs an expected text or an expected error");
        for (NkiApi api : {NkiApi::Legacy, NkiApi::Current}) {
            const std::optional<std::string>& expected = api == NkiApi::Legacy ? c.legacy : c.current;
            if (!expected) continue; // the case is about the other API (e.g. a masked kernel)
            const NkiKernel kernel =
                emitNki(module, {api, lowered.lowered.parsed.module.get(), lowered.lowered.target});
            QVERIFY2(kernel.ok(), describe(kernel.diagnostics).c_str());
            if (squeeze(kernel.source) != squeeze(*expected) && rebasingGoldens()) {
                const char* marker = api == NkiApi::Legacy ? "# ---- expected legacy ----" : "# ---- expected nki ----";
                QVERIFY(rewriteSection(path.toStdString(), marker, "# ---- expected ", kernel.source));
                continue;
            }
            const std::string where = "--api " + std::string(nkiApiName(api)) + ", " +
                                      firstDifference(kernel.source, *expected) + "\n" +
                                      goldenDiff(*expected, kernel.source);
            QVERIFY2(squeeze(kernel.source) == squeeze(*expected), where.c_str());
            QCOMPARE(kernel.lines.size(),
                     static_cast<size_t>(std::count(kernel.source.begin(), kernel.source.end(), '\n')));
            const std::string compiled = pyCompileError(kernel.source);
            QVERIFY2(compiled.empty(), compiled.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestCodegenGolden)
#include "test_codegen_golden.moc"
