#include "memmap/allocationmodel.h"

using namespace Qt::StringLiterals;

namespace {

QString shapeText(const std::vector<int64_t>& shape)
{
    QStringList parts;
    for (auto d : shape) parts << QString::number(d);
    return u"("_s + parts.join(u", "_s) + u")"_s;
}

QVariant optionalNumber(const std::optional<int64_t>& v) { return v ? QVariant(qint64(*v)) : QVariant(); }

} // namespace

AllocationModel::AllocationModel(QObject* parent) : QAbstractTableModel(parent) {}

void AllocationModel::setPlan(std::shared_ptr<const tirx::MemoryPlan> plan)
{
    beginResetModel();
    m_plan = std::move(plan);
    m_whatIf = m_plan ? tirx::whatIfPlan(*m_plan) : tirx::WhatIfPlan{};
    m_whatIfOffset.assign(m_plan ? m_plan->allocations.size() : 0, std::nullopt);
    for (const auto& p : m_whatIf.placements) m_whatIfOffset[p.allocation] = p.offset;
    endResetModel();
}

int AllocationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_plan ? 0 : static_cast<int>(m_plan->allocations.size());
}

int AllocationModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AllocationModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_plan || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    const auto row = static_cast<size_t>(index.row());
    const auto& a = m_plan->allocations[row];
    switch (role) {
    case Qt::DisplayRole: return text(a, row, index.column());
    case kSortRole: return number(a, row, index.column());
    case kLineRole: return static_cast<int>(a.definition.span.valid() ? a.definition.span.line : a.servesSpan.line);
    case Qt::TextAlignmentRole:
        return index.column() == Offset || index.column() == Partitions || index.column() == BytesPerPartition ||
                       index.column() == Banks || index.column() == WhatIfOffset
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case Qt::ToolTipRole: return index.column() == CreatedBy ? QString::fromStdString(a.serves) : QVariant();
    default: return {};
    }
}

QVariant AllocationModel::text(const tirx::PlannedAllocation& a, size_t row, int column) const
{
    switch (static_cast<Column>(column)) {
    case Name: return QString::fromStdString(a.name);
    case Scope: return QString::fromStdString(a.scope);
    case Dtype: return QString::fromStdString(a.dtypeName());
    case Shape: return shapeText(a.physicalShape.empty() ? a.shape : a.physicalShape);
    case Offset:
        if (!a.offset) return u"-"_s;
        // A kernel's tensor without address= sits where the explorer's model put it.
        return QString((a.bank ? u"bank %1 + %2"_s.arg(*a.bank).arg(*a.offset) : QString::number(*a.offset)) +
                       (a.placementModelled ? u" *"_s : QString()));
    case Partitions: return QString::number(a.partitions);
    case BytesPerPartition: return QString::number(a.rowBytes());
    case Banks: return tirx::isScope(a.scope, tirx::MemSpace::Psum) ? QString::number(a.banks) : QString();
    case CreatedBy:
        return a.serves.empty() ? QString::fromStdString(a.createdBy)
                                : QString::fromStdString(a.createdBy + " for " + a.serves);
    case Live: return u"%1..%2"_s.arg(a.live.begin).arg(a.live.end - 1);
    case WhatIfOffset: return m_whatIfOffset[row] ? QString::number(*m_whatIfOffset[row]) : QString();
    case ColumnCount: break;
    }
    return {};
}

QVariant AllocationModel::number(const tirx::PlannedAllocation& a, size_t row, int column) const
{
    switch (static_cast<Column>(column)) {
    case Offset:
        if (!a.offset) return {};
        return qint64(a.bank.value_or(0)) * 65536 + qint64(*a.offset); // banks before bytes
    case Partitions: return qint64(a.partitions);
    case BytesPerPartition: return qint64(a.rowBytes());
    case Banks: return qint64(a.banks);
    case Live: return qint64(a.live.begin);
    case WhatIfOffset: return optionalNumber(m_whatIfOffset[row]);
    case Name:
    case Scope:
    case Dtype:
    case Shape:
    case CreatedBy: return text(a, row, column);
    case ColumnCount: break;
    }
    return {};
}

QVariant AllocationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount) return {};
    switch (static_cast<Column>(section)) {
    case Name: return tr("Name");
    case Scope: return tr("Scope");
    case Dtype: return tr("Dtype");
    case Shape: return tr("Physical shape");
    case Offset: return tr("Offset");
    case Partitions: return tr("Partitions");
    case BytesPerPartition: return tr("Bytes/partition");
    case Banks: return tr("Banks");
    case CreatedBy: return tr("Created by");
    case Live: return m_plan && m_plan->after == "trace" ? tr("Live (instructions)") : tr("Live (statements)");
    case WhatIfOffset: return tr("What-if offset");
    case ColumnCount: break;
    }
    return {};
}
