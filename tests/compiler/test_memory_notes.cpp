// Placement notes on allocation lines: the exact note for SBUF and PSUM,
// the lines they land on in a printed module (a renamed clash included), and
// a tensor a pass moves showing up as a changed line.

#include "memory/memory_notes.h"
#include "script/parser.h"
#include "script/printer.h"
#include "transform/pipeline.h"

#include <QTest>

#include <sstream>

using namespace tirx;

namespace {

// A and B in SBUF at 0 and 16 (128 partitions of (128, 4) float32: 16 bytes
// each); Acc two PSUM banks from bank 2, 512 float32 = 2048 bytes a bank row;
// G in HBM, which is not placed and gets no note.
const char* const kPlaced = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    G = T.alloc_tensor(ty_args=[T.Tensor((16, 16), "float32", scope="global")])
    B = T.alloc_tensor((16,), ty_args=[T.Tensor((64, 4), "float32", scope="trn.sbuf")])
    Acc = T.alloc_tensor((2, 0), ty_args=[T.Tensor((2, 128, 512), "float32", scope="trn.psum")])
)";

// Two tensors named T: the printer tells the second apart as T_1.
const char* const kClash = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    for i in range(2):
        X = T.alloc_tensor((0,), ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    for j in range(2):
        X = T.alloc_tensor((64,), ty_args=[T.Tensor((128, 8), "float32", scope="trn.sbuf")])
)";

// Before TrnNaiveAllocator nothing is placed; after it A sits at 0 and B at 16.
const char* const kUnplaced = R"(from tvm_tirx.script import tirx as T
from tvm_tirx.backend.trn.axis import P, F

@T.function
def main():
    A = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
    B = T.alloc_tensor(ty_args=[T.Tensor((128, 4), "float32", scope="trn.sbuf")])
)";

const Target& trn1() { return *findTarget("aws/trn1/trn1.2xlarge"); }

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

} // namespace

class TestMemoryNotes : public QObject {
    Q_OBJECT

private slots:
    void notesNameScopeBanksPartitionsAndBytes()
    {
        auto parsed = parseModule(kPlaced);
        QVERIFY(parsed.ok());
        const auto plan = buildMemoryPlan(*parsed.module, trn1(), "input");
        QCOMPARE(plan.allocations.size(), size_t{4});
        QCOMPARE(placementNote(plan.allocations[0]), std::string("SBUF p[0:128) f[0:16)"));
        QCOMPARE(placementNote(plan.allocations[1]), std::string());
        QCOMPARE(placementNote(plan.allocations[2]), std::string("SBUF p[0:64) f[16:32)"));
        QCOMPARE(placementNote(plan.allocations[3]), std::string("PSUM banks[2:4) p[0:128) f[0:2048)"));
    }

    void notesLandOnTheirLines()
    {
        auto parsed = parseModule(kPlaced);
        QVERIFY(parsed.ok());
        const auto plan = buildMemoryPlan(*parsed.module, trn1(), "input");
        const std::string printed = printModule(*parsed.module);
        const auto printedLines = linesOf(printed);
        const auto notes = placementNotes(plan, printed);
        QCOMPARE(notes.size(), size_t{3});
        const std::vector<std::string> names{"A", "B", "Acc"};
        const std::vector<size_t> allocations{0, 2, 3};
        for (size_t k = 0; k < notes.size(); ++k) {
            const std::string& line = printedLines[size_t(notes[k].line - 1)];
            QVERIFY2(line.find(names[k] + " = T.alloc_tensor(") != std::string::npos, line.c_str());
            QCOMPARE(notes[k].allocation, allocations[k]);
        }
        const std::string annotated = annotatePrinted(printed, notes);
        const auto annotatedLines = linesOf(annotated);
        QCOMPARE(annotatedLines.size(), printedLines.size());
        for (size_t i = 0; i < printedLines.size(); ++i) {
            const bool noted =
                std::any_of(notes.begin(), notes.end(), [&](const LineNote& n) { return n.line == int(i + 1); });
            if (!noted) {
                QCOMPARE(annotatedLines[i], printedLines[i]);
                continue;
            }
            QVERIFY(annotatedLines[i].rfind(printedLines[i] + "  # ", 0) == 0);
        }
        QVERIFY(annotated.find("Acc = T.alloc_tensor((2, 0), ty_args=[T.Tensor((2, 128, 512), \"float32\", "
                               "scope=\"trn.psum\")])  # PSUM banks[2:4) p[0:128) f[0:2048)") != std::string::npos);
        QCOMPARE(annotated.back(), '\n');
    }

    void renamedClashesAreMatched()
    {
        auto parsed = parseModule(kClash);
        QVERIFY(parsed.ok());
        const auto plan = buildMemoryPlan(*parsed.module, trn1(), "input");
        const std::string printed = printModule(*parsed.module);
        const auto notes = placementNotes(plan, printed);
        QCOMPARE(notes.size(), size_t{2});
        QCOMPARE(notes[0].text, std::string("SBUF p[0:128) f[0:16)"));
        QCOMPARE(notes[1].text, std::string("SBUF p[0:128) f[64:96)"));
        QVERIFY(notes[0].line < notes[1].line);
    }

    void aPlacedTensorIsAChangedLine()
    {
        auto parsed = parseModule(kUnplaced);
        QVERIFY(parsed.ok());
        PipelineOptions options;
        options.passes = {"TrnNaiveAllocator"};
        options.context.target = &trn1();
        options.printSnapshots = true;
        const Trace trace = runPipeline(parsed.module, options);
        QCOMPARE(trace.entries.size(), size_t{2});
        std::vector<std::vector<std::string>> annotated;
        for (const auto& e : trace.entries) {
            const auto plan = buildMemoryPlan(*e->module, trn1(), e->passName);
            annotated.push_back(linesOf(annotatePrinted(e->text, placementNotes(plan, e->text))));
        }
        // Unplaced: no notes. Placed: each allocation line ends with its bytes.
        QVERIFY(std::none_of(annotated[0].begin(), annotated[0].end(),
                             [](const std::string& l) { return l.find("  # SBUF") != std::string::npos; }));
        int noted = 0;
        for (const auto& line : annotated[1]) {
            if (line.find("A = T.alloc_tensor((0,)") != std::string::npos) {
                QVERIFY2(line.ends_with("  # SBUF p[0:128) f[0:16)"), line.c_str());
                ++noted;
            }
            if (line.find("B = T.alloc_tensor((16,)") != std::string::npos) {
                QVERIFY2(line.ends_with("  # SBUF p[0:128) f[16:32)"), line.c_str());
                ++noted;
            }
        }
        QCOMPARE(noted, 2);
    }

    void movedTensorChangesOnlyItsNote()
    {
        // The same module with B at 16 and at 32: the texts differ in the
        // offset and in the note of B's line, and nowhere else.
        auto first = parseModule(kPlaced);
        std::string moved = kPlaced;
        moved.replace(moved.find("B = T.alloc_tensor((16,)"), 24, "B = T.alloc_tensor((32,)");
        auto second = parseModule(moved);
        QVERIFY(first.ok() && second.ok());
        const auto lines = [](const ParseResult& parsed) {
            const auto plan = buildMemoryPlan(*parsed.module, trn1(), "input");
            const std::string printed = printModule(*parsed.module);
            return linesOf(annotatePrinted(printed, placementNotes(plan, printed)));
        };
        const auto a = lines(first);
        const auto b = lines(second);
        QCOMPARE(a.size(), b.size());
        int changed = 0;
        for (size_t i = 0; i < a.size(); ++i) {
            if (a[i] == b[i]) continue;
            ++changed;
            QVERIFY2(b[i].ends_with("# SBUF p[0:64) f[32:48)"), b[i].c_str());
        }
        QCOMPARE(changed, 1);
    }
};

QTEST_GUILESS_MAIN(TestMemoryNotes)
#include "test_memory_notes.moc"
