#pragma once

#include "sim/array_stats.h"
#include "sim/run_result.h"

#include <QAbstractTableModel>

#include <memory>

// The outputs of a simulator run, one row each: name, dtype, shape, min,
// max, mean and NaN count (the figures sim::arrayStats computes).
class OutputsModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { Name, DType, Shape, Min, Max, Mean, NaNs, ColumnCount };

    explicit OutputsModel(QObject* parent = nullptr);

    void setResult(std::shared_ptr<const tirx::sim::RunResult> result);
    [[nodiscard]] const tirx::sim::HostArray* array(int row) const;
    [[nodiscard]] QString name(int row) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const tirx::sim::RunResult> m_result;
    std::vector<tirx::sim::ArrayStats> m_stats;
};
