#include "diff/diffpane.h"

#include "diff/diffgutter.h"
#include "diff/difflinedelegate.h"
#include "diff/diffmodel.h"
#include "editor/editorcolors.h"
#include "scrollbar/cachedscrollbar.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QKeyEvent>
#include <QScrollBar>

#include <algorithm>

DiffPane::DiffPane(Side side, DiffModel* model, QWidget* parent)
    : QTableView(parent), m_side(side), m_model(model), m_delegate(new DiffLineDelegate(this)),
      m_gutter(new DiffGutter(side == Side::Old, model, this))
{
    setVerticalScrollBar(new CachedScrollBar(Qt::Vertical, this));
    setHorizontalScrollBar(new CachedScrollBar(Qt::Horizontal, this));
    setVerticalHeader(m_gutter);
    setModel(model);
    // The diff view labels the sides above the panes, where sideways scrolling cannot move the label.
    horizontalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    horizontalHeader()->setStretchLastSection(false);
    setItemDelegate(m_delegate);
    setShowGrid(false);
    setWordWrap(false);
    setTextElideMode(Qt::ElideNone);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    fitColumns();
}

int DiffPane::textColumn() const { return m_side == Side::Old ? DiffModel::OldTextColumn : DiffModel::NewTextColumn; }

void DiffPane::fitColumns()
{
    // A model reset shows every section again: only this side's text shows,
    // its numbers are the gutter.
    for (int column = 0; column < DiffModel::ColumnCount; ++column) setColumnHidden(column, column != textColumn());
    const QFontMetrics metrics(font());
    verticalHeader()->setDefaultSectionSize(DiffLineDelegate::lineHeight(metrics));
    // The gutter's width follows the line count and the font.
    updateGeometries();
    const int before = columnWidth(textColumn());
    if (wrapping()) {
        setColumnWidth(textColumn(), viewport()->width());
    } else {
        const int fold = metrics.horizontalAdvance(DiffModel::foldText(100000));
        const int longest = std::max(fold, metrics.horizontalAdvance(QLatin1Char('M')) * m_model->longestLine());
        setColumnWidth(textColumn(), std::max(viewport()->width(), longest + 24));
    }
    // The scroll ranges follow now rather than after the next event round.
    updateGeometries();
    if (columnWidth(textColumn()) != before) emit textWidthChanged();
}

void DiffPane::setWrapping(bool wrapping)
{
    m_delegate->setWrapping(wrapping);
    setHorizontalScrollBarPolicy(wrapping ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    fitColumns();
    emit textWidthChanged();
    viewport()->update();
}

bool DiffPane::wrapping() const { return m_delegate->wrapping(); }

int DiffPane::linesOfRow(int row) const
{
    if (!wrapping()) return 1;
    const auto length = m_model->index(row, textColumn()).data().toString().size();
    const int perLine = DiffLineDelegate::charsPerLine(QFontMetrics(font()), columnWidth(textColumn()));
    return std::max(1, static_cast<int>((length + perLine - 1) / perLine));
}

void DiffPane::scrollTo(const QModelIndex& index, ScrollHint hint)
{
    const int x = horizontalScrollBar()->value();
    QTableView::scrollTo(index, hint);
    horizontalScrollBar()->setValue(x);
}

void DiffPane::setFindPattern(const QRegularExpression& pattern)
{
    m_delegate->setFindPattern(pattern, findColor());
    viewport()->update();
}

QColor DiffPane::findColor() const
{
    QColor color = EditorColors::forPalette(palette()).findMatch;
    color.setAlpha(110);
    return color;
}

QString DiffPane::selectedText() const
{
    QList<int> rows;
    for (const QModelIndex& index : selectionModel()->selectedRows(textColumn())) rows << index.row();
    std::sort(rows.begin(), rows.end());
    QStringList lines;
    for (int row : rows) {
        const int line = m_side == Side::Old ? m_model->oldLine(row) : m_model->newLine(row);
        if (line > 0) lines << m_model->index(row, textColumn()).data().toString();
    }
    return lines.join(u'\n');
}

void DiffPane::keyPressEvent(QKeyEvent* event)
{
    if (event->matches(QKeySequence::Copy)) {
        QGuiApplication::clipboard()->setText(selectedText());
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}

void DiffPane::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    fitColumns();
}
