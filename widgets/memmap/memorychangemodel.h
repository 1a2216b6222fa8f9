#pragma once

#include "memory/memory_diff.h"

#include <QAbstractTableModel>

// What changed in memory from one pass to the next, one row per change of
// diffMemoryPlans(): added, removed, placed, moved, resized or reshaped,
// and the change in words.
class MemoryChangeModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Change, Detail, ColumnCount };

    explicit MemoryChangeModel(QObject* parent = nullptr);

    // The changes from `before` to `after` (either null: none).
    void setPlans(const tirx::MemoryPlan* before, const tirx::MemoryPlan* after);
    [[nodiscard]] const std::vector<tirx::MemoryChange>& changes() const { return m_changes; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<tirx::MemoryChange> m_changes;
};
