#include "diff/diffpane.h"

#include "diff/difflinedelegate.h"
#include "diff/diffmodel.h"

#include <QHeaderView>
#include <QScrollBar>

DiffPane::DiffPane(Side side, DiffModel* model, QWidget* parent) : QTableView(parent), m_side(side), m_model(model)
{
    setModel(model);
    setItemDelegate(new DiffLineDelegate(this));
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

void DiffPane::resizeEvent(QResizeEvent* event)
{
    QTableView::resizeEvent(event);
    fitColumns();
}
