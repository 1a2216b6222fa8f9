#include "outputsmodel.h"

using namespace Qt::StringLiterals;

OutputsModel::OutputsModel(QObject* parent) : QAbstractTableModel(parent) {}

void OutputsModel::setResult(std::shared_ptr<const tirx::sim::RunResult> result)
{
    beginResetModel();
    m_result = std::move(result);
    m_stats.clear();
    if (m_result) {
        for (const auto& [name, array] : m_result->outputs) m_stats.push_back(tirx::sim::arrayStats(array));
    }
    endResetModel();
}

const tirx::sim::HostArray* OutputsModel::array(int row) const
{
    if (!m_result || row < 0 || row >= rowCount()) return nullptr;
    return &m_result->outputs[static_cast<size_t>(row)].second;
}

QString OutputsModel::name(int row) const
{
    if (!m_result || row < 0 || row >= rowCount()) return {};
    return QString::fromStdString(m_result->outputs[static_cast<size_t>(row)].first);
}

int OutputsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_result ? 0 : static_cast<int>(m_result->outputs.size());
}

int OutputsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant OutputsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const auto& [name, array] = m_result->outputs[static_cast<size_t>(index.row())];
    const auto& s = m_stats[static_cast<size_t>(index.row())];
    switch (static_cast<Column>(index.column())) {
    case Name: return QString::fromStdString(name);
    case DType: return QString::fromStdString(array.dtype.str());
    case Shape: {
        QStringList dims;
        for (const int64_t d : array.shape) dims << QString::number(d);
        return QString(u"("_s + dims.join(u", "_s) + (dims.size() == 1 ? u",)"_s : u")"_s));
    }
    // Every element NaN: nothing to take the extremes of (0 would read as data).
    case Min: return s.hasFinite() ? QVariant(s.min) : QVariant(tr("all NaN"));
    case Max: return s.hasFinite() ? QVariant(s.max) : QVariant(tr("all NaN"));
    case Mean: return s.hasFinite() ? QVariant(s.mean) : QVariant(tr("all NaN"));
    case NaNs: return QVariant::fromValue<qlonglong>(s.nans);
    case ColumnCount: break;
    }
    return {};
}

QVariant OutputsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (static_cast<Column>(section)) {
    case Name: return tr("Output");
    case DType: return tr("dtype");
    case Shape: return tr("Shape");
    case Min: return tr("Min");
    case Max: return tr("Max");
    case Mean: return tr("Mean");
    case NaNs: return tr("NaN");
    case ColumnCount: break;
    }
    return {};
}
