#include "problems/problemsmodel.h"
#include "problems/problemsview.h"

#include "editor/editorcolors.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QListView>
#include <QSortFilterProxyModel>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

using Severity = tirx::Diagnostic::Severity;

std::vector<tirx::Diagnostic> sample()
{
    return {
        tirx::Diagnostic{Severity::Error, "allocation 'A' needs 8192 bytes", tirx::Span{17, 43, 17, 44}},
        tirx::Diagnostic{Severity::Note, "skipped: nothing to simplify", tirx::Span{}, "StmtSimplify"},
        tirx::Diagnostic{Severity::Warning, "slow path <for> & co", tirx::Span{3, 5, 3, 9}},
    };
}

QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    palette.setColor(QPalette::Base, QColor(0x18, 0x18, 0x18));
    palette.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    palette.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    return palette;
}

} // namespace

class TestProblems : public QObject {
    Q_OBJECT

private slots:
    void passesTheModelTester()
    {
        ProblemsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDiagnostics(sample());
        model.setDiagnostics({});
        model.setDiagnostics(sample());
        ProblemsView view;
        QAbstractItemModelTester shown(view.shownModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.model()->setDiagnostics(sample());
        view.setShowNotes(true);
        view.setShowNotes(false);
    }

    void rowsSayWhereWhatAndHowBad()
    {
        ProblemsModel model;
        model.setDiagnostics(sample());
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0).data().toString(), u"17:43: error: allocation 'A' needs 8192 bytes"_s);
        QCOMPARE(model.index(1).data().toString(), u"note: skipped: nothing to simplify [StmtSimplify]"_s);
        QCOMPARE(model.index(1).data(ProblemsModel::PassRole).toString(), u"StmtSimplify"_s);
        QVERIFY(model.index(0).data(ProblemsModel::PassRole).toString().isEmpty());
        QCOMPARE(model.index(0).data(ProblemsModel::LineRole).toInt(), 17);
        QCOMPARE(model.index(0).data(ProblemsModel::ColumnRole).toInt(), 43);
        QCOMPARE(model.index(1).data(ProblemsModel::LineRole).toInt(), 0);
        QCOMPARE(model.index(2).data(ProblemsModel::SeverityRole).toInt(), int(Severity::Warning));
        // The whole message on hover, escaped, as rich text that wraps.
        QCOMPARE(model.index(2).data(Qt::ToolTipRole).toString(), u"<p>slow path &lt;for&gt; &amp; co</p>"_s);
        QCOMPARE(model.count(Severity::Error), 1);
        QCOMPARE(model.count(Severity::Note), 1);
    }

    void coloursFollowTheThemeWhenPainted()
    {
        ProblemsModel model;
        model.setDiagnostics(sample());
        const QPalette original = QApplication::palette();
        QApplication::setPalette(darkPalette());
        const QColor darkNote = model.index(1).data(Qt::ForegroundRole).value<QColor>();
        QCOMPARE(model.index(0).data(Qt::ForegroundRole).value<QColor>(), EditorColors::dark().errorText);
        QApplication::setPalette(original);
        // The same rows, after switching back: no colour is kept from before.
        QCOMPARE(model.index(0).data(Qt::ForegroundRole).value<QColor>(), EditorColors::forPalette(original).errorText);
        const QColor lightNote = model.index(1).data(Qt::ForegroundRole).value<QColor>();
        QCOMPARE(lightNote, original.color(QPalette::PlaceholderText));
        QVERIFY(lightNote != darkNote);
    }

    void notesShowOnlyWhenAskedFor()
    {
        ProblemsView view;
        view.model()->setDiagnostics(sample());
        QCOMPARE(view.shownModel()->rowCount(), 2);
        QCOMPARE(view.shownModel()->index(1, 0).data(ProblemsModel::SeverityRole).toInt(), int(Severity::Warning));
        auto* notes = view.findChild<QCheckBox*>();
        QVERIFY(notes);
        QCOMPARE(notes->text(), u"Show notes (1)"_s);
        notes->setChecked(true);
        QVERIFY(view.showNotes());
        QCOMPARE(view.shownModel()->rowCount(), 3);
        QVERIFY(view.view()->wordWrap());
    }

    void activatingARowReportsItsLocation()
    {
        ProblemsView view;
        view.model()->setDiagnostics(sample());
        QSignalSpy spy(&view, &ProblemsView::problemActivated);
        view.activateRow(1); // the warning; the note is hidden
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.front().at(0).toInt(), 3);
        QCOMPARE(spy.front().at(1).toInt(), 5);
    }
};

QTEST_MAIN(TestProblems)
#include "test_problems.moc"
