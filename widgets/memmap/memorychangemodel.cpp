#include "memmap/memorychangemodel.h"

MemoryChangeModel::MemoryChangeModel(QObject* parent) : QAbstractTableModel(parent) {}

void MemoryChangeModel::setPlans(const tirx::MemoryPlan* before, const tirx::MemoryPlan* after)
{
    beginResetModel();
    m_changes = before && after ? tirx::diffMemoryPlans(*before, *after) : std::vector<tirx::MemoryChange>{};
    endResetModel();
}

int MemoryChangeModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_changes.size());
}

int MemoryChangeModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant MemoryChangeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || role != Qt::DisplayRole) return {};
    const auto& change = m_changes[static_cast<size_t>(index.row())];
    switch (static_cast<Column>(index.column())) {
    case Change: return QString::fromLatin1(tirx::memoryChangeName(change.kind));
    case Detail: return QString::fromStdString(change.text);
    case ColumnCount: break;
    }
    return {};
}

QVariant MemoryChangeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (static_cast<Column>(section)) {
    case Change: return tr("Change");
    case Detail: return tr("Tensor");
    case ColumnCount: break;
    }
    return {};
}
