#include "passes/passlistmodel.h"

#include "fromstd.h"

#include "transform/registry.h"

#include <QApplication>
#include <QColor>
#include <QFont>
#include <QHash>
#include <QPalette>

using namespace Qt::StringLiterals;

namespace {

QString formatTime(int64_t microseconds)
{
    if (microseconds < 10000) return u"%1 µs"_s.arg(microseconds);
    return u"%1 ms"_s.arg(static_cast<double>(microseconds) / 1000.0, 0, 'f', 1);
}

// "  ·  1 error, 2 warnings" after a row's name: the verifier's findings show
// without hovering; the messages themselves are in the tool tip.
QString diagnosticSummary(const tirx::TraceEntry& entry)
{
    int errors = 0;
    int warnings = 0;
    for (const tirx::Diagnostic& d : entry.diagnostics) {
        errors += d.severity == tirx::Diagnostic::Severity::Error ? 1 : 0;
        warnings += d.severity == tirx::Diagnostic::Severity::Warning ? 1 : 0;
    }
    QStringList parts;
    if (errors > 0) parts << (errors == 1 ? PassListModel::tr("1 error") : PassListModel::tr("%1 errors").arg(errors));
    if (warnings > 0)
        parts << (warnings == 1 ? PassListModel::tr("1 warning") : PassListModel::tr("%1 warnings").arg(warnings));
    return parts.isEmpty() ? QString() : u"  ·  "_s + parts.join(u", "_s);
}

} // namespace

PassListModel::PassListModel(QObject* parent) : QAbstractListModel(parent) {}

void PassListModel::setTrace(std::shared_ptr<const tirx::Trace> trace)
{
    std::vector<Row> rows = rowsFor(trace.get());
    // The same rows with new times and statuses: the view keeps its
    // selection and layout and repaints, where a reset would lay it out anew.
    if (!rows.empty() && rows == m_rows) {
        m_trace = std::move(trace);
        emit dataChanged(index(0), index(rowCount() - 1));
        return;
    }
    beginResetModel();
    m_trace = std::move(trace);
    m_rows = std::move(rows);
    endResetModel();
}

void PassListModel::setPipeline(const QStringList& passes)
{
    beginResetModel();
    m_pipeline = passes;
    m_off.clear();
    m_rows = rowsFor(m_trace.get());
    endResetModel();
}

QStringList PassListModel::enabledPasses() const
{
    QStringList passes;
    for (const QString& pass : m_pipeline) {
        if (!m_off.contains(pass)) passes << pass;
    }
    return passes;
}

bool PassListModel::setPassEnabled(const QString& passName, bool enabled)
{
    if (!m_pipeline.contains(passName)) return false;
    if (enabled == !m_off.contains(passName)) return true;
    if (enabled)
        m_off.remove(passName);
    else
        m_off.insert(passName);
    // The entries stay until the next Trace; only the look of the rows changes.
    if (rowCount() > 0) emit dataChanged(index(0), index(rowCount() - 1));
    emit enabledPassesChanged(enabledPasses());
    return true;
}

std::vector<PassListModel::Row> PassListModel::rowsFor(const tirx::Trace* trace) const
{
    std::vector<Row> rows;
    const int entries = trace ? static_cast<int>(trace->entries.size()) : 0;
    if (entries == 0 && m_pipeline.isEmpty()) return rows;
    rows.push_back(
        {entries > 0 ? fromStd(trace->entries.front()->passName) : u"input"_s, {}, entries > 0 ? 0 : -1, false});
    std::vector<bool> shown(static_cast<size_t>(entries), false);
    if (entries > 0) shown[0] = true;
    // Each pipeline pass takes the next entry of its name; a pass switched
    // off or not reached has none.
    int next = 1;
    for (const QString& pass : m_pipeline) {
        Row row{pass, {}, -1, true};
        const std::string name = pass.toStdString();
        for (int e = next; e < entries; ++e) {
            if (trace->entries[static_cast<size_t>(e)]->passName == name) {
                row.entry = e;
                shown[static_cast<size_t>(e)] = true;
                next = e + 1;
                break;
            }
        }
        rows.push_back(row);
    }
    // Entries of passes the pipeline does not list (a Trace from another
    // pipeline, or no pipeline at all) follow, so nothing that ran is hidden.
    for (int e = 1; e < entries; ++e) {
        if (!shown[static_cast<size_t>(e)])
            rows.push_back({fromStd(trace->entries[static_cast<size_t>(e)]->passName), {}, e, false});
    }
    // A pass that runs twice (StmtSimplify in "trn") is told apart by its run.
    QHash<QString, int> runs;
    for (Row& row : rows) {
        const int run = ++runs[row.name];
        row.label = run == 1 ? row.name : u"%1 #%2"_s.arg(row.name).arg(run);
    }
    return rows;
}

void PassListModel::setStale(bool stale)
{
    if (stale == m_stale) return;
    m_stale = stale;
    if (rowCount() > 0) emit dataChanged(index(0), index(rowCount() - 1), {Qt::ForegroundRole});
}

int PassListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PassListModel::rowOf(const QString& passName) const
{
    for (size_t row = 0; row < m_rows.size(); ++row) {
        if (m_rows[row].label == passName) return static_cast<int>(row);
    }
    for (size_t row = 0; row < m_rows.size(); ++row) {
        if (m_rows[row].name == passName) return static_cast<int>(row);
    }
    return -1;
}

int PassListModel::entryOf(int row) const
{
    return row >= 0 && row < rowCount() ? m_rows[static_cast<size_t>(row)].entry : -1;
}

int PassListModel::rowOfEntry(int entry) const
{
    if (entry < 0) return -1;
    for (size_t row = 0; row < m_rows.size(); ++row) {
        if (m_rows[row].entry == entry) return static_cast<int>(row);
    }
    return -1;
}

const tirx::TraceEntry* PassListModel::entryAt(int row) const
{
    const int entry = entryOf(row);
    return entry >= 0 ? m_trace->entries[static_cast<size_t>(entry)].get() : nullptr;
}

PassListModel::Status PassListModel::status(int row) const
{
    const Row& r = m_rows[static_cast<size_t>(row)];
    if (r.inPipeline && m_off.contains(r.name)) return Status::Off;
    const tirx::TraceEntry* entry = entryAt(row);
    if (!entry) return row == 0 ? Status::Unchanged : Status::NotRun;
    bool warning = false;
    for (const tirx::Diagnostic& d : entry->diagnostics) {
        if (d.severity == tirx::Diagnostic::Severity::Error) return Status::Error;
        warning = warning || d.severity == tirx::Diagnostic::Severity::Warning;
    }
    if (entry->failed) return Status::Error;
    if (warning) return Status::Warning;
    if (row > 0) {
        const tirx::PassInfo* info = tirx::findPass(r.name.toStdString());
        if (info && !info->run) return Status::Skipped;
    }
    return entry->changed ? Status::Changed : Status::Unchanged;
}

int PassListModel::defaultEntry() const
{
    int changed = -1;
    int last = -1;
    for (int row = 0; row < rowCount(); ++row) {
        const int entry = entryOf(row);
        if (entry < 0) continue;
        const Status s = status(row);
        if (s == Status::Error) return entry;
        if (s == Status::Changed || (s == Status::Warning && entryAt(row)->changed)) changed = entry;
        last = entry;
    }
    return changed >= 0 ? changed : last;
}

QString PassListModel::toolTip(int row) const
{
    const Row& r = m_rows[static_cast<size_t>(row)];
    const tirx::TraceEntry* entry = entryAt(row);
    switch (status(row)) {
    case Status::Off: return tr("%1 is switched off; check it to run it again").arg(r.name);
    case Status::NotRun:
        return tr("%1 did not run: an earlier pass failed, or the passes are being lowered").arg(r.name);
    case Status::Skipped:
    case Status::Unchanged:
    case Status::Changed:
    case Status::Warning:
    case Status::Error: break;
    }
    if (!entry) return r.name;
    QStringList lines;
    const tirx::PassInfo* info = row > 0 ? tirx::findPass(r.name.toStdString()) : nullptr;
    lines << (info ? r.label + u": "_s + fromStd(info->description) : r.label);
    if (status(row) == Status::Skipped)
        lines << tr("skipped by the explorer: %1").arg(fromStd(info->notApplicable));
    else if (row > 0)
        lines << (entry->changed ? tr("changed the module in %1").arg(formatTime(entry->microseconds))
                                 : tr("left the module unchanged (%1)").arg(formatTime(entry->microseconds)));
    for (const tirx::Diagnostic& d : entry->diagnostics) {
        QString line = fromStd(tirx::severityName(d.severity)) + u": "_s + QString::fromStdString(d.message);
        if (d.span.valid()) line = u"%1:%2: "_s.arg(d.span.line).arg(d.span.column) + line;
        lines << line;
    }
    return lines.join(u'\n');
}

QVariant PassListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const int row = index.row();
    const Row& r = m_rows[static_cast<size_t>(row)];
    const tirx::TraceEntry* entry = entryAt(row);
    switch (role) {
    case Qt::DisplayRole:
        switch (status(row)) {
        case Status::Off: return QString(r.label + u"  ·  "_s + tr("off"));
        case Status::NotRun: return QString(r.label + u"  ·  "_s + tr("not run"));
        case Status::Skipped: return QString(r.label + u"  ·  "_s + tr("skipped"));
        case Status::Unchanged:
        case Status::Changed:
        case Status::Warning:
        case Status::Error: break;
        }
        if (!entry) return r.label;
        return QString((row == 0 ? r.label : r.label + u"  ·  "_s + formatTime(entry->microseconds)) +
                       diagnosticSummary(*entry));
    case NameRole: return r.name;
    case LabelRole: return r.label;
    case StatusRole: return QVariant::fromValue(status(row));
    case MicrosecondsRole: return QVariant::fromValue<qint64>(entry ? entry->microseconds : 0);
    case EntryRole: return r.entry;
    case Qt::CheckStateRole:
        if (!r.inPipeline) return {};
        return m_off.contains(r.name) ? Qt::Unchecked : Qt::Checked;
    case Qt::ToolTipRole: return toolTip(row);
    case Qt::ForegroundRole: {
        const Status s = status(row);
        const bool dark = QApplication::palette().color(QPalette::Base).lightnessF() < 0.5;
        if (s == Status::Error) return dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
        if (s == Status::Warning) return dark ? QColor(0xff, 0xb7, 0x4d) : QColor(0xb2, 0x6a, 0x00);
        // The placeholder grey: quieter than the text, still readable (the
        // disabled grey is too faint on a light base).
        if (m_stale || (row > 0 && s != Status::Changed))
            return QApplication::palette().color(QPalette::PlaceholderText);
        return {};
    }
    case Qt::FontRole: {
        const Status s = status(row);
        if (s != Status::Changed && s != Status::Off && s != Status::Skipped) return {};
        QFont font;
        font.setBold(s == Status::Changed);
        font.setStrikeOut(s == Status::Off);
        font.setItalic(s == Status::Skipped);
        return font;
    }
    default: return {};
    }
}

bool PassListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::CheckStateRole ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    if (!r.inPipeline) return false;
    return setPassEnabled(r.name, value.value<Qt::CheckState>() == Qt::Checked);
}

Qt::ItemFlags PassListModel::flags(const QModelIndex& index) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return Qt::NoItemFlags;
    const Row& r = m_rows[static_cast<size_t>(index.row())];
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemNeverHasChildren;
    // Only a pass that ran has a module to show.
    if (r.entry >= 0) flags |= Qt::ItemIsSelectable;
    if (r.inPipeline) flags |= Qt::ItemIsUserCheckable;
    return flags;
}

QHash<int, QByteArray> PassListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(NameRole, "name");
    names.insert(StatusRole, "status");
    names.insert(MicrosecondsRole, "microseconds");
    names.insert(EntryRole, "entry");
    names.insert(LabelRole, "label");
    return names;
}
