#include "diff/statictextcache.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QTransform>

void StaticTextCache::useFont(const QFont& font)
{
    if (font == m_font) return;
    m_texts.clear();
    m_advances.clear();
    m_font = font;
}

const QStaticText& StaticTextCache::text(const QString& text, const QFont& font)
{
    useFont(font);
    if (const auto found = m_texts.constFind(text); found != m_texts.cend()) return *found;
    if (m_texts.size() >= kMaxLines) m_texts.clear();
    QStaticText laidOut(text);
    laidOut.setTextFormat(Qt::PlainText);
    laidOut.prepare(QTransform(), font);
    return *m_texts.insert(text, laidOut);
}

void StaticTextCache::drawLeft(QPainter* painter, const QRect& rect, const QString& text, const QFont& font)
{
    // drawText centres a line's ascent and descent, leading left out.
    const qreal top = rect.top() + (rect.height() - QFontMetricsF(font).height()) / 2;
    painter->drawStaticText(QPointF(rect.left(), top), this->text(text, font));
}

int StaticTextCache::advance(const QString& text, const QFont& font)
{
    useFont(font);
    if (const auto found = m_advances.constFind(text); found != m_advances.cend()) return *found;
    if (m_advances.size() >= kMaxLines) m_advances.clear();
    return *m_advances.insert(text, QFontMetrics(font).horizontalAdvance(text));
}
