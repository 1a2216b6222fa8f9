#pragma once

#include "analysis/named_tensors.h"

#include <QAbstractListModel>

#include <vector>

// The tensors of one module, for the layout view's chooser: the name as the
// display text ("A, def main line 9" when two tensors share the name),
// "shape dtype scope" as the tooltip.
class TensorListModel : public QAbstractListModel {
    Q_OBJECT

public:
    static constexpr int kTypeRole = Qt::UserRole + 1;

    explicit TensorListModel(QObject* parent = nullptr);

    void setModule(tirx::ModuleRef module);
    [[nodiscard]] const std::vector<tirx::NamedTensor>& tensors() const { return m_tensors; }
    // Row of the tensor called `name` that source line `line` refers to
    // (findTensorAtLine; line 0: the first of that name); -1 when none is.
    [[nodiscard]] int rowOf(const QString& name, int line = 0) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    tirx::ModuleRef m_module;
    std::vector<tirx::NamedTensor> m_tensors;
};
