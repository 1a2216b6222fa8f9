#include "passes/passfiltermodel.h"

#include "passes/passlistmodel.h"

PassFilterModel::PassFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {}

void PassFilterModel::setHideUnchanged(bool hide)
{
    if (hide == m_hideUnchanged) return;
    m_hideUnchanged = hide;
    invalidateFilter();
}

bool PassFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (!m_hideUnchanged || sourceRow == 0) return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto status = index.data(PassListModel::StatusRole).value<PassListModel::Status>();
    return status != PassListModel::Status::Unchanged;
}
