// Data-driven over tests/golden/script/*.py: every module parses cleanly,
// prints, and the print is a fixed point that parses back to an equal
// module. tests/golden/script/canonical/<name>.py holds the exact expected
// print of <name>.py for a few modules.

#include "analysis/structural_equal.h"
#include "script/parser.h"
#include "script/printer.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace tirx;
namespace fs = std::filesystem;

namespace {

const fs::path kCorpus = fs::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "script";

std::string readFile(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> lines(const std::string& s)
{
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

// A short unified-style diff: the first differing line with two lines of
// context on each side.
std::string diffText(const std::string& expected, const std::string& actual)
{
    const auto a = lines(expected);
    const auto b = lines(actual);
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    if (i == a.size() && i == b.size()) return "(texts differ only in line endings)";
    std::string out = "@@ line " + std::to_string(i + 1) + " @@\n";
    for (size_t k = i >= 2 ? i - 2 : 0; k < i; ++k) out += "  " + a[k] + "\n";
    for (size_t k = i; k < a.size() && k < i + 3; ++k) out += "- " + a[k] + "\n";
    for (size_t k = i; k < b.size() && k < i + 3; ++k) out += "+ " + b[k] + "\n";
    return out;
}

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
        const std::string source = readFile(file);
        const ParseResult first = parseModule(source);
        QVERIFY2(first.ok() && first.diagnostics.empty(), diagnosticsText(first, file, source).c_str());

        const std::string p1 = printModule(*first.module);
        const ParseResult second = parseModule(p1);
        QVERIFY2(second.ok(), ("printed text does not parse:\n" + diagnosticsText(second, "<printed>", p1) +
                               "\n--- printed ---\n" + p1)
                                  .c_str());
        const std::string p2 = printModule(*second.module);
        QVERIFY2(p1 == p2, ("print is not stable:\n" + diffText(p1, p2)).c_str());

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
        const std::string source = readFile(kCorpus / name.toStdString());
        const std::string expected = readFile(kCorpus / "canonical" / name.toStdString());
        const ParseResult r = parseModule(source);
        QVERIFY2(r.ok(), diagnosticsText(r, name.toStdString(), source).c_str());
        const std::string actual = printModule(*r.module);
        QVERIFY2(actual == expected,
                 ("canonical print differs (- expected, + actual):\n" + diffText(expected, actual)).c_str());
    }
};

QTEST_GUILESS_MAIN(TestRoundTrip)
#include "test_roundtrip.moc"
