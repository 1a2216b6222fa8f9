#include "lowered_fixture.h"
#include "numbered_text.h"

#include "diff/diffgutter.h"
#include "diff/difflinedelegate.h"
#include "diff/diffmodel.h"
#include "diff/diffpane.h"
#include "diff/diffview.h"
#include "irview/tracesourcemap.h"
#include "passes/passstepper.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// The row whose new (or, with `oldSide`, old) text reads `text` once trimmed.
int rowReading(const DiffModel& model, const QString& text, bool oldSide = false)
{
    const int column = oldSide ? DiffModel::OldTextColumn : DiffModel::NewTextColumn;
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.index(row, column).data().toString().trimmed() == text) return row;
    }
    return -1;
}

void clickRow(DiffPane* pane, int row)
{
    const QModelIndex index = pane->model()->index(row, pane->textColumn());
    pane->scrollTo(index);
    QTest::mouseClick(pane->viewport(), Qt::LeftButton, {}, pane->visualRect(index).center());
}

} // namespace

class TestDiffView : public QObject {
    Q_OBJECT

private slots:
    void copyingTakesEverySelectedLine()
    {
        DiffView view;
        view.setTexts(u"a"_s, "x = 1\ny = 2\nz = 3\n", u"b"_s, "x = 1\nw = 0\ny = 2\nz = 4\n");
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        DiffPane* pane = view.newPane();
        QItemSelectionModel* selection = pane->selectionModel();
        const DiffModel& model = *view.model();
        for (int row = 0; row < model.rowCount(); ++row)
            selection->select(model.index(row, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(pane->selectedText(), u"x = 1\nw = 0\ny = 2\nz = 4"_s);
        // The old side skips the row it has no line in.
        QCOMPARE(view.oldPane()->selectedText(), u"x = 1\ny = 2\nz = 3"_s);

        QGuiApplication::clipboard()->clear();
        pane->setFocus();
        QTest::keySequence(pane, QKeySequence::Copy);
        QCOMPARE(QGuiApplication::clipboard()->text(), u"x = 1\nw = 0\ny = 2\nz = 4"_s);
    }

    void steppingChangesTheDiff()
    {
        const auto trace = loweredTrace();
        QVERIFY(trace && trace->entries.size() == 2);
        PassStepper stepper;
        DiffView view;
        connect(&stepper, &PassStepper::currentEntryChanged, &view, [&](int entry) {
            const auto& entries = trace->entries;
            view.setEntries(*entries[static_cast<size_t>(std::max(0, entry - 1))],
                            *entries[static_cast<size_t>(entry)]);
        });
        stepper.setPreset(u"none"_s);
        stepper.setTrace(trace);
        QCOMPARE(stepper.currentEntry(), 1);
        QVERIFY(view.model()->changedRowCount() > 0);
        stepper.stepBack();
        QCOMPARE(view.model()->changedRowCount(), 0);
        stepper.stepForward();
        QVERIFY(view.model()->changedRowCount() > 0);
        QVERIFY(rowReading(*view.model(), u"if f < 512:"_s, true) >= 0);
    }

    void nextAndPreviousChangeSelectTheirRows()
    {
        DiffView view;
        view.resize(700, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.setTexts(u"a"_s, numberedText(60), u"b"_s, numberedText(60, {{10, "x"}, {11, "y"}, {40, "z"}}));
        DiffModel* model = view.model();
        QCOMPARE(view.currentRow(), -1);
        view.nextChangeAction()->trigger();
        QCOMPARE(model->newLine(view.currentRow()), 10);
        // The shortcut reaches the same action from anywhere in the window.
        QCOMPARE(view.nextChangeAction()->shortcut(), QKeySequence(Qt::ALT | Qt::Key_Down));
        QTest::keyClick(view.newPane(), Qt::Key_Down, Qt::AltModifier);
        QCOMPARE(model->newLine(view.currentRow()), 40);
        view.nextChange(); // no further change: stays
        QCOMPARE(model->newLine(view.currentRow()), 40);
        QTest::keyClick(view.newPane(), Qt::Key_Up, Qt::AltModifier);
        QCOMPARE(model->newLine(view.currentRow()), 10);
        QCOMPARE(view.selectedRows(), QList<int>{view.currentRow()});

        // In the unified view a change is a hunk.
        view.setUnified(true);
        view.unifiedView()->moveCursor(QTextCursor::Start);
        view.nextChange();
        QVERIFY(view.unifiedView()->textCursor().block().text().startsWith(u"@@ -7,"_s));
        view.nextChange();
        QVERIFY(view.unifiedView()->textCursor().block().text().startsWith(u"@@ -37,"_s));
        view.previousChange();
        QVERIFY(view.unifiedView()->textCursor().block().text().startsWith(u"@@ -7,"_s));
    }

    void clickingAFoldExpandsIt()
    {
        DiffView view;
        view.resize(700, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTexts(u"a"_s, numberedText(40), u"b"_s, numberedText(40, {{30, "changed"}}));
        DiffModel* model = view.model();
        QCOMPARE(model->kind(0), DiffModel::Kind::Fold);
        const int rows = model->rowCount();
        clickRow(view.oldPane(), 0);
        QCOMPARE(model->rowCount(), rows + 25); // lines 1-26 were one fold row
        QCOMPARE(model->kind(0), DiffModel::Kind::Same);
        view.setFolding(false);
        QCOMPARE(model->rowCount(), 40);
    }

    void theSameDiffAgainKeepsFoldsAndScroll()
    {
        DiffView view;
        view.resize(700, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const std::string before = numberedText(200);
        const std::string after = numberedText(200, {{30, "changed"}, {170, "also"}});
        view.setTexts(u"a"_s, before, u"b"_s, after);
        DiffModel* model = view.model();
        QCOMPARE(model->kind(0), DiffModel::Kind::Fold);
        QVERIFY(model->expandFold(0));
        const int rows = model->rowCount();
        QScrollBar* bar = view.newPane()->verticalScrollBar();
        bar->setValue(bar->maximum());
        const int scrolled = bar->value();
        QVERIFY(scrolled > 0);

        // An edit that leaves this pass's output as it was: nothing moves.
        QSignalSpy resets(model, &QAbstractItemModel::modelReset);
        view.setTexts(u"a"_s, before, u"b"_s, after);
        QCOMPARE(resets.size(), 0);
        QCOMPARE(model->rowCount(), rows);
        QCOMPARE(model->kind(0), DiffModel::Kind::Same);
        QCOMPARE(bar->value(), scrolled);

        // Another pass's name is a new diff title over the same rows.
        view.setTexts(u"a"_s, before, u"c"_s, after);
        QCOMPARE(resets.size(), 0);
        QCOMPARE(view.newLabel()->text(), u"After: c"_s);

        // Other texts are diffed again, folded and opened at the first change.
        view.setTexts(u"a"_s, before, u"b"_s, numberedText(200, {{31, "changed"}}));
        QCOMPARE(resets.size(), 1);
        QCOMPARE(model->kind(0), DiffModel::Kind::Fold);
        QVERIFY(bar->value() < scrolled);

        // After clear() the same texts are shown again, not taken as shown.
        view.clear();
        view.setTexts(u"a"_s, before, u"b"_s, after);
        QCOMPARE(resets.size(), 3);
        QVERIFY(model->changedRowCount() > 0);
    }

    void sidesScrollTogether()
    {
        DiffView view;
        view.resize(500, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setFolding(false);
        view.setTexts(u"a"_s, numberedText(500), u"b"_s,
                      numberedText(500, {{250, "a long changed line " + std::string(300, 'x')}}));
        QScrollBar* oldBar = view.oldPane()->verticalScrollBar();
        QScrollBar* newBar = view.newPane()->verticalScrollBar();
        QTRY_VERIFY(newBar->maximum() > 100); // the range follows the rows once laid out
        newBar->setValue(120);
        QCOMPARE(oldBar->value(), 120);
        oldBar->setValue(30);
        QCOMPARE(newBar->value(), 30);
        QScrollBar* oldSide = view.oldPane()->horizontalScrollBar();
        QScrollBar* newSide = view.newPane()->horizontalScrollBar();
        QVERIFY(newSide->maximum() > 0); // long lines scroll, they are not cut
        newSide->setValue(newSide->maximum() / 2);
        QCOMPARE(oldSide->value(), std::min(oldSide->maximum(), newSide->maximum() / 2));
    }

    void numbersAndHeadersStayWhenScrollingSideways()
    {
        DiffView view;
        view.resize(500, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setTexts(u"a"_s, numberedText(40), u"b"_s,
                      numberedText(40, {{3, "a long changed line " + std::string(300, 'x')}}));
        for (DiffPane* pane : {view.oldPane(), view.newPane()}) {
            QHeaderView* gutter = pane->verticalHeader();
            QVERIFY(qobject_cast<DiffGutter*>(gutter));
            QVERIFY(gutter->isVisible());
            // Room for the numbers, and the text starts after them.
            QVERIFY(gutter->width() >= pane->fontMetrics().horizontalAdvance(u"999"_s));
            QVERIFY(pane->viewport()->geometry().left() >= gutter->geometry().right());
            QLabel* label = pane->side() == DiffPane::Side::Old ? view.oldLabel() : view.newLabel();
            QVERIFY(label->text() == u"Before: a"_s || label->text() == u"After: b"_s);
            QVERIFY(label->isVisible() && label->geometry().bottom() < pane->geometry().top());
            const QRect labelBefore = label->geometry();
            const QRect gutterBefore = gutter->geometry();
            const QRect viewportBefore = pane->viewport()->geometry();
            QScrollBar* sideways = pane->horizontalScrollBar();
            QVERIFY(sideways->maximum() > 0);
            sideways->setValue(sideways->maximum());
            QCOMPARE(gutter->geometry(), gutterBefore);
            QCOMPARE(pane->viewport()->geometry(), viewportBefore);
            QCOMPARE(label->geometry(), labelBefore);
            // The text did move: the first line's start is out of view.
            QVERIFY(pane->visualRect(view.model()->index(0, pane->textColumn())).left() < -100);
            sideways->setValue(0);
        }
    }

    void wrappingBreaksLongLinesAtTheWidth()
    {
        DiffView view;
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setFolding(false);
        const std::string longLine = "a long changed line " + std::string(300, 'x');
        view.setTexts(u"a"_s, numberedText(20), u"b"_s, numberedText(20, {{5, longLine}}));
        const int rows = view.model()->rowCount();
        const int lineHeight = DiffLineDelegate::lineHeight(view.newPane()->fontMetrics());
        const auto lines = [&](DiffPane* pane) { return pane->verticalHeader()->length() / lineHeight; };
        QCOMPARE(lines(view.newPane()), rows);
        QVERIFY(view.newPane()->horizontalScrollBar()->maximum() > 0);

        QVERIFY(!view.wrapAction()->isChecked());
        view.wrapAction()->trigger();
        QVERIFY(view.wrapping());
        const int row = rowReading(*view.model(), QString::fromStdString(longLine));
        QVERIFY(row >= 0);
        const int perLine = DiffLineDelegate::charsPerLine(view.newPane()->fontMetrics(),
                                                           view.newPane()->columnWidth(view.newPane()->textColumn()));
        const int expected = (static_cast<int>(longLine.size()) + perLine - 1) / perLine;
        QVERIFY(expected > 1);
        QCOMPARE(view.newPane()->rowHeight(row), expected * lineHeight);
        QCOMPARE(lines(view.newPane()), rows + expected - 1);
        // Both sides keep their rows level, and nothing scrolls sideways.
        QCOMPARE(view.oldPane()->rowHeight(row), view.newPane()->rowHeight(row));
        QCOMPARE(view.newPane()->horizontalScrollBar()->maximum(), 0);
        QVERIFY(view.newPane()->columnWidth(view.newPane()->textColumn()) <= view.newPane()->viewport()->width());

        // A narrower view wraps into more lines.
        view.resize(450, 400);
        QTRY_VERIFY(lines(view.newPane()) > rows + expected - 1);

        view.setWrapping(false);
        QVERIFY(!view.wrapAction()->isChecked());
        QCOMPARE(lines(view.newPane()), rows);
        QCOMPARE(lines(view.oldPane()), rows);
    }

    void irLinesAndSourceLinesMapBothWays()
    {
        const auto trace = loweredTrace();
        QVERIFY(trace && trace->entries.size() == 2);
        DiffView view;
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.setFolding(false);
        view.setEntries(*trace->entries[0], *trace->entries[1]);
        DiffModel* model = view.model();

        // IR -> source: the user selects the store the guard used to wrap.
        QSignalSpy spans(&view, &DiffView::sourceSpanActivated);
        const int store = rowReading(*model, u"W[p, f] = T.float32(0.0)"_s);
        QVERIFY(store >= 0);
        clickRow(view.newPane(), store);
        QCOMPARE(spans.size(), 1);
        QCOMPARE(spans.last().at(0).value<tirx::Span>().line, 9u);
        // In the old pane the removed guard is the line meant.
        const int guard = rowReading(*model, u"if f < 512:"_s, true);
        QVERIFY(guard >= 0);
        clickRow(view.oldPane(), 0); // the header comment: no source, nothing reported
        QCOMPARE(spans.size(), 1);
        clickRow(view.oldPane(), guard);
        QCOMPARE(spans.last().at(0).value<tirx::Span>().line, 8u);
        const qsizetype reported = spans.size();

        // Source -> IR: line 11 selects its store, and says nothing back.
        view.revealSourceLine(11);
        const QList<int> rows = view.selectedRows();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(model->index(rows.front(), DiffModel::NewTextColumn).data().toString().trimmed(),
                 u"W[p, f] = T.float32(1.0)"_s);
        QCOMPARE(spans.size(), reported);
        // The guard of line 8 is only in the old module: its old row is selected.
        view.revealSourceLine(8);
        QCOMPARE(view.selectedRows().size(), 1);
        QCOMPARE(model->index(view.selectedRows().front(), DiffModel::OldTextColumn).data().toString().trimmed(),
                 u"if f < 512:"_s);
        // Line 2 is blank: no IR line, no selection.
        view.revealSourceLine(2);
        QVERIFY(view.selectedRows().isEmpty());
        // Plain texts carry no map.
        view.setTexts(u"a"_s, trace->entries[0]->text, u"b"_s, trace->entries[1]->text);
        view.revealSourceLine(11);
        QVERIFY(view.selectedRows().isEmpty());
    }
};

QTEST_MAIN(TestDiffView)
#include "test_diffview.moc"
