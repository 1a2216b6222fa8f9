// Every bundled example, lowered with the `trn` pipeline and emitted in both
// APIs: the text compiles as Python, or code generation (or a pass before
// it) says where and why it cannot print the kernel. Never a crash, never
// text with an error.

#include "codegen_case.h"

#include <QtTest>

#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace tirx;

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
        std::ifstream in(path.toStdString(), std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        const LoweredKernel lowered = lowerForCodegen(text.str());
        if (!lowered.final()) {
            // A pass stopped the pipeline: it said where.
            QVERIFY(!lowered.error.empty());
            QVERIFY2(lowered.trace.entries.empty() || hasErrors(lowered.trace.entries.back().diagnostics),
                     lowered.error.c_str());
            return;
        }
        for (NkiApi api : {NkiApi::Legacy, NkiApi::Current}) {
            const NkiKernel kernel = emitNki(*lowered.final(), {api, lowered.parsed.module.get()});
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
};

QTEST_GUILESS_MAIN(TestCodegenExamples)
#include "test_codegen_examples.moc"
