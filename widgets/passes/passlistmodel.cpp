#include "passes/passlistmodel.h"

#include <QApplication>
#include <QColor>
#include <QFont>
#include <QPalette>

using namespace Qt::StringLiterals;

namespace {

QString fromStd(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

QString formatTime(int64_t microseconds)
{
    if (microseconds < 10000)
        return u"%1 µs"_s.arg(microseconds);
    return u"%1 ms"_s.arg(static_cast<double>(microseconds) / 1000.0, 0, 'f', 1);
}

} // namespace

PassListModel::PassListModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void PassListModel::setTrace(std::shared_ptr<const tirx::Trace> trace)
{
    beginResetModel();
    m_trace = std::move(trace);
    endResetModel();
}

void PassListModel::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    if (rowCount() > 0)
        emit dataChanged(index(0), index(rowCount() - 1), {Qt::ForegroundRole});
}

int PassListModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() || !m_trace)
        return 0;
    return static_cast<int>(m_trace->entries.size());
}

int PassListModel::rowOf(const QString &passName) const
{
    const std::string name = passName.toStdString();
    for (int row = 0; row < rowCount(); ++row) {
        if (m_trace->entries[static_cast<size_t>(row)].passName == name)
            return row;
    }
    return -1;
}

PassListModel::Status PassListModel::status(int row) const
{
    const tirx::TraceEntry &entry = m_trace->entries[static_cast<size_t>(row)];
    bool warning = false;
    for (const tirx::Diagnostic &d : entry.diagnostics) {
        if (d.severity == tirx::Diagnostic::Severity::Error)
            return Status::Error;
        warning = warning || d.severity == tirx::Diagnostic::Severity::Warning;
    }
    if (entry.failed)
        return Status::Error;
    if (warning)
        return Status::Warning;
    return entry.changed ? Status::Changed : Status::Unchanged;
}

QString PassListModel::toolTip(int row) const
{
    const tirx::TraceEntry &entry = m_trace->entries[static_cast<size_t>(row)];
    QStringList lines;
    lines << fromStd(entry.passName) + u" — "_s + formatTime(entry.microseconds);
    if (row > 0)
        lines << (entry.changed ? tr("changed the module") : tr("left the module unchanged"));
    for (const tirx::Diagnostic &d : entry.diagnostics) {
        QString line = fromStd(tirx::severityName(d.severity)) + u": "_s + QString::fromStdString(d.message);
        if (d.span.valid())
            line = u"%1:%2: "_s.arg(d.span.line).arg(d.span.column) + line;
        lines << line;
    }
    return lines.join(u'\n');
}

QVariant PassListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int row = index.row();
    const tirx::TraceEntry &entry = m_trace->entries[static_cast<size_t>(row)];
    switch (role) {
    case Qt::DisplayRole:
        if (row == 0)
            return fromStd(entry.passName);
        return QString(fromStd(entry.passName) + u"  ·  "_s + formatTime(entry.microseconds));
    case NameRole:
        return fromStd(entry.passName);
    case StatusRole:
        return QVariant::fromValue(status(row));
    case MicrosecondsRole:
        return QVariant::fromValue<qint64>(entry.microseconds);
    case Qt::ToolTipRole:
        return toolTip(row);
    case Qt::ForegroundRole: {
        const Status s = status(row);
        if (s == Status::Error)
            return QColor(0xd3, 0x2f, 0x2f);
        if (s == Status::Warning)
            return QColor(0xe6, 0x7e, 0x00);
        if (m_stale || (s == Status::Unchanged && row > 0))
            return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return {};
    }
    case Qt::FontRole: {
        if (status(row) != Status::Changed)
            return {};
        QFont font;
        font.setBold(true);
        return font;
    }
    default:
        return {};
    }
}

QHash<int, QByteArray> PassListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(NameRole, "name");
    names.insert(StatusRole, "status");
    names.insert(MicrosecondsRole, "microseconds");
    return names;
}
