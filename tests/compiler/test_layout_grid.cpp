// LayoutGrid: the numbers of every hand-worked case under tests/golden/layout
// (one file per case, the expectations in its comments), every element
// checked against the layout algebra's applyLayout, and the round trip
// logical index -> cell -> logical index over whole tensors. A case whose
// expectations do not hold shows a unified diff of its expectation lines;
// TIRX_REBASE_GOLDEN=1 writes the grid's numbers into them instead.
#include "golden_file.h"

#include "analysis/named_tensors.h"
#include "ir/make.h"
#include "layout/layout_algebra.h"
#include "layout/layout_grid.h"
#include "layout/layout_slice.h"
#include "memory/memory_plan.h"
#include "script/parser.h"
#include "target/target.h"

#include <QTest>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

using namespace tirx;
namespace fs = std::filesystem;

namespace {

std::vector<int64_t> numbers(const std::string& text)
{
    std::vector<int64_t> out;
    static const std::regex re(R"(-?\d+)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
        out.push_back(std::stoll(it->str()));
    return out;
}

std::vector<int64_t> physical(const LayoutGrid& g)
{
    const auto& p = g.physicalShape();
    if (!g.isTrainium()) return {p[2]};
    if (g.isPsum()) return {p[0], p[1], p[2]};
    return {p[1], p[2]};
}

// "(128, 4)", "(512,)": a shape as the cases write it, in Python's tuple form.
std::string tupleText(const std::vector<int64_t>& values)
{
    std::string out = "(";
    for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
    return out + (values.size() == 1 ? ",)" : ")");
}

int64_t coordValue(const AxisCoords& coords, Axis axis)
{
    const Expr e = coordOf(coords, axis);
    if (!e) return 0;
    const auto v = constInt(e);
    return v ? *v : -1;
}

LayoutGrid gridOf(const std::string& source)
{
    const auto parsed = parseModule(source);
    if (!parsed.ok()) qFatal("%s", formatDiagnostics(parsed.diagnostics, "case", source).c_str());
    const auto tensor = findNamedTensor(*parsed.module, "A");
    if (!tensor) qFatal("the case has no tensor A");
    auto built = LayoutGrid::build(*tensor->type);
    if (!built.ok()) qFatal("%s", built.error.c_str());
    return std::move(*built.grid);
}

LayoutGrid gridOf(std::vector<int64_t> shape, Layout layout, const char* scope = "trn.sbuf")
{
    auto built = LayoutGrid::build(shape, std::move(layout), scope, DataType::float32());
    if (!built.ok()) qFatal("%s", built.error.c_str());
    return std::move(*built.grid);
}

Iter it(int64_t e, int64_t s, Axis a) { return Iter{intImm(e), intImm(s), a}; }

} // namespace

class TestLayoutGrid : public QObject {
    Q_OBJECT

private slots:
    void cases_data()
    {
        QTest::addColumn<QString>("path");
        std::vector<fs::path> files;
        for (const auto& e : fs::directory_iterator(fs::path(TIRX_SOURCE_DIR) / "tests" / "golden" / "layout")) {
            if (e.path().extension() == ".py") files.push_back(e.path());
        }
        std::sort(files.begin(), files.end());
        QVERIFY2(files.size() >= 15, "expected at least 15 layout cases under tests/golden/layout");
        for (const auto& f : files) QTest::newRow(f.filename().string().c_str()) << QString::fromStdString(f.string());
    }

    void cases()
    {
        QFETCH(QString, path);
        const std::string source = readGoldenText(path.toStdString());
        const LayoutGrid g = gridOf(source);
        // The case again with every expectation line written from the grid:
        // equal to the file when every expectation holds.
        std::string actual;
        int checked = 0;
        std::istringstream lines(source);
        std::string line;
        static const std::regex element(R"(# expect A\[([^\]]*)\](?: copy (\d+))? = (.*))");
        while (std::getline(lines, line)) {
            std::smatch m;
            std::string written = line;
            if (std::regex_match(line, m, element)) {
                const auto index = numbers(m[1]);
                const int64_t copy = m[2].matched ? std::stoll(m[2]) : 0;
                const bool banked = numbers(m[3]).size() == 3;
                const auto c = g.coordOf(g.flatIndex(index), copy);
                written = "# expect A[" + m[1].str() + "]" + (m[2].matched ? " copy " + m[2].str() : "") + " = " +
                          (banked ? "bank " + std::to_string(c.bank) + " " : "") + "partition " +
                          std::to_string(c.partition) + " free " + std::to_string(c.free);
                ++checked;
            } else if (line.rfind("# expect physical", 0) == 0) {
                written = "# expect physical " + tupleText(physical(g));
                ++checked;
            } else if (line.rfind("# expect used", 0) == 0) {
                written = "# expect used " + std::to_string(g.usedCells());
                ++checked;
            } else if (line.rfind("# expect copies", 0) == 0) {
                written = "# expect copies " + std::to_string(g.copies());
                ++checked;
            } else if (line.rfind("# expect grouped", 0) == 0) {
                written = std::string("# expect grouped ") + (g.grouped() ? "yes" : "no");
                ++checked;
            }
            actual += written + "\n";
        }
        if (actual != source && rebasingGoldens()) {
            QVERIFY(rewriteFile(path.toStdString(), actual));
        } else {
            QVERIFY2(actual == source,
                     ("the grid differs from the case's expectations:\n" + goldenDiff(source, actual)).c_str());
        }
        QVERIFY2(checked >= 2, "a case states at least two expectations");
        QCOMPARE(g.collisions(), int64_t{0});

        // Every element (or, in large tensors, an even sample) against the
        // symbolic algebra, and every copy of every element back to itself.
        std::vector<Expr> shape;
        for (auto d : g.shape()) shape.push_back(intImm(d));
        const GroupResult group = groupLayout(*g.layout(), shape);
        const int64_t step = std::max<int64_t>(1, g.elementCount() / 3000) | 1;
        const Axis freeAxis = g.isTrainium() ? Axis::F() : Axis::m();
        for (int64_t flat = 0; flat < g.elementCount(); flat += step) {
            std::vector<Expr> index;
            for (auto v : g.logicalIndex(flat)) index.push_back(intImm(v));
            const auto coords = applyLayout(*g.layout(), group, index, shape);
            const auto c = g.coordOf(flat);
            QCOMPARE(c.partition, coordValue(coords, Axis::P()));
            QCOMPARE(c.free, coordValue(coords, freeAxis));
            QCOMPARE(c.bank, coordValue(coords, Axis::bank()));
        }
        for (int64_t flat = 0; flat < g.elementCount(); ++flat) {
            if (g.flatIndex(g.logicalIndex(flat)) != flat) QFAIL("logical index round trip failed");
            for (int64_t k = 0; k < g.copies(); ++k) {
                if (g.elementAt(g.coordOf(flat, k)) != flat) QFAIL("cell round trip failed");
            }
        }
    }

    // Two elements on one cell are counted, not hidden.
    // The layout view and the PSUM map describe one tensor the same way:
    // for every PSUM tensor of the examples and the pass goldens, the grid's
    // banks, partitions and free bytes are the memory plan's (a layout-less
    // (2, 128, 512) accumulator is two banks of 128 partitions, not two
    // partitions of 65,536 elements).
    void psumGridsAgreeWithTheMemoryPlan()
    {
        const Target* target = findTarget("aws/trn1/trn1.2xlarge");
        QVERIFY(target);
        int compared = 0;
        int layoutless = 0;
        const fs::path root(TIRX_SOURCE_DIR);
        for (const fs::path& dir : {root / "resources/examples", root / "tests/golden/passes"}) {
            for (const auto& entry : fs::recursive_directory_iterator(dir)) {
                if (entry.path().extension() != ".py") continue;
                std::string text = readGoldenText(entry.path());
                if (const size_t cut = text.find("# ---- expected"); cut != std::string::npos) text.resize(cut);
                const ParseResult parsed = parseModule(text);
                if (!parsed.ok()) continue;
                const MemoryPlan plan = buildMemoryPlan(*parsed.module, *target, "input", PlanDetail::Placement);
                const auto tensors = namedTensors(*parsed.module);
                for (const auto& a : plan.allocations) {
                    if (a.scope != "trn.psum" || !a.sizeKnown || a.partitions <= 0) continue;
                    const auto t = std::find_if(tensors.begin(), tensors.end(), [&](const NamedTensor& n) {
                        return n.function == a.function && n.name == a.name && n.type->scope() == "trn.psum";
                    });
                    QVERIFY2(t != tensors.end(), a.name.c_str());
                    const auto grid = LayoutGrid::build(*t->type);
                    if (!grid.ok()) continue;
                    const std::string where = entry.path().filename().string() + ": " + a.name;
                    const auto& phys = grid.grid->physicalShape();
                    QVERIFY2(phys[0] == (a.banks > 0 ? a.banks : 1), where.c_str());
                    QVERIFY2(phys[1] == a.partitions, where.c_str());
                    QVERIFY2(phys[2] * t->type->dtype().bytes() == a.bytesPerPartition, where.c_str());
                    layoutless += t->type->layout() ? 0 : 1;
                    ++compared;
                }
            }
        }
        QVERIFY(compared >= 5);
        QVERIFY(layoutless >= 1);
    }

    void collisionsAreCounted()
    {
        const auto g = gridOf({4, 4}, makeLayout({it(4, 1, Axis::P()), it(4, 0, Axis::F())}));
        QCOMPARE(g.collisions(), int64_t{12});
        QCOMPARE(g.usedCells(), int64_t{4});
        // Counting alone (a bit a cell) gives the same figures and keeps no
        // cells, so elementAt() answers a gap everywhere.
        const auto counted = LayoutGrid::build({4, 4}, makeLayout({it(4, 1, Axis::P()), it(4, 0, Axis::F())}),
                                               "trn.sbuf", DataType::float32(), LayoutGrid::Cells::Counted);
        QVERIFY(counted.ok());
        QCOMPARE(counted.grid->collisions(), int64_t{12});
        QCOMPARE(counted.grid->usedCells(), int64_t{4});
        QCOMPARE(counted.grid->elementAt({0, 0, 0}), int64_t{-1});
        QCOMPARE(g.elementAt({0, 0, 0}), int64_t{0});
    }

    void badLayoutsAreRefused()
    {
        auto r = LayoutGrid::build({128, 512}, makeLayout({it(128, 1, Axis::P()), it(256, 1, Axis::F())}), "trn.sbuf",
                                   DataType::float32());
        QVERIFY(!r.ok());
        QCOMPARE(QString::fromStdString(r.error),
                 QStringLiteral(
                     "layout cannot be grouped by shape (128, 512): the shape has more elements than the layout"));
        r = LayoutGrid::build({128}, makeLayout({Iter{intImm(128), intImm(1), Axis::find("tx")}}), "trn.sbuf",
                              DataType::float32());
        QVERIFY(!r.ok());
        QVERIFY(r.error.find("axis tx") != std::string::npos);
    }

    // The default window: trailing dims on columns, then rows; outer dims fixed.
    void slices()
    {
        const auto api = gridOf({128, 2, 2}, makeLayout({it(128, 1, Axis::P()), it(4, 1, Axis::F())}));
        auto s = defaultSlice(api);
        QCOMPARE(s.rows, int64_t{128});
        QCOMPARE(s.cols, int64_t{4});
        QCOMPARE(s.colBlocks, std::vector<int64_t>{2});
        QCOMPARE(s.describe("A", api.shape()), std::string());

        // Chapter 02 §9.4: too many rows for one picture, so dim 0 is fixed.
        const auto big = gridOf({32, 512, 512}, makeLayout({it(32, 512, Axis::F()), it(4, 16384, Axis::F()),
                                                            it(128, 1, Axis::P()), it(512, 1, Axis::F())}));
        s = defaultSlice(big, {3});
        QCOMPARE(s.firstRowDim, size_t{1});
        QCOMPARE(s.rows, int64_t{512});
        QCOMPARE(s.cols, int64_t{512});
        QCOMPARE(s.base, int64_t{3 * 512 * 512});
        QCOMPARE(s.describe("B", big.shape()), std::string("B[3, :, :]"));
        int64_t r = 0;
        int64_t c = 0;
        QVERIFY(s.cellOf(big.flatIndex({3, 10, 20}), r, c));
        QCOMPARE(r, int64_t{10});
        QCOMPARE(c, int64_t{20});
        QVERIFY(!s.cellOf(big.flatIndex({2, 10, 20}), r, c));

        // A 1-D vector over 8 partitions wraps at 8: one column per partition.
        const auto vec = gridOf(
            {8192}, makeLayout({it(2, 1, Axis::bank()), it(512, 1, Axis::F()), it(8, 1, Axis::P())}), "trn.psum");
        s = defaultSlice(vec);
        QVERIFY(s.wrapped);
        QCOMPARE(s.cols, int64_t{8});
        QCOMPARE(s.rows, int64_t{1024});
        for (int64_t x = 0; x < 64; ++x) QCOMPARE(vec.coordOf(s.flatAt(x / 8, x % 8)).partition, x % 8);
    }
};

QTEST_APPLESS_MAIN(TestLayoutGrid)
#include "test_layout_grid.moc"
