// Counts the golden cases that port a case of the reference's tile tests
// (tests/python/tirx/operator/tile_primitive/trn/ in tqchen/tvm and
// apache/tvm): a case names its reference test in its first comment line,
// "Reference: test_copy_trn.py::test_simple_copy ...". The test fails when a
// reference file has fewer distinct ported cases than it has cases, so a
// family cannot lose coverage unnoticed.

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>

namespace fs = std::filesystem;

namespace {

// The number of cases (parametrizations counted one by one) in each
// reference file.
const std::map<std::string, size_t>& referenceCounts()
{
    static const std::map<std::string, size_t> counts = {
        {"test_copy_trn.py", 21},       {"test_unary_trn.py", 10},         {"test_binary_trn.py", 54},
        {"test_select_trn.py", 4},      {"test_reduction_trn.py", 8},      {"test_gemm_trn.py", 13},
        {"test_compose_op_trn.py", 18}, {"test_private_alloc_trn.py", 10},
    };
    return counts;
}

// reference file -> the distinct "test[params]" names ported from it.
std::map<std::string, std::set<std::string>> portedCases()
{
    static const std::regex reference(R"((test_\w+_trn\.py)::(\w+(\[[^\]]*\])?))");
    std::map<std::string, std::set<std::string>> out;
    const fs::path root = fs::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "passes";
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.path().extension() != ".py") continue;
        std::ifstream in(entry.path());
        std::string first;
        std::getline(in, first);
        std::smatch m;
        if (first.rfind("#", 0) == 0 && std::regex_search(first, m, reference)) out[m[1]].insert(m[2]);
    }
    return out;
}

} // namespace

class TestTileConformance : public QObject {
    Q_OBJECT

private slots:
    void families_data()
    {
        QTest::addColumn<QString>("file");
        for (const auto& [file, count] : referenceCounts()) QTest::newRow(file.c_str()) << QString::fromStdString(file);
    }

    void families()
    {
        QFETCH(QString, file);
        const auto ported = portedCases();
        const std::string name = file.toStdString();
        const size_t have = ported.count(name) ? ported.at(name).size() : 0;
        const size_t want = referenceCounts().at(name);
        QVERIFY2(have >= want, (name + ": " + std::to_string(have) + " of " + std::to_string(want) +
                                " reference cases have a golden case")
                                   .c_str());
    }

    void noUnknownReferenceFiles()
    {
        for (const auto& [file, cases] : portedCases())
            QVERIFY2(referenceCounts().count(file), ("a golden case names an unknown reference file " + file).c_str());
    }
};

QTEST_APPLESS_MAIN(TestTileConformance)
#include "test_tile_conformance.moc"
