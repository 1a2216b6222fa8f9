#pragma once

#include <QFont>
#include <QHash>
#include <QRect>
#include <QStaticText>
#include <QString>

// Lines of text laid out once, then drawn from their glyphs, and widths of
// text measured once. QPainter's drawText() and QFontMetrics'
// horizontalAdvance() shape their string every time, and a diff pane draws
// each line in view, and measures the changed parts of its changed lines,
// whenever the window is painted: while the user types, the same lines
// again and again. bench_workbench fixed:2: shaping the diff's lines took
// about a tenth of the main thread's time per edit.
class QPainter;

class StaticTextCache {
public:
    // Beyond this many lines the cache starts afresh (a few MiB of glyphs).
    static constexpr qsizetype kMaxLines = 4096;

    // `text` laid out as plain text in `font`. The reference is valid until
    // the next call.
    [[nodiscard]] const QStaticText& text(const QString& text, const QFont& font);
    // Draws `text` in `font` at the left of `rect`, centred vertically: where
    // painter->drawText(rect, Qt::AlignLeft | Qt::AlignVCenter, text) puts it.
    void drawLeft(QPainter* painter, const QRect& rect, const QString& text, const QFont& font);
    // QFontMetrics(font).horizontalAdvance(text).
    [[nodiscard]] int advance(const QString& text, const QFont& font);
    [[nodiscard]] qsizetype size() const { return m_texts.size(); }

private:
    // Starts afresh for another font.
    void useFont(const QFont& font);

    QFont m_font;
    QHash<QString, QStaticText> m_texts;
    QHash<QString, int> m_advances;
};
