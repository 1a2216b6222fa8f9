#pragma once

#include "sim/run_result.h"

#include <QAbstractListModel>

#include <memory>

// The never-written reads of a run, one row each; the line, column and
// instruction of a row are item roles, so the view can select the
// instruction and move the editor to its source.
class ReadsModel : public QAbstractListModel {
    Q_OBJECT

public:
    enum Role { LineRole = Qt::UserRole + 1, ColumnRole, InstructionRole };

    explicit ReadsModel(QObject* parent = nullptr);
    void setResult(std::shared_ptr<const tirx::sim::RunResult> result);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const tirx::sim::RunResult> m_result;
};
