#include "diff/difflinedelegate.h"

#include "diff/diffcolors.h"
#include "diff/diffmodel.h"

#include <QPainter>

#include <algorithm>
#include <limits>

namespace {

int textMargin(const QFontMetrics& metrics) { return metrics.horizontalAdvance(QLatin1Char(' ')) / 2 + 2; }

// Where the text of a cell goes: one line per `perLine` characters, each
// `height` pixels below the one before.
struct Lines {
    QRect text;
    int perLine;
    int height;

    // Fills characters [begin, begin + length) of `line`, line by line,
    // measuring in `font` through `widths`.
    void fill(QPainter* painter, StaticTextCache& widths, const QFont& font, const QString& line, int begin, int length,
              const QColor& color, int minWidth) const
    {
        const int end = begin + length;
        int start = begin;
        do {
            const int row = start / perLine;
            const int rowStart = row * perLine;
            const int stop = std::min(end, rowStart + perLine);
            const int x = widths.advance(line.mid(rowStart, start - rowStart), font);
            const int width = widths.advance(line.mid(start, stop - start), font);
            painter->fillRect(QRect(text.left() + x, text.top() + row * height, std::max(width, minWidth), height),
                              color);
            start = stop;
        } while (start < end);
    }
};

} // namespace

void DiffLineDelegate::setFindPattern(const QRegularExpression& pattern, const QColor& color)
{
    m_findPattern = pattern;
    m_findColor = color;
}

int DiffLineDelegate::lineHeight(const QFontMetrics& metrics) { return metrics.height() + 4; }

int DiffLineDelegate::charsPerLine(const QFontMetrics& metrics, int cellWidth)
{
    const int usable = cellWidth - 2 * textMargin(metrics);
    return std::max(1, usable / std::max(1, metrics.horizontalAdvance(QLatin1Char('M'))));
}

void DiffLineDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const QPalette& palette = opt.palette;
    const QRect cell = opt.rect;
    const QFontMetrics& metrics = opt.fontMetrics;
    const QString text = opt.text;
    const int margin = textMargin(metrics);
    // Unwrapped, the whole line is one line however long.
    const int perLine = m_wrapping ? charsPerLine(metrics, cell.width()) : std::numeric_limits<int>::max();
    const Lines lines{cell.adjusted(margin, 0, -margin, 0), perLine, m_wrapping ? lineHeight(metrics) : cell.height()};

    painter->save();
    if (opt.backgroundBrush.style() != Qt::NoBrush) painter->fillRect(cell, opt.backgroundBrush);

    const auto ranges = index.data(DiffModel::ChangesRole).value<QList<DiffModel::CharRange>>();
    if (!ranges.isEmpty()) {
        const DiffColors colors = DiffColors::forPalette(palette);
        const bool oldSide = index.column() == DiffModel::OldTextColumn;
        const QColor strong = oldSide ? colors.removedText : colors.addedText;
        for (const DiffModel::CharRange& range : ranges)
            lines.fill(painter, m_texts, opt.font, text, range.begin, range.length, strong, 2);
    }

    if (!m_findPattern.pattern().isEmpty() && m_findPattern.isValid()) {
        for (auto it = m_findPattern.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            lines.fill(painter, m_texts, opt.font, text, static_cast<int>(match.capturedStart()),
                       static_cast<int>(match.capturedLength()), m_findColor, 0);
        }
    }

    if (opt.state & QStyle::State_Selected) {
        QColor overlay = palette.color(QPalette::Highlight);
        overlay.setAlpha(70);
        painter->fillRect(cell, overlay);
    }

    const QVariant foreground = index.data(Qt::ForegroundRole);
    painter->setPen(foreground.isValid() ? foreground.value<QColor>() : palette.color(QPalette::Text));
    painter->setFont(opt.font);
    for (int start = 0, row = 0;; start += perLine, ++row) {
        const QRect line(lines.text.left(), lines.text.top() + row * lines.height, lines.text.width(), lines.height);
        if (opt.displayAlignment == (Qt::AlignLeft | Qt::AlignVCenter))
            m_texts.drawLeft(painter, line, text.mid(start, perLine), opt.font);
        else
            painter->drawText(line, static_cast<int>(opt.displayAlignment) | Qt::TextSingleLine,
                              text.mid(start, perLine));
        if (perLine >= text.size() - start) break;
    }
    painter->restore();
}
