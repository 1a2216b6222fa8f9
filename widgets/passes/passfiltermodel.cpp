#include "passes/passfiltermodel.h"

#include "passes/passlistmodel.h"

PassFilterModel::PassFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {}

void PassFilterModel::setHideUnchanged(bool hide)
{
    if (hide == m_hideUnchanged) return;
    m_hideUnchanged = hide;
    invalidateFilter();
}

void PassFilterModel::setNameFilter(const QString& text)
{
    if (text == m_nameFilter) return;
    m_nameFilter = text;
    invalidateFilter();
}

bool PassFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceRow == 0) return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (!m_nameFilter.isEmpty() &&
        !index.data(PassListModel::NameRole).toString().contains(m_nameFilter, Qt::CaseInsensitive))
        return false;
    if (!m_hideUnchanged) return true;
    const auto status = index.data(PassListModel::StatusRole).value<PassListModel::Status>();
    return status != PassListModel::Status::Unchanged && status != PassListModel::Status::Skipped;
}
