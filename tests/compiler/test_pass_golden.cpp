// Runs every tests/golden/passes/<Pass>/*.py case (format in that folder's README).

#include "golden_file.h"

#include "analysis/structural_equal.h"
#include "script/parser.h"
#include "script/printer.h"
#include "transform/pipeline.h"
#include "transform/registry.h"
#include "verify/verify.h"

#include <QtTest>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;
using namespace tirx;

namespace {

struct GoldenCase {
    std::string before;
    std::string expected; // empty for an error case
    std::vector<std::string> passes;
    std::string target = "aws/trn1/trn1.2xlarge";
    std::vector<std::string> expectations; // "LINE:COL: severity: text [Pass]"
    bool verify = true;                    // "# verify: off" skips the verifier between passes
};

std::string readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> splitList(const std::string& list)
{
    std::vector<std::string> out;
    std::stringstream in(list);
    for (std::string item; std::getline(in, item, ',');) {
        item.erase(0, item.find_first_not_of(' '));
        item.erase(item.find_last_not_of(' ') + 1);
        if (!item.empty()) out.push_back(item);
    }
    return out;
}

GoldenCase readCase(const fs::path& path)
{
    GoldenCase c;
    const std::string text = readFile(path);
    const std::string marker = "# ---- expected ----\n";
    const auto split = text.find(marker);
    c.before = text.substr(0, split);
    if (split != std::string::npos) c.expected = text.substr(split + marker.size());
    std::istringstream lines(c.before);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("# passes:", 0) == 0)
            c.passes = splitList(line.substr(9));
        else if (line.rfind("# target:", 0) == 0)
            c.target = splitList(line.substr(9)).at(0);
        else if (line.rfind("# verify: off", 0) == 0)
            c.verify = false;
        else if (line.rfind("# expect:", 0) == 0)
            c.expectations.push_back(line.substr(10));
    }
    if (c.passes.empty()) c.passes.push_back(path.parent_path().filename().string());
    return c;
}

// Every diagnostic of the run as ":LINE:COL: severity: message [Pass]", one
// per line; the verifier's findings on the parsed module say [input].
std::string diagnosticLines(const Trace& trace)
{
    std::string out;
    for (const auto& e : trace.entries) {
        for (const Diagnostic& d : e->diagnostics) {
            std::string line = formatDiagnostic(d, "");
            line.resize(line.find('\n') == std::string::npos ? line.size() : line.find('\n'));
            if (d.pass == "input") line += " [input]";
            out += line + "\n";
        }
    }
    return out;
}

// Whether an expectation ends with a pass name in brackets ("... [TileDispatch]").
bool namesPass(const std::string& want)
{
    const auto open = want.rfind(" [");
    if (open == std::string::npos || !want.ends_with("]") || open + 3 >= want.size()) return false;
    return std::all_of(want.begin() + static_cast<std::ptrdiff_t>(open + 2), want.end() - 1,
                       [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; });
}

// The diagnostic line of `all` that starts with `want`, from `want` to its
// end ("LINE:COL: severity: message [Pass]"); empty if none.
std::string withPass(const std::string& all, const std::string& want)
{
    std::istringstream lines(all);
    for (std::string line; std::getline(lines, line);) {
        const auto at = line.find(":" + want);
        if (at != std::string::npos && line.ends_with("]")) return line.substr(at + 1);
    }
    return {};
}

} // namespace

class TestPassGolden : public QObject {
    Q_OBJECT

private slots:
    void cases_data()
    {
        QTest::addColumn<QString>("path");
        const fs::path root = fs::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "passes";
        std::vector<fs::path> files;
        for (const auto& entry : fs::recursive_directory_iterator(root)) {
            if (entry.path().extension() == ".py") files.push_back(entry.path());
        }
        std::sort(files.begin(), files.end());
        QVERIFY2(files.size() >= 3, "expected golden pass cases under tests/golden/passes");
        for (const auto& f : files) {
            const auto name = f.parent_path().filename().string() + "/" + f.filename().string();
            QTest::newRow(name.c_str()) << QString::fromStdString(f.string());
        }
    }

    void cases()
    {
        QFETCH(QString, path);
        const auto c = readCase(path.toStdString());
        const auto before = parseModule(c.before);
        QVERIFY2(before.ok(), formatDiagnostics(before.diagnostics, "before", c.before).c_str());
        // "none" runs without a target, to check the passes that need one say so.
        const Target* target = c.target == "none" ? nullptr : findTarget(c.target);
        QVERIFY2(target || c.target == "none", ("unknown target " + c.target).c_str());

        PipelineOptions options;
        options.passes = c.passes;
        options.context.target = target;
        if (c.verify) {
            options.check = [](const Module& m, const PassContext& ctx) {
                return ctx.target ? verifyModule(m, *ctx.target) : std::vector<Diagnostic>{};
            };
        }
        const Trace trace = runPipeline(before.module, options);

        // Named diagnostics must appear, in a failing case or beside an expected
        // module (warnings), each from the pass it names.
        const std::string all = diagnosticLines(trace);
        for (const auto& want : c.expectations) {
            if (!namesPass(want) && rebasingGoldens()) {
                const std::string named = withPass(all, want);
                QVERIFY2(!named.empty(), ("missing diagnostic '" + want + "'; got:\n" + all).c_str());
                QVERIFY(rewriteLine(path.toStdString(), "# expect: " + want, "# expect: " + named));
                continue;
            }
            QVERIFY2(namesPass(want), ("'# expect: " + want + "' must end with the pass that reports it, as in " +
                                       "'[TileDispatch]' (TIRX_REBASE_GOLDEN=1 adds it)")
                                          .c_str());
            QVERIFY2(all.find(":" + want + "\n") != std::string::npos,
                     ("missing diagnostic '" + want + "'; got:\n" + all).c_str());
        }
        if (c.expected.empty()) {
            QVERIFY2(!c.expectations.empty(), "a case without an expected module must name its diagnostics");
            return;
        }
        QVERIFY2(!trace.failed(),
                 formatDiagnostics(trace.entries.back()->diagnostics, path.toStdString(), c.before).c_str());
        const auto expected = parseModule(c.expected);
        QVERIFY2(expected.ok(), formatDiagnostics(expected.diagnostics, "expected", c.expected).c_str());
        const auto& actual = *trace.entries.back()->module;
        const auto result = structuralEqual(actual, *expected.module);
        if (!result.equal && rebasingGoldens()) {
            QVERIFY(rewriteAfterMarker(path.toStdString(), "# ---- expected ----", printModule(actual)));
            return;
        }
        QVERIFY2(result.equal, ("first difference at " + result.path + ": " + result.reason + "\n" +
                                goldenDiff(printModule(*expected.module), printModule(actual)))
                                   .c_str());
    }
};

QTEST_APPLESS_MAIN(TestPassGolden)
#include "test_pass_golden.moc"
