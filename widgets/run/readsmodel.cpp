#include "readsmodel.h"

ReadsModel::ReadsModel(QObject* parent) : QAbstractListModel(parent) {}

void ReadsModel::setResult(std::shared_ptr<const tirx::sim::RunResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    endResetModel();
}

int ReadsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_result ? 0 : static_cast<int>(m_result->uninitialised.size());
}

QVariant ReadsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const auto& r = m_result->uninitialised[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return tr("%1:%2  #%3 %4 reads %5 never-written elements of %6 (partition %7, byte %8)")
            .arg(r.span.line)
            .arg(r.span.column)
            .arg(r.instruction)
            .arg(QString::fromStdString(r.op))
            .arg(r.elements)
            .arg(QString::fromStdString(r.tensor))
            .arg(r.partition)
            .arg(r.byte);
    case LineRole: return static_cast<int>(r.span.line);
    case ColumnRole: return static_cast<int>(r.span.column);
    case InstructionRole: return QVariant::fromValue<qlonglong>(r.instruction);
    default: return {};
    }
}
