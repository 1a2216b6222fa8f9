// Help > Tour and Help > Teaching Examples: the tour steps through every view
// offscreen, Back and Skip work, the user's window and settings are left
// alone (but for "tour seen"), and the teaching list opens every example.
#include "apptest.h"
#include "mainwindow.h"
#include "rundock.h"
#include "session/workbenchsession.h"
#include "tour/dockhighlight.h"
#include "tour/teachingexamples.h"
#include "tour/tour.h"
#include "tour/tourpanel.h"

#include "editor/codeeditor.h"
#include "layout/layoutview.h"
#include "layoutdocks.h"
#include "memmap/memorypanel.h"
#include "run/runview.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QPushButton>
#include <QTreeWidget>
#include <QtTest>

#include <map>

using namespace Qt::StringLiterals;
using namespace apptest;

namespace {

using SettingsSnapshot = std::map<QString, QVariant>;

SettingsSnapshot snapshot()
{
    const QSettings settings;
    SettingsSnapshot values;
    for (const QString& key : settings.allKeys()) values[key] = settings.value(key);
    return values;
}

// Settings as a user's session leaves them: a layout, a pipeline, a theme.
void seedUserSettings()
{
    QSettings().clear();
    MainWindow user;
    user.resize(1000, 700);
    user.show();
    QVERIFY(QTest::qWaitForWindowExposed(&user));
    user.close(); // saves geometry and dock state
    QSettings settings;
    settings.setValue(u"lowering/preset"_s, u"lower-tirx"_s);
    settings.setValue(u"view/theme"_s, u"light"_s);
    settings.setValue(u"view/placementNotes"_s, false);
    QVERIFY(settings.contains(u"mainWindow/state"_s));
}

struct TourWindow {
    MainWindow* window = nullptr;
    Tour* tour = nullptr;
};

TourWindow openTour()
{
    MainWindow* window = openTourWindow();
    if (!window) return {};
    window->resize(1280, 800);
    if (!QTest::qWaitForWindowExposed(window)) return {};
    return {window, window->findChild<Tour*>()};
}

QRect inWindow(const QWidget* widget, const QWidget* window)
{
    return {widget->mapTo(window, QPoint(0, 0)), widget->size()};
}

// The step's view is on screen, in front of its tab group, framed, and the
// panel stands whole inside the window.
void verifyStepShown(const TourWindow& t, int index)
{
    QCOMPARE(t.tour->step(), index);
    QWidget* framed = t.tour->framed();
    QVERIFY(framed);
    QVERIFY(framed->isVisible());
    QVERIFY2(!framed->visibleRegion().isEmpty(), "the framed view is hidden behind another tab");
    if (auto* dock = qobject_cast<QDockWidget*>(framed)) QVERIFY(!dock->isFloating());
    DockHighlight* frame = t.tour->highlight();
    QVERIFY(frame->isVisible());
    QCOMPARE(frame->geometry(), inWindow(framed, t.window));
    QVERIFY(t.window->rect().contains(frame->geometry()));
    TourPanel* panel = t.tour->panel();
    QVERIFY(panel->isVisible());
    QVERIFY2(t.window->rect().contains(panel->geometry()), "the panel is cut off by the window's edge");
    const TourStep& step = tourSteps()[static_cast<size_t>(index)];
    QCOMPARE(panel->title(), tourTitle(step));
    QVERIFY(!panel->text().isEmpty());
    QCOMPARE(panel->backButton()->isEnabled(), index > 0);
}

} // namespace

class TestTour : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { useTestSettings(); }

    void init() { seedUserSettings(); }

    void stepsThroughEveryViewAndLeavesSettingsAlone()
    {
        const SettingsSnapshot before = snapshot();
        QVERIFY(!Tour::seen());
        const TourWindow t = openTour();
        QVERIFY(t.window && t.tour);
        QVERIFY(t.window->keepsSettings() == false);
        QCOMPARE(t.window->document().displayName(), u"matmul_psum.py"_s);
        QCOMPARE(t.window->session()->preset(), tourPreset());
        QVERIFY(t.tour->isRunning());
        const QByteArray docksBefore = t.window->saveState();
        QSignalSpy finished(t.tour, &Tour::finished);

        const int count = t.tour->stepCount();
        QCOMPARE(count, 8);
        for (int index = 0; index < count; ++index) {
            const QString view = QString::fromUtf8(tourSteps()[static_cast<size_t>(index)].view);
            t.window->session()->waitForIdle();
            verifyStepShown(t, index);
            if (view == u"editor"_s) QCOMPARE(t.tour->framed(), t.window->centralWidget());
            if (view == u"passes"_s) QCOMPARE(t.tour->framed(), t.window->passesDock());
            if (view == u"diff"_s) QCOMPARE(t.tour->framed(), t.window->diffDock());
            if (view == u"nki"_s) QCOMPARE(t.tour->framed(), t.window->nkiDock());
            if (view == u"sbuf"_s) QCOMPARE(t.window->memoryPanel()->currentTab(), MemoryPanel::Tab::Sbuf);
            if (view == u"psum"_s) QCOMPARE(t.window->memoryPanel()->currentTab(), MemoryPanel::Tab::Psum);
            if (view == u"layout"_s) {
                QCOMPARE(t.tour->framed(), t.window->layoutDocks()->docks()[0]);
                QTRY_VERIFY2(t.window->layoutDocks()->layoutView()->title().contains(u"A_sbuf"_s),
                             qPrintable(t.window->layoutDocks()->layoutView()->title()));
            }
            if (view == u"run"_s) {
                QCOMPARE(t.tour->framed(), t.window->runDock()->dock());
                QTRY_VERIFY_WITH_TIMEOUT(!t.window->runDock()->isRunning(), 30000);
                QVERIFY(t.window->runDock()->view()->result());
                QVERIFY(t.window->runDock()->view()->result()->ok());
            }
            QCOMPARE(t.tour->panel()->nextButton()->text(), index + 1 == count ? u"Finish"_s : u"Next"_s);
            QTest::mouseClick(t.tour->panel()->nextButton(), Qt::LeftButton);
        }
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(!t.tour->isRunning());
        QVERIFY(!t.tour->panel()->isVisible());
        QVERIFY(!t.tour->highlight()->isVisible());
        QCOMPARE(t.window->saveState(), docksBefore);

        QVERIFY(t.window->close());
        SettingsSnapshot after = snapshot();
        QCOMPARE(after[Tour::kSeenKey].toBool(), true);
        after.erase(Tour::kSeenKey);
        QCOMPARE(after, before);
        QVERIFY(Tour::seen());
    }

    void backReturnsToTheStepBefore()
    {
        const TourWindow t = openTour();
        QVERIFY(t.tour);
        t.tour->next();
        t.tour->next();
        verifyStepShown(t, 2);
        QCOMPARE(t.tour->framed(), t.window->diffDock());
        QTest::mouseClick(t.tour->panel()->backButton(), Qt::LeftButton);
        verifyStepShown(t, 1);
        QCOMPARE(t.tour->framed(), t.window->passesDock());
        t.tour->back();
        verifyStepShown(t, 0);
        t.tour->back(); // nothing before the first step
        verifyStepShown(t, 0);
        t.window->close();
    }

    void skipEndsTheTourAndRestoresTheDocks()
    {
        const SettingsSnapshot before = snapshot();
        const TourWindow t = openTour();
        QVERIFY(t.tour);
        const QByteArray docksBefore = t.window->saveState();
        QSignalSpy finished(t.tour, &Tour::finished);
        t.tour->goTo(4); // the PSUM map, the memory dock in front
        verifyStepShown(t, 4);
        QVERIFY(t.window->saveState() != docksBefore);
        QTest::mouseClick(t.tour->panel()->skipButton(), Qt::LeftButton);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(!t.tour->isRunning());
        QVERIFY(!t.tour->framed());
        QVERIFY(!t.tour->panel()->isVisible());
        QCOMPARE(t.window->saveState(), docksBefore);
        t.tour->next(); // an ended tour stays ended
        QVERIFY(!t.tour->isRunning());
        t.window->close();
        SettingsSnapshot after = snapshot();
        QVERIFY(after[Tour::kSeenKey].toBool());
        after.erase(Tour::kSeenKey);
        QCOMPARE(after, before);
    }

    // A dock the user had closed is opened for its step and closed again.
    void aDockTheUserClosedIsClosedAgain()
    {
        MainWindow window;
        window.setKeepsSettings(false);
        QString error;
        QVERIFY2(window.loadExample(tourExample(), &error), qPrintable(error));
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QDockWidget* layout = window.layoutDocks()->docks()[0];
        layout->close();
        auto* tour = new Tour(&window);
        tour->start();
        tour->goTo(5);
        QCOMPARE(tour->framed(), layout);
        QVERIFY(layout->isVisible());
        tour->skip();
        QVERIFY(!layout->isVisible());
        QVERIFY(!layout->toggleViewAction()->isChecked());
        QVERIFY(window.diffDock()->isVisible()); // in front again
    }

    void closingTheWindowMidwayCountsAsSeen()
    {
        const TourWindow t = openTour();
        QVERIFY(t.tour);
        t.tour->next();
        QVERIFY(t.window->close());
        QVERIFY(Tour::seen());
    }

    void theUsersWindowIsLeftAlone()
    {
        MainWindow user;
        QString error;
        QVERIFY2(user.loadFile(examplePath(u"activation.py"_s), &error), qPrintable(error));
        user.editor()->insertAt(u"# an edit of mine\n"_s, 0, 0);
        const QString text = user.editor()->text();
        user.show();
        QAction* action = user.findChild<QAction*>(u"TourAction"_s);
        QVERIFY(action);
        const QList<QWidget*> windowsBefore = QApplication::topLevelWidgets();
        action->trigger(); // no "save changes?" question: the tour opens its own window
        MainWindow* tourWindow = nullptr;
        for (QWidget* widget : QApplication::topLevelWidgets()) {
            if (!windowsBefore.contains(widget) && qobject_cast<MainWindow*>(widget))
                tourWindow = static_cast<MainWindow*>(widget);
        }
        QVERIFY(tourWindow);
        QVERIFY(tourWindow->findChild<Tour*>()->isRunning());
        QCOMPARE(user.editor()->text(), text);
        QVERIFY(user.editor()->isModified());
        QCOMPARE(user.document().filePath(), examplePath(u"activation.py"_s));
        QVERIFY(!user.findChild<Tour*>());
        tourWindow->close();
        user.editor()->setModified(false);
    }

    void teachingListHoldsEveryExampleInOrder()
    {
        QStringList listed;
        for (const TeachingExample& example : teachingExamples()) listed << QString::fromUtf8(example.file);
        QStringList onDisk = QDir(examplePath(QString())).entryList({u"*.py"_s}, QDir::Files, QDir::Name);
        QStringList sorted = listed;
        sorted.sort();
        QCOMPARE(sorted, onDisk);
        QCOMPARE(listed.removeDuplicates(), 0);
        // Layouts first, the overflow last.
        QCOMPARE(QString::fromUtf8(teachingExamples().front().topic), u"Layouts"_s);
        QCOMPARE(listed.last(), u"sbuf_overflow.py"_s);
        for (const TeachingExample& example : teachingExamples())
            QVERIFY2(std::string_view(example.lesson).size() < 160, example.file); // one line
    }

    void teachingListOpensEachExample()
    {
        MainWindow window;
        window.show();
        QAction* action = window.findChild<QAction*>(u"TeachingExamplesAction"_s);
        QVERIFY(action);
        action->trigger();
        auto* dialog = window.findChild<TeachingExamplesDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->list()->topLevelItemCount(), static_cast<int>(teachingExamples().size()));
        for (int row = 0; row < dialog->list()->topLevelItemCount(); ++row) {
            QTreeWidgetItem* item = dialog->list()->topLevelItem(row);
            const QString file = item->text(1);
            emit dialog->list()->itemActivated(item, 0);
            QCOMPARE(window.document().displayName(), file);
            QVERIFY(window.document().isUntitled());
            QCOMPARE(window.editor()->text().toUtf8(), readBytes(examplePath(file)));
            QVERIFY(dialog->isVisible()); // it stays open for the next one
        }
        // Asking again brings back the same dialog.
        action->trigger();
        QCOMPARE(window.findChildren<TeachingExamplesDialog*>().size(), 1);
    }

    // The overflow example shows the verifier: an error at c's allocation
    // (line 30, column 13) that stops the pipeline at TrnNaiveAllocator.
    void overflowExampleStopsAtTheAllocation()
    {
        MainWindow window;
        QString error;
        QVERIFY2(window.loadExample(u":/examples/sbuf_overflow.py"_s, &error), qPrintable(error));
        int errors = 0;
        for (const tirx::Diagnostic& d : window.session()->diagnostics()) {
            if (d.severity != tirx::Diagnostic::Severity::Error) continue;
            ++errors;
            QCOMPARE(QString::fromStdString(d.message),
                     u"allocation 'c' needs 81920 bytes per partition at offset 163840, past the SBUF capacity "
                     "of 196608 bytes per partition on aws/trn1/trn1.2xlarge"_s);
            QCOMPARE(d.span.line, 30u);
            QCOMPARE(d.span.column, 13u);
        }
        QVERIFY(errors >= 1);
        QVERIFY(window.session()->trace()->failed());
        QCOMPARE(QString::fromStdString(window.session()->trace()->entries.back()->passName), u"TrnNaiveAllocator"_s);
    }
};

QTEST_MAIN(TestTour)
#include "test_tour.moc"
