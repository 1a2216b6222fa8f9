#include "layout/tensorlistmodel.h"

#include "ir/tensor_type.h"
#include "script/printer.h"

using namespace Qt::StringLiterals;

TensorListModel::TensorListModel(QObject* parent) : QAbstractListModel(parent) {}

void TensorListModel::setModule(const tirx::Module* module)
{
    beginResetModel();
    m_tensors = module ? tirx::namedTensors(*module) : std::vector<tirx::NamedTensor>{};
    endResetModel();
}

int TensorListModel::rowOf(const QString& name) const
{
    const std::string wanted = name.toStdString();
    for (size_t i = 0; i < m_tensors.size(); ++i) {
        if (m_tensors[i].name == wanted) return static_cast<int>(i);
    }
    return -1;
}

int TensorListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_tensors.size());
}

QVariant TensorListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& t = m_tensors[static_cast<size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::EditRole) return QString::fromStdString(t.name);
    if (role == Qt::ToolTipRole || role == kTypeRole) {
        QStringList dims;
        for (const auto& d : t.type->shape()) dims << QString::fromStdString(tirx::printExpr(d));
        return u"(%1) %2 %3"_s.arg(dims.join(u", "_s), QString::fromStdString(t.type->dtype().str()),
                                   QString::fromStdString(t.type->scope()));
    }
    return {};
}
