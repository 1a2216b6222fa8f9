#include "diff/diffpane.h"

#include "diff/difflinedelegate.h"
#include "diff/diffmodel.h"
#include "editor/editorcolors.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QKeyEvent>
#include <QScrollBar>

#include <algorithm>

DiffPane::DiffPane(Side side, DiffModel* model, QWidget* parent)
    : QTableView(parent), m_side(side), m_model(model), m_delegate(new DiffLineDelegate(this))
{
    setModel(model);
    setItemDelegate(m_delegate);
    setShowGrid(false);
    setWordWrap(false);
    setTextElideMode(Qt::ElideNone);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    verticalHeader()->hide();
    // One fixed height: a 100k-line diff must not measure every row.
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    horizontalHeader()->setStretchLastSection(false);
    // Left-aligned, so "Before" / "After" stay in view over a column wider than the pane.
    horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    fitColumns();
}

int DiffPane::textColumn() const { return m_side == Side::Old ? DiffModel::OldTextColumn : DiffModel::NewTextColumn; }

void DiffPane::fitColumns()
{
    // A model reset shows every section again: hide the other side's.
    const bool old = m_side == Side::Old;
    for (int column = 0; column < DiffModel::ColumnCount; ++column) {
        const bool mine = old ? column == DiffModel::OldLineColumn || column == DiffModel::OldTextColumn
                              : column == DiffModel::NewLineColumn || column == DiffModel::NewTextColumn;
        setColumnHidden(column, !mine);
    }
    const QFontMetrics metrics(font());
    verticalHeader()->setDefaultSectionSize(metrics.height() + 4);
    const int lineColumn = m_side == Side::Old ? DiffModel::OldLineColumn : DiffModel::NewLineColumn;
    const int digits = std::max(3, static_cast<int>(QString::number(m_model->rowCount() + 1).size()) + 1);
    const int numberWidth = metrics.horizontalAdvance(QString(digits, QLatin1Char('9'))) + 8;
    setColumnWidth(lineColumn, numberWidth);
    const int fold = metrics.horizontalAdvance(DiffModel::foldText(100000));
    const int longest = std::max(fold, metrics.horizontalAdvance(QLatin1Char('M')) * m_model->longestLine());
    setColumnWidth(textColumn(), std::max(viewport()->width() - numberWidth, longest + 24));
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
