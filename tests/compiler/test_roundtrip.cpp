// Data-driven over tests/golden/script/*.py: every module parses cleanly,
// prints, and the print is a fixed point that parses back to an equal
// module. tests/golden/script/canonical/<name>.py holds the exact expected
// print of <name>.py for a few modules: a mismatch shows a unified diff, and
// TIRX_REBASE_GOLDEN=1 writes the actual print there instead.

#include "golden_file.h"

#include "analysis/structural_equal.h"
#include "script/parser.h"
#include "script/printer.h"

#include <QtTest>

#include <filesystem>

using namespace tirx;
namespace fs = std::filesystem;

namespace {

const fs::path kCorpus = fs::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "script";

std::string diagnosticsText(const ParseResult& r, const std::string& file, const std::string& source)
{
    return formatDiagnostics(r.diagnostics, file, source);
}

} // namespace

class TestRoundTrip : public QObject {
    Q_OBJECT

private slots:
    void corpus_data()
    {
        QTest::addColumn<QString>("path");
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(kCorpus)) {
            if (e.is_regular_file() && e.path().extension() == ".py") files.push_back(e.path());
        }
        std::sort(files.begin(), files.end());
        QVERIFY2(files.size() >= 40, "the script corpus should hold at least 40 modules");
        for (const auto& f : files) QTest::newRow(f.filename().string().c_str()) << QString::fromStdString(f.string());
    }

    void corpus()
    {
        QFETCH(QString, path);
        const std::string file = path.toStdString();
        const std::string source = readGoldenText(file);
        const ParseResult first = parseModule(source);
        QVERIFY2(first.ok() && first.diagnostics.empty(), diagnosticsText(first, file, source).c_str());

        const std::string p1 = printModule(*first.module);
        const ParseResult second = parseModule(p1);
        QVERIFY2(second.ok(), ("printed text does not parse:\n" + diagnosticsText(second, "<printed>", p1) +
                               "\n--- printed ---\n" + p1)
                                  .c_str());
        const std::string p2 = printModule(*second.module);
        QVERIFY2(p1 == p2, ("print is not stable:\n" + goldenDiff(p1, p2)).c_str());

        const EqualityResult eq = structuralEqual(*second.module, *first.module);
        QVERIFY2(
            eq.equal,
            ("parse(print(m)) differs from m at " + eq.path + ": " + eq.reason + "\n--- printed ---\n" + p1).c_str());
    }

    void canonical_data()
    {
        QTest::addColumn<QString>("name");
        const fs::path dir = kCorpus / "canonical";
        std::vector<std::string> names;
        for (const auto& e : fs::directory_iterator(dir)) {
            if (e.is_regular_file() && e.path().extension() == ".py") names.push_back(e.path().filename().string());
        }
        std::sort(names.begin(), names.end());
        QVERIFY(!names.empty());
        for (const auto& n : names) QTest::newRow(n.c_str()) << QString::fromStdString(n);
    }

    void canonical()
    {
        QFETCH(QString, name);
        const std::string source = readGoldenText(kCorpus / name.toStdString());
        const std::string expected = readGoldenText(kCorpus / "canonical" / name.toStdString());
        const ParseResult r = parseModule(source);
        QVERIFY2(r.ok(), diagnosticsText(r, name.toStdString(), source).c_str());
        const std::string actual = printModule(*r.module);
        if (actual != expected && rebasingGoldens()) {
            QVERIFY(rewriteFile(kCorpus / "canonical" / name.toStdString(), actual));
            return;
        }
        QVERIFY2(actual == expected, ("canonical print differs:\n" + goldenDiff(expected, actual)).c_str());
    }
};

QTEST_GUILESS_MAIN(TestRoundTrip)
#include "test_roundtrip.moc"
