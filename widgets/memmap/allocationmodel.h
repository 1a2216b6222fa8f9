#pragma once

#include "memory/memory_plan.h"
#include "memory/what_if.h"

#include <QAbstractTableModel>

#include <memory>

// The allocations of a memory plan as a table, one row per allocation in
// program order, with the what-if allocator's offset beside the plan's.
// Qt::DisplayRole is text; Qt::UserRole holds a number for the numeric
// columns, so a QSortFilterProxyModel with that sort role sorts them as
// numbers.
class AllocationModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Name,
        Scope,
        Dtype,
        Shape,
        Offset,
        Partitions,
        BytesPerPartition,
        Banks,
        CreatedBy,
        Live,
        WhatIfOffset,
        ColumnCount
    };
    static constexpr int kSortRole = Qt::UserRole;
    static constexpr int kLineRole = Qt::UserRole + 1; // the source line a row goes to

    explicit AllocationModel(QObject* parent = nullptr);

    void setPlan(std::shared_ptr<const tirx::MemoryPlan> plan);
    [[nodiscard]] const tirx::MemoryPlan* plan() const { return m_plan.get(); }
    [[nodiscard]] const tirx::WhatIfPlan& whatIf() const { return m_whatIf; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    [[nodiscard]] QVariant text(const tirx::PlannedAllocation& a, size_t row, int column) const;
    [[nodiscard]] QVariant number(const tirx::PlannedAllocation& a, size_t row, int column) const;

    std::shared_ptr<const tirx::MemoryPlan> m_plan;
    tirx::WhatIfPlan m_whatIf;
    std::vector<std::optional<int64_t>> m_whatIfOffset; // per allocation
};
