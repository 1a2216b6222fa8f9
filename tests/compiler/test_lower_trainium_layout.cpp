// LowerTrainiumLayout against the golden cases in
// tests/golden/passes/LowerTrainiumLayout (format: that folder's parent README),
// run through the registry alone, plus the behaviour a golden file cannot
// show: warnings, sharing of unchanged modules, and the memoised variables.

#include "analysis/structural_equal.h"
#include "script/parser.h"
#include "script/printer.h"
#include "transform/registry.h"

#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace tirx;

namespace {

const std::string kMarker = "# ---- expected ----\n";

std::string readText(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

PassResult runPass(const ModuleRef& module)
{
    const PassInfo* pass = findPass("LowerTrainiumLayout");
    if (!pass || !pass->run) return {module, {}};
    return pass->run(module, PassContext{});
}

ModuleRef parseOk(const std::string& text)
{
    auto parsed = parseModule(text);
    if (!parsed.ok()) {
        qWarning("%s", formatDiagnostics(parsed.diagnostics, "input", text).c_str());
        return nullptr;
    }
    return parsed.module;
}

} // namespace

class TestLowerTrainiumLayout : public QObject {
    Q_OBJECT

private slots:
    void golden_data()
    {
        QTest::addColumn<QString>("path");
        const fs::path dir = fs::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "passes" / "LowerTrainiumLayout";
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (entry.path().extension() == ".py") files.push_back(entry.path());
        }
        std::sort(files.begin(), files.end());
        QVERIFY(files.size() >= 15);
        for (const auto& f : files) QTest::newRow(f.filename().string().c_str()) << QString::fromStdString(f.string());
    }

    void golden()
    {
        QFETCH(QString, path);
        const std::string text = readText(path.toStdString());
        const auto split = text.find(kMarker);
        const std::string before = text.substr(0, split);
        const ModuleRef input = parseOk(before);
        QVERIFY(input);
        const PassResult result = runPass(input);

        if (split == std::string::npos) {
            // An error case names its diagnostic: "# expect: LINE:COL: severity: text".
            const auto at = before.find("# expect: ");
            QVERIFY2(at != std::string::npos, "a case without an expected half must name its diagnostic");
            const std::string want = before.substr(at + 10, before.find('\n', at) - at - 10);
            // The expectation names the pass, as the pipeline stamps it.
            std::vector<Diagnostic> stamped = result.diagnostics;
            for (Diagnostic& d : stamped) d.pass = "LowerTrainiumLayout";
            const std::string got = formatDiagnostics(stamped, "", {});
            QVERIFY2(got.find(":" + want) != std::string::npos, ("missing '" + want + "'; got:\n" + got).c_str());
            return;
        }
        QVERIFY2(!hasErrors(result.diagnostics), formatDiagnostics(result.diagnostics, "before", before).c_str());
        const ModuleRef expected = parseOk(text.substr(split + kMarker.size()));
        QVERIFY(expected);
        const auto eq = structuralEqual(*result.module, *expected);
        QVERIFY2(eq.equal, ("first difference at " + eq.path + ": " + eq.reason + "\n--- actual\n" +
                            printModule(*result.module) + "--- expected\n" + printModule(*expected))
                               .c_str());
    }

    void registered()
    {
        const PassInfo* pass = findPass("LowerTrainiumLayout");
        QVERIFY(pass);
        QVERIFY(static_cast<bool>(pass->run));
    }

    void unchangedModuleIsShared()
    {
        const ModuleRef m = parseOk(R"(from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor(ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    W[1, 2] = T.float32(0)
)");
        QVERIFY(m);
        const PassResult r = runPass(m);
        QVERIFY(r.module == m);
        QVERIFY(r.diagnostics.empty());
    }

    void noLayoutViewIsFlaggedOnce()
    {
        const ModuleRef m = parseOk(R"(from tvm_tirx.script import tirx as T

@T.function
def main():
    W = T.alloc_tensor(ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    V = T.decl_tensor(W.data, ty_args=[T.Tensor((128, 64), "float32", scope="trn.sbuf")])
    V[1, 2] = V[3, 4]
)");
        QVERIFY(m);
        const PassResult r = runPass(m);
        QVERIFY(!hasErrors(r.diagnostics));
        QCOMPARE(r.diagnostics.size(), size_t{1});
        QCOMPARE(r.diagnostics[0].severity, Diagnostic::Severity::Warning);
        QCOMPARE(r.diagnostics[0].span.line, 7u);
        QVERIFY(r.diagnostics[0].message.find("flattened") != std::string::npos);
        const std::string printed = printModule(*r.module);
        QVERIFY2(printed.find("(8192,)") != std::string::npos, printed.c_str());
        QVERIFY2(printed.find("V[1, 2] = V[3, 4]") != std::string::npos, printed.c_str());
    }

    void accessesShareOnePhysicalVariable()
    {
        const ModuleRef m = parseOk(R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((128, 512), "float32", scope="trn.sbuf", layout="PF")
    A[0, 1] = A[2, 3]
)");
        QVERIFY(m);
        const PassResult r = runPass(m);
        const auto& body = stmtList(r.module->functions().front().second->body());
        QCOMPARE(body.size(), size_t{2});
        const auto* bind = as<BindNode>(body[0]);
        const auto* store = as<TensorStoreNode>(body[1]);
        QVERIFY(bind && store);
        QVERIFY(store->tensor() == bind->var());
        const auto* load = as<TensorLoadNode>(store->value());
        QVERIFY(load && load->tensor() == bind->var());
    }
};

QTEST_APPLESS_MAIN(TestLowerTrainiumLayout)
#include "test_lower_trainium_layout.moc"
