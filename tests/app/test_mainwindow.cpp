#include "apptest.h"
#include "helptexts.h"
#include "mainwindow.h"
#include "recentfiles.h"

#include "diff/diffpane.h"
#include "diff/diffview.h"
#include "editor/codeeditor.h"
#include "editor/findbar.h"
#include "irview/irview.h"
#include "nki/nkiview.h"

#include <QInputDialog>
#include <QLineEdit>

#include <QAction>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleOptionViewItem>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

using namespace Qt::StringLiterals;
using namespace apptest;

namespace {

QAction* findAction(const QWidget* window, const QString& text)
{
    const QList<QAction*> actions = window->findChildren<QAction*>();
    for (QAction* action : actions) {
        if (action->text().remove(u'&') == text) return action;
    }
    return nullptr;
}

// The Examples entry of `name`, which goes on with its description.
QAction* findExample(const QWidget* window, const QString& name)
{
    const QList<QAction*> actions = window->findChildren<QAction*>();
    for (QAction* action : actions) {
        if (action->text() == name || action->text().startsWith(name + u"  —  "_s)) return action;
    }
    return nullptr;
}

// Answers the next "save changes?" box with `button` once it is shown.
void answerNextMessageBox(QMessageBox::StandardButton button)
{
    QTimer::singleShot(0, [button] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        QVERIFY2(box, "expected a modal message box");
        box->button(button)->click();
    });
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { apptest::useTestSettings(); }

    void init() { QSettings().clear(); }

    void opensExampleVerbatim()
    {
        MainWindow window;
        const QString path = examplePath(u"activation.py"_s);
        QString error;
        QVERIFY2(window.loadFile(path, &error), qPrintable(error));
        QCOMPARE(window.editor()->text().toUtf8(), readBytes(path));
        QVERIFY(!window.editor()->isModified());
        QCOMPARE(window.windowTitle(), u"activation.py[*] — TIRx Explorer"_s);
        // Loading is not opening: only the Open actions record recent files.
        QVERIFY(QSettings().value(u"recentFiles"_s).toStringList().isEmpty());
    }

    void bundledExamplesMatchTheSourceTree()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadExample(MainWindow::defaultExample(), &error), qPrintable(error));
        QCOMPARE(window.editor()->text().toUtf8(), readBytes(examplePath(u"softmax.py"_s)));
        QVERIFY(window.document().isUntitled());

        const QStringList onDisk = QDir(examplePath(QString())).entryList({u"*.py"_s}, QDir::Files);
        QVERIFY(onDisk.contains(u"copy_layout.py"_s));
        QVERIFY(onDisk.contains(u"naive_allocator.py"_s));
        for (const QString& name : onDisk)
            QVERIFY2(findExample(&window, name), qPrintable(u"no Examples entry for "_s + name));
        QCOMPARE(findExample(&window, u"activation.py"_s)->text(),
                 u"activation.py  —  Activation with a constant bias"_s);
        QCOMPARE(exampleDescription(examplePath(u"naive_allocator.py"_s)), u"Three SBUF tensors without addresses"_s);
    }

    void missingFileLeavesEditorAlone()
    {
        MainWindow window;
        window.editor()->setText(u"keep me"_s);
        QString error;
        QVERIFY(!window.loadFile(u"/nonexistent/kernel.py"_s, &error));
        QVERIFY2(error.contains(u"/nonexistent/kernel.py"_s), qPrintable(error));
        QCOMPARE(window.editor()->text(), u"keep me"_s);
    }

    void saveAsWritesIdenticalBytes()
    {
        MainWindow window;
        const QString source = examplePath(u"copy_layout.py"_s);
        QString error;
        QVERIFY2(window.loadFile(source, &error), qPrintable(error));

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = dir.filePath(u"copy.py"_s);
        QVERIFY2(window.saveFile(target, &error), qPrintable(error));
        QCOMPARE(readBytes(target), readBytes(source));
        QCOMPARE(window.document().filePath(), target);
        QCOMPARE(window.windowTitle(), u"copy.py[*] — TIRx Explorer"_s);
    }

    void editSetsAndSaveClearsModified()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"activation.py"_s), &error), qPrintable(error));
        QVERIFY(!window.isWindowModified());

        window.editor()->insertAt(u"# edited\n"_s, 0, 0);
        QVERIFY(window.editor()->isModified());
        QVERIFY(window.isWindowModified());

        QTemporaryDir dir;
        const QString target = dir.filePath(u"edited.py"_s);
        QVERIFY2(window.saveFile(target, &error), qPrintable(error));
        QVERIFY(!window.editor()->isModified());
        QVERIFY(!window.isWindowModified());
        QVERIFY(readBytes(target).startsWith("# edited\n"));
    }

    void failedSaveKeepsModified()
    {
        MainWindow window;
        window.editor()->setText(u"x = 1\n"_s);
        QVERIFY(window.editor()->isModified());
        QString error;
        QVERIFY(!window.saveFile(u"/nonexistent/dir/out.py"_s, &error));
        QVERIFY2(error.startsWith(u"cannot write"_s), qPrintable(error));
        QVERIFY(window.editor()->isModified());
        QVERIFY(window.document().isUntitled());
    }

    void remembersRecentFiles()
    {
        MainWindow window;
        QTemporaryDir dir;
        QString error;
        for (int i = 0; i < RecentFiles::kMaxEntries + 2; ++i)
            QVERIFY(window.saveFile(dir.filePath(u"k%1.py"_s.arg(i)), &error));
        const QStringList recent = QSettings().value(u"recentFiles"_s).toStringList();
        QCOMPARE(recent.size(), RecentFiles::kMaxEntries);
        QCOMPARE(recent.first(), dir.filePath(u"k%1.py"_s.arg(RecentFiles::kMaxEntries + 1)));
        QVERIFY(findAction(&window, u"1 k%1.py"_s.arg(RecentFiles::kMaxEntries + 1)));
    }

    void zoomActionsZoomTheEditor()
    {
        MainWindow window;
        QAction* zoomIn = findAction(&window, u"Zoom In"_s);
        QAction* zoomOut = findAction(&window, u"Zoom Out"_s);
        QAction* reset = findAction(&window, u"Reset Zoom"_s);
        QVERIFY(zoomIn && zoomOut && reset);
        const auto zoom = [&] { return window.editor()->SendScintilla(QsciScintillaBase::SCI_GETZOOM); };
        const int diffPoints = window.diffView()->newPane()->font().pointSize();
        zoomIn->trigger();
        QCOMPARE(zoom(), 1);
        // Every text pane, not only the editor.
        QCOMPARE(window.irView()->editor()->SendScintilla(QsciScintillaBase::SCI_GETZOOM), 1);
        QCOMPARE(window.nkiView()->editor()->SendScintilla(QsciScintillaBase::SCI_GETZOOM), 1);
        QCOMPARE(window.diffView()->newPane()->font().pointSize(), diffPoints + 1);
        QCOMPARE(window.diffView()->unifiedView()->font().pointSize(), diffPoints + 1);
        zoomOut->trigger();
        zoomOut->trigger();
        QCOMPARE(zoom(), -1);
        reset->trigger();
        QCOMPARE(zoom(), 0);
        QCOMPARE(window.diffView()->oldPane()->font().pointSize(), diffPoints);
    }

    void newDiscardsAfterConfirmation()
    {
        MainWindow window;
        window.show();
        window.editor()->setText(u"unsaved"_s);
        answerNextMessageBox(QMessageBox::Discard);
        window.newFile();
        QVERIFY(window.editor()->text().contains(u"@T.function"_s)); // the new-kernel template
        QVERIFY(!window.isWindowModified());
        QCOMPARE(window.windowTitle(), u"untitled.py[*] — TIRx Explorer"_s);
    }

    void theUnsavedQuestionHasMnemonicsAndASafeDefault()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.editor()->setText(u"unsaved"_s);
        QString texts;
        bool cancelIsDefault = false;
        QTimer::singleShot(0, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            QVERIFY2(box, "expected a modal message box");
            for (QAbstractButton* button : box->buttons()) texts += button->text() + u'|';
            cancelIsDefault = box->defaultButton() == box->button(QMessageBox::Cancel);
            box->button(QMessageBox::Cancel)->click();
        });
        window.newFile();
        QVERIFY(cancelIsDefault); // untitled: Enter must not open a Save As dialog
        QVERIFY2(texts.contains(u"&Don't Save|"_s) && texts.contains(u"&Save As…|"_s), qPrintable(texts));
        QCOMPARE(window.editor()->text(), u"unsaved"_s);

        // Emptied again: nothing to lose, no question.
        window.editor()->setText(QString());
        QVERIFY(window.editor()->isModified());
        window.newFile();
        QVERIFY(window.editor()->text().contains(u"@T.function"_s));
    }

    void cancelKeepsWindowOpen()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.editor()->setText(u"unsaved"_s);
        answerNextMessageBox(QMessageBox::Cancel);
        QVERIFY(!window.close());
        QVERIFY(window.isVisible());
        QCOMPARE(window.editor()->text(), u"unsaved"_s);

        window.editor()->setModified(false);
        QVERIFY(window.close());
        QVERIFY(QSettings().contains(u"mainWindow/geometry"_s));
    }

    void firstRunFitsTheScreen()
    {
        MainWindow window;
        window.restoreSettings();
        const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
        QVERIFY2(available.contains(window.geometry()), "the first window must not be clipped");
        QVERIFY(window.width() >= qMin(1200, available.width()));
        QVERIFY(window.height() >= qMin(740, available.height()));
    }

    void dockTabsAreReadableAt1024x700()
    {
        MainWindow window;
        window.resize(1024, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
        // Nothing makes the window taller than the screen: the status bar and every tab bar are inside it.
        QString needs;
        for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
            const QSize size = dock->minimumSizeHint();
            needs += u" %1 %2x%3;"_s.arg(dock->objectName()).arg(size.width()).arg(size.height());
        }
        QVERIFY2(window.minimumSizeHint().height() <= 700, qPrintable(needs));
        QCOMPARE(window.size(), QSize(1024, 700));
        int tabs = 0;
        for (QTabBar* bar : window.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
            if (!bar->isVisible()) continue;
            QVERIFY2(window.rect().contains(bar->geometry()), qPrintable(bar->tabText(0)));
            for (int index = 0; index < bar->count(); ++index) {
                const QString text = bar->tabText(index);
                // The whole label fits in its tab; tabs that do not fit scroll instead.
                QVERIFY2(bar->tabRect(index).width() > bar->fontMetrics().horizontalAdvance(text), qPrintable(text));
                QCOMPARE(bar->tabToolTip(index), text);
                ++tabs;
            }
        }
        QVERIFY(tabs >= 8); // Diff, IR, NKI, Memory, Run, Devices and the layout views, and Problems' neighbours
        // The docks leave the editor a line of code and take the rest.
        const int editorWidth = window.editor()->width();
        QVERIFY2(editorWidth >= 400, qPrintable(QString::number(editorWidth)));
        QVERIFY2(window.diffView()->width() >= 400, qPrintable(QString::number(window.diffView()->width())));
    }

    void diffWrappingIsAViewChoiceThatIsRemembered()
    {
        {
            MainWindow window;
            window.restoreSettings();
            QAction* wrap = findAction(&window, u"Wrap Diff Lines"_s);
            QVERIFY(wrap && wrap->isCheckable());
            QVERIFY(!wrap->isChecked());
            wrap->trigger();
            QVERIFY(window.diffView()->wrapping());
            window.close();
        }
        MainWindow again;
        QVERIFY(!again.diffView()->wrapping()); // settings are read on request only
        again.restoreSettings();
        QVERIFY(again.diffView()->wrapping());
        QVERIFY(findAction(&again, u"Wrap Diff Lines"_s)->isChecked());
        findAction(&again, u"Wrap Diff Lines"_s)->trigger();
        again.close();
        MainWindow third;
        third.restoreSettings();
        QVERIFY(!third.diffView()->wrapping());
    }

    void menusHaveNoPlaceholders()
    {
        MainWindow window;
        QStringList menus;
        for (QAction* action : window.menuBar()->actions()) menus << action->text().remove(u'&');
        QCOMPARE(menus, (QStringList{u"File"_s, u"Edit"_s, u"View"_s, u"Help"_s}));
        for (const QString& edit : {u"Find…"_s, u"Find Next"_s, u"Find Previous"_s, u"Replace…"_s, u"Go to Line…"_s,
                                    u"Cut"_s, u"Copy"_s, u"Paste"_s, u"Select All"_s, u"Toggle Comment"_s})
            QVERIFY2(findAction(&window, edit), qPrintable(edit));
        QVERIFY(findAction(&window, u"About TIRx Explorer"_s));
        QVERIFY(findAction(&window, u"Keyboard Shortcuts"_s));
        QVERIFY(findAction(&window, u"TIRx Call Reference"_s));
        for (const QString& exported : {u"Pass IR…"_s, u"Diff…"_s, u"Whole Dump…"_s})
            QVERIFY2(findAction(&window, exported), qPrintable(exported));
    }

    void helpPagesComeFromWhatTheyDescribe()
    {
        MainWindow window;
        const QString shortcuts = shortcutsHtml(window.findChildren<QAction*>());
        QVERIFY(shortcuts.contains(u"<td>Toggle Comment</td><td><b>Ctrl+/</b></td>"_s));
        QVERIFY(shortcuts.contains(u"<td>Next Pass</td><td><b>Alt+Right</b></td>"_s));
        const QString reference = callReferenceHtml();
        QVERIFY(reference.contains(u"<h3>T.trn.tile.</h3>"_s));
        QVERIFY(reference.contains(u"<code>T.trn.tile.activation("_s));
        QVERIFY(!reference.contains(u"T.prim_func"_s)); // old spellings are not taught
        QVERIFY(window.isDockNestingEnabled());
    }

    void themeMenuSwitchesTheEditorColours()
    {
        MainWindow window;
        QAction* dark = findAction(&window, u"Dark"_s);
        QAction* light = findAction(&window, u"Light"_s);
        QAction* system = findAction(&window, u"System"_s);
        QVERIFY(dark && light && system);
        QVERIFY(system->isChecked());

        dark->trigger();
        QCOMPARE(window.theme(), Theme::Dark);
        QVERIFY(dark->isChecked());
        QVERIFY(window.editor()->usesDarkColors());
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 128);
        QCOMPARE(QSettings().value(u"view/theme"_s).toString(), u"dark"_s);
        QCOMPARE(storedTheme(), Theme::Dark);

        // An unticked check box (the pass list's) keeps a visible outline on the dark base.
        const QColor base = QApplication::palette().color(QPalette::Base);
        QImage image(24, 24, QImage::Format_RGB32);
        image.fill(base);
        {
            QPainter painter(&image);
            QStyleOptionViewItem option;
            option.rect = QRect(4, 4, 16, 16);
            option.state = QStyle::State_Enabled | QStyle::State_Off;
            option.palette = QApplication::palette();
            QApplication::style()->drawPrimitive(QStyle::PE_IndicatorItemViewItemCheck, &option, &painter);
        }
        int visible = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                visible += std::abs(QColor(image.pixel(x, y)).lightness() - base.lightness()) > 40 ? 1 : 0;
        QVERIFY2(visible >= 16, qPrintable(QString::number(visible)));

        light->trigger();
        QVERIFY(!window.editor()->usesDarkColors());
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 128);
        window.setTheme(Theme::System);
    }

    void ctrlFOpensTheFindBar()
    {
        MainWindow window;
        window.show();
        // A window shortcut fires only in the active window, which an
        // exposed window under load need not be yet.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.editor()->setText(u"alpha = 1\nbeta = alpha\n"_s);
        window.editor()->setFocus();
        window.editor()->setCursorPosition(1, 8);
        QTest::keyClick(window.editor(), Qt::Key_F, Qt::ControlModifier);
        QVERIFY(window.findBar()->isVisible());
        QCOMPARE(window.findBar()->findField()->text(), u"alpha"_s);
        QTest::keyClick(window.findBar()->findField(), Qt::Key_Return);
        int line = -1;
        int index = -1;
        window.editor()->getCursorPosition(&line, &index);
        QCOMPARE(line, 0); // wrapped around to the first "alpha"
        QTest::keyClick(window.findBar()->findField(), Qt::Key_Escape);
        QVERIFY(!window.findBar()->isVisible());
    }

    void ctrlGGoesToALine()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QString error;
        QVERIFY2(window.loadFile(examplePath(u"naive_allocator.py"_s), &error), qPrintable(error));
        QTimer::singleShot(0, [] {
            auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            QVERIFY2(dialog, "expected the go-to-line dialog");
            QCOMPARE(dialog->intMaximum(), 21);
            // Wide enough that the title is not elided.
            QVERIFY(dialog->minimumWidth() >= 2 * dialog->fontMetrics().horizontalAdvance(dialog->windowTitle()));
            dialog->setIntValue(17);
            dialog->accept();
        });
        findAction(&window, u"Go to Line…"_s)->trigger();
        int line = -1;
        int index = -1;
        window.editor()->getCursorPosition(&line, &index);
        QCOMPARE(line, 16);
        QCOMPARE(index, 0);
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
