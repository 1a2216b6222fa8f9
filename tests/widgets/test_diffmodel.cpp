#include "diff/diffmodel.h"
#include "diff/diffview.h"

#include <QAbstractItemModelTester>
#include <QPlainTextEdit>
#include <QtTest>

using namespace Qt::StringLiterals;

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
        QCOMPARE(model.rowCount(), 4);
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
        const QColor removed =
            model.index(1, DiffModel::OldTextColumn).data(Qt::BackgroundRole).value<QColor>();
        const QColor added =
            model.index(1, DiffModel::NewTextColumn).data(Qt::BackgroundRole).value<QColor>();
        QVERIFY(removed.isValid() && added.isValid());
        QVERIFY(removed.red() > removed.green());
        QVERIFY(added.green() > added.red());
        QVERIFY(!model.index(0, DiffModel::OldTextColumn).data(Qt::BackgroundRole).isValid());
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
    }
};

QTEST_MAIN(TestDiffModel)
#include "test_diffmodel.moc"
