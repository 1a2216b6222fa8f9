#include "scrollbar/cachedscrollbar.h"

#include <QHBoxLayout>
#include <QtTest>

namespace {

// Both bars at the same range and value.
void setUp(QScrollBar& bar, int value)
{
    bar.setRange(0, 500);
    bar.setPageStep(100);
    bar.setValue(value);
}

} // namespace

class TestCachedScrollBar : public QObject {
    Q_OBJECT

private slots:
    void drawsWhatAPlainScrollBarDrawsOncePerLook()
    {
        QWidget window;
        auto* layout = new QHBoxLayout(&window);
        auto* cached = new CachedScrollBar(Qt::Vertical, &window);
        auto* plain = new QScrollBar(Qt::Vertical, &window);
        layout->addWidget(cached);
        layout->addWidget(plain);
        setUp(*cached, 120);
        setUp(*plain, 120);
        window.resize(80, 400);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(cached->size(), plain->size());
        QCOMPARE(cached->grab().toImage(), plain->grab().toImage());

        // Painted again with nothing changed: the kept drawing, not the style.
        const int draws = cached->styleDraws();
        QVERIFY(draws >= 1);
        cached->grab();
        cached->repaint();
        QCOMPARE(cached->styleDraws(), draws);

        // A new position, a new palette: drawn anew, as the plain bar draws it.
        cached->setValue(300);
        plain->setValue(300);
        QCOMPARE(cached->grab().toImage(), plain->grab().toImage());
        QCOMPARE(cached->styleDraws(), draws + 1);
        QPalette palette = cached->palette();
        palette.setColor(QPalette::Button, Qt::darkRed);
        palette.setColor(QPalette::Window, Qt::darkGreen);
        cached->setPalette(palette);
        plain->setPalette(palette);
        QCOMPARE(cached->grab().toImage(), plain->grab().toImage());
        QCOMPARE(cached->styleDraws(), draws + 2);
        cached->setEnabled(false);
        plain->setEnabled(false);
        QCOMPARE(cached->grab().toImage(), plain->grab().toImage());
        QCOMPARE(cached->styleDraws(), draws + 3);
    }
};

QTEST_MAIN(TestCachedScrollBar)
#include "test_cachedscrollbar.moc"
