// Ctrl+F searches the view that has the focus: the editor, the IR, the diff
// or the NKI kernel, with next, previous, the match count and Escape in each.
#include "apptest.h"
#include "mainwindow.h"

#include "diff/diffmodel.h"
#include "diff/diffpane.h"
#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "editor/findbar.h"
#include "irview/irview.h"
#include "nki/nkiview.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// The selected text of a QScintilla view, and the 0-based line it starts on.
std::pair<QString, int> selection(const QsciScintilla* view)
{
    int line = -1;
    int index = -1;
    int endLine = -1;
    int endIndex = -1;
    view->getSelection(&line, &index, &endLine, &endIndex);
    return {view->selectedText(), line};
}

// Presses Ctrl+F where the focus is, then types `text` into the find field.
void searchFor(MainWindow& window, QWidget* focused, const QString& text)
{
    focused->setFocus();
    QTRY_VERIFY(focused->hasFocus());
    QTest::keyClick(focused, Qt::Key_F, Qt::ControlModifier);
    QVERIFY(window.findBar()->isVisible());
    QLineEdit* field = window.findBar()->findField();
    field->clear();
    QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return);
}

} // namespace

class TestFindFocus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { apptest::useTestSettings(); }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1280, 800);
        m_window->show();
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        QString error;
        QVERIFY2(m_window->loadExample(MainWindow::defaultExample(), &error), qPrintable(error));
    }

    void cleanup() { m_window.reset(); }

    void searchesTheIrView()
    {
        MainWindow& window = *m_window;
        QVERIFY(window.prepareScreenshot(QString(), u"ir"_s).isEmpty());
        QsciScintilla* ir = window.irView()->editor();
        const QString irText = ir->text();
        QVERIFY(irText.contains(u"T.Buffer"_s) || irText.contains(u"T.handle"_s) || irText.contains(u"for "_s));
        const QString word = u"for"_s;
        const int count = int(irText.count(word));
        QVERIFY(count >= 2);
        const QString sourceBefore = window.editor()->selectedText();

        searchFor(window, ir, word);
        QCOMPARE(window.findBar()->target(), static_cast<FindTarget*>(window.irView()));
        const auto [found, line] = selection(ir);
        QCOMPARE(found, word);
        QCOMPARE(window.findBar()->status()->text(), u"%1 matches"_s.arg(count));
        QVERIFY(window.findBar()->findField()->placeholderText().contains(u"IR"_s));
        // The editor was not searched, and no replace is offered in a read-only view.
        QCOMPARE(window.editor()->selectedText(), sourceBefore);
        QVERIFY(!window.findBar()->replaceField()->isVisible());

        QTest::keyClick(window.findBar()->findField(), Qt::Key_Return);
        const int secondLine = selection(ir).second;
        QVERIFY(secondLine != line || count > 2);
        QTest::keyClick(window.findBar()->findField(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(selection(ir).second, line);

        // Escape in the searched view closes the bar and leaves the focus there.
        ir->setFocus();
        QTest::keyClick(ir, Qt::Key_Escape);
        QVERIFY(!window.findBar()->isVisible());
        QVERIFY(ir->hasFocus());
    }

    void searchesTheNkiView()
    {
        MainWindow& window = *m_window;
        // The default example stores tensors, which NKI code generation refuses.
        QString error;
        QVERIFY2(window.loadFile(apptest::examplePath(u"activation.py"_s), &error), qPrintable(error));
        QVERIFY(window.prepareScreenshot(QString(), u"nki"_s).isEmpty());
        QsciScintilla* nki = window.nkiView()->editor();
        QVERIFY2(nki->text().contains(u"def "_s), qPrintable(window.nkiView()->title() + nki->text().left(200)));
        searchFor(window, nki, u"def "_s);
        QCOMPARE(window.findBar()->target(), static_cast<FindTarget*>(window.nkiView()));
        const auto [found, line] = selection(nki);
        QCOMPARE(found, u"def "_s);
        QVERIFY(nki->text(line).contains(u"def "_s));
        QTest::keyClick(window.findBar()->findField(), Qt::Key_Escape);
        QVERIFY(!window.findBar()->isVisible());
        QVERIFY(nki->hasFocus());
    }

    void searchesTheDiffView()
    {
        MainWindow& window = *m_window;
        QVERIFY(window.prepareScreenshot(QString(), u"diff"_s).isEmpty());
        DiffView* diff = window.diffView();
        DiffModel* model = diff->model();
        QVERIFY(model->rowCount() > 0);
        // A word of the new side's last shown line: found on that row, in the new column.
        int row = model->rowCount() - 1;
        while (row >= 0 && (model->kind(row) == DiffModel::Kind::Fold || model->newLine(row) == 0)) --row;
        QVERIFY(row >= 0);
        const QString text = model->index(row, DiffModel::NewTextColumn).data().toString().trimmed();
        QVERIFY(!text.isEmpty());
        const QString needle = text.left(std::min<qsizetype>(text.size(), 12));
        searchFor(window, diff->newPane(), needle);
        QCOMPARE(window.findBar()->target(), static_cast<FindTarget*>(diff));
        QVERIFY(diff->currentRow() >= 0);
        QVERIFY(model->index(diff->currentRow(), diff->matchColumn()).data().toString().contains(needle));
        QVERIFY(window.findBar()->status()->text() != u"no matches"_s);

        // Next, as often as there are matches, comes back to the first.
        const int first = diff->currentRow();
        const int firstColumn = diff->matchColumn();
        const int count = window.findBar()->status()->text().section(u' ', 0, 0).toInt();
        QVERIFY(count >= 1);
        for (int i = 0; i < count; ++i) QTest::keyClick(window.findBar()->findField(), Qt::Key_Return);
        QCOMPARE(diff->currentRow(), first);
        QCOMPARE(diff->matchColumn(), firstColumn);

        // Something that is in neither side.
        QLineEdit* field = window.findBar()->findField();
        field->setText(u"no-such-text-anywhere"_s);
        QCOMPARE(window.findBar()->status()->text(), u"no matches"_s);

        // The unified text is searched once it is shown.
        diff->setUnified(true);
        searchFor(window, diff->unifiedView(), needle);
        QCOMPARE(diff->unifiedView()->textCursor().selectedText(), needle);

        diff->unifiedView()->setFocus();
        QTest::keyClick(diff->unifiedView(), Qt::Key_Escape);
        QVERIFY(!window.findBar()->isVisible());
    }

    void editorIsSearchedWhenItHasTheFocus()
    {
        MainWindow& window = *m_window;
        QVERIFY(window.prepareScreenshot(QString(), u"ir"_s).isEmpty());
        // After the IR was searched, the editor is again when it has the focus.
        searchFor(window, window.irView()->editor(), u"for"_s);
        QTest::keyClick(window.findBar()->findField(), Qt::Key_Escape);
        searchFor(window, window.editor(), u"def"_s);
        QCOMPARE(window.findBar()->target(), static_cast<FindTarget*>(window.editor()));
        QCOMPARE(window.editor()->selectedText(), u"def"_s);
        QVERIFY(!window.irView()->editor()->hasSelectedText() || window.irView()->editor()->selectedText() != u"def"_s);
    }

private:
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestFindFocus)
#include "test_findfocus.moc"
