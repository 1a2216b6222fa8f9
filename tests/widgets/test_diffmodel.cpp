#include "numbered_text.h"

#include "diff/diffcolors.h"
#include "diff/diffmodel.h"
#include "diff/diffview.h"

#include <QAbstractItemModelTester>
#include <QPlainTextEdit>
#include <QtTest>

#include <map>
#include <set>

using namespace Qt::StringLiterals;

namespace {

QList<DiffModel::CharRange> changesAt(const DiffModel& model, int row, int column)
{
    return model.index(row, column).data(DiffModel::ChangesRole).value<QList<DiffModel::CharRange>>();
}

} // namespace

class TestDiffModel : public QObject {
    Q_OBJECT

private slots:
    void passesTheModelTester()
    {
        DiffModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setTexts("a\nb\nc\n", "a\nB\nc\nd\n");
        QVERIFY(model.rowCount() > 0);
        QCOMPARE(model.columnCount(), 4);
        model.setTexts("", "");
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void pairsRemovedWithAddedLines()
    {
        DiffModel model;
        model.setTexts("a\nb\nc\n", "a\nB\nc\nd\n");
        QCOMPARE(model.rowCount(), 4); // too short to fold
        QCOMPARE(model.kind(0), DiffModel::Kind::Same);
        QCOMPARE(model.kind(1), DiffModel::Kind::Changed);
        QCOMPARE(model.index(1, DiffModel::OldLineColumn).data().toInt(), 2);
        QCOMPARE(model.index(1, DiffModel::OldTextColumn).data().toString(), u"b"_s);
        QCOMPARE(model.index(1, DiffModel::NewLineColumn).data().toInt(), 2);
        QCOMPARE(model.index(1, DiffModel::NewTextColumn).data().toString(), u"B"_s);
        QCOMPARE(model.kind(3), DiffModel::Kind::Added);
        QVERIFY(!model.index(3, DiffModel::OldLineColumn).data().isValid());
        QCOMPARE(model.index(3, DiffModel::NewTextColumn).data().toString(), u"d"_s);
        QCOMPARE(model.changedRowCount(), 2);
        // Removed side tinted, and differently from the added side.
        const QColor removed = model.index(1, DiffModel::OldTextColumn).data(Qt::BackgroundRole).value<QColor>();
        const QColor added = model.index(1, DiffModel::NewTextColumn).data(Qt::BackgroundRole).value<QColor>();
        QVERIFY(removed.isValid() && added.isValid());
        QVERIFY(removed.red() > removed.green());
        QVERIFY(added.green() > added.red());
        QVERIFY(!model.index(0, DiffModel::OldTextColumn).data(Qt::BackgroundRole).isValid());
    }

    void foldingCollapsesAndExpands()
    {
        DiffModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // 40 lines, line 20 changed: lines 1-16 and 24-40 are far from it.
        model.setTexts(numberedText(40), numberedText(40, {{20, "changed"}}));
        QVERIFY(model.folding());
        // fold(1-16), 17, 18, 19, changed 20, 21, 22, 23, fold(24-40)
        QCOMPARE(model.rowCount(), 9);
        QCOMPARE(model.kind(0), DiffModel::Kind::Fold);
        QCOMPARE(model.index(0, 0).data(DiffModel::FoldCountRole).toInt(), 16);
        QVERIFY(model.index(0, DiffModel::NewTextColumn).data().toString().contains(u"16 unchanged lines"_s));
        QCOMPARE(model.newLine(1), 17);
        QCOMPARE(model.kind(4), DiffModel::Kind::Changed);
        QCOMPARE(model.kind(8), DiffModel::Kind::Fold);
        QCOMPARE(model.index(8, 0).data(DiffModel::FoldCountRole).toInt(), 17);
        QCOMPARE(model.changedRowCount(), 1);
        // Rows out of range are harmless.
        QCOMPARE(model.kind(-1), DiffModel::Kind::Same);
        QCOMPARE(model.newLine(9), 0);
        QVERIFY(!model.expandFold(9));

        // Expanding the first fold puts lines 1-16 back, in order.
        QVERIFY(!model.expandFold(1));
        QVERIFY(model.expandFold(0));
        QCOMPARE(model.rowCount(), 24);
        QCOMPARE(model.kind(0), DiffModel::Kind::Same);
        QCOMPARE(model.newLine(0), 1);
        QCOMPARE(model.newLine(15), 16);
        QCOMPARE(model.newLine(16), 17);
        QCOMPARE(model.index(5, DiffModel::OldTextColumn).data().toString(), u"line 6"_s);

        // Revealing a folded line unfolds it.
        const int row = model.revealNewLine(30);
        QCOMPARE(model.newLine(row), 30);
        QCOMPARE(model.rowCount(), 40);
        QCOMPARE(model.revealNewLine(41), -1);

        model.setFolding(false);
        QCOMPARE(model.rowCount(), 40);
        model.setFolding(true);
        QCOMPARE(model.rowCount(), 9);
        // Nothing changed: nothing to fold, the whole text shows.
        model.setTexts(numberedText(40), numberedText(40));
        QCOMPARE(model.rowCount(), 40);
        QCOMPARE(model.changeCount(), 0);
    }

    void nextAndPreviousChangeFindBlockStarts()
    {
        DiffModel model;
        model.setFolding(false);
        // Changes: lines 3-4 (one block), line 10, line 18.
        model.setTexts(numberedText(20), numberedText(20, {{3, "c3"}, {4, "c4"}, {10, "c10"}, {18, "c18"}}));
        QCOMPARE(model.changeCount(), 3);
        QCOMPARE(model.changedRowCount(), 4);
        QCOMPARE(model.nextChange(-1), 2);
        QCOMPARE(model.nextChange(2), 9); // row 3 is the same block as row 2
        QCOMPARE(model.nextChange(9), 17);
        QCOMPARE(model.nextChange(17), -1);
        QCOMPARE(model.previousChange(17), 9);
        QCOMPARE(model.previousChange(9), 2);
        QCOMPARE(model.previousChange(3), 2);
        QCOMPARE(model.previousChange(2), -1);
        model.setFolding(true);
        const int first = model.nextChange(-1);
        QCOMPARE(model.newLine(first), 3);
        QCOMPARE(model.newLine(model.nextChange(first)), 10);
    }

    void intraLineRangesMarkTheChangedTokens()
    {
        DiffModel model;
        model.setTexts("        A[i] = B[i + 1]\n", "        A[i * 4] = B[i + 2]\n");
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.kind(0), DiffModel::Kind::Changed);
        const auto oldRanges = changesAt(model, 0, DiffModel::OldTextColumn);
        const auto newRanges = changesAt(model, 0, DiffModel::NewTextColumn);
        // Old: only "1" (offset 21) went; new: " * 4" (offset 11) and "2" (offset 25) came.
        QCOMPARE(oldRanges.size(), 1);
        QCOMPARE(oldRanges[0].begin, 21);
        QCOMPARE(oldRanges[0].length, 1);
        QCOMPARE(newRanges.size(), 2);
        QCOMPARE(newRanges[0].begin, 11);
        QCOMPARE(newRanges[0].length, 4);
        QCOMPARE(newRanges[1].begin, 25);
        QCOMPARE(newRanges[1].length, 1);
        QVERIFY(!model.index(0, DiffModel::OldLineColumn).data(DiffModel::ChangesRole).isValid());

        // Offsets count UTF-16 units, not UTF-8 bytes.
        model.setTexts("x = \"é\" + a\n", "x = \"é\" + b\n");
        const auto utf = changesAt(model, 0, DiffModel::NewTextColumn);
        QCOMPARE(utf.size(), 1);
        QCOMPARE(model.index(0, DiffModel::NewTextColumn).data().toString().mid(utf[0].begin, utf[0].length), u"b"_s);
    }

    void alikeLinesShareARow()
    {
        DiffModel model;
        // A guard goes and its statement moves out a level.
        model.setTexts("for i in range(4):\n    if i < 8:\n        A[i] = 0\n", "for i in range(4):\n    A[i] = 0\n");
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.kind(1), DiffModel::Kind::Removed);
        QCOMPARE(model.index(1, DiffModel::OldTextColumn).data().toString(), u"    if i < 8:"_s);
        QCOMPARE(model.kind(2), DiffModel::Kind::Changed);
        QCOMPARE(model.index(2, DiffModel::NewTextColumn).data().toString(), u"    A[i] = 0"_s);
        // Only the lost indentation is marked.
        const auto ranges = changesAt(model, 2, DiffModel::OldTextColumn);
        QCOMPARE(ranges.size(), 1);
        QCOMPARE(ranges[0].begin, 0);
        QVERIFY(changesAt(model, 2, DiffModel::NewTextColumn).size() == 1);

        // Unlike lines side by side are changed as wholes: no character marks.
        model.setTexts("x = 1\n", "T.evaluate(foo(bar))\n");
        QCOMPARE(model.kind(0), DiffModel::Kind::Changed);
        QVERIFY(changesAt(model, 0, DiffModel::OldTextColumn).isEmpty());
        QVERIFY(changesAt(model, 0, DiffModel::NewTextColumn).isEmpty());
    }

    void longTextsDiffLineForLine()
    {
        // Long enough to be cut at anchors; every 7th line repeats, so not
        // every line can be an anchor.
        std::map<int, std::string> repeated;
        for (int i = 7; i <= 6000; i += 7) repeated[i] = "    pass";
        std::map<int, std::string> edited = repeated;
        for (int line : {5, 1234, 1235, 2800, 4444, 5999}) edited[line] = "edited " + std::to_string(line);
        edited[3001] = "    pass"; // a line that becomes a repeated one
        const std::set<int> changed{5, 1234, 1235, 2800, 3001, 4444, 5999};
        DiffModel model;
        model.setFolding(false);
        model.setTexts(numberedText(6000, repeated), numberedText(6000, edited));
        QCOMPARE(model.rowCount(), 6000);
        QCOMPARE(model.changedRowCount(), 7);
        QCOMPARE(model.changeCount(), 6); // 1234 and 1235 are one block
        for (int row = 0; row < model.rowCount(); ++row) {
            QCOMPARE(model.oldLine(row), row + 1);
            QCOMPARE(model.newLine(row), row + 1);
            QCOMPARE(model.kind(row) == DiffModel::Kind::Changed, changed.count(row + 1) == 1);
        }
        // Lines moved by an insertion stay matched after it.
        std::string inserted = numberedText(6000, repeated);
        inserted.insert(inserted.find("line 3000\n"), "new line\n");
        model.setTexts(numberedText(6000, repeated), inserted);
        QCOMPARE(model.changedRowCount(), 1);
        const int row = model.nextChange(-1);
        QCOMPARE(model.kind(row), DiffModel::Kind::Added);
        QCOMPARE(model.newLine(row), 3000);
        QCOMPARE(model.oldLine(row + 1), 3000);
        QCOMPARE(model.newLine(row + 1), 3001);
    }

    void colorsFollowThePaletteLightness()
    {
        QPalette light;
        light.setColor(QPalette::Base, Qt::white);
        light.setColor(QPalette::Text, Qt::black);
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        const DiffColors l = DiffColors::forPalette(light);
        const DiffColors d = DiffColors::forPalette(dark);
        QVERIFY(!DiffColors::isDark(light));
        QVERIFY(DiffColors::isDark(dark));
        // Tints stay on the side of the paper: light on light, dark on dark,
        // so the text colour contrasts with them.
        for (const QColor& c : {l.removedLine, l.addedLine, l.removedText, l.addedText}) QVERIFY(c.lightnessF() > 0.6);
        for (const QColor& c : {d.removedLine, d.addedLine, d.removedText, d.addedText}) QVERIFY(c.lightnessF() < 0.4);
        QVERIFY(d.removedLine.red() > d.removedLine.green());
        QVERIFY(d.addedLine.green() > d.addedLine.red());
    }

    void viewShowsUnifiedText()
    {
        DiffView view;
        view.setTexts(u"input"_s, "x = 1\n", u"Pass"_s, "x = 2\n");
        QVERIFY(!view.isUnified());
        view.setUnified(true);
        QVERIFY(view.isUnified());
        const QString text = view.unifiedView()->toPlainText();
        QVERIFY2(text.contains(u"-x = 1"_s) && text.contains(u"+x = 2"_s), qPrintable(text));
        QVERIFY(view.unifiedView()->isReadOnly());
        // While shown, the unified text follows new texts at once.
        view.setTexts(u"input"_s, "x = 1\n", u"Pass"_s, "x = 3\n");
        QVERIFY(view.unifiedView()->toPlainText().contains(u"+x = 3"_s));
        view.setTexts(u"input"_s, "x = 1\n", u"Pass"_s, "x = 1\n");
        QCOMPARE(view.unifiedView()->toPlainText(), u"(no change)"_s);
    }
};

QTEST_MAIN(TestDiffModel)
#include "test_diffmodel.moc"
