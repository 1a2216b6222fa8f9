#include "diff/statictextcache.h"

#include "irview/codepane.h"

#include <QImage>
#include <QPainter>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

// `text` drawn in `rect` of a white image, by drawText or from `cache`.
QImage drawn(const QString& text, const QRect& rect, StaticTextCache* cache)
{
    QImage image(rect.size() + QSize(20, 20), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    const QFont font = codepane::codeFont();
    painter.setFont(font);
    painter.setPen(Qt::black);
    if (cache)
        cache->drawLeft(&painter, rect, text, font);
    else
        painter.drawText(rect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, text);
    return image;
}

} // namespace

class TestStaticTextCache : public QObject {
    Q_OBJECT

private slots:
    void layingOutOnceDrawsWhatDrawTextDraws()
    {
        StaticTextCache cache;
        const QString line = u"    for i in range(128):  # ⋯ acc[i] = A_sbuf[i] * 2"_s;
        const int height = QFontMetrics(codepane::codeFont()).height();
        for (int extra : {4, 5, 9}) {
            const QRect cell(4, 3, 600, height + extra);
            QCOMPARE(drawn(line, cell, &cache), drawn(line, cell, nullptr));
        }
        QCOMPARE(cache.size(), 1);
    }

    void keepsOneLayoutPerTextAndFont()
    {
        StaticTextCache cache;
        const QFont font = codepane::codeFont();
        // A copy: a reference into the cache lasts only until the next call.
        const QStaticText first = cache.text(u"x = 1"_s, font);
        QCOMPARE(first.text(), u"x = 1"_s);
        QCOMPARE(first.textFormat(), Qt::PlainText);
        QCOMPARE(cache.text(u"x = 1"_s, font).text(), u"x = 1"_s);
        QCOMPARE(cache.size(), 1);
        // Markup is text here, not a format.
        QCOMPARE(cache.text(u"<b>y</b>"_s, font).textFormat(), Qt::PlainText);
        QCOMPARE(cache.size(), 2);
        // Another font (a zoom) lays every line out again.
        QFont zoomed = font;
        zoomed.setPointSize(font.pointSize() + 3);
        QVERIFY(cache.text(u"x = 1"_s, zoomed).size().height() > first.size().height());
        QCOMPARE(cache.size(), 1);
        // Widths are measured as QFontMetrics measures them, in the font asked for.
        const QString changed = u"acc[i] ⋯ 2"_s;
        QCOMPARE(cache.advance(changed, font), QFontMetrics(font).horizontalAdvance(changed));
        QCOMPARE(cache.advance(changed, zoomed), QFontMetrics(zoomed).horizontalAdvance(changed));
        QVERIFY(cache.advance(changed, zoomed) > cache.advance(changed, font));
        // The cache stays bounded.
        for (int i = 0; i < StaticTextCache::kMaxLines + 10; ++i)
            QCOMPARE(cache.text(QString::number(i), zoomed).text(), QString::number(i));
        QVERIFY(cache.size() <= StaticTextCache::kMaxLines);
    }
};

QTEST_MAIN(TestStaticTextCache)
#include "test_statictextcache.moc"
