// RefreshWhenShown: a refresh asked for while the dock cannot be seen (a
// background tab, a window not yet shown) waits for the dock to be shown and
// then runs once; a dock on screen refreshes at once.

#include "refresh/refreshwhenshown.h"

#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct TwoTabs {
    QMainWindow window;
    QDockWidget* front = new QDockWidget(u"Front"_s, &window);
    QDockWidget* back = new QDockWidget(u"Back"_s, &window);

    TwoTabs()
    {
        front->setWidget(new QLabel(u"front"_s));
        back->setWidget(new QLabel(u"back"_s));
        window.addDockWidget(Qt::RightDockWidgetArea, front);
        window.addDockWidget(Qt::RightDockWidgetArea, back);
        window.tabifyDockWidget(front, back);
        front->raise();
    }
    bool show()
    {
        window.resize(640, 480);
        window.show();
        return QTest::qWaitForWindowExposed(&window);
    }
};

} // namespace

class TestRefreshWhenShown : public QObject {
    Q_OBJECT

private slots:
    void backgroundTabWaitsForItsTabThenRefreshesOnce()
    {
        TwoTabs tabs;
        QVERIFY(tabs.show());
        int refreshes = 0;
        RefreshWhenShown refresh(tabs.back, [&] { ++refreshes; });
        refresh.request();
        refresh.request();
        QCOMPARE(refreshes, 0);
        QVERIFY(refresh.pending());
        tabs.back->raise();
        QTRY_COMPARE(refreshes, 1);
        QVERIFY(!refresh.pending());
        tabs.front->raise();
        tabs.back->raise();
        QTest::qWait(10);
        QCOMPARE(refreshes, 1); // nothing was asked for meanwhile
    }

    void frontTabRefreshesAtOnce()
    {
        TwoTabs tabs;
        QVERIFY(tabs.show());
        int refreshes = 0;
        RefreshWhenShown refresh(tabs.front, [&] { ++refreshes; });
        refresh.request();
        QCOMPARE(refreshes, 1);
        refresh.request();
        QCOMPARE(refreshes, 2);
    }

    void aWindowNotYetShownRefreshesWhenItAppears()
    {
        TwoTabs tabs;
        int refreshes = 0;
        RefreshWhenShown refresh(tabs.front, [&] { ++refreshes; });
        refresh.request();
        QCOMPARE(refreshes, 0);
        QVERIFY(tabs.show());
        QTRY_COMPARE(refreshes, 1);
    }
};

QTEST_MAIN(TestRefreshWhenShown)
#include "test_refreshwhenshown.moc"
