#pragma once

#include "analysis/named_tensors.h"

#include <QAbstractListModel>

#include <vector>

// The tensors of one module, for the layout view's chooser: the name as the
// display text, "shape dtype scope" as the tooltip.
class TensorListModel : public QAbstractListModel {
    Q_OBJECT

public:
    static constexpr int kTypeRole = Qt::UserRole + 1;

    explicit TensorListModel(QObject* parent = nullptr);

    void setModule(const tirx::Module* module);
    [[nodiscard]] const std::vector<tirx::NamedTensor>& tensors() const { return m_tensors; }
    // Row of the first tensor called `name`; -1 when none is.
    [[nodiscard]] int rowOf(const QString& name) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    std::vector<tirx::NamedTensor> m_tensors;
};
