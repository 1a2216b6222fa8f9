#include "layout/tensorlistmodel.h"

#include "ir/tensor_type.h"
#include "script/printer.h"

#include <algorithm>

using namespace Qt::StringLiterals;

TensorListModel::TensorListModel(QObject* parent) : QAbstractListModel(parent) {}

void TensorListModel::setModule(tirx::ModuleRef module)
{
    beginResetModel();
    m_module = std::move(module);
    m_tensors = m_module ? tirx::namedTensors(*m_module) : std::vector<tirx::NamedTensor>{};
    endResetModel();
}

int TensorListModel::rowOf(const QString& name, int line) const
{
    if (!m_module) return -1;
    const auto row = tirx::findTensorAtLine(*m_module, m_tensors, name.toStdString(), static_cast<uint32_t>(line));
    return row ? static_cast<int>(*row) : -1;
}

int TensorListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_tensors.size());
}

QVariant TensorListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const auto& t = m_tensors[static_cast<size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        const QString name = QString::fromStdString(t.name);
        const bool shared = std::count_if(m_tensors.begin(), m_tensors.end(),
                                          [&](const tirx::NamedTensor& o) { return o.name == t.name; }) > 1;
        if (!shared) return name;
        const QString where = t.definition.valid() ? tr("line %1").arg(t.definition.line) : tr("added by a pass");
        return tr("%1, def %2 %3").arg(name, QString::fromStdString(t.function), where);
    }
    if (role == Qt::ToolTipRole || role == kTypeRole) {
        QStringList dims;
        for (const auto& d : t.type->shape()) dims << QString::fromStdString(tirx::printExpr(d));
        return u"(%1) %2 %3"_s.arg(dims.join(u", "_s), QString::fromStdString(t.type->dtype().str()),
                                   QString::fromStdString(t.type->scope()));
    }
    return {};
}
